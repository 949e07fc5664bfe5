import * as React from 'react';
import { useIntl } from 'react-intl';
import { dateOfBirthBounds, MAX_AGE, MIN_AGE } from '@dating/shared';
import styles from './form.module.css';

/** iPhone, iPad and iPod (iPadOS reports itself as a Mac with a touch screen). */
export function isIOS(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  if (!nav) return false;
  return /iPad|iPhone|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
}

const pad = (n: number | string, width: number) => String(n).padStart(width, '0');

function split(value: string): { year: string; month: string; day: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m || value === '0000-00-00') return { year: '', month: '', day: '' };
  const [, y, mo, d] = m;
  return { year: y === '0000' ? '' : String(Number(y)), month: mo === '00' ? '' : String(Number(mo)), day: d === '00' ? '' : String(Number(d)) };
}

function join(parts: { year: string; month: string; day: string }): string {
  return `${pad(parts.year || 0, 4)}-${pad(parts.month || 0, 2)}-${pad(parts.day || 0, 2)}`;
}

export interface DateOfBirthInputProps {
  /** year-month-day, '0000-00-00' (or '') when empty; a part not chosen yet is 00. */
  value: string;
  onChange(value: string): void;
  /** Emitted once all three parts are chosen (and on leaving the native input with a date). */
  onBlur?(): void;
  invalid?: boolean;
  describedBy?: string;
  minAge?: number;
  maxAge?: number;
  /** Native date input; by default on iOS only (spec §5). */
  native?: boolean;
  today?: Date;
}

/**
 * Date of birth as three selects (day, month, year; months in the member's language), years from
 * the minimum age back to the maximum age; a native date input on iOS (spec §5).
 */
export function DateOfBirthInput({
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  minAge = MIN_AGE,
  maxAge = MAX_AGE,
  native = isIOS(),
  today = new Date(),
}: DateOfBirthInputProps) {
  const intl = useIntl();
  const legendId = React.useId();
  const parts = split(value);
  const thisYear = today.getUTCFullYear();

  const months = React.useMemo(() => {
    const format = new Intl.DateTimeFormat(intl.locale, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, i) => format.format(new Date(Date.UTC(2000, i, 1))));
  }, [intl.locale]);
  const years = React.useMemo(
    () => Array.from({ length: maxAge - minAge + 1 }, (_, i) => thisYear - minAge - i),
    [thisYear, minAge, maxAge],
  );

  const label = intl.formatMessage({ id: 'dob.label', defaultMessage: 'Date of birth' });

  if (native) {
    const { earliest, latest } = dateOfBirthBounds(today, minAge, maxAge);
    return (
      <div className={styles.field}>
        <label htmlFor={`${legendId}-native`}>{label}</label>
        <input
          id={`${legendId}-native`}
          type="date"
          className={styles.input}
          min={earliest}
          max={latest}
          value={parts.year && parts.month && parts.day ? join(parts) : ''}
          onChange={(e) => onChange(e.target.value || '0000-00-00')}
          onBlur={() => value && value !== '0000-00-00' && onBlur?.()}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      </div>
    );
  }

  function set(part: 'day' | 'month' | 'year', v: string) {
    const next = { ...parts, [part]: v };
    onChange(join(next));
    if (next.day && next.month && next.year) onBlur?.();
  }

  const common = { className: styles.select, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy };
  return (
    <fieldset className={styles.fieldset} aria-labelledby={legendId}>
      <legend id={legendId} className={styles.legend}>
        {label}
      </legend>
      <div className={styles.row}>
        <select
          {...common}
          aria-label={intl.formatMessage({ id: 'dob.day', defaultMessage: 'Day' })}
          value={parts.day}
          onChange={(e) => set('day', e.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'dob.day', defaultMessage: 'Day' })}</option>
          {Array.from({ length: 31 }, (_, i) => (
            <option key={i + 1} value={String(i + 1)}>
              {i + 1}
            </option>
          ))}
        </select>
        <select
          {...common}
          aria-label={intl.formatMessage({ id: 'dob.month', defaultMessage: 'Month' })}
          value={parts.month}
          onChange={(e) => set('month', e.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'dob.month', defaultMessage: 'Month' })}</option>
          {months.map((name, i) => (
            <option key={name} value={String(i + 1)}>
              {name}
            </option>
          ))}
        </select>
        <select
          {...common}
          aria-label={intl.formatMessage({ id: 'dob.year', defaultMessage: 'Year' })}
          value={parts.year}
          onChange={(e) => set('year', e.target.value)}
        >
          <option value="">{intl.formatMessage({ id: 'dob.year', defaultMessage: 'Year' })}</option>
          {years.map((y) => (
            <option key={y} value={String(y)}>
              {y}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
