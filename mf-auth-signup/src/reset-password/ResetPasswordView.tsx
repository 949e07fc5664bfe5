import { useMutation } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, TextField, shownError, ui, useZodForm } from '@dating/shared/ui';
import { FailureAlert, describeFailure } from '../common/failure';
import styles from '../common/form.module.css';

/**
 * /reset-password: asks for a link to choose a new password. The answer is the same whether an
 * account exists for the address or not (no account enumeration), and so is what we say.
 */
export function ResetPasswordView() {
  const { api, href, query } = useRemote();
  const form = useZodForm((c) => c.PasswordResetRequestSchema, { defaultValues: { email: query.email ?? '' } });
  const send = useMutation({ mutationFn: (email: string) => api.requestPasswordReset(email) });
  // The address the link went to: what was sent, once it was.
  const sentTo = send.isSuccess ? send.variables : null;
  const failure = send.error ? describeFailure(send.error) : null;
  const sending = form.formState.isSubmitting;
  const submit = form.handleSubmit(({ email }) => send.mutateAsync(email).catch(() => undefined));

  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="resetPassword.title" defaultMessage="Reset your password" />
      </h1>
      {sentTo ? (
        <Notice>
          <span role="status">
            <FormattedMessage
              id="resetPassword.sent"
              defaultMessage="If there is an account for {email}, we have sent it a link to choose a new password. Also look in your spam folder."
              values={{ email: <strong>{sentTo}</strong> }}
            />
          </span>
        </Notice>
      ) : (
        <>
          <p>
            <FormattedMessage
              id="resetPassword.intro"
              defaultMessage="Enter the email address of your account and we will send you a link to choose a new password."
            />
          </p>
          <form className={styles.form} onSubmit={submit} noValidate>
            <TextField
              label={<FormattedMessage id="resetPassword.email" defaultMessage="Email address" />}
              error={shownError(form, 'email')}
              type="email"
              autoComplete="email"
              required
              {...form.register('email')}
            />
            <FailureAlert failure={failure} />
            <div className={styles.actions}>
              <button type="submit" className={ui.button} disabled={sending} aria-busy={sending || undefined}>
                {sending ? (
                  <FormattedMessage id="resetPassword.sending" defaultMessage="Sending…" />
                ) : (
                  <FormattedMessage id="resetPassword.submit" defaultMessage="Send me a link" />
                )}
              </button>
            </div>
          </form>
        </>
      )}
      <ul className={ui.links}>
        <li>
          <a href={href({ name: 'login' })}>
            <FormattedMessage id="resetPassword.backToLogin" defaultMessage="Back to log in" />
          </a>
        </li>
        <li>
          <a href={href({ name: 'pages-service' })}>
            <FormattedMessage id="resetPassword.serviceLink" defaultMessage="Contact customer service" />
          </a>
        </li>
      </ul>
    </section>
  );
}
