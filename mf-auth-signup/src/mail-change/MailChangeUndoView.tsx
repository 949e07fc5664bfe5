import { FormattedMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { useRemote, useSetUser } from '@dating/shared';
import { Loading, Notice, ui } from '@dating/shared/ui';
import { FailureAlert, describeFailure } from '../common/failure';
import { usableToken } from '../reset-password/ResetPasswordDoView';

/**
 * /mail-change/undo?token=…: the link mailed to the old address after an email change. Opening it
 * puts the old address back and logs out everywhere (this browser too); the member then chooses a
 * new password.
 */
export function MailChangeUndoView() {
  const { api, href, query } = useRemote();
  const setUser = useSetUser();
  const token = query.token;
  // A token works once: one query per token (cached for the page's life) uses it once.
  const undo = useQuery({
    queryKey: ['mf-auth-signup', 'mail-change-undo', token],
    queryFn: async () => {
      const { email } = await api.undoMailChange(token!);
      setUser(null);
      return email;
    },
    enabled: usableToken(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="mailChangeUndo.title" defaultMessage="Undo the email address change" />
      </h1>
      {!usableToken(token) ? (
        <Notice>
          <FormattedMessage id="mailChangeUndo.noToken" defaultMessage="This link is not complete. Open the link from the email again." />
        </Notice>
      ) : undo.status === 'pending' ? (
        <Loading>
          <FormattedMessage id="mailChangeUndo.working" defaultMessage="Putting your email address back…" />
        </Loading>
      ) : undo.status === 'success' ? (
        <Notice>
          <span role="status">
            <FormattedMessage
              id="mailChangeUndo.done"
              defaultMessage="Done: your email address is {email} again, and every device was logged out. Choose a new password now, so that whoever changed it cannot log in."
              values={{ email: <strong>{undo.data}</strong> }}
            />
          </span>
        </Notice>
      ) : (
        <FailureAlert failure={describeFailure(undo.error)} />
      )}
      <ul className={ui.links}>
        <li>
          <a href={href({ name: 'reset-password' })}>
            <FormattedMessage id="mailChangeUndo.newPassword" defaultMessage="Choose a new password" />
          </a>
        </li>
        <li>
          <a href={href({ name: 'pages-service' })}>
            <FormattedMessage id="mailChange.service" defaultMessage="Contact customer service" />
          </a>
        </li>
      </ul>
    </section>
  );
}
