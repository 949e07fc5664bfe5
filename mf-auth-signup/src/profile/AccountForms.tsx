import * as React from 'react';
import { useSetAtom } from 'jotai';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ApiError, RULE_MESSAGES, loggingOutAtom, useKnownUser, useRemote, useSetUser, type Contract, type User } from '@dating/shared';
import { TextField, shownError, ui, useZodForm } from '@dating/shared/ui';
import { FailureAlert, describeFailure } from '../common/failure';
import styles from '../common/form.module.css';

/** A new email address, confirmed by the current password; the change happens once the link in the mail to it is opened. */
export function MailChangeForm({ user, focusEmail }: { user: User; focusEmail?: boolean }) {
  const { api } = useRemote();
  // The call's rules, and one of this form: the new address is not the current one.
  const schema = React.useCallback(
    (c: Contract) =>
      c.MailChangeRequestSchema.refine((v) => v.email.toLowerCase() !== user.email.toLowerCase(), {
        path: ['email'],
        message: RULE_MESSAGES.sameEmail,
      }),
    [user.email],
  );
  const form = useZodForm(schema, { defaultValues: { email: '', password: '' } });
  const sending = form.formState.isSubmitting;
  React.useEffect(() => {
    if (focusEmail) form.setFocus('email');
  }, [focusEmail, form]);

  const change = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => api.requestMailChange(email, password),
    onSuccess: () => form.reset(),
  });
  // Where the confirmation link went, once it did.
  const sentTo = change.isSuccess ? change.variables.email : null;
  const failure = change.error ? describeFailure(change.error) : null;
  const submit = form.handleSubmit((values) => change.mutateAsync(values).catch(() => undefined));

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>
        <FormattedMessage id="profile.email.current" defaultMessage="Your email address is {email}." values={{ email: <strong>{user.email}</strong> }} />
      </p>
      <TextField
        label={<FormattedMessage id="profile.email.new" defaultMessage="New email address" />}
        error={shownError(form, 'email')}
        type="email"
        autoComplete="email"
        {...form.register('email')}
      />
      <TextField
        label={<FormattedMessage id="profile.email.password" defaultMessage="Your current password" />}
        error={shownError(form, 'password')}
        type="password"
        autoComplete="current-password"
        {...form.register('password')}
      />
      <FailureAlert failure={failure} />
      {sentTo && (
        <p role="status" className={styles.hint}>
          <FormattedMessage
            id="profile.email.sent"
            defaultMessage="We sent a confirmation link to {email}. Your address changes when you open it."
            values={{ email: sentTo }}
          />
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={sending} aria-busy={sending || undefined}>
          <FormattedMessage id="profile.email.submit" defaultMessage="Change my email address" />
        </button>
      </div>
    </form>
  );
}

/**
 * A new password while logged in: the current one confirms, the new one twice (PUT password.php).
 * Every other device is logged out and a notice is mailed.
 */
function PasswordChangeForm() {
  const { api } = useRemote();
  const intl = useIntl();
  const form = useZodForm((c) => c.PasswordChangeFormSchema, { defaultValues: { current_password: '', password: '', repeat: '' } });
  const saving = form.formState.isSubmitting;
  const change = useMutation({
    mutationFn: ({ current_password, password }: { current_password: string; password: string }) => api.changePassword(current_password, password),
    onSuccess: () => form.reset(),
    onError: (err) => {
      // The wrong current password is said at its field.
      if (err instanceof ApiError && err.field === 'current_password') {
        form.setError('current_password', { message: intl.formatMessage({ id: 'profile.password.wrong', defaultMessage: 'This is not your current password.' }) }, { shouldFocus: true });
      }
    },
  });
  const failure = change.error && !(change.error instanceof ApiError && change.error.field === 'current_password') ? describeFailure(change.error) : null;
  const submit = form.handleSubmit((values) => change.mutateAsync(values).catch(() => undefined));
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={<FormattedMessage id="profile.password.current" defaultMessage="Current password" />}
        error={shownError(form, 'current_password')}
        type="password"
        autoComplete="current-password"
        {...form.register('current_password')}
      />
      <TextField
        label={<FormattedMessage id="profile.password.new" defaultMessage="New password" />}
        error={shownError(form, 'password')}
        type="password"
        autoComplete="new-password"
        {...form.register('password', { deps: ['repeat'] })}
      />
      <TextField
        label={<FormattedMessage id="profile.password.repeat" defaultMessage="New password again" />}
        error={shownError(form, 'repeat')}
        type="password"
        autoComplete="new-password"
        {...form.register('repeat')}
      />
      <FailureAlert failure={failure} />
      {change.isSuccess && (
        <p role="status" className={styles.hint}>
          <FormattedMessage
            id="profile.password.changed"
            defaultMessage="Your password was changed. {ended, plural, =0 {} one {One other device was logged out.} other {# other devices were logged out.}}"
            values={{ ended: change.data.ended }}
          />
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={saving} aria-busy={saving || undefined}>
          <FormattedMessage id="profile.password.submit" defaultMessage="Change my password" />
        </button>
      </div>
    </form>
  );
}

/**
 * The password: changed here with the current one, or — forgotten — through the reset flow (a
 * link to the member's own address).
 */
export function PasswordSection({ user }: { user: User }) {
  const { api } = useRemote();
  const link = useMutation({ mutationFn: () => api.requestPasswordReset(user.email) });
  const sending = link.isPending;
  const sent = link.isSuccess;
  const failure = link.error ? describeFailure(link.error) : null;
  const send = () => link.mutate();
  return (
    <div className={styles.form}>
      <PasswordChangeForm />
      <p>
        <FormattedMessage
          id="profile.password.forgotten"
          defaultMessage="Forgot your current password? We send a link to your email address; open it and choose the new password there."
        />
      </p>
      <FailureAlert failure={failure} />
      {sent && (
        <p role="status" className={styles.hint}>
          <FormattedMessage id="profile.password.sent" defaultMessage="We sent the link to {email}." values={{ email: user.email }} />
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={send} disabled={sending} aria-busy={sending || undefined}>
          <FormattedMessage id="profile.password.send" defaultMessage="Send me a link to change my password" />
        </button>
      </div>
    </div>
  );
}

/** Deleting the account: the password confirms; afterwards the member is logged out and sees /account-deleted. */
export function DeleteAccountForm() {
  const { api, navigate } = useRemote();
  const user = useKnownUser();
  // What money buys is lost with the account: the member is told before, not after.
  const commerce = useQuery({ queryKey: ['mf-auth-signup', 'credits-before-delete'], queryFn: () => api.credits(), retry: false });
  const premium = commerce.data?.premium;
  const premiumUntil =
    premium && ['active', 'canceled', 'past_due'].includes(premium.status) && premium.current_period_end ? premium.current_period_end : null;
  const credits = commerce.data?.balance ?? user?.credits ?? 0;
  const setUser = useSetUser();
  const setLoggingOut = useSetAtom(loggingOutAtom);
  const form = useZodForm((c) => c.AccountDeleteSchema, { defaultValues: { password: '' } });
  const deleting = form.formState.isSubmitting;
  const remove = useMutation({
    mutationFn: (password: string) => api.deleteAccount(password),
    onSuccess: () => {
      // Like a logout (loggingOutAtom): the page that needed the member does not send them to
      // login on the way out; they land on /account-deleted.
      setLoggingOut(true);
      navigate({ name: 'account-deleted' }, { replace: true });
      setUser(null);
      setTimeout(() => setLoggingOut(false), 1000);
    },
  });
  const failure = remove.error ? describeFailure(remove.error) : null;
  const submit = form.handleSubmit(({ password }) => remove.mutateAsync(password).catch(() => undefined));

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p>
        <FormattedMessage
          id="profile.delete.warning"
          defaultMessage="Deleting your account removes your profile, photos, likes and conversations from the site. This cannot be undone."
        />
      </p>
      {(credits > 0 || premiumUntil) && (
        <div role="note" className={ui.notice}>
          {credits > 0 && (
            <p>
              <FormattedMessage
                id="profile.delete.credits"
                defaultMessage="You still have {credits, plural, one {# credit. It is lost with the account and is not paid back.} other {# credits. They are lost with the account and are not paid back.}}"
                values={{ credits }}
              />
            </p>
          )}
          {premiumUntil && (
            <p>
              <FormattedMessage
                id="profile.delete.premium"
                defaultMessage="Your Premium runs until {date}. Deleting the account ends it now: the rest of the period is lost and not paid back."
                values={{ date: <FormattedDate value={premiumUntil} dateStyle="long" /> }}
              />
            </p>
          )}
        </div>
      )}
      <TextField
        label={<FormattedMessage id="profile.delete.password" defaultMessage="Your password, to confirm" />}
        error={shownError(form, 'password')}
        type="password"
        autoComplete="current-password"
        {...form.register('password')}
      />
      <FailureAlert failure={failure} />
      <div className={styles.actions}>
        <button type="submit" className={`${ui.button} ${styles.danger}`} disabled={deleting} aria-busy={deleting || undefined}>
          <FormattedMessage id="profile.delete.submit" defaultMessage="Delete my account" />
        </button>
      </div>
    </form>
  );
}
