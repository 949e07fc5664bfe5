import * as React from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { NOTES_MAX, userAtom, useRemote, type User } from '@dating/shared';
import { ui } from '@dating/shared/ui';
import { FailureAlert, describeFailure, type Failure } from '../common/failure';
import styles from '../common/form.module.css';

export interface NotesFormProps {
  initial: string;
  extra?: { lastSignupStep?: number };
  onSaved?(user: User): void;
  submitLabel: React.ReactNode;
  children?: React.ReactNode;
}

/** Free-text profile notes in a 150px textarea (spec §9). */
export function NotesForm({ initial, extra, onSaved, submitLabel, children }: NotesFormProps) {
  const { api } = useRemote();
  const setUser = useSetAtom(userAtom);
  const id = React.useId();
  const [text, setText] = React.useState(initial);
  const [saving, setSaving] = React.useState(false);
  const [saved, setSaved] = React.useState(false);
  const [failure, setFailure] = React.useState<Failure | null>(null);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      const result = await api.updateUser({ profile: { personal: text.trim(), ...extra } });
      setUser(result.user);
      setSaved(true);
      onSaved?.(result.user);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={save} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-notes`}>
          <FormattedMessage id="notes.label" defaultMessage="About me" />
        </label>
        <textarea
          id={`${id}-notes`}
          className={`${styles.textarea} ${styles.notes}`}
          rows={2}
          maxLength={NOTES_MAX}
          value={text}
          onChange={(e) => {
            setSaved(false);
            setText(e.target.value);
          }}
          aria-describedby={`${id}-notes-hint`}
        />
        <p id={`${id}-notes-hint`} className={styles.hint}>
          <FormattedMessage
            id="notes.hint"
            defaultMessage="What do you enjoy, what are you looking for? Other members read this on your profile."
          />
        </p>
      </div>
      <FailureAlert failure={failure} />
      {saved && !onSaved && (
        <p role="status" className={styles.hint}>
          <FormattedMessage id="common.saved" defaultMessage="Saved." />
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={saving} aria-busy={saving || undefined}>
          {saving ? <FormattedMessage id="common.saving" defaultMessage="Saving…" /> : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
