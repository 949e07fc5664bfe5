// Labelled controls with their error for any remote's forms: aria-invalid and aria-describedby
// follow the message, the message is the contract's rule in the member's words. They take
// react-hook-form's `register(name)` spread (ref included) or plain value/onChange props.
import * as React from 'react';
import { TEXTAREA_DEFAULT_ROWS } from '../../rules';
import { useRuleText } from './messages';
import styles from './form.module.css';

export { styles as formStyles };

interface FieldProps {
  /** Id of the control; its message gets `${id}-error`, its hint `${id}-hint`. Generated when left out. */
  id?: string;
  label: React.ReactNode;
  /** The broken rule (a rule message, e.g. from `shownError`), shown below the control; null when none. */
  error?: string | null;
  /** Marks the control invalid while the message is shown elsewhere (e.g. a field the server named). */
  invalid?: boolean;
  /** A hint shown below the control while there is no error. */
  hint?: React.ReactNode;
  /** Ids of further descriptions (e.g. a suggestion below the field). */
  describedBy?: string;
  /** More below the control (a suggestion, a status). */
  children?: React.ReactNode;
}

function useField({ id, error, invalid, hint, describedBy }: FieldProps) {
  const generated = React.useId();
  const controlId = id ?? generated;
  const ruleText = useRuleText();
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const described = [error ? errorId : hint ? hintId : '', describedBy ?? ''].filter(Boolean).join(' ');
  return {
    controlId,
    control: {
      id: controlId,
      'aria-invalid': error || invalid ? (true as const) : undefined,
      'aria-describedby': described || undefined,
    },
    below: error ? (
      <p id={errorId} className={styles.error}>
        {ruleText(error)}
      </p>
    ) : hint ? (
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
    ) : null,
  };
}

export type TextFieldProps = FieldProps &
  Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children'> & { ref?: React.Ref<HTMLInputElement> };

/** A labelled input and its error. */
export function TextField({ id, label, error, invalid, hint, describedBy, children, ...input }: TextFieldProps) {
  const field = useField({ id, label, error, invalid, hint, describedBy });
  return (
    <div className={styles.field}>
      <label htmlFor={field.controlId}>{label}</label>
      <input className={styles.input} {...field.control} {...input} />
      {field.below}
      {children}
    </div>
  );
}

export type TextAreaFieldProps = FieldProps &
  Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children'> & { ref?: React.Ref<HTMLTextAreaElement> };

/** A labelled textarea and its error; TEXTAREA_DEFAULT_ROWS (2) rows unless told (spec §9). */
export function TextAreaField({ id, label, error, invalid, hint, describedBy, children, className, rows = TEXTAREA_DEFAULT_ROWS, ...textarea }: TextAreaFieldProps) {
  const field = useField({ id, label, error, invalid, hint, describedBy });
  return (
    <div className={styles.field}>
      <label htmlFor={field.controlId}>{label}</label>
      <textarea className={`${styles.textarea} ${className ?? ''}`} rows={rows} {...field.control} {...textarea} />
      {field.below}
      {children}
    </div>
  );
}

export type SelectFieldProps = FieldProps &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'> & {
    ref?: React.Ref<HTMLSelectElement>;
    /** The options (and optgroups). */
    options: React.ReactNode;
  };

/** A labelled select and its error. */
export function SelectField({ id, label, error, invalid, hint, describedBy, children, options, ...select }: SelectFieldProps) {
  const field = useField({ id, label, error, invalid, hint, describedBy });
  return (
    <div className={styles.field}>
      <label htmlFor={field.controlId}>{label}</label>
      <select className={styles.select} {...field.control} {...select}>
        {options}
      </select>
      {field.below}
      {children}
    </div>
  );
}

/** A rule message on its own (e.g. below a fieldset), in the member's words. */
export function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  const ruleText = useRuleText();
  if (!error) return null;
  return (
    <p id={id} className={styles.error}>
      {ruleText(error)}
    </p>
  );
}
