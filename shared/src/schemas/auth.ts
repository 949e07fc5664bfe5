import { z } from 'zod';
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
