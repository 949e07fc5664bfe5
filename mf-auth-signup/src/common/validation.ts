// Field rules of spec §5. Each rule answers null (fine) or a Problem: a message and its values,
// rendered in the member's language by the view.
import type { MessageDescriptor } from 'react-intl';
import { ageOn, CITY_MAX, EMPTY_DATE_OF_BIRTH, MAX_AGE, MIN_AGE, NAME_MAX, parseDateOfBirth, SignupRequestSchema } from '@dating/shared';
import { problems } from './messages';

export interface Problem {
  message: MessageDescriptor;
  values?: Record<string, string | number>;
}

const emailSchema = SignupRequestSchema.shape.email;

/** The address is well formed (the same rule the API applies). */
export function checkEmailFormat(email: string): Problem | null {
  if (!email.trim()) return { message: problems.required };
  return emailSchema.safeParse(email).success ? null : { message: problems.emailInvalid };
}

/** Spec §5: the server check runs only once the value has an at sign and a dot. */
export function worthCheckingOnServer(email: string): boolean {
  return email.includes('@') && email.includes('.');
}

/** Spec §5: required, 1–150 characters, not starting with @, not the email address. */
export function checkName(name: string, email: string): Problem | null {
  const value = name.trim();
  if (!value) return { message: problems.required };
  if (value.length > NAME_MAX) return { message: problems.tooLong, values: { max: NAME_MAX } };
  if (value.startsWith('@')) return { message: problems.nameStartsWithAt };
  if (email.trim() && value.toLowerCase() === email.trim().toLowerCase()) return { message: problems.nameEqualToEmail };
  return null;
}

/** The part of an address before the at sign: the name a member gets when they leave it empty. */
export function nameFromEmail(email: string): string {
  const at = email.indexOf('@');
  return (at > 0 ? email.slice(0, at) : '').trim().slice(0, NAME_MAX);
}

export function checkPassword(password: string): Problem | null {
  return password ? null : { message: problems.required };
}

export function checkCity(city: string): Problem | null {
  return city.length > CITY_MAX ? { message: problems.tooLong, values: { max: CITY_MAX } } : null;
}

export function checkCountry(country: string): Problem | null {
  return country ? null : { message: problems.countryRequired };
}

/**
 * Spec §5: all three parts chosen, a real calendar date, at least the minimum age (and not older
 * than the maximum), counted on today's UTC date as the API does. `value` is year-month-day;
 * '0000-00-00' or '' is empty.
 */
export function checkDateOfBirth(value: string, today = new Date(), minAge = MIN_AGE, maxAge = MAX_AGE): Problem | null {
  const error = { message: problems.dateOfBirth, values: { min_age: minAge } };
  const birth = parseDateOfBirth(value);
  if (!birth) return error;
  const age = ageOn(birth, today);
  if (age < minAge || age > maxAge) return error;
  return null;
}

export function isEmptyDate(value: string | null | undefined): boolean {
  return !value || value === EMPTY_DATE_OF_BIRTH;
}
