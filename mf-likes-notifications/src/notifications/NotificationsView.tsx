import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** The hash the mail-change flow sends a member to when the confirmation link was wrong (spec §2). */
export const EMAIL_CHANGE_INCORRECT = 'email-change-incorrect';

/** /notifications */
export function NotificationsView() {
  const { hash } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="notifications.title" defaultMessage="Notifications" />
      </h1>
      {hash === EMAIL_CHANGE_INCORRECT && (
        <div role="alert" className={ui.alert}>
          <FormattedMessage
            id="notifications.emailChangeIncorrect"
            defaultMessage="The link to change your email address is incorrect or has expired. Your email address has not been changed."
          />
        </div>
      )}
      <Notice>
        <FormattedMessage id="notifications.comingSoon" defaultMessage="Your notifications will be shown here soon." />
      </Notice>
    </section>
  );
}
