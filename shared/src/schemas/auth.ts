import { z } from 'zod';
import { UserSchema } from './user';

/** POST /api/login.php */
export const LoginRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
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
