import * as React from 'react';
import { useIntl } from 'react-intl';
import type { Problem } from './validation';
import styles from './form.module.css';

export interface TextFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  /** Id of the input; its message gets `${id}-error`. */
  id: string;
  label: React.ReactNode;
  /** The rule the value breaks, shown below the input and announced with it; null when none. */
  problem: Problem | null;
  /** Marks the input invalid while the message is shown elsewhere (e.g. a field the server named). */
  invalid?: boolean;
  inputRef?: React.Ref<HTMLInputElement>;
}

/** A labelled input and its error, with aria-invalid and aria-describedby kept in step with the message. */
export function TextField({ id, label, problem, invalid, inputRef, ...input }: TextFieldProps) {
  const intl = useIntl();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        className={styles.input}
        aria-invalid={problem || invalid ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        {...input}
      />
      {problem && (
        <p id={errorId} className={styles.error}>
          {intl.formatMessage(problem.message, problem.values)}
        </p>
      )}
    </div>
  );
}
