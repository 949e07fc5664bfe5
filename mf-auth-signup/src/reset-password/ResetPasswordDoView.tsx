import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /reset-password/do: the page the reset link in the email opens. */
export function ResetPasswordDoView() {
  const { href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="resetPasswordDo.title" defaultMessage="Choose a new password" />
      </h1>
      <Notice>
        <FormattedMessage
          id="resetPasswordDo.comingSoon"
          defaultMessage="Choosing a new password with the link from your email will be possible on this page soon."
        />
      </Notice>
      <p>
        <a href={href({ name: 'login' })}>
          <FormattedMessage id="resetPasswordDo.backToLogin" defaultMessage="Back to log in" />
        </a>
      </p>
    </section>
  );
}
