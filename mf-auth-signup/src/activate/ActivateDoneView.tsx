import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useRemote, userAtom } from '@dating/shared';
import { ui } from '@dating/shared/ui';

/** /activate/done: where the activation link lands once the email address is confirmed. */
export function ActivateDoneView() {
  const { href, query } = useRemote();
  // A second click on the link: nothing failed, the account simply was active already.
  const already = query.already === '1';
  const user = useAtomValue(userAtom);
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="activateDone.title" defaultMessage="Your account is active" />
      </h1>
      <p className={ui.lead}>
        {already ? (
          <FormattedMessage id="activateDone.already" defaultMessage="Your email address was already confirmed: you can log in and get started." />
        ) : (
          <FormattedMessage id="activateDone.body" defaultMessage="Thank you for confirming your email address." />
        )}
      </p>
      <p>
        {user ? (
          <a className={ui.button} href={href({ name: 'members' })}>
            <FormattedMessage id="activateDone.toMembers" defaultMessage="Go to the members" />
          </a>
        ) : (
          <a className={ui.button} href={href({ name: 'login' })}>
            <FormattedMessage id="activateDone.login" defaultMessage="Log in" />
          </a>
        )}
      </p>
    </section>
  );
}
