import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';
import { FailureAlert, describeFailure, type Failure } from '../common/failure';
import { checkEmailFormat } from '../common/validation';
import styles from '../common/form.module.css';

/**
 * /reset-password: asks for a link to choose a new password. The answer is the same whether an
 * account exists for the address or not (no account enumeration), and so is what we say.
 */
export function ResetPasswordView() {
  const { api, href, query } = useRemote();
  const intl = useIntl();
  const id = React.useId();
  const [email, setEmail] = React.useState(query.email ?? '');
  const [touched, setTouched] = React.useState(false);
  const [sending, setSending] = React.useState(false);
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<Failure | null>(null);

  const problem = checkEmailFormat(email);
  const error = touched ? problem : null;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (problem || sending) return;
    setSending(true);
    setFailure(null);
    try {
      await api.requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      setFailure(describeFailure(err));
    } finally {
      setSending(false);
    }
  }

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
            <div className={styles.field}>
              <label htmlFor={`${id}-email`}>
                <FormattedMessage id="resetPassword.email" defaultMessage="Email address" />
              </label>
              <input
                id={`${id}-email`}
                className={styles.input}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                onBlur={() => setTouched(true)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-email-error` : undefined}
              />
              {error && (
                <p id={`${id}-email-error`} className={styles.error}>
                  {intl.formatMessage(error.message, error.values)}
                </p>
              )}
            </div>
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
