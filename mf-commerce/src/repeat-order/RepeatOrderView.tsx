import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /credits/repeat-order: buying the same credit package as last time. */
export function RepeatOrderView() {
  const { href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="repeatOrder.title" defaultMessage="Repeat your last order" />
      </h1>
      <Notice>
        <FormattedMessage
          id="repeatOrder.comingSoon"
          defaultMessage="Buying the same credit package as last time will be possible here soon."
        />
      </Notice>
      <p>
        <a href={href({ name: 'credits' })}>
          <FormattedMessage id="repeatOrder.back" defaultMessage="Back to credits" />
        </a>
      </p>
    </section>
  );
}
