import { useMutation } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, TextField, shownError, ui, useZodForm } from '@dating/shared/ui';
import { FailureAlert, describeFailure } from '../common/failure';
import styles from '../common/form.module.css';

/** Tokens of reset links are 10–200 characters (PasswordResetDoSchema). */
export function usableToken(token: string | undefined): token is string {
  return typeof token === 'string' && token.length >= 10 && token.length <= 200;
}

/** /reset-password/do?token=…: the page the reset link in the email opens; a new password, twice. */
export function ResetPasswordDoView() {
  const { api, href, query } = useRemote();
  const token = query.token;
  const form = useZodForm((c) => c.NewPasswordFormSchema, { defaultValues: { password: '', repeat: '' } });
  const save = useMutation({ mutationFn: ({ token, password }: { token: string; password: string }) => api.resetPassword(token, password) });
  const done = save.isSuccess;
  const failure = save.error ? describeFailure(save.error) : null;
  const saving = form.formState.isSubmitting;
  const submit = form.handleSubmit(async ({ password }) => {
    if (!usableToken(token)) return;
    await save.mutateAsync({ token, password }).catch(() => undefined);
  });

  const title = (
    <h1>
      <FormattedMessage id="resetPasswordDo.title" defaultMessage="Choose a new password" />
    </h1>
  );
  if (!usableToken(token)) {
    return (
      <section className={ui.view}>
        {title}
        <Notice>
          <FormattedMessage
            id="resetPasswordDo.noToken"
            defaultMessage="This link is not complete. Open the link from the email again, or ask for a new one."
          />
        </Notice>
        <p>
          <a href={href({ name: 'reset-password' })}>
            <FormattedMessage id="resetPasswordDo.askAgain" defaultMessage="Ask for a new link" />
          </a>
        </p>
      </section>
    );
  }
  if (done) {
    return (
      <section className={ui.view}>
        {title}
        <Notice>
          <span role="status">
            <FormattedMessage id="resetPasswordDo.done" defaultMessage="Your password has been changed. You can log in with it now." />
          </span>
        </Notice>
        <p>
          <a className={ui.button} href={href({ name: 'login' })}>
            <FormattedMessage id="resetPasswordDo.login" defaultMessage="Log in" />
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className={ui.view}>
      {title}
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={<FormattedMessage id="resetPasswordDo.password" defaultMessage="New password" />}
          error={shownError(form, 'password')}
          type="password"
          autoComplete="new-password"
          required
          {...form.register('password', { deps: ['repeat'] })}
        />
        <TextField
          label={<FormattedMessage id="resetPasswordDo.repeat" defaultMessage="New password again" />}
          error={shownError(form, 'repeat')}
          type="password"
          autoComplete="new-password"
          required
          {...form.register('repeat')}
        />
        <FailureAlert failure={failure} />
        {failure && (
          <p>
            <a href={href({ name: 'reset-password' })}>
              <FormattedMessage id="resetPasswordDo.askAgain" defaultMessage="Ask for a new link" />
            </a>
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={ui.button} disabled={saving} aria-busy={saving || undefined}>
            {saving ? (
              <FormattedMessage id="common.saving" defaultMessage="Saving…" />
            ) : (
              <FormattedMessage id="resetPasswordDo.submit" defaultMessage="Save my new password" />
            )}
          </button>
        </div>
      </form>
    </section>
  );
}
