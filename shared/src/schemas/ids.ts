import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';

/** The largest value of the database's `integer` (int4): every serial row id is at most this. */
export const INT4_MAX = 2_147_483_647;

/**
 * The id of a database row in a request body (a member, photo, session, conversation…): a positive
 * int4. A larger number would reach the query and fail there (a 500), so it is refused here (400).
 */
export const RowIdSchema = z.number().int().positive().max(INT4_MAX);
/** The same from a query string or form ("42"). */
export const RowIdParamSchema = z.coerce.number().int().positive().max(INT4_MAX);
