import * as React from 'react';
import { FormattedMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { useRemote, useSetUser } from '@dating/shared';
import { Loading, Notice, ui } from '@dating/shared/ui';
import { FailureAlert, describeFailure, type Failure } from '../common/failure';
import { usableToken } from '../reset-password/ResetPasswordDoView';

type State = { status: 'confirming' } | { status: 'done'; email: string } | { status: 'failed'; failure: Failure } | { status: 'no-token' };

/** /mail-change/do?token=…: confirms a new email address with the token from the mail. */
export function MailChangeDoView() {
  const { api, href, query } = useRemote();
  const setUser = useSetUser();
  const token = query.token;
  // A token works once: one query per token (cached for the page's life) confirms it once, even
  // when the view mounts twice (strict mode) or re-renders.
  const confirm = useQuery({
    queryKey: ['mf-auth-signup', 'mail-change', token],
    queryFn: async () => {
      const { email } = await api.confirmMailChange(token!);
      setUser((u) => (u ? { ...u, email } : u));
      return email;
    },
    enabled: usableToken(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const state: State = !usableToken(token)
    ? { status: 'no-token' }
    : confirm.status === 'success'
      ? { status: 'done', email: confirm.data }
      : confirm.status === 'error'
        ? { status: 'failed', failure: describeFailure(confirm.error) }
        : { status: 'confirming' };

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
