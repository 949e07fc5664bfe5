import { randomBytes } from 'node:crypto';
import { ErrorResponseSchema } from '@dating/shared';
import { browser, operatorBrowser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await startTestApi();
  const b = browser(t.app);
  await b.visit();
  headers = b.headers();
}, 60_000);
afterAll(() => t.close());

const login = (payload: string | object, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login.php',
    headers: { 'content-type': 'application/json', ...headers, ...extra },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('bad input to login', () => {
  it.each([
    [{ password: 'x' }, 'email'],
    [{ email: 'demo@example.com' }, 'password'],
    [{ email: 123, password: 'x' }, 'email'],
    [{ email: 'demo@example.com', password: ['x'] }, 'password'],
    [{ email: '', password: 'x' }, 'email'],
    [{ email: '   ', password: 'x' }, 'email'],
    [{ email: 'a'.repeat(10_000), password: 'x' }, 'email'],
    [{ email: 'demo@example.com', password: 'p'.repeat(5_000) }, 'password'],
    [{ email: null, password: null }, 'email'],
  ])('%j is a 400 naming the field %s', async (body, field) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    const error = ErrorResponseSchema.parse(res.json());
    expect(error).toMatchObject({ error: 'invalid_input', field });
    expect(error.message.length).toBeGreaterThan(0);
  });
});

describe('garbage never causes a 5xx', () => {
  const garbage: [string, string | Buffer, string][] = [
    ['broken JSON', '{"email": "demo@example.com", ', 'application/json'],
    ['a JSON string', '"just a string"', 'application/json'],
    ['a JSON array', '[1, 2, 3]', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['a number', '42', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['deep nesting', '['.repeat(5_000) + ']'.repeat(5_000), 'application/json'],
    ['prototype pollution', '{"__proto__": {"admin": true}, "email": "a", "password": "b"}', 'application/json'],
    ['constructor pollution', '{"constructor": {"prototype": {"admin": true}}}', 'application/json'],
    ['random bytes', randomBytes(2_048), 'application/json'],
    ['a body over the limit', JSON.stringify({ email: 'x'.repeat(200_000), password: 'y' }), 'application/json'],
    ['text', 'email=demo@example.com&password=demo1234', 'text/plain'],
    ['a form', 'email=demo@example.com&password=demo1234', 'application/x-www-form-urlencoded'],
    ['XML', '<login><email>demo@example.com</email></login>', 'application/xml'],
    ['a bad charset', '{"email":"a","password":"b"}', 'application/json; charset=utf-1000'],
    ['unicode oddities', JSON.stringify({ email: '\u0000\ud800@example.com', password: '\u202e\uffff' }), 'application/json'],
  ];

  it.each(garbage)('%s to login', async (_name, payload, type) => {
    const res = await login(payload as string, { 'content-type': type });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    ErrorResponseSchema.parse(res.json());
  });

  it.each(garbage)('%s to the admin registry call', async (_name, payload, type) => {
    const admin = await operatorBrowser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/remotes.php',
      headers: { ...admin.headers(), 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    ErrorResponseSchema.parse(res.json());
  });

  it('odd methods, paths, headers and cookies', async () => {
    const requests = [
      { method: 'DELETE', url: '/api/user.php' },
      { method: 'PATCH', url: '/api/settings.php' },
      { method: 'OPTIONS', url: '/api/login.php' },
      { method: 'GET', url: '/api/%E0%A4%A' },
      { method: 'GET', url: `/api/${'a'.repeat(5_000)}.php` },
      { method: 'GET', url: '/api/user.php?push=%%%' },
      { method: 'GET', url: '/api/user.php', headers: { cookie: 'sid=%%%; csrf=%E0%A4%A' } },
      { method: 'GET', url: '/api/user.php', headers: { cookie: `sid=${'x'.repeat(4_000)}` } },
      { method: 'GET', url: '/api/settings.php', headers: { 'x-original-host': 'x'.repeat(4_000) } },
      { method: 'PUT', url: '/api/admin/remotes.php', headers: { authorization: 'Basic Zm9vOmJhcg==' } },
      { method: 'GET', url: '/api/operator/me.php', headers: { cookie: `osid=${'x'.repeat(4_000)}` } },
      { method: 'GET', url: '/api/operator/audit.php', headers: { cookie: 'osid=%%%' } },
      { method: 'PUT', url: '/api/admin/remotes.php', headers: { authorization: `Bearer ${'x'.repeat(4_000)}` } },
    ] as const;
    for (const r of requests) {
      const res = await t.app.inject({ ...r, headers: { ...headers, ...('headers' in r ? r.headers : {}) } });
      expect({ r: `${r.method} ${r.url.slice(0, 40)}`, status: res.statusCode < 500 }).toEqual({
        r: `${r.method} ${r.url.slice(0, 40)}`,
        status: true,
      });
    }
  });

  it('hundreds of random login bodies', async () => {
    const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
    const values = [null, true, 0, -1, 1e308, '', 'x'.repeat(300), [], {}, { $ne: null }, ['demo@example.com'], '\u0000'];
    for (let i = 0; i < 300; i++) {
      const body: Record<string, unknown> = {};
      if (Math.random() < 0.8) body.email = pick(values);
      if (Math.random() < 0.8) body.password = pick(values);
      if (Math.random() < 0.2) body[pick(['extra', '__proto__', 'constructor', ''])] = pick(values);
      const res = await login(body);
      expect(res.statusCode).toBe(400);
      ErrorResponseSchema.parse(res.json());
    }
  });
});
