import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useRemote, userAtom } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /premium: the premium subscription. */
export function PremiumView() {
  const { href } = useRemote();
  const user = useAtomValue(userAtom);
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="premium.title" defaultMessage="Premium" />
      </h1>
      {user?.paid_user ? (
        <p className={ui.lead}>
          <FormattedMessage id="premium.active" defaultMessage="You are a Premium member." />
        </p>
      ) : (
        <Notice>
          <FormattedMessage id="premium.comingSoon" defaultMessage="Taking out a Premium subscription will be possible here soon." />
        </Notice>
      )}
      <p>
        <a href={href({ name: 'pricing' })}>
          <FormattedMessage id="premium.pricingLink" defaultMessage="See our prices" />
        </a>
      </p>
    </section>
  );
}
