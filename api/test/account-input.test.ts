import { randomBytes } from 'node:crypto';
import { ErrorResponseSchema } from '@dating/shared';
import { signedUp } from './account-helpers';
import { browser, startTestApi, type TestApi } from './helpers';

/**
 * Every call of the member-account features (signup, account, activation, password reset, mail
 * change, photos, catalogues, geocode, mailbox): 403 without a member where one is needed, and
 * never a 5xx, whatever the body or query.
 */
let t: TestApi;
let visitor: Record<string, string>;
let member: Record<string, string>;
beforeAll(async () => {
  t = await startTestApi();
  const b = browser(t.app);
  await b.visit();
  visitor = b.headers();
  const m = await signedUp(t);
  member = m.headers();
}, 60_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const MEMBER_CALLS: [Method, string, object][] = [
  ['PUT', '/api/user.php', { country: 'NL' }],
  ['PUT', '/api/user.php', { profile: { name: 'x' } }],
  ['DELETE', '/api/user.php', { password: 'x' }],
  ['POST', '/api/user.php?push=1', { endpoint: 'https://push.example/x', keys: { p256dh: 'a', auth: 'b' } }],
  ['GET', '/api/activate.php', {}],
  ['PUT', '/api/mail_change.php', { email: 'new@example.org', password: 'x' }],
  ['POST', '/api/profileimage.php', {}],
];

describe('calls that need a member', () => {
  it.each(MEMBER_CALLS)('%s %s answers 403 login_required when logged out', async (method, url, payload) => {
    const res = await t.app.inject({ method, url, headers: visitor, ...(method === 'GET' ? {} : { payload }) });
    expect(res.statusCode).toBe(403);
    expect(ErrorResponseSchema.parse(res.json()).error).toBe('login_required');
  });
});

const BODY_CALLS: [Method, string][] = [
  ['POST', '/api/user.php?new=1'],
  ['POST', '/api/user.php?push=1'],
  ['PUT', '/api/user.php'],
  ['DELETE', '/api/user.php'],
  ['POST', '/api/password_reset.php'],
  ['POST', '/api/password_reset.php?do=1'],
  ['PUT', '/api/mail_change.php'],
  ['POST', '/api/mail_change.php'],
  ['POST', '/api/profileimage.php'],
];

const GARBAGE: [string, string | Buffer, string][] = [
  ['broken JSON', '{"email": "a@b.c", ', 'application/json'],
  ['a JSON string', '"just a string"', 'application/json'],
  ['a JSON array', '[1, 2, 3]', 'application/json'],
  ['JSON null', 'null', 'application/json'],
  ['an empty body', '', 'application/json'],
  ['deep nesting', '{"profile":' + '['.repeat(3_000) + ']'.repeat(3_000) + '}', 'application/json'],
  ['prototype pollution', '{"__proto__": {"admin": true}, "profile": {"name": "x"}}', 'application/json'],
  ['random bytes', randomBytes(2_048), 'application/json'],
  ['a body over the limit', JSON.stringify({ email: 'x'.repeat(200_000) }), 'application/json'],
  ['a form', 'email=a@b.c&password=x', 'application/x-www-form-urlencoded'],
  ['multipart without a boundary', 'x', 'multipart/form-data'],
  ['random multipart', randomBytes(4_096), 'multipart/form-data; boundary=----x'],
  ['NUL characters', JSON.stringify({ email: 'a\u0000@b.c', name: '\u0000', password: 'x', token: '\u0000', profile: { name: '\u0000' } }), 'application/json'],
];

describe('garbage never causes a 5xx', () => {
  for (const [method, url] of BODY_CALLS) {
    it.each(GARBAGE)(`%s to ${method} ${url}`, async (_name, payload, type) => {
      const res = await t.app.inject({ method, url, headers: { ...member, 'content-type': type }, payload });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      ErrorResponseSchema.parse(res.json());
    });
  }

  it('odd queries to every GET call', async () => {
    const urls = [
      '/api/validate_email.php?email[]=x',
      '/api/validate_email.php?email=%E0%A4%A',
      '/api/geocode.php?lat[]=1&lon=1',
      '/api/geocode.php?lat=1&lon=1&lat=2',
      '/api/geocode.php?lat=-0&lon=-0',
      '/api/geocode.php?lat=89.99999&lon=179.99999',
      '/api/geocode.php?lat=-90&lon=-180',
      '/api/discountcode.php?welcome=true&code[]=x',
      '/api/discountcode.php?__proto__=x&constructor=y',
      '/api/activate.php?token[]=x',
      `/api/activate.php?token=${'x'.repeat(5_000)}`,
      '/api/dev/mailbox?to=%00',
      `/api/dev/mailbox?to=${'x'.repeat(500)}`,
      '/api/images/..%2f..%2f',
      '/api/images/%00.jpg',
      '/api/profile_fields.php?x=1',
      '/api/regions.php?country=NL',
      '/api/interests.php?lang=xx',
      '/api/companyinfo.php?a=b',
      '/api/openapi.json?x',
    ];
    for (const url of urls) {
      for (const headers of [visitor, member, { ...member, cookie: 'locale=%%%; sid=x' }]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect({ url, ok: res.statusCode < 500 }).toEqual({ url, ok: true });
      }
    }
  });

  it('hundreds of random bodies to every call that takes one: a 4xx naming a field, never a 5xx', async () => {
    // A small deterministic generator (mulberry32), so that a failure can be replayed.
    let seed = 20240521;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const leaves = [null, true, false, 0, -1, 1e308, 3.5, '', ' ', 'x'.repeat(300), '0000-00-00', '1990-02-30', 'NL', 'Noord-Holland', 'a@b.c', '\u202e', [], {}, { $ne: null }];
    const keys = ['email', 'name', 'password', 'token', 'country', 'countryregion', 'city', 'profile', 'fields', 'date_of_birth', 'gender', 'language', 'timezone', 'endpoint', 'keys', 'lastSignupStep', 'trafficsource', '__proto__', ''];
    const value = (depth: number): unknown => {
      if (depth > 2 || random() < 0.6) return pick(leaves);
      if (random() < 0.3) return [value(depth + 1)];
      const o: Record<string, unknown> = {};
      for (let i = 0; i < 1 + Math.floor(random() * 4); i++) o[pick(keys)] = value(depth + 1);
      return o;
    };
    const calls = BODY_CALLS.filter(([, url]) => url !== '/api/profileimage.php');
    let count = 0;
    for (let i = 0; i < 400; i++) {
      const [method, url] = pick(calls);
      const body = value(0);
      const res = await t.app.inject({ method, url, headers: { ...member, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      if (res.statusCode >= 500) throw new Error(`${method} ${url} ${JSON.stringify(body)} → ${res.statusCode}`);
      if (res.statusCode === 400) {
        const error = ErrorResponseSchema.parse(res.json());
        if (error.error === 'invalid_input' && !error.field && !/^Invalid input/.test(error.message)) {
          throw new Error(`${method} ${url} ${JSON.stringify(body)}: 400 without a field: ${error.message}`);
        }
      }
      count++;
    }
    expect(count).toBe(400);
  });
});
