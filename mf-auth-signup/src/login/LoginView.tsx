import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { useRemote, useSetUser, userAtom, type LoginRequest } from '@dating/shared';
import styles from './LoginView.module.css';
import { Notice, TextField, shownError, ui, useZodForm } from '@dating/shared/ui';
import { describeFailure, useFailureText } from '../common/failure';

/** `next` may only send the member elsewhere on this site: a path, never another origin. */
export function safeNextPath(next: string | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

export function LoginView() {
  const { api, navigate, href, query, flags } = useRemote();
  const failureText = useFailureText();
  const user = useAtomValue(userAtom);
  const setUser = useSetUser();
  const form = useZodForm((c) => c.LoginRequestSchema, { defaultValues: { email: '', password: '' } });
  const login = useMutation({
    mutationFn: (values: LoginRequest) => api.login(values),
    onSuccess: (result) => {
      setUser(result.user);
      const next = safeNextPath(query.next);
      if (next) navigate(next, { replace: true });
      else navigate({ name: 'index' }, { replace: true });
    },
  });
  const failure = login.error ? describeFailure(login.error) : null;
  const submitting = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit((values) => login.mutateAsync(values).catch(() => undefined));

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
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-describedby={failure ? 'login-error' : undefined}>
        <TextField
          id="login-email"
          label={<FormattedMessage id="login.email" defaultMessage="Email" />}
          error={shownError(form, 'email')}
          invalid={fieldAtFault === 'email'}
          type="email"
          autoComplete="username"
          required
          {...form.register('email')}
        />
        <TextField
          id="login-password"
          label={<FormattedMessage id="login.password" defaultMessage="Password" />}
          error={shownError(form, 'password')}
          invalid={fieldAtFault === 'password'}
          type="password"
          autoComplete="current-password"
          required
          {...form.register('password')}
        />
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
