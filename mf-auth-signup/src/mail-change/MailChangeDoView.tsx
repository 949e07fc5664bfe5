import * as React from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useRemote, userAtom } from '@dating/shared';
import { Loading, Notice, ui } from '@dating/shared/ui';
import { FailureAlert, describeFailure, type Failure } from '../common/failure';
import { usableToken } from '../reset-password/ResetPasswordDoView';

type State = { status: 'confirming' } | { status: 'done'; email: string } | { status: 'failed'; failure: Failure } | { status: 'no-token' };

/** /mail-change/do?token=…: confirms a new email address with the token from the mail. */
export function MailChangeDoView() {
  const { api, href, query } = useRemote();
  const setUser = useSetAtom(userAtom);
  const token = query.token;
  const pending = React.useRef<{ token: string; call: Promise<{ email: string }> } | null>(null);
  // The answer for the token it answers: another token is confirming until its own answer.
  const [answered, setAnswered] = React.useState<{ token: string; state: State } | null>(null);
  const state: State = !usableToken(token)
    ? { status: 'no-token' }
    : answered?.token === token
      ? answered.state
      : { status: 'confirming' };

  React.useEffect(() => {
    if (!token || !usableToken(token)) return;
    let live = true;
    // A token works once: a second effect run (strict mode, re-render) reuses the first call.
    if (pending.current?.token !== token) pending.current = { token, call: api.confirmMailChange(token) };
    pending.current.call.then(
      ({ email }) => {
        if (!live) return;
        setAnswered({ token, state: { status: 'done', email } });
        setUser((u) => (u ? { ...u, email } : u));
      },
      (error) => live && setAnswered({ token, state: { status: 'failed', failure: describeFailure(error) } }),
    );
    return () => {
      live = false;
    };
  }, [api, token, setUser]);

  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="mailChange.title" defaultMessage="Confirm your new email address" />
      </h1>
      {state.status === 'confirming' && (
        <Loading>
          <FormattedMessage id="mailChange.confirming" defaultMessage="Confirming your new email address…" />
        </Loading>
      )}
      {state.status === 'done' && (
        <Notice>
          <span role="status">
            <FormattedMessage
              id="mailChange.done"
              defaultMessage="Done: your email address is now {email}."
              values={{ email: <strong>{state.email}</strong> }}
            />
          </span>
        </Notice>
      )}
      {state.status === 'no-token' && (
        <Notice>
          <FormattedMessage
            id="mailChange.noToken"
            defaultMessage="This link is not complete. Open the link from the email again. Your email address has not been changed."
          />
        </Notice>
      )}
      {state.status === 'failed' && (
        <>
          <FailureAlert failure={state.failure} />
          <p>
            <FormattedMessage id="mailChange.notChanged" defaultMessage="Your email address has not been changed." />
          </p>
        </>
      )}
      <ul className={ui.links}>
        <li>
          <a href={href({ name: 'profile' })}>
            <FormattedMessage id="mailChange.toProfile" defaultMessage="Go to my profile" />
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
