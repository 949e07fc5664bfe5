import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { ui } from '@dating/shared/ui';

/** /account-deleted: shown after a member deleted the account. */
export function AccountDeletedView() {
  const { href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="accountDeleted.title" defaultMessage="Your account has been deleted" />
      </h1>
      <p className={ui.lead}>
        <FormattedMessage
          id="accountDeleted.body"
          defaultMessage="We are sorry to see you go. Thank you for having been a member."
        />
      </p>
      <p>
        <a href={href({ name: 'index' })}>
          <FormattedMessage id="accountDeleted.home" defaultMessage="Go to the home page" />
        </a>
      </p>
    </section>
  );
}
