import type { FastifyInstance } from 'fastify';
import { ErrorResponseSchema } from '@dating/shared';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { RATE_LIMITS } from '../src/http/ratelimit';
import { RateLimitCounters } from '../src/http/ratelimit-store';
import { browser, startTestApi, type TestApi } from './helpers';

/**
 * Limits kept in the database (every API process on one database shares them), the
 * per-account login limits, and exactly the configured proxies trusted. The clock is ours: each
 * test moves it on, never sleeps.
 */
let t: TestApi;
let clock = Date.UTC(2026, 0, 5, 12, 0, 0);
const apps: FastifyInstance[] = [];
let headers: Record<string, string>;

async function apiProcess(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = buildApp({ db: t.db, config: { ...t.config, rateLimits: true, ...overrides }, now: () => clock });
  apps.push(app);
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await startTestApi();
  const b = browser(t.app);
  await b.visit();
  headers = b.headers();
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
});
/** Every test starts in windows of its own. */
beforeEach(() => {
  clock += 24 * 60 * 60_000;
});

let address = 0;
const newAddress = () => `198.51.100.${++address}`;

function login(app: FastifyInstance, ip: string, password = 'wrong', email = 'demo@example.com', extra: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/login.php', remoteAddress: ip, headers: { ...headers, ...extra }, payload: { email, password } });
}

describe('rate limits shared through the database', () => {
  it('two API processes share one limit', async () => {
    const [a, b] = [await apiProcess(), await apiProcess()];
    const ip = newAddress();
    const codes: number[] = [];
    // Every guess goes to the other process, each at another account so that only the address limit counts.
    for (let i = 0; i <= RATE_LIMITS.login.max; i++) {
      codes.push((await login(i % 2 ? b : a, ip, 'wrong', `nobody${i}@example.org`)).statusCode);
    }
    expect(codes.slice(0, -1)).toEqual(Array(RATE_LIMITS.login.max).fill(401));
    expect(codes.at(-1)).toBe(429);
    // Each process alone saw only half the tries: without the shared counter neither would refuse.
    const { rows } = await t.db.query<{ hits: number }>("SELECT hits FROM rate_limit_hits WHERE name = 'login' ORDER BY hits DESC LIMIT 1");
    expect(rows[0]!.hits).toBe(RATE_LIMITS.login.max + 1);
  });

  it('guesses at one account from many addresses are slowed', async () => {
    const app = await apiProcess();
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.loginAccount.max; i++) codes.push((await login(app, newAddress())).statusCode);
    expect(codes.slice(0, -1)).toEqual(Array(RATE_LIMITS.loginAccount.max).fill(401));
    const over = await login(app, newAddress());
    expect(over.statusCode).toBe(429);
    expect(ErrorResponseSchema.parse(over.json()).error).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(RATE_LIMITS.loginAccount.timeWindow / 1000);
    // Another account is not touched.
    expect((await login(app, newAddress(), 'wrong', 'paid@example.com')).statusCode).toBe(401);
  });

  it('guesses at one account from one address are refused sooner, other accounts from there go on', async () => {
    const app = await apiProcess();
    const ip = newAddress();
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.loginAccountAddress.max; i++) codes.push((await login(app, ip)).statusCode);
    expect(codes).toEqual([...Array(RATE_LIMITS.loginAccountAddress.max).fill(401), 429]);
    expect((await login(app, ip, 'wrong', 'paid@example.com')).statusCode).toBe(401);
    // Same account in other letters is the same account.
    expect((await login(app, ip, 'wrong', 'DEMO@example.com')).statusCode).toBe(429);
  });

  it('the owner can still log in after the attack stops', async () => {
    const app = await apiProcess();
    // An attack from 30 addresses: the account is slowed, the owner too while it lasts …
    for (let i = 0; i < 30; i++) await login(app, newAddress());
    const owner = newAddress();
    expect((await login(app, owner, 'demo1234')).statusCode).toBe(429);
    // … and gets in once the account's window has passed, at the latest.
    clock += RATE_LIMITS.loginAccount.timeWindow;
    const res = await login(app, owner, 'demo1234');
    expect(res.statusCode).toBe(200);
  });

  it("the owner's own mistypes are forgiven once they log in", async () => {
    const app = await apiProcess();
    const owner = newAddress();
    for (let i = 0; i < RATE_LIMITS.loginAccountAddress.max - 1; i++) expect((await login(app, owner)).statusCode).toBe(401);
    expect((await login(app, owner, 'demo1234')).statusCode).toBe(200);
    clock += RATE_LIMITS.login.timeWindow; // the address's own per-minute limit is not what this checks
    for (let i = 0; i < RATE_LIMITS.loginAccountAddress.max - 1; i++) expect((await login(app, owner)).statusCode).toBe(401);
    expect((await login(app, owner, 'demo1234')).statusCode).toBe(200);
  });

  it('counters of ended windows are deleted', async () => {
    const counters = new RateLimitCounters(t.db, () => clock);
    await counters.hit('test', 'someone', 60_000);
    await counters.hit('test', 'someone', 60_000);
    expect((await counters.read('test', 'someone')).current).toBe(2);
    await counters.idle();
    clock += 2 * 60 * 60_000;
    await counters.hit('test', 'someone-else', 60_000); // a hit sweeps (at most once a minute)
    await counters.idle();
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_hits WHERE expires_at <= $1', [clock]);
    expect(rows[0]!.n).toBe(0);
    expect((await counters.read('test', 'someone')).current).toBe(0);
    // Keys are stored as digests, never in the clear.
    const keys = await t.db.query<{ k: string }>("SELECT encode(key_hash, 'escape') AS k FROM rate_limit_hits");
    expect(keys.rows.some((r) => r.k.includes('someone'))).toBe(false);
  });
});

describe('the API trusts exactly the configured proxies', () => {
  it("a client's X-Forwarded-For is ignored unless it came through a configured proxy", async () => {
    const app = await apiProcess({ trustProxy: ['192.0.2.10'] });
    // Not a proxy: every guess is this address, whatever it claims.
    const direct = newAddress();
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.login.max; i++) {
      codes.push((await login(app, direct, 'wrong', `x${i}@example.org`, { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
    }
    expect(codes.at(-1)).toBe(429);
    // Through the configured proxy: the address it names is the client (only the proxy's own hop is believed).
    const viaProxy = (ip: string) => login(app, '192.0.2.10', 'wrong', 'y@example.org', { 'x-forwarded-for': `${direct}, ${ip}` });
    expect((await viaProxy(newAddress())).statusCode).toBe(401);
  });

  it('TRUST_PROXY=true (believe anybody) is refused', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: 'loopback,10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
  });
});
