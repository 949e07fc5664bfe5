import * as React from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { useRemote, userAtom, type User } from '@dating/shared';
import { ui } from '@dating/shared/ui';
import { DateOfBirthInput } from '../common/DateOfBirthInput';
import { checkDateOfBirth, checkName, type Problem } from '../common/validation';
import { problems } from '../common/messages';
import { FailureAlert, describeFailure, type Failure } from '../common/failure';
import styles from '../common/form.module.css';

/** visible_profile_fields that have their own control elsewhere (or are derived, like age). */
const HANDLED_ELSEWHERE = new Set(['name', 'gender', 'age', 'date_of_birth', 'city', 'country', 'countryregion', 'personal']);

/** Names of the configurable fields the API knows (0022_catalog.sql); others are shown humanized. */
const fieldLabels = defineMessages({
  language: { id: 'personal.field.language', defaultMessage: 'Language' },
  relationship: { id: 'personal.field.relationship', defaultMessage: 'Relationship status' },
  looking_for: { id: 'personal.field.looking_for', defaultMessage: 'Looking for' },
  height: { id: 'personal.field.height', defaultMessage: 'Height' },
  eye_color: { id: 'personal.field.eye_color', defaultMessage: 'Eye colour' },
  hair_color: { id: 'personal.field.hair_color', defaultMessage: 'Hair colour' },
  smoking: { id: 'personal.field.smoking', defaultMessage: 'Smoking' },
});

/** Their values, by field.value. */
const valueLabels = defineMessages({
  'relationship.single': { id: 'personal.value.relationship.single', defaultMessage: 'Single' },
  'relationship.divorced': { id: 'personal.value.relationship.divorced', defaultMessage: 'Divorced' },
  'relationship.separated': { id: 'personal.value.relationship.separated', defaultMessage: 'Separated' },
  'relationship.widowed': { id: 'personal.value.relationship.widowed', defaultMessage: 'Widowed' },
  'relationship.open_relationship': { id: 'personal.value.relationship.open_relationship', defaultMessage: 'In an open relationship' },
  'looking_for.chat': { id: 'personal.value.looking_for.chat', defaultMessage: 'A chat' },
  'looking_for.friendship': { id: 'personal.value.looking_for.friendship', defaultMessage: 'Friendship' },
  'looking_for.dating': { id: 'personal.value.looking_for.dating', defaultMessage: 'Dates' },
  'looking_for.relationship': { id: 'personal.value.looking_for.relationship', defaultMessage: 'A relationship' },
  'looking_for.marriage': { id: 'personal.value.looking_for.marriage', defaultMessage: 'Marriage' },
  'height.under_160': { id: 'personal.value.height.under_160', defaultMessage: 'Under 160 cm' },
  'height.160_169': { id: 'personal.value.height.160_169', defaultMessage: '160–169 cm' },
  'height.170_179': { id: 'personal.value.height.170_179', defaultMessage: '170–179 cm' },
  'height.180_189': { id: 'personal.value.height.180_189', defaultMessage: '180–189 cm' },
  'height.190_plus': { id: 'personal.value.height.190_plus', defaultMessage: '190 cm or taller' },
  'eye_color.blue': { id: 'personal.value.eye_color.blue', defaultMessage: 'Blue' },
  'eye_color.green': { id: 'personal.value.eye_color.green', defaultMessage: 'Green' },
  'eye_color.grey': { id: 'personal.value.eye_color.grey', defaultMessage: 'Grey' },
  'eye_color.hazel': { id: 'personal.value.eye_color.hazel', defaultMessage: 'Hazel' },
  'eye_color.brown': { id: 'personal.value.eye_color.brown', defaultMessage: 'Brown' },
  'hair_color.blonde': { id: 'personal.value.hair_color.blonde', defaultMessage: 'Blonde' },
  'hair_color.red': { id: 'personal.value.hair_color.red', defaultMessage: 'Red' },
  'hair_color.brown': { id: 'personal.value.hair_color.brown', defaultMessage: 'Brown' },
  'hair_color.black': { id: 'personal.value.hair_color.black', defaultMessage: 'Black' },
  'hair_color.grey': { id: 'personal.value.hair_color.grey', defaultMessage: 'Grey' },
  'hair_color.bald': { id: 'personal.value.hair_color.bald', defaultMessage: 'Bald' },
  'smoking.never': { id: 'personal.value.smoking.never', defaultMessage: 'Never' },
  'smoking.sometimes': { id: 'personal.value.smoking.sometimes', defaultMessage: 'Sometimes' },
  'smoking.regularly': { id: 'personal.value.smoking.regularly', defaultMessage: 'Regularly' },
});

function humanize(field: string): string {
  const words = field.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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
  const [allowed, setAllowed] = React.useState<Record<string, string[]>>({});
  const key = wanted.join(',');
  React.useEffect(() => {
    if (!key) return;
    let live = true;
    api.profileFields().then(
      (r) => live && setAllowed(r.allowed_values),
      (error) => console.error('profile fields failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [api, key]);
  return wanted.filter((f) => allowed[f]?.length).map((field) => ({ field, values: allowed[field]! }));
}

/** Gender, date of birth and the site's configurable fields (signup step 4; profile). */
export function PersonalForm({ initial, withName = false, email = '', extra, onSaved, submitLabel, children }: PersonalFormProps) {
  const { api } = useRemote();
  const intl = useIntl();
  const setUser = useSetAtom(userAtom);
  const id = React.useId();
  const fields = useProfileFields();
  const [value, setValue] = React.useState<PersonalValue>(initial);
  const [dobBlurred, setDobBlurred] = React.useState(false);
  const [nameTouched, setNameTouched] = React.useState(false);
  const [showErrors, setShowErrors] = React.useState(false);
  const [saving, setSaving] = React.useState(false);
  const [failure, setFailure] = React.useState<Failure | null>(null);
  const [saved, setSaved] = React.useState(false);

  const nameProblem = withName ? checkName(value.name, email) : null;
  const genderProblem: Problem | null = value.gender ? null : { message: problems.required };
  const dobProblem = checkDateOfBirth(value.date_of_birth);
  const anyProblem = Boolean(nameProblem || genderProblem || dobProblem);

  const show = (problem: Problem | null, when: boolean) => (problem && (showErrors || when) ? problem : null);
  const nameError = show(nameProblem, nameTouched);
  const genderError = show(genderProblem, false);
  const dobError = show(dobProblem, dobBlurred);

  const languageNames = React.useMemo(() => {
    try {
      return new Intl.DisplayNames([intl.locale], { type: 'language' });
    } catch {
      return null;
    }
  }, [intl.locale]);

  function update(patch: Partial<PersonalValue>) {
    setSaved(false);
    setValue((v) => ({ ...v, ...patch }));
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setShowErrors(true);
    if (anyProblem || saving) return;
    setSaving(true);
    setFailure(null);
    const { language, ...other } = value.fields;
    try {
      const result = await api.updateUser({
        profile: {
          ...(withName ? { name: value.name.trim() } : {}),
          gender: value.gender || null,
          date_of_birth: value.date_of_birth,
          ...(language ? { language: language as never } : {}),
          ...(Object.keys(other).length ? { fields: other } : {}),
          ...extra,
        },
      });
      setUser(result.user);
      setSaved(true);
      onSaved?.(result.user);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setSaving(false);
    }
  }

  const errorText = (p: Problem) => intl.formatMessage(p.message, p.values);
  return (
    <form className={styles.form} onSubmit={save} noValidate>
      {withName && (
        <div className={styles.field}>
          <label htmlFor={`${id}-name`}>
            <FormattedMessage id="personal.name" defaultMessage="Name" />
          </label>
          <input
            id={`${id}-name`}
            className={styles.input}
            value={value.name}
            maxLength={200}
            autoComplete="nickname"
            onChange={(e) => {
              setNameTouched(true);
              update({ name: e.target.value });
            }}
            onBlur={() => setNameTouched(true)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
          />
          {nameError && (
            <p id={`${id}-name-error`} className={styles.error}>
              {errorText(nameError)}
            </p>
          )}
        </div>
      )}
      <fieldset className={styles.fieldset} aria-describedby={genderError ? `${id}-gender-error` : undefined}>
        <legend className={styles.legend}>
          <FormattedMessage id="personal.gender" defaultMessage="I am a" />
        </legend>
        <div className={styles.radios}>
          <label>
            <input type="radio" name={`${id}-gender`} value="female" checked={value.gender === 'female'} onChange={() => update({ gender: 'female' })} />
            <FormattedMessage id="personal.gender.female" defaultMessage="Woman" />
          </label>
          <label>
            <input type="radio" name={`${id}-gender`} value="male" checked={value.gender === 'male'} onChange={() => update({ gender: 'male' })} />
            <FormattedMessage id="personal.gender.male" defaultMessage="Man" />
          </label>
        </div>
        {genderError && (
          <p id={`${id}-gender-error`} className={styles.error}>
            {errorText(genderError)}
          </p>
        )}
      </fieldset>
      <div className={styles.field}>
        <DateOfBirthInput
          value={value.date_of_birth}
          onChange={(date_of_birth) => update({ date_of_birth })}
          onBlur={() => setDobBlurred(true)}
          invalid={Boolean(dobError)}
          describedBy={dobError ? `${id}-dob-error` : undefined}
        />
        {dobError && (
          <p id={`${id}-dob-error`} className={styles.error}>
            {errorText(dobError)}
          </p>
        )}
      </div>
      {fields.map(({ field, values }) => (
        <div className={styles.field} key={field}>
          <label htmlFor={`${id}-f-${field}`}>
            {field in fieldLabels ? intl.formatMessage(fieldLabels[field as keyof typeof fieldLabels]) : humanize(field)}
          </label>
          <select
            id={`${id}-f-${field}`}
            className={styles.select}
            value={value.fields[field] ?? ''}
            onChange={(e) => update({ fields: { ...value.fields, [field]: e.target.value } })}
          >
            <option value="">{intl.formatMessage({ id: 'personal.field.choose', defaultMessage: 'Choose…' })}</option>
            {values.map((v) => (
              <option key={v} value={v}>
                {field === 'language'
                  ? (languageNames?.of(v) ?? v)
                  : `${field}.${v}` in valueLabels
                    ? intl.formatMessage(valueLabels[`${field}.${v}` as keyof typeof valueLabels])
                    : humanize(v)}
              </option>
            ))}
          </select>
        </div>
      ))}
      <FailureAlert failure={failure} />
      {saved && !onSaved && (
        <p role="status" className={styles.hint}>
          <FormattedMessage id="common.saved" defaultMessage="Saved." />
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={anyProblem || saving} aria-busy={saving || undefined}>
          {saving ? <FormattedMessage id="common.saving" defaultMessage="Saving…" /> : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
