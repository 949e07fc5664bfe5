import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { useRemote, useSetUser, type Contract, type User } from '@dating/shared';
import { FieldError, SelectField, TextField, profileFieldLabel, profileValueLabel, shownError, ui, useZodForm } from '@dating/shared/ui';
import { DateOfBirthInput } from '../common/DateOfBirthInput';
import { FailureAlert, describeFailure } from '../common/failure';
import styles from '../common/form.module.css';

/** visible_profile_fields that have their own control elsewhere (or are derived, like age). */
const HANDLED_ELSEWHERE = new Set(['name', 'gender', 'age', 'date_of_birth', 'city', 'country', 'countryregion', 'personal']);

export interface PersonalValue {
  name: string;
  gender: '' | 'male' | 'female';
  date_of_birth: string;
  /** Values of the configurable fields (language among them when the site shows it). */
  fields: Record<string, string>;
}

export interface PersonalFormProps {
  initial: PersonalValue;
  /** The profile page edits the name too; the signup asked for it on step 0. */
  withName?: boolean;
  /** The member's email (a name may not equal it). */
  email?: string;
  /** Sent along with the profile (the signup sends lastSignupStep). */
  extra?: { lastSignupStep?: number };
  onSaved?(user: User): void;
  submitLabel: React.ReactNode;
  children?: React.ReactNode;
}

/** Configurable fields the site shows, with the values profile_fields.php allows. */
function useProfileFields(): { field: string; values: string[] }[] {
  const { api, settings } = useRemote();
  const wanted = settings.settings.visible_profile_fields.filter((f) => !HANDLED_ELSEWHERE.has(f));
  // A failure only costs the optional fields: they are left out (the form still saves the rest).
  const allowed = useQuery({
    queryKey: ['mf-auth-signup', 'profile-fields'],
    queryFn: () => api.profileFields(),
    enabled: wanted.length > 0,
    select: (r) => r.allowed_values,
  });
  const values = allowed.data ?? {};
  return wanted.filter((f) => values[f]?.length).map((field) => ({ field, values: values[field]! }));
}

/** Gender, date of birth and the site's configurable fields (signup step 4; profile), on PersonalFormSchema. */
export function PersonalForm({ initial, withName = false, email = '', extra, onSaved, submitLabel, children }: PersonalFormProps) {
  const { api } = useRemote();
  const intl = useIntl();
  const setUser = useSetUser();
  const id = React.useId();
  const fields = useProfileFields();
  // The profile edits the name too, which must not be the member's email address.
  const schema = React.useCallback(
    (c: Contract) =>
      c.PersonalFormSchema.superRefine((v, ctx) => {
        if (v.name !== undefined) c.nameIsNotEmail({ name: v.name, email }, ctx);
      }),
    [email],
  );
  const form = useZodForm(schema, {
    defaultValues: { ...initial, name: withName ? initial.name : undefined },
  });
  const dob = useController({ control: form.control, name: 'date_of_birth' });
  const save = useMutation({
    mutationFn: ({ name, gender, date_of_birth, fields: values }: { name?: string; gender: 'male' | 'female'; date_of_birth: string; fields: Record<string, string> }) => {
      const { language, ...other } = values;
      return api.updateUser({
        profile: {
          ...(withName && name !== undefined ? { name } : {}),
          gender,
          date_of_birth,
          ...(language ? { language: language as never } : {}),
          ...(Object.keys(other).length ? { fields: other } : {}),
          ...extra,
        },
      });
    },
    onSuccess: (result) => {
      setUser(result.user);
      form.reset(form.getValues());
      onSaved?.(result.user);
    },
  });
  const submit = form.handleSubmit((values) => save.mutateAsync(values).catch(() => undefined));

  const languageNames = React.useMemo(() => {
    try {
      return new Intl.DisplayNames([intl.locale], { type: 'language' });
    } catch {
      return null;
    }
  }, [intl.locale]);

  const genderError = form.formState.isSubmitted ? (form.formState.errors.gender?.message ?? null) : null;
  const dobError = shownError(form, 'date_of_birth');
  const saving = form.formState.isSubmitting;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {withName && (
        <TextField
          label={<FormattedMessage id="personal.name" defaultMessage="Name" />}
          error={shownError(form, 'name', { whileTyping: true })}
          maxLength={200}
          autoComplete="nickname"
          {...form.register('name')}
        />
      )}
      <fieldset className={styles.fieldset} aria-describedby={genderError ? `${id}-gender-error` : undefined}>
        <legend className={styles.legend}>
          <FormattedMessage id="personal.gender" defaultMessage="I am a" />
        </legend>
        <div className={styles.radios}>
          <label>
            <input type="radio" value="female" {...form.register('gender')} />
            <FormattedMessage id="personal.gender.female" defaultMessage="Woman" />
          </label>
          <label>
            <input type="radio" value="male" {...form.register('gender')} />
            <FormattedMessage id="personal.gender.male" defaultMessage="Man" />
          </label>
        </div>
        <FieldError id={`${id}-gender-error`} error={genderError} />
      </fieldset>
      <div className={styles.field}>
        <DateOfBirthInput
          value={dob.field.value}
          onChange={dob.field.onChange}
          onBlur={dob.field.onBlur}
          invalid={Boolean(dobError)}
          describedBy={dobError ? `${id}-dob-error` : undefined}
        />
        <FieldError id={`${id}-dob-error`} error={dobError} />
      </div>
      {fields.map(({ field, values }) => (
        <SelectField
          key={field}
          label={profileFieldLabel(intl, field)}
          {...form.register(`fields.${field}`)}
          options={
            <>
              <option value="">{intl.formatMessage({ id: 'personal.field.choose', defaultMessage: 'Choose…' })}</option>
              {values.map((v) => (
                <option key={v} value={v}>
                  {field === 'language' ? (languageNames?.of(v) ?? v) : profileValueLabel(intl, field, v)}
                </option>
              ))}
            </>
          }
        />
      ))}
      <FailureAlert failure={save.error ? describeFailure(save.error) : null} />
      {save.isSuccess && !form.formState.isDirty && !onSaved && (
        <p role="status" className={styles.hint}>
          <FormattedMessage id="common.saved" defaultMessage="Saved." />
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={!form.formState.isValid || saving} aria-busy={saving || undefined}>
          {saving ? <FormattedMessage id="common.saving" defaultMessage="Saving…" /> : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
