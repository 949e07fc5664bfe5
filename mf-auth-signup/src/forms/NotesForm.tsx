import * as React from 'react';
import { FormattedMessage } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { NOTES_MAX, PROFILE_NOTES_HEIGHT_PX, useRemote, useSetUser, type User } from '@dating/shared';
import { TextAreaField, shownError, ui, useZodForm } from '@dating/shared/ui';
import { FailureAlert, describeFailure } from '../common/failure';
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
  const setUser = useSetUser();
  const form = useZodForm((c) => c.NotesFormSchema, { defaultValues: { personal: initial } });
  const save = useMutation({
    mutationFn: (personal: string) => api.updateUser({ profile: { personal: personal.trim(), ...extra } }),
    onSuccess: (result) => {
      setUser(result.user);
      form.reset({ personal: form.getValues('personal') });
      onSaved?.(result.user);
    },
  });
  const submit = form.handleSubmit(({ personal }) => save.mutateAsync(personal).catch(() => undefined));

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextAreaField
        label={<FormattedMessage id="notes.label" defaultMessage="About me" />}
        style={{ height: PROFILE_NOTES_HEIGHT_PX }}
        maxLength={NOTES_MAX}
        error={shownError(form, 'personal', { whileTyping: true })}
        hint={
          <FormattedMessage
            id="notes.hint"
            defaultMessage="What do you enjoy, what are you looking for? Other members read this on your profile."
          />
        }
        {...form.register('personal')}
      />
      <FailureAlert failure={save.error ? describeFailure(save.error) : null} />
      {save.isSuccess && !form.formState.isDirty && !onSaved && (
        <p role="status" className={styles.hint}>
          <FormattedMessage id="common.saved" defaultMessage="Saved." />
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? <FormattedMessage id="common.saving" defaultMessage="Saving…" /> : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
