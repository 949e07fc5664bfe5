import * as React from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { MAILPROVIDER_GMAIL, signupCompleteAtom, userAtom, useRemote } from '@dating/shared';
import { ui } from '@dating/shared/ui';
import { safeNextPath } from '../login/LoginView';
import styles from '../common/form.module.css';

/** A Gmail search for the site's mail, in every folder (it may land in spam or promotions). */
export function gmailSearchUrl(siteName: string): string {
  return `https://mail.google.com/mail/u/0/#search/${encodeURIComponent(`in:anywhere ${siteName}`)}`;
}

/**
 * Step 7 (spec §2): check your email; for Gmail users a link to the inbox search; a link to change
 * the address; a button to the members. Reaching it tells the shell the signup is complete.
 */
export function DoneStep({ delivered }: { delivered: boolean | null }) {
  const { navigate, href, settings, query } = useRemote();
  // Signing up from a page that asked for it (e.g. a member's chat, ?next=/members/5/chat): back there.
  const next = safeNextPath(query.next);
  const user = useAtomValue(userAtom);
  const setComplete = useSetAtom(signupCompleteAtom);
  React.useEffect(() => setComplete(true), [setComplete]);

  return (
    <div className={styles.form}>
      <p className={ui.lead}>
        <FormattedMessage
          id="done.checkEmail"
          defaultMessage="We sent an email to {email}. Click the link in it to activate your account."
          values={{ email: <strong className={styles.address}>{user?.email ?? ''}</strong> }}
        />
      </p>
      {delivered === false && (
        <p className={styles.hint}>
          <FormattedMessage
            id="done.slow"
            defaultMessage="The email is taking a little longer than usual. It should arrive within a few minutes; also look in your spam folder."
          />
        </p>
      )}
      <ul className={ui.links}>
        {user?.mailprovider === MAILPROVIDER_GMAIL && (
          <li>
            <a href={gmailSearchUrl(settings.theme.brandName)} target="_blank" rel="noopener noreferrer">
              <FormattedMessage id="done.openGmail" defaultMessage="Open Gmail" />
            </a>
          </li>
        )}
        <li>
          <a href={href({ name: 'profile', hash: 'email' })}>
            <FormattedMessage id="done.changeEmail" defaultMessage="Wrong address? Change your email address" />
          </a>
        </li>
      </ul>
      <div className={styles.actions}>
        {next ? (
          <button type="button" className={ui.button} onClick={() => navigate(next)}>
            <FormattedMessage id="done.continue" defaultMessage="Continue where you were" />
          </button>
        ) : (
          <button type="button" className={ui.button} onClick={() => navigate({ name: 'members' })}>
            <FormattedMessage id="done.toMembers" defaultMessage="Go to the members" />
          </button>
        )}
      </div>
    </div>
  );
}
