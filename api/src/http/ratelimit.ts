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
  /** GET /api/profile.php: 120 profiles a minute per address (a person reads a few; a scraper thousands). */
  profileRead: { max: 120, timeWindow: 60_000 },
  /** POST /api/complaints.php: 5 complaints an hour. */
  complaint: { max: 5, timeWindow: 60 * 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Limits counted per logged-in member rather than per address (members behind one NAT are many),
 * after the input is validated: a refused message does not count.
 */
const PER_MEMBER: ReadonlySet<RateLimitName> = new Set(['messageSend']);

/**
 * Registers @fastify/rate-limit once (global: false) when config.rateLimits is on, and gives every
 * route that declares `config: { limit: name }` the hook of that limit (one counter per name,
 * shared by the routes naming it): onRequest, before the body is read; preHandler for the limits
 * counted per member.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const hooks = new Map<RateLimitName, ReturnType<typeof rateLimited>>();
    app.addHook('onRoute', (route) => {
      const name = route.config?.limit;
      if (!name) return;
      let hook = hooks.get(name);
      if (!hook) hooks.set(name, (hook = rateLimited(app, name)));
      if (PER_MEMBER.has(name)) route.preHandler = [...[route.preHandler ?? []].flat(), hook];
      else route.onRequest = [...[route.onRequest ?? []].flat(), hook];
    });
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
  const perMember = PER_MEMBER.has(name);
  const check = app.createRateLimit({
    ...RATE_LIMITS[name],
    ...(perMember ? { keyGenerator: (request: FastifyRequest) => `member:${request.session?.memberId ?? request.ip}` } : {}),
  });
  const what = perMember ? 'messages' : 'requests';
  return async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new HttpError(429, 'rate_limited', `Too many ${what}: try again in ${result.ttlInSeconds} s`);
    }
  };
}
