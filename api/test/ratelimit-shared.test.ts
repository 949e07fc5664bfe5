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

  it('guesses at one account from many addresses are slowed: under attack each address gets a few tries per window', async () => {
    const app = await apiProcess();
    const codes: number[] = [];
    for (let i = 0; i < RATE_LIMITS.loginAccount.max; i++) codes.push((await login(app, newAddress())).statusCode);
    expect(codes).toEqual(Array(RATE_LIMITS.loginAccount.max).fill(401));
    // The account is under attack: an address gets loginAccountAttacked.max tries, then 429.
    const ip = newAddress();
    const slowed: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.loginAccountAttacked.max; i++) slowed.push((await login(app, ip)).statusCode);
    expect(slowed).toEqual([...Array(RATE_LIMITS.loginAccountAttacked.max).fill(401), 429]);
    const over = await login(app, ip);
    expect(ErrorResponseSchema.parse(over.json()).error).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(RATE_LIMITS.loginAccountAttacked.timeWindow / 1000);
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

  it('the owner gets in during an attack: 10 wrong passwords from 2 addresses, then the right one from a third', async () => {
    const app = await apiProcess();
    const [a, b] = [newAddress(), newAddress()];
    for (let i = 0; i < 5; i++) {
      expect((await login(app, a)).statusCode).toBe(401);
      expect((await login(app, b)).statusCode).toBe(401);
    }
    // The attack goes on from 30 more addresses while the owner logs in.
    for (let i = 0; i < 30; i++) await login(app, newAddress());
    expect((await login(app, newAddress(), 'demo1234')).statusCode).toBe(200);
    // Again, a minute later, from yet another address: the attack never locks the owner out.
    clock += 60_000;
    for (let i = 0; i < 10; i++) await login(app, newAddress());
    expect((await login(app, newAddress(), 'demo1234')).statusCode).toBe(200);
  });

  it('under attack, a device the member logged in from before is not slowed', async () => {
    const app = await apiProcess();
    const home = newAddress();
    const first = await login(app, home, 'demo1234');
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === 'device')!.value;
    for (let i = 0; i < 30; i++) await login(app, newAddress());
    // Mistyped twice from a new address with the known device, then right: still in.
    const cafe = newAddress();
    const cookie = { cookie: `${headers.cookie ?? ''}; device=${device}` };
    for (let i = 0; i < RATE_LIMITS.loginAccountAttacked.max + 1; i++) expect((await login(app, cafe, 'wrong', 'demo@example.com', cookie)).statusCode).toBe(401);
    expect((await login(app, cafe, 'demo1234', 'demo@example.com', cookie)).statusCode).toBe(200);
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
