import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /reset-password: asking for a link to choose a new password. */
export function ResetPasswordView() {
  const { href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="resetPassword.title" defaultMessage="Reset your password" />
      </h1>
      <Notice>
        <FormattedMessage
          id="resetPassword.comingSoon"
          defaultMessage="Requesting a new password online will be possible on this page soon. Until then, customer service can help you."
        />
      </Notice>
      <ul className={ui.links}>
        <li>
          <a href={href({ name: 'pages-service' })}>
            <FormattedMessage id="resetPassword.serviceLink" defaultMessage="Contact customer service" />
          </a>
        </li>
        <li>
          <a href={href({ name: 'login' })}>
            <FormattedMessage id="resetPassword.backToLogin" defaultMessage="Back to log in" />
          </a>
        </li>
      </ul>
    </section>
  );
}
