import { ApiError, CSRF_COOKIE, CSRF_HEADER, ErrorResponseSchema, UserResponseSchema } from '@dating/shared';
import { hashPassword, kdfCost, PRODUCTION_COST, verifyPassword } from '../src/auth/password';
import { createMember } from '../src/members/member';
import { SESSION_COOKIE } from '../src/session/session';
import { browser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const DEMO = { email: 'demo@example.com', password: 'demo1234' };

async function loggedIn(host?: string) {
  const b = browser(t.app, host);
  await b.visit();
  await b.api.login(DEMO);
  return b;
}

/** A call with exactly these cookies and headers, the way a second tab or an attacker would. */
const userWith = async (sid: string | undefined, host = 'localhost') => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user.php',
    headers: { 'x-original-host': host, ...(sid ? { cookie: `${SESSION_COOKIE}=${sid}` } : {}) },
  });
  return UserResponseSchema.parse(res.json()).user;
};

describe('passwords', () => {
  it('are stored as self-describing scrypt hashes with their own salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$ln=\d+,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horse!', a)).toBe(false);
    expect(await verifyPassword('correct horse', 'plain text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$ln=40,r=8,p=1$AAAA$AAAA')).toBe(false);
  });

  it('cost N=2^15 outside tests (development and production); tests alone hash at the lowest cost verified', async () => {
    expect(kdfCost({ NODE_ENV: 'production' })).toEqual({ logN: 15, r: 8, p: 1 });
    expect(kdfCost({})).toEqual({ logN: 15, r: 8, p: 1 });
    expect(kdfCost({ NODE_ENV: 'development' })).toBe(PRODUCTION_COST);
    expect(kdfCost({ NODE_ENV: 'test' })).toEqual({ logN: 10, r: 8, p: 1 });
    const hash = await hashPassword('correct horse', kdfCost({ NODE_ENV: 'production' }));
    expect(hash).toMatch(/^scrypt\$ln=15,r=8,p=1\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    // A test-cost hash is one the verifier accepts: nothing below it is.
    expect(await verifyPassword('correct horse', await hashPassword('correct horse', { logN: 10, r: 8, p: 1 }))).toBe(true);
    expect(await verifyPassword('correct horse', await hashPassword('correct horse', { logN: 9, r: 8, p: 1 }))).toBe(false);
  });
});

describe('GET /api/user.php', () => {
  it('answers user null when nobody is logged in', async () => {
    const b = browser(t.app);
    expect(await b.api.getUser()).toEqual({ user: null });
  });

  it('answers the member once logged in, with an age and without coordinates', async () => {
    const b = await loggedIn();
    const { user } = await b.api.getUser();
    expect(user).not.toBeNull();
    expect(user!.email).toBe('demo@example.com');
    expect(user!.profile).toMatchObject({ name: 'Demo', city: 'Amsterdam', country: 'NL', date_of_birth: '1994-06-15' });
    expect(user!.profile.age).toBeGreaterThanOrEqual(30);
    const raw = JSON.stringify(user);
    expect(raw).not.toMatch(/latitude|longitude|password/);
  });

  it('treats a forged or malformed session cookie as logged out and clears it', async () => {
    for (const sid of ['x', 'A'.repeat(43), '../../etc/passwd', "' OR 1=1 --"]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user.php', cookies: { [SESSION_COOKIE]: sid } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    }
  });
});

describe('POST /api/login.php', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie and a readable csrf cookie', async () => {
    const b = browser(t.app);
    await b.visit();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: b.headers(),
      payload: DEMO,
    });
    expect(res.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const sid = setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(sid).toMatch(/HttpOnly/);
    expect(sid).toMatch(/SameSite=Lax/);
    expect(sid).toMatch(/Path=\//);
    expect(sid).not.toMatch(/Secure/);
    const csrf = setCookie.find((c) => c.startsWith(`${CSRF_COOKIE}=`))!;
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(csrf).toMatch(/SameSite=Lax/);
  });

  it('marks cookies Secure in production behind https', async () => {
    const app = await t.appWith({ production: true });
    const res = await app.inject({ method: 'GET', url: '/api/user.php', headers: { 'x-forwarded-proto': 'https' } });
    expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    const plain = await app.inject({ method: 'GET', url: '/api/user.php' });
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('accepts the email in any case', async () => {
    const b = browser(t.app);
    await b.visit();
    const { user } = await b.api.login({ email: '  DEMO@Example.com ', password: DEMO.password });
    expect(user.email).toBe('demo@example.com');
  });

  it('a wrong password and an unknown email get the same answer', async () => {
    const b = browser(t.app);
    await b.visit();
    const answers = [];
    for (const body of [
      { email: DEMO.email, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'wrong-password' },
      { email: 'sanne.devries@example.com', password: 'wrong-password' }, // a profile without a password
    ]) {
      const res = await b.fetch('/api/login.php', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: b.jar.get(CSRF_COOKIE)! },
        body: JSON.stringify(body),
      });
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers[0]).toEqual({
      status: 401,
      body: { error: 'invalid_credentials', message: 'Email or password is incorrect' },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('takes about as long for an unknown email as for a wrong password', async () => {
    const b = browser(t.app);
    await b.visit();
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      await b.api.login({ email, password: 'wrong-password' }).catch(() => {});
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await time(DEMO.email));
      unknown.push(await time(`nobody${i}@example.com`));
    }
    // Both run one scrypt (tens of ms); a skipped hash would take a few ms. Loose bounds: a busy
    // machine makes single samples noisy, and the point is to catch a skipped hash.
    expect(median(unknown)).toBeGreaterThan(median(known) / 3);
    expect(median(unknown)).toBeLessThan(median(known) * 3);
  });

  it('is refused without the CSRF token (403), and with a wrong one', async () => {
    const b = browser(t.app);
    await b.visit();
    const cookie = b.jar.header()!;
    for (const headers of [{}, { [CSRF_HEADER]: 'not-the-token' }, { [CSRF_HEADER]: '' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login.php', headers: { cookie, ...headers }, payload: DEMO });
      expect(res.statusCode).toBe(403);
      expect(ErrorResponseSchema.parse(res.json()).error).toBe('csrf');
    }
    // Without any csrf cookie the header alone proves nothing.
    const bare = await t.app.inject({ method: 'POST', url: '/api/login.php', headers: { [CSRF_HEADER]: 'x' }, payload: DEMO });
    expect(bare.statusCode).toBe(403);
    expect(bare.cookies.find((c) => c.name === CSRF_COOKIE)?.value).toMatch(/^[\w-]{43}$/);
  });

  it('rotates the session: the cookie of the previous login stops working', async () => {
    const b = await loggedIn();
    const first = b.jar.get(SESSION_COOKIE)!;
    expect((await userWith(first))?.email).toBe(DEMO.email);
    await b.api.login(DEMO);
    const second = b.jar.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    expect(await userWith(first)).toBeNull();
    expect((await userWith(second))?.email).toBe(DEMO.email);
  });

  it('stores only a hash of the session token', async () => {
    const b = await loggedIn();
    const sid = b.jar.get(SESSION_COOKIE)!;
    const { rows } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === sid)).toBe(false);
  });

  it('a stale session cookie does not stand in the way of logging in', async () => {
    const b = browser(t.app);
    await b.visit();
    b.jar.cookies.set(SESSION_COOKIE, 'A'.repeat(43));
    await b.api.login(DEMO);
    expect(b.jar.get(SESSION_COOKIE)).not.toBe('A'.repeat(43));
    expect((await b.api.getUser()).user?.email).toBe(DEMO.email);
  });

  it('a session opened on one site is not valid on another', async () => {
    const b = await loggedIn('localhost');
    const sid = b.jar.get(SESSION_COOKIE)!;
    expect(await userWith(sid, 'localhost')).not.toBeNull();
    expect(await userWith(sid, 'velvet.localhost')).toBeNull();
  });

  it('works on a site that shares the member pool of another', async () => {
    const b = await loggedIn('velvet.localhost');
    expect((await b.api.getUser()).user?.email).toBe(DEMO.email);
  });

  it('binds the CSRF token to the session: a planted csrf cookie does not pass', async () => {
    const b = await loggedIn();
    const sid = b.jar.get(SESSION_COOKIE)!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: { cookie: `${SESSION_COOKIE}=${sid}; ${CSRF_COOKIE}=planted`, [CSRF_HEADER]: 'planted' },
      payload: DEMO,
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets a member created later log in with the password they chose', async () => {
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM sites WHERE template_name = 'amora'`);
    await createMember(t.db, {
      siteId: rows[0]!.id,
      email: 'new.member@gmail.com',
      passwordHash: await hashPassword('s3cret-enough'),
      name: 'Nieuw',
    });
    const b = browser(t.app);
    await b.visit();
    const { user } = await b.api.login({ email: 'new.member@gmail.com', password: 's3cret-enough' });
    expect(user.mailprovider).toBe(2);
    expect(user.profile.date_of_birth).toBe('0000-00-00');
    expect(user.profile.age).toBeNull();
  });
});

describe('GET /api/logout.php', () => {
  it('answers "done", destroys the session and the old cookie no longer works', async () => {
    const b = await loggedIn();
    const sid = b.jar.get(SESSION_COOKIE)!;
    expect(await b.api.logout()).toBe('done');
    expect(b.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await userWith(sid)).toBeNull();
    expect((await b.api.getUser()).user).toBeNull();
  });

  it('answers "done" when nobody is logged in', async () => {
    const b = browser(t.app);
    expect(await b.api.logout()).toBe('done');
    const res = await t.app.inject({ method: 'GET', url: '/api/logout.php' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toBe('"done"');
  });
});

describe('the browser client of @dating/shared', () => {
  it('gets an ApiError with the server message for a wrong password', async () => {
    const b = browser(t.app);
    await b.visit();
    const err = await b.api.login({ email: DEMO.email, password: 'nope' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Email or password is incorrect' });
  });
});
