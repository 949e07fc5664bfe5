import * as React from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useRemote, userAtom } from '@dating/shared';
import styles from './LoginView.module.css';
import { Notice, ui } from '@dating/shared/ui';
import { describeFailure, useFailureText, type Failure } from '../common/failure';

/** `next` may only send the member elsewhere on this site: a path, never another origin. */
export function safeNextPath(next: string | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

export function LoginView() {
  const { api, navigate, href, query, flags } = useRemote();
  const failureText = useFailureText();
  const user = useAtomValue(userAtom);
  const setUser = useSetAtom(userAtom);
  const [email, setEmail] = React.useState('');
  const [password, setPassword] = React.useState('');
  const [submitting, setSubmitting] = React.useState(false);
  const [failure, setFailure] = React.useState<Failure | null>(null);
  const live = React.useRef(true);
  React.useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const result = await api.login({ email: email.trim(), password });
      setUser(result.user);
      const next = safeNextPath(query.next);
      if (next) navigate(next, { replace: true });
      else navigate({ name: 'index' }, { replace: true });
    } catch (error) {
      if (live.current) setFailure(describeFailure(error));
    } finally {
      if (live.current) setSubmitting(false);
    }
  }

  const title = (
    <h1>
      <FormattedMessage id="login.title" defaultMessage="Log in" />
    </h1>
  );

  if (user) {
    return (
      <section className={ui.view}>
        {title}
        <Notice>
          <FormattedMessage
            id="login.loggedInAs"
            defaultMessage="You are logged in as {name}."
            values={{ name: <strong>{user.profile.name}</strong> }}
          />
        </Notice>
        <p>
          <a href={href({ name: 'members' })}>
            <FormattedMessage id="login.toMembers" defaultMessage="Go to the members" />
          </a>
        </p>
      </section>
    );
  }

  const fieldAtFault = failure?.kind === 'server' ? failure.field : undefined;
  return (
    <section className={ui.view}>
      {title}
      <form className={styles.form} onSubmit={onSubmit} aria-describedby={failure ? 'login-error' : undefined}>
        <div className={styles.field}>
          <label htmlFor="login-email">
            <FormattedMessage id="login.email" defaultMessage="Email" />
          </label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldAtFault === 'email' || undefined}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="login-password">
            <FormattedMessage id="login.password" defaultMessage="Password" />
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={fieldAtFault === 'password' || undefined}
          />
        </div>
        {failure && (
          <div id="login-error" role="alert" className={ui.alert}>
            {failureText(failure)}
          </div>
        )}
        <div>
          <button type="submit" className={ui.button} disabled={submitting} aria-busy={submitting || undefined}>
            {submitting ? (
              <FormattedMessage id="login.submitting" defaultMessage="Logging in…" />
            ) : (
              <FormattedMessage id="login.submit" defaultMessage="Log in" />
            )}
          </button>
        </div>
      </form>
      <ul className={ui.links}>
        <li>
          <a href={href({ name: 'reset-password' })}>
            <FormattedMessage id="login.forgotPassword" defaultMessage="Forgot your password?" />
          </a>
        </li>
        {flags.signup && (
          <li>
            <FormattedMessage id="login.noAccount" defaultMessage="No account yet?" />{' '}
            <a href={href({ name: 'signup' })}>
              <FormattedMessage id="login.signupLink" defaultMessage="Sign up for free" />
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
