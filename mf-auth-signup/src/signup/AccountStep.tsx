import * as React from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { EMAIL_CHECK_DEBOUNCE_MS, trackingAtom, useRemote, type EmailStatus, type User } from '@dating/shared';
import { ui } from '@dating/shared/ui';
import { suggestEmail } from '../common/emailTypos';
import { FailureAlert, describeFailure, type Failure } from '../common/failure';
import { problems } from '../common/messages';
import { checkEmailFormat, checkName, checkPassword, nameFromEmail, worthCheckingOnServer, type Problem } from '../common/validation';
import { LegalLink } from '../common/Legal';
import { signupPayload, trackingInfo } from './tracking';
import styles from '../common/form.module.css';
import { TextField } from '../common/TextField';

type EmailCheck =
  | { state: 'none' }
  | { state: 'pending'; email: string }
  | { state: 'done'; email: string; status: EmailStatus; token: string };

export interface AccountStepProps {
  /** The member whose page the signup started from. */
  profile: number | null;
  onCreated(user: User): void;
}

/** Step 0: email, name and password; terms and privacy in modals (spec §2, §5). */
export function AccountStep({ profile, onCreated }: AccountStepProps) {
  const { api, href, query, locale, settings } = useRemote();
  const intl = useIntl();
  const captured = useAtomValue(trackingAtom);
  const id = React.useId();
  const [email, setEmail] = React.useState('');
  const [name, setName] = React.useState('');
  const [nameIsDefault, setNameIsDefault] = React.useState(false);
  const [password, setPassword] = React.useState('');
  const [touched, setTouched] = React.useState({ email: false, name: false, password: false });
  const [check, setCheck] = React.useState<EmailCheck>({ state: 'none' });
  const [submitting, setSubmitting] = React.useState(false);
  const [failure, setFailure] = React.useState<Failure | null>(null);
  const live = React.useRef(true);
  React.useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // The server check: 500 ms after the last change, only for a well-formed address with @ and a dot.
  const trimmed = email.trim();
  const formatProblem = checkEmailFormat(email);
  const checkable = !formatProblem && worthCheckingOnServer(trimmed);
  React.useEffect(() => {
    if (!checkable) {
      setCheck({ state: 'none' });
      return;
    }
    setCheck({ state: 'pending', email: trimmed });
    let current = true;
    const timer = setTimeout(() => {
      api.validateEmail(trimmed).then(
        (r) => current && setCheck({ state: 'done', email: trimmed, status: r.status, token: r.token }),
        (error) => {
          // Spec §8: a failed check counts as status invalid.
          console.error('email check failed', error);
          if (current) setCheck({ state: 'done', email: trimmed, status: 'invalid', token: '' });
        },
      );
    }, EMAIL_CHECK_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, checkable, trimmed]);

  const serverStatus = check.state === 'done' && check.email === trimmed ? check.status : null;
  const emailProblem: Problem | null = formatProblem;
  const nameProblem = checkName(name, email);
  const passwordProblem = checkPassword(password);
  const blocked =
    Boolean(emailProblem || nameProblem || passwordProblem) || serverStatus !== 'new' || submitting;

  const suggestion = trimmed.includes('@') ? suggestEmail(trimmed) : null;

  function changeEmail(value: string) {
    setEmail(value);
    setFailure(null);
    // Spec §5: an empty name takes the part of the address before the at sign (and keeps
    // following the address until the member types a name of their own).
    if (!name.trim() || nameIsDefault) {
      const fromEmail = nameFromEmail(value);
      setName(fromEmail);
      setNameIsDefault(Boolean(fromEmail));
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setTouched({ email: true, name: true, password: true });
    if (blocked || check.state !== 'done') return;
    setSubmitting(true);
    setFailure(null);
    try {
      const payload = await signupPayload({
        email,
        name,
        password,
        tracking: trackingInfo(captured, query),
        locale,
        profile,
        country: settings.settings.geoip_selected_country ?? settings.settings.geoip_country,
        token: check.token,
      });
      const result = await api.signup(payload);
      if (live.current) onCreated(result.user);
    } catch (error) {
      // Spec §8: signup failure alerts the error and the submit flag resets.
      if (live.current) setFailure(describeFailure(error));
    } finally {
      if (live.current) setSubmitting(false);
    }
  }

  const text = (p: Problem) => intl.formatMessage(p.message, p.values);
  const fieldAtFault = failure?.kind === 'server' ? failure.field : undefined;
  const emailError = touched.email ? emailProblem : null;
  const nameError = touched.name || (name && !nameIsDefault) ? nameProblem : null;
  const passwordError = touched.password ? passwordProblem : null;

  let statusMessage: React.ReactNode = null;
  if (!emailProblem && serverStatus === 'active') {
    statusMessage = (
      <FormattedMessage
        id="signup.email_exists"
        defaultMessage="There is already an account with this email address. <link>Log in</link>"
        values={{ link: (chunks: React.ReactNode[]) => <a href={href({ name: 'login' })}>{chunks}</a> }}
      />
    );
  } else if (!emailProblem && serverStatus === 'not_confirmed') {
    statusMessage = (
      <FormattedMessage
        id="signup.email_not_confirmed"
        defaultMessage="You already signed up with this email address; it only needs confirming. <link>Log in</link>"
        values={{ link: (chunks: React.ReactNode[]) => <a href={href({ name: 'login' })}>{chunks}</a> }}
      />
    );
  } else if (!emailProblem && serverStatus === 'deleted') {
    statusMessage = (
      <FormattedMessage
        id="signup.email_deleted"
        defaultMessage="This email address belonged to an account that was deleted. <link>Contact customer service</link>"
        values={{ link: (chunks: React.ReactNode[]) => <a href={href({ name: 'pages-service' })}>{chunks}</a> }}
      />
    );
  } else if (!emailProblem && serverStatus === 'invalid') {
    statusMessage = intl.formatMessage(problems.invalidEmail);
  }
  const emailInvalid = Boolean(emailError || statusMessage || fieldAtFault === 'email');
  const emailDescribedBy = [emailError || statusMessage ? `${id}-email-error` : '', suggestion ? `${id}-email-suggestion` : '']
    .filter(Boolean)
    .join(' ');

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-describedby={failure ? `${id}-failure` : undefined}>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>
          <FormattedMessage id="signup.email" defaultMessage="Email address" />
        </label>
        <input
          id={`${id}-email`}
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => changeEmail(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, email: true }))}
          aria-invalid={emailInvalid || undefined}
          aria-describedby={emailDescribedBy || undefined}
        />
        {(emailError || statusMessage) && (
          <p id={`${id}-email-error`} className={styles.error} role={statusMessage ? 'status' : undefined}>
            {emailError ? text(emailError) : statusMessage}
          </p>
        )}
        {check.state === 'pending' && check.email === trimmed && (
          <p className={styles.hint} aria-live="polite">
            <FormattedMessage id="signup.email_checking" defaultMessage="Checking your email address…" />
          </p>
        )}
        {suggestion && (
          <p id={`${id}-email-suggestion`} className={styles.hint}>
            <FormattedMessage
              id="signup.email_suggestion"
              defaultMessage="Did you mean <fix>{suggestion}</fix>?"
              values={{
                suggestion,
                fix: (chunks: React.ReactNode[]) => (
                  <button type="button" className={styles.linkButton} onClick={() => changeEmail(suggestion)}>
                    {chunks}
                  </button>
                ),
              }}
            />
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>
          <FormattedMessage id="signup.name" defaultMessage="Name" />
        </label>
        <input
          id={`${id}-name`}
          className={styles.input}
          name="name"
          autoComplete="nickname"
          required
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setNameIsDefault(false);
          }}
          onBlur={() => setTouched((t) => ({ ...t, name: true }))}
          aria-invalid={Boolean(nameError || fieldAtFault === 'name') || undefined}
          aria-describedby={nameError ? `${id}-name-error` : `${id}-name-hint`}
        />
        {nameError ? (
          <p id={`${id}-name-error`} className={styles.error}>
            {text(nameError)}
          </p>
        ) : (
          <p id={`${id}-name-hint`} className={styles.hint}>
            <FormattedMessage id="signup.name_hint" defaultMessage="The name other members see." />
          </p>
        )}
      </div>
      <TextField
        id={`${id}-password`}
        label={<FormattedMessage id="signup.password" defaultMessage="Password" />}
        problem={passwordError}
        invalid={fieldAtFault === 'password'}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, password: true }))}
      />
      <p className={styles.hint}>
        <FormattedMessage
          id="signup.accept"
          defaultMessage="By signing up you accept the <terms>terms and conditions</terms> and the <privacy>privacy statement</privacy>."
          values={{
            terms: (chunks: React.ReactNode[]) => <LegalLink kind="terms" className={styles.linkButton}>{chunks}</LegalLink>,
            privacy: (chunks: React.ReactNode[]) => <LegalLink kind="privacy" className={styles.linkButton}>{chunks}</LegalLink>,
          }}
        />
      </p>
      <FailureAlert failure={failure} id={`${id}-failure`} />
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={blocked} aria-busy={submitting || undefined}>
          {submitting ? (
            <FormattedMessage id="signup.submitting" defaultMessage="Creating your account…" />
          ) : (
            <FormattedMessage id="signup.submit" defaultMessage="Create my free account" />
          )}
        </button>
      </div>
    </form>
  );
}
