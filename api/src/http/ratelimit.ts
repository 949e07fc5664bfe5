import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { HttpError } from './errors';

/**
 * Per-IP limits for the calls worth guessing or flooding. Each limit counts one client address on
 * one call (a store per limiter), in a fixed window. Tuned so that a person never meets them and a
 * script soon does; RATE_LIMITS=off (e.g. for the e2e suite) turns them all off.
 */
export const RATE_LIMITS = {
  /** POST /api/login.php: 10 tries a minute. */
  login: { max: 10, timeWindow: 60_000 },
  /** POST /api/user.php?new=1: 5 accounts per 10 minutes. */
  signup: { max: 5, timeWindow: 10 * 60_000 },
  /** POST /api/password_reset.php (both steps): 5 per 15 minutes. */
  passwordReset: { max: 5, timeWindow: 15 * 60_000 },
  /** GET /api/validate_email.php: typed while the signup form is filled in (debounced), 30 a minute. */
  validateEmail: { max: 30, timeWindow: 60_000 },
  /** Calls confirmed with the password (mail change, account delete): 10 per 15 minutes. */
  passwordConfirm: { max: 10, timeWindow: 15 * 60_000 },
  /** POST /api/messages.php: 30 messages a minute. */
  messageSend: { max: 30, timeWindow: 60_000 },
  /** POST /api/complaints.php: 5 complaints an hour. */
  complaint: { max: 5, timeWindow: 60 * 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Registers @fastify/rate-limit once (global: false) when config.rateLimits is on. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.rateLimits) return;
    await app.register(rateLimit, {
      global: false,
      // A limit answers in the ErrorResponse shape, through the error handler of src/http.
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, 'rate_limited', `Too many requests: try again in ${context.after}`),
    });
  },
  { name: 'rate-limit', dependencies: ['http'] },
);

/**
 * A hook (onRequest or preHandler) that answers 429 once the client exceeded the named limit; a
 * no-op when rate limits are off. Call it once per route, at registration: each call is one counter.
 * It can also be awaited inside a handler, for one branch of a route only.
 */
export function rateLimited(
  app: FastifyInstance,
  name: RateLimitName,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  if (!app.config.rateLimits || !app.hasDecorator('createRateLimit')) return async () => {};
  const check = app.createRateLimit(RATE_LIMITS[name]);
  return async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new HttpError(429, 'rate_limited', `Too many requests: try again in ${result.ttlInSeconds} s`);
    }
  };
}
