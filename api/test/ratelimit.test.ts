import type { FastifyInstance } from 'fastify';
import { ErrorResponseSchema } from '@dating/shared';
import { loadConfig } from '../src/config';
import { RATE_LIMITS } from '../src/http/ratelimit';
import { signupRequest } from './account-helpers';
import { browser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
let limited: FastifyInstance;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await startTestApi();
  limited = await t.appWith({ rateLimits: true });
  const b = browser(limited);
  await b.visit();
  headers = b.headers();
}, 60_000);
afterAll(() => t.close());

let address = 0;
/** A client address of its own per test, so that limits of one test do not touch the next. */
const newAddress = () => `203.0.113.${++address}`;

function call(app: FastifyInstance, ip: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({ method, url, remoteAddress: ip, headers, payload });
}

async function statuses(n: number, send: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send()).statusCode);
  return out;
}

describe('rate limits (429)', () => {
  it(`login: ${RATE_LIMITS.login.max} tries a minute per address, then 429 with Retry-After; other addresses go on`, async () => {
    const ip = newAddress();
    // Each try at another account: the per-account limits (test/ratelimit-shared.test.ts) stay out of it.
    let n = 0;
    const wrong = () => ({ email: `someone${++n}@example.org`, password: 'wrong' });
    const codes = await statuses(RATE_LIMITS.login.max, () => call(limited, ip, 'POST', '/api/login.php', wrong()));
    expect(new Set(codes)).toEqual(new Set([401]));
    const over = await call(limited, ip, 'POST', '/api/login.php', { email: 'demo@example.com', password: 'demo1234' });
    expect(over.statusCode).toBe(429);
    expect(ErrorResponseSchema.parse(over.json()).error).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(limited, newAddress(), 'POST', '/api/login.php', wrong())).statusCode).toBe(401);
    // Each call counts on its own: this address can still check an email.
    expect((await call(limited, ip, 'GET', '/api/validate_email.php?email=a@example.org')).statusCode).toBe(200);
  });

  it(`signup: ${RATE_LIMITS.signup.max} per address in 10 minutes; push subscriptions on the same path are not counted`, async () => {
    const ip = newAddress();
    const codes = await statuses(RATE_LIMITS.signup.max + 1, () =>
      call(limited, ip, 'POST', '/api/user.php?new=1', { ...signupRequest(), name: '' }),
    );
    expect(codes.slice(0, -1).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const push = await statuses(10, () => call(limited, ip, 'POST', '/api/user.php?push=1', {}));
    expect(new Set(push)).toEqual(new Set([403]));
  });

  it(`password reset: ${RATE_LIMITS.passwordReset.max} per address in 15 minutes`, async () => {
    const ip = newAddress();
    const codes = await statuses(RATE_LIMITS.passwordReset.max + 1, () =>
      call(limited, ip, 'POST', '/api/password_reset.php', { email: 'someone@example.org' }),
    );
    expect(codes).toEqual([...Array(RATE_LIMITS.passwordReset.max).fill(200), 429]);
  });

  it(`validate_email: ${RATE_LIMITS.validateEmail.max} a minute per address`, async () => {
    const ip = newAddress();
    const codes = await statuses(RATE_LIMITS.validateEmail.max + 1, () =>
      call(limited, ip, 'GET', '/api/validate_email.php?email=someone@example.org'),
    );
    expect(codes.at(-2)).toBe(200);
    expect(codes.at(-1)).toBe(429);
  });

  it('RATE_LIMITS=off turns every limit off (the e2e suite runs so)', async () => {
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toBe(false);
    expect(loadConfig({}).rateLimits).toBe(true);
    expect(() => loadConfig({ RATE_LIMITS: 'sometimes' })).toThrow(/RATE_LIMITS/);
    const ip = newAddress();
    const codes = await statuses(RATE_LIMITS.login.max * 2, () =>
      call(t.app, ip, 'POST', '/api/login.php', { email: 'demo@example.com', password: 'wrong' }),
    );
    expect(new Set(codes)).toEqual(new Set([401]));
  });
});
