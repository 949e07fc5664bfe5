import * as React from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMutation, useQuery } from '@tanstack/react-query';
import { EMAIL_CHECK_DEBOUNCE_MS, trackingAtom, useRemote, type EmailStatus, type SignupFormValues, type User } from '@dating/shared';
import { SiteRunDisclosure, TextField, nameFromEmail, shownError, ui, useRuleText, useZodForm, worthCheckingEmail } from '@dating/shared/ui';
import { suggestEmail } from '../common/emailTypos';
import { FailureAlert, describeFailure } from '../common/failure';
import { problems } from '../common/messages';
import { LegalLink } from '../common/Legal';
import { signupPayload, trackingInfo } from './tracking';
import styles from '../common/form.module.css';

type EmailCheck =
  | { state: 'none' }
  | { state: 'pending'; email: string }
  | { state: 'done'; email: string; status: EmailStatus; token: string };

/** The value once it has not changed for `ms` milliseconds. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The server check of an address (validate_email.php): 500 ms after the last change, only once it
 * is worth checking; answers are cached per address, so going back to an address asks no more.
 */
function useEmailCheck(email: string, checkable: boolean): EmailCheck {
  const { api } = useRemote();
  const settled = useSettled(checkable ? email : '', EMAIL_CHECK_DEBOUNCE_MS);
  const ready = checkable && settled === email;
  const answer = useQuery({
    queryKey: ['mf-auth-signup', 'validate-email', settled],
    queryFn: () =>
      api.validateEmail(settled).then(
        (r) => ({ status: r.status, token: r.token }),
        (error: unknown) => {
          // Spec §8: a failed check counts as status invalid.
          console.error('email check failed', error);
          return { status: 'invalid' as const, token: '' };
        },
      ),
    enabled: ready,
    retry: false,
  });
  if (!checkable) return { state: 'none' };
  if (!ready || !answer.data) return { state: 'pending', email };
  return { state: 'done', email, ...answer.data };
}

export interface AccountStepProps {
  /** The member whose page the signup started from. */
  profile: number | null;
  onCreated(user: User): void;
}

/** Step 0: email, name and password (SignupFormSchema, the API's rules); terms and privacy in modals (spec §2, §5). */
export function AccountStep({ profile, onCreated }: AccountStepProps) {
  const { api, href, query, locale, settings } = useRemote();
  const intl = useIntl();
  const captured = useAtomValue(trackingAtom);
  const id = React.useId();
  const form = useZodForm((c) => c.SignupFormSchema, { defaultValues: { email: '', name: '', password: '', adult: false } });
  const { register, setValue, getValues, getFieldState, formState } = form;

  const email = form.watch('email');
  const trimmed = email.trim();
  // The address is checked by the server once the form's own rules take it (SignupFormSchema's
  // email rule, as the resolver last found it) and it looks complete.
  const check = useEmailCheck(trimmed, !formState.errors.email && worthCheckingEmail(trimmed));
  const serverStatus = check.state === 'done' ? check.status : null;
  const blocked = !formState.isValid || serverStatus !== 'new' || formState.isSubmitting;
  const suggestion = trimmed.includes('@') ? suggestEmail(trimmed) : null;

  // Spec §5: an empty name takes the part of the address before the at sign, and keeps following
  // the address until the member types a name of their own (then the name field is dirty).
  function nameFollows(address: string) {
    if (!getValues('name').trim() || !getFieldState('name').isDirty) {
      setValue('name', nameFromEmail(address), { shouldValidate: true });
    }
  }
  function emailChanged(value: string) {
    signup.reset();
    nameFollows(value);
  }
  const emailField = register('email', { onChange: (e: React.ChangeEvent<HTMLInputElement>) => emailChanged(e.target.value), deps: ['name'] });
  // An address typed into the server's form before the page hydrated fired no change the form
  // heard: the name follows it once the form runs, as it would have while typing.
  const followTyped = React.useEffectEvent(() => {
    const typed = getValues('email');
    if (typed) nameFollows(typed);
  });
  React.useEffect(() => followTyped(), []);

  // Spec §8: a failed signup alerts the error (the mutation's) and the submit flag resets.
  const signup = useMutation({
    mutationFn: async ({ values, token }: { values: SignupFormValues; token: string }) =>
      api.signup(
        await signupPayload({
          ...values,
          tracking: trackingInfo(captured, query),
          locale,
          profile,
          country: settings.settings.geoip_selected_country ?? settings.settings.geoip_country,
          token,
        }),
      ),
    onSuccess: (result) => onCreated(result.user),
  });
  const failure = signup.error ? describeFailure(signup.error) : null;
  const submit = form.handleSubmit(async (values) => {
    if (check.state !== 'done' || serverStatus !== 'new') return;
    await signup.mutateAsync({ values, token: check.token }).catch(() => undefined);
  });

  const fieldAtFault = failure?.kind === 'server' ? failure.field : undefined;
  const emailError = shownError(form, 'email');
  const nameError = shownError(form, 'name', { whileTyping: true });
  const passwordError = shownError(form, 'password');
  const ruleText = useRuleText();
  const adultProblem = shownError(form, 'adult');
  const adultError = adultProblem ? ruleText(adultProblem) : null;

  let statusMessage: React.ReactNode = null;
  if (serverStatus === 'active') {
    statusMessage = (
      <FormattedMessage
        id="signup.email_exists"
        defaultMessage="There is already an account with this email address. <link>Log in</link>"
        values={{ link: (chunks: React.ReactNode[]) => <a href={href({ name: 'login' })}>{chunks}</a> }}
      />
    );
  } else if (serverStatus === 'not_confirmed') {
    statusMessage = (
      <FormattedMessage
        id="signup.email_not_confirmed"
        defaultMessage="You already signed up with this email address; it only needs confirming. <link>Log in</link>"
        values={{ link: (chunks: React.ReactNode[]) => <a href={href({ name: 'login' })}>{chunks}</a> }}
      />
    );
  } else if (serverStatus === 'deleted') {
    statusMessage = (
      <FormattedMessage
        id="signup.email_deleted"
        defaultMessage="This email address belonged to an account that was deleted. <link>Contact customer service</link>"
        values={{ link: (chunks: React.ReactNode[]) => <a href={href({ name: 'pages-service' })}>{chunks}</a> }}
      />
    );
  } else if (serverStatus === 'invalid') {
    statusMessage = intl.formatMessage(problems.invalidEmail);
  }
  const emailDescribedBy = [statusMessage ? `${id}-email-status` : '', suggestion ? `${id}-email-suggestion` : '']
    .filter(Boolean)
    .join(' ');

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-describedby={failure ? `${id}-failure` : undefined}>
      <TextField
        id={`${id}-email`}
        label={<FormattedMessage id="signup.email" defaultMessage="Email address" />}
        error={emailError}
        invalid={Boolean(statusMessage) || fieldAtFault === 'email'}
        describedBy={emailDescribedBy || undefined}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...emailField}
      >
        {!emailError && statusMessage && (
          <p id={`${id}-email-status`} className={styles.error} role="status">
            {statusMessage}
          </p>
        )}
        {check.state === 'pending' && (
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
                  <button
                    type="button"
                    className={styles.linkButton}
                    onClick={() => {
                      setValue('email', suggestion, { shouldValidate: true, shouldDirty: true });
                      emailChanged(suggestion);
                    }}
                  >
                    {chunks}
                  </button>
                ),
              }}
            />
          </p>
        )}
      </TextField>
      <TextField
        id={`${id}-name`}
        label={<FormattedMessage id="signup.name" defaultMessage="Name" />}
        error={nameError}
        invalid={fieldAtFault === 'name'}
        hint={<FormattedMessage id="signup.name_hint" defaultMessage="The name other members see." />}
        autoComplete="nickname"
        required
        {...register('name')}
      />
      <TextField
        id={`${id}-password`}
        label={<FormattedMessage id="signup.password" defaultMessage="Password" />}
        error={passwordError}
        invalid={fieldAtFault === 'password'}
        type="password"
        autoComplete="new-password"
        required
        {...register('password')}
      />
      <div className={styles.check}>
        <input
          id={`${id}-adult`}
          type="checkbox"
          required
          aria-invalid={adultError || fieldAtFault === 'adult' ? true : undefined}
          aria-describedby={adultError ? `${id}-adult-error` : undefined}
          // A box once clicked counts as visited: unticked again, it says why at once.
          {...register('adult', { onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue('adult', e.target.checked, { shouldTouch: true }) })}
        />
        <label htmlFor={`${id}-adult`}>
          <FormattedMessage id="signup.adult" defaultMessage="I am 18 years or older" />
        </label>
      </div>
      {adultError && (
        <p id={`${id}-adult-error`} className={styles.error}>
          {adultError}
        </p>
      )}
      {/* Before signup: the site runs profiles of its own, and where that is explained. */}
      <SiteRunDisclosure />
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
        <button type="submit" className={ui.button} disabled={blocked} aria-busy={formState.isSubmitting || undefined}>
          {formState.isSubmitting ? (
            <FormattedMessage id="signup.submitting" defaultMessage="Creating your account…" />
          ) : (
            <FormattedMessage id="signup.submit" defaultMessage="Create my free account" />
          )}
        </button>
      </div>
    </form>
  );
}
