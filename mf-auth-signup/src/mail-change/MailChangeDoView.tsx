import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /mail-change/do: the page the confirmation link for a new email address opens. */
export function MailChangeDoView() {
  const { href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="mailChange.title" defaultMessage="Confirm your new email address" />
      </h1>
      <Notice>
        <FormattedMessage
          id="mailChange.comingSoon"
          defaultMessage="Confirming a new email address with the link from your email will be possible on this page soon. Your email address has not been changed."
        />
      </Notice>
      <p>
        <a href={href({ name: 'pages-service' })}>
          <FormattedMessage id="mailChange.service" defaultMessage="Contact customer service" />
        </a>
      </p>
    </section>
  );
}
