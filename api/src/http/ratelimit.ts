import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { HttpError } from './errors';
import { rateLimitCounters, rateLimitStore } from './ratelimit-store';

/**
 * Per-IP limits for the calls worth guessing or flooding. Each limit counts one client address on
 * one call, in a fixed window, in the database or in Redis with REDIS_URL (src/http/ratelimit-store.ts),
 * so every API process on one database shares it. Tuned so that a person never meets them and a script soon does;
 * RATE_LIMITS=off (e.g. for the e2e suite) turns them all off. The polled calls (user.php,
 * chats.php, likes.php …) have none: a limit costs one database round trip.
 */
export const RATE_LIMITS = {
  /** POST /api/login.php: 10 tries a minute. */
  login: { max: 10, timeWindow: 60_000 },
  /**
   * POST /api/login.php, per account and address: 5 tries per 15 minutes; the owner's own mistypes
   * are forgotten once they log in.
   */
  loginAccountAddress: { max: 5, timeWindow: 15 * 60_000 },
  /**
   * POST /api/login.php, per account from every address together: 10 tries per 5 minutes. Beyond
   * it the account is under attack and logins to it take the slower path below; never a hard stop,
   * or anyone could lock the owner out.
   */
  loginAccount: { max: 10, timeWindow: 5 * 60_000 },
  /**
   * POST /api/login.php to an account under attack (loginAccount exceeded), per account and
   * address: 2 tries per 15 minutes. The owner's correct password from any address still gets in
   * (its first try), guesses spread over many addresses get 2 per address per window; a device
   * the member logged in from before is not slowed.
   */
  loginAccountAttacked: { max: 2, timeWindow: 15 * 60_000 },
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
  /** GET /api/export.php: 3 data exports an hour per member (each reads all of the member's data). */
  dataExport: { max: 3, timeWindow: 60 * 60_000 },
  /** POST /api/complaints.php: 5 complaints an hour. */
  complaint: { max: 5, timeWindow: 60 * 60_000 },
  /**
   * GET /api/search.php by a visitor, per address: 6 pages a minute (a person looks at a few; the
   * search view then asks them to sign up). Counted in the handler (app.limitKey).
   */
  searchVisitor: { max: 6, timeWindow: 60_000 },
  /** GET /api/search.php by a member, per member: 60 pages a minute. Counted in the handler. */
  searchMember: { max: 60, timeWindow: 60_000 },
  /** POST /api/operator/login.php and enrol.php: 10 tries a minute per address. */
  operatorLogin: { max: 10, timeWindow: 60_000 },
  /**
   * Operator login, per account from every address together: 5 wrong passwords or codes per 15
   * minutes (an operator account is worth more than a member's; the owner waits at most 15 minutes).
   */
  operatorAccount: { max: 5, timeWindow: 15 * 60_000 },
  /**
   * POST /api/remote_report.php: what a page saw of its remotes, at most one report a page load and
   * a few more on errors: 30 a minute per address.
   */
  remoteReport: { max: 30, timeWindow: 60_000 },
  /** Operator calls refused for want of a live operator session: 30 per 10 minutes per address. */
  operatorDenied: { max: 30, timeWindow: 10 * 60_000 },
  /** POST /api/visit.php: a browser counts one visit per session; 60 an hour per address keep scripts from inflating the funnel. */
  visit: { max: 60, timeWindow: 60 * 60_000 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Limits counted per logged-in member rather than per address (members behind one NAT are many),
 * after the input is validated: a refused message does not count.
 */
const PER_MEMBER: ReadonlySet<RateLimitName> = new Set(['messageSend', 'dataExport']);

/** Limits counted on a key the handler names (an account), not by a route hook. */
const PER_KEY: ReadonlySet<RateLimitName> = new Set(['loginAccountAddress', 'loginAccount', 'loginAccountAttacked', 'searchVisitor', 'searchMember', 'operatorAccount', 'operatorDenied']);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one hit of `key` on a limit and answers 429 (HttpError) beyond it; a no-op when rate
     * limits are off. For limits keyed on something the input names (`loginAccount`).
     */
    limitKey(name: RateLimitName, key: string, reply: FastifyReply): Promise<void>;
    /** Forgets the hits of `key` on a limit (a no-op when rate limits are off). */
    forgetLimitKey(name: RateLimitName, key: string): Promise<void>;
  }
}

export interface RateLimitOptions {
  /** The clock of the counters (ms); tests pass one they control. Default Date.now. */
  now?: () => number;
}

/**
 * Registers @fastify/rate-limit once (global: false) when config.rateLimits is on, and gives every
 * route that declares `config: { limit: name }` the hook of that limit (one counter per name,
 * shared by the routes naming it): onRequest, before the body is read; preHandler for the limits
 * counted per member.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app: FastifyInstance, options) => {
    const counters = app.config.rateLimits ? rateLimitCounters(app.db, options.now) : null;
    app.decorate('limitKey', async (name: RateLimitName, key: string, reply: FastifyReply) => {
      if (!counters) return;
      const { max, timeWindow } = RATE_LIMITS[name];
      const hits = await counters.hit(name, key, timeWindow);
      if (hits.current > max) throw tooMany('requests', hits.ttl, reply);
    });
    app.decorate('forgetLimitKey', async (name: RateLimitName, key: string) => {
      await counters?.reset(name, key);
    });
    if (counters) app.addHook('onClose', () => counters.idle());
    const hooks = new Map<RateLimitName, ReturnType<typeof rateLimited>>();
    app.addHook('onRoute', (route) => {
      const name = route.config?.limit;
      if (!name) return;
      if (PER_KEY.has(name)) throw new Error(`${name} is counted on a key by the handler (app.limitKey), not on a route`);
      let hook = hooks.get(name);
      if (!hook) hooks.set(name, (hook = rateLimited(app, name)));
      if (PER_MEMBER.has(name)) route.preHandler = [...[route.preHandler ?? []].flat(), hook];
      else route.onRequest = [...[route.onRequest ?? []].flat(), hook];
    });
    if (!counters) return;
    await app.register(rateLimit, {
      global: false,
      store: rateLimitStore(counters),
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
    // The store's child for this limiter takes the name (src/http/ratelimit-store.ts): one counter per limit name.
    ...{ name },
  });
  const what = perMember ? 'messages' : 'requests';
  return async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw tooMany(what, result.ttl, reply);
  };
}

/** 429 rate_limited with Retry-After (seconds, rounded up). */
function tooMany(what: string, ttl: number, reply: FastifyReply): HttpError {
  const seconds = Math.max(1, Math.ceil(ttl / 1000));
  reply.header('retry-after', String(seconds));
  return new HttpError(429, 'rate_limited', `Too many ${what}: try again in ${seconds} s`);
}
