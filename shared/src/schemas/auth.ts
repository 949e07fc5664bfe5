import { z } from 'zod';
// Before any schema of this file can parse: zod's browser setting (no eval under the site's CSP).
import './zod-config';
import { RowIdSchema } from './ids';
import { UserSchema } from './user';
import { RULE_MESSAGES, tooLong } from './messages';

/** POST /api/login.php */
export const LoginRequestSchema = z.object({
  // Any address the member once signed up with (no format rule: an old one still logs in).
  email: z.string().trim().min(1, RULE_MESSAGES.required).max(254, tooLong(254)),
  password: z.string().min(1, RULE_MESSAGES.required).max(1024, tooLong(1024)),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
export const LoginResponseSchema = z.object({ user: UserSchema });

/** GET /api/logout.php answers 'done' (spec §7). */
export const LogoutResponseSchema = z.literal('done');

/** Every error answer: a message, and the field it is about when there is one. */
export const ErrorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** One of the member's open sessions (a device where they are logged in), for the list on /profile. */
export const MemberSessionSchema = z.object({
  /** Names the session in DELETE /api/sessions.php (never its token). */
  id: z.number().int().positive(),
  /** The browser and system it was opened with ("Firefox", "Windows"); empty when not known. */
  browser: z.string(),
  os: z.string(),
  /** When it was opened (ISO 8601). */
  created_at: z.string(),
  /** The session of this very request (this device). */
  current: z.boolean(),
});
export type MemberSession = z.infer<typeof MemberSessionSchema>;
/** GET /api/sessions.php: the member's open sessions, this device first, then the newest. */
export const SessionsResponseSchema = z.object({ sessions: z.array(MemberSessionSchema) });
export type SessionsResponse = z.infer<typeof SessionsResponseSchema>;
/** DELETE /api/sessions.php: one session by its id, or `others: true` for every session but this one. */
export const SessionEndSchema = z
  .object({
    id: RowIdSchema.optional(),
    others: z.literal(true).optional(),
  })
  .refine((v) => (v.id === undefined) !== (v.others === undefined), { message: 'id: name one session, or others: true', path: ['id'] });
export type SessionEnd = z.infer<typeof SessionEndSchema>;
/** How many sessions were ended. */
export const SessionEndResponseSchema = z.object({ ended: z.number().int().min(0) });
