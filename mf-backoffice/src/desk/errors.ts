import type { IntlShape } from 'react-intl';
import { ApiError } from '@dating/shared';
import { d } from './messages';

/**
 * What a failed call means to the operator, in their language. The API's own message (English,
 * naming the rule) is kept only for a field at fault, after the localized lead-in.
 */
export function errorText(intl: IntlShape, error: unknown): string {
  if (!(error instanceof ApiError)) return intl.formatMessage(d.errOther);
  if (error.status === 0) return intl.formatMessage(d.errNetwork);
  if (error.status === 401) return intl.formatMessage(d.errSession);
  if (error.status === 403) return intl.formatMessage(d.errForbidden);
  if (error.status === 404) return intl.formatMessage(d.errNotFound);
  if (error.status === 409) return intl.formatMessage(d.errConflict);
  if (error.status === 429) return intl.formatMessage(d.errRate);
  if (error.status === 400 && error.field) return intl.formatMessage(d.errField, { field: error.field, message: error.message });
  return intl.formatMessage(d.errOther);
}
