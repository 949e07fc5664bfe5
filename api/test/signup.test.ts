import { ApiError, ErrorResponseSchema, type SignupRequest } from '@dating/shared';
import { SESSION_COOKIE } from '../src/session/session';
import { mailsTo, linkIn, signedUp, signupRequest, uniqueEmail } from './account-helpers';
import { failure, browser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

async function memberRow(email: string) {
  const { rows } = await t.db.query<Record<string, unknown>>(
    `SELECT m.*, s.trafficsource, s.referrer, s.form_path, s.user_agent, s.browser_hash, s.referring_profile_id
       FROM members m LEFT JOIN member_signups s ON s.member_id = m.id WHERE lower(m.email) = lower($1)`,
    [email],
  );
  return rows;
}

/** The error of a call that must fail. */

/** POST user.php?new=1 with a raw body (what a script, not the client, would send). */
async function rawSignup(body: unknown, host = 'localhost:8080') {
  const b = browser(t.app, host);
  await b.visit();
  return t.app.inject({
    method: 'POST',
    url: '/api/user.php?new=1',
    headers: { ...b.headers(), 'x-original-host': host },
    payload: body as object,
  });
}

describe('signup: POST /api/user.php?new=1', () => {
  it('creates a not yet confirmed member with the whole payload, logs them in and queues the activation mail', async () => {
    const b = browser(t.app);
    await b.visit();
    const email = uniqueEmail('Robin.Signup');
    const { user } = await b.api.signup({
      email: `  ${email.toUpperCase()} `,
      name: 'Robin',
      password: 'a good passphrase',
      adult: true,
      language: 'en',
      timezone: 'Europe/Amsterdam',
      country: 'NL',
      trafficsource: { network: 'affiliate', ref: 'r1', sub1: 's1' },
      form_path: '/signup',
      referrer: 'https://search.example/?q=dating',
      csrf: 'browser-hash-123',
      n: 'Mozilla/5.0 (test)',
    });
    expect(user).toMatchObject({ email: email.toLowerCase(), mailprovider: 0, paid_user: false, credits: 0 });
    expect(user.profile).toMatchObject({ name: 'Robin', country: 'NL', language: 'en', lastSignupStep: 1, images: [] });
    expect(b.jar.get(SESSION_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await b.api.getUser()).user?.email).toBe(email.toLowerCase());

    const [row] = await memberRow(email);
    expect(row).toMatchObject({
      status: 'not_confirmed',
      timezone: 'Europe/Amsterdam',
      trafficsource: { network: 'affiliate', ref: 'r1', sub1: 's1' },
      referrer: 'https://search.example/?q=dating',
      form_path: '/signup',
      user_agent: 'Mozilla/5.0 (test)',
      browser_hash: 'browser-hash-123',
      referring_profile_id: null,
    });
    expect(String(row!.password_hash)).toMatch(/^scrypt\$/);
    expect(JSON.stringify(row)).not.toContain('a good passphrase');

    const mails = await mailsTo(t.db, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'activation', language: 'en', sent_at: null });
    expect(mails[0]!.subject).toBe('Confirm your email address for Amora');
    const link = linkIn(mails[0]!);
    expect(link.origin).toBe('http://localhost:8080');
    expect(link.pathname).toBe('/api/activate.php');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('marks gmail and googlemail addresses with mailprovider 2', async () => {
    for (const domain of ['gmail.com', 'googlemail.com']) {
      const { user } = await signedUp(t, { email: `robin.${Date.now()}.${domain.length}@${domain}` });
      expect(user.mailprovider).toBe(2);
    }
  });

  it('keeps the member whose page the signup started from, and drops an id that is no member', async () => {
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM members WHERE email = 'sanne.devries@example.com'");
    const sanne = rows[0]!.id;
    const a = await signedUp(t, { profile: sanne, form_path: `/members/${sanne}/signup` });
    expect((await memberRow(a.request.email as string))[0]!.referring_profile_id).toBe(sanne);
    const b = await signedUp(t, { profile: 987_654 });
    expect((await memberRow(b.request.email as string))[0]!.referring_profile_id).toBeNull();
  });

  it("writes the activation mail in the member's language", async () => {
    const de = await signedUp(t, { language: 'de', country: 'DE' });
    const [mail] = await mailsTo(t.db, de.request.email as string);
    expect(mail!.subject).toBe('Bestätige deine E-Mail-Adresse für Amora');
    expect(mail!.text_body).toContain('Hallo Robin,');
    const pl = await signedUp(t, { language: 'pl', country: 'PL' });
    expect((await mailsTo(t.db, pl.request.email as string))[0]!.subject).toBe('Potwierdź swój adres e-mail w serwisie Amora');
  });

  it("links the mail to the site's own host, never to a host nobody registered", async () => {
    const velvet = await signedUp(t, { language: 'nl' }, 'velvet.localhost:8080');
    const [mail] = await mailsTo(t.db, velvet.request.email as string);
    expect(linkIn(mail!).origin).toBe('http://velvet.localhost:8080');
    expect(mail!.subject).toBe('Bevestig je e-mailadres voor Velvet');

    const stranger = await signedUp(t, {}, 'attacker.example:8080');
    expect(linkIn((await mailsTo(t.db, stranger.request.email as string))[0]!).origin).toBe('http://localhost');
  });

  it('makes one account per address: signing up again (in any case) fails with one answer that names no status', async () => {
    const first = await signedUp(t);
    const email = first.request.email as string;
    const again = await failure(signedUp(t, { email: email.toUpperCase() }));
    const demo = await failure(signedUp(t, { email: 'demo@example.com' }));
    for (const err of [again, demo]) {
      expect({ status: err.status, code: err.code, field: err.field }).toEqual({ status: 400, code: 'signup_failed', field: 'email' });
    }
    expect(again.message).toBe(demo.message);
    expect(await memberRow(email)).toHaveLength(1);
  });

  it('makes exactly one account of five signups with one address at the same time', async () => {
    const email = uniqueEmail('race');
    const browsers = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const b = browser(t.app);
        await b.visit();
        return b;
      }),
    );
    const results = await Promise.allSettled(browsers.map((b) => b.api.signup(signupRequest({ email }))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as ApiError).code).toBe('signup_failed');
    expect(await memberRow(email)).toHaveLength(1);
    expect(await mailsTo(t.db, email)).toHaveLength(1);
  });

  it('accepts the token validate_email gave for the address, and refuses one for another address', async () => {
    const b = browser(t.app);
    await b.visit();
    const email = uniqueEmail('token');
    const { token } = await b.api.validateEmail(email);
    expect((await b.api.signup(signupRequest({ email, token }))).user.email).toBe(email);
    const other = await b.api.validateEmail(uniqueEmail('other'));
    const err = await failure(b.api.signup(signupRequest({ token: other.token })));
    expect({ status: err.status, field: err.field }).toEqual({ status: 400, field: 'token' });
  });

  it('replaces the session of a member who was logged in', async () => {
    const a = await signedUp(t);
    const before = a.jar.get(SESSION_COOKIE);
    const { user } = await a.api.signup(signupRequest());
    expect(a.jar.get(SESSION_COOKIE)).not.toBe(before);
    expect((await a.api.getUser()).user?.email).toBe(user.email);
  });

  const rules: [string, Partial<SignupRequest> | Record<string, unknown>, string, RegExp | null][] = [
    ['an invalid address', { email: 'not-an-address' }, 'email', /^validation\.email_invalid$/],
    ['an empty name', { name: '   ' }, 'name', /required/],
    ['a name starting with @', { name: '@robin' }, 'name', /signup\.name_starts_with_at/],
    ['a name equal to the address', { email: 'same@example.org', name: 'Same@Example.org' }, 'name', /signup\.name_equal_to_email/],
    ['a name of more than 150 characters', { name: 'x'.repeat(151) }, 'name', null],
    ['a name with a line break', { name: 'Robin\nClick http://evil.example' }, 'name', /control characters/],
    ['an empty password', { password: '' }, 'password', /required/],
    ['a language the site does not offer', { language: 'xx' }, 'language', null],
    ['a country the site does not serve', { country: 'JP' }, 'country', /not a country of this site/],
    ['a country in lower case', { country: 'nl' }, 'country', null],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, 'timezone', /time zone/],
    ['a made-up validate_email token', { token: '1700000000.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, 'token', null],
    ['a profile that is not a number', { profile: 'abc' }, 'profile', null],
    ['tracking values that are not text', { trafficsource: { network: 42 } }, 'trafficsource.network', null],
    ['a user agent of more than 1000 characters', { n: 'x'.repeat(1001) }, 'n', null],
  ];
  it.each(rules)('refuses %s with a 400 naming the field', async (_name, override, field, message) => {
    const res = await rawSignup({ ...signupRequest(), ...override });
    expect(res.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.field).toBe(field);
    if (message) expect(body.message).toMatch(message);
  });

  it.each([
    ['without it', undefined],
    ['when it is false', false],
    ['when it is the text "true"', 'true'],
  ])('creates no account without the confirmation of being 18 or older (%s): a 400 naming `adult`, in the member’s words', async (_name, adult) => {
    const request = { ...signupRequest(), adult };
    const res = await rawSignup(request);
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json())).toMatchObject({ error: 'invalid_input', field: 'adult', message: 'signup.adult_required' });
    expect(await memberRow(request.email)).toEqual([]);
  });

  it('records when the visitor confirmed being 18 or older with the account', async () => {
    const request = signupRequest();
    const before = Date.now();
    const res = await rawSignup(request);
    expect(res.statusCode).toBe(200);
    const [row] = await memberRow(request.email);
    expect(new Date(row!.adult_confirmed_at as string).getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('refuses a language that exists but that this site does not offer', async () => {
    const res = await rawSignup({ ...signupRequest({ language: 'pl', country: 'NL' }) }, 'velvet.localhost');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'language' });
  });

  it('refuses every signup on a site that is invitation only, and without a network where signups need a traffic source', async () => {
    await t.db.query("UPDATE sites SET signups = 'other' WHERE template_name = 'velvet'");
    try {
      const closed = await rawSignup(signupRequest({ language: 'nl' }), 'velvet.localhost');
      expect(closed.statusCode).toBe(403);
      expect(closed.json()).toMatchObject({ error: 'signups_closed' });
      await t.db.query("UPDATE sites SET signups = 'with_trafficsource' WHERE template_name = 'velvet'");
      const without = await rawSignup(signupRequest({ language: 'nl' }), 'velvet.localhost');
      expect(without.statusCode).toBe(403);
      const withNetwork = await rawSignup(signupRequest({ language: 'nl', trafficsource: { network: 'partner' } }), 'velvet.localhost');
      expect(withNetwork.statusCode).toBe(200);
    } finally {
      await t.db.query("UPDATE sites SET signups = 'all' WHERE template_name = 'velvet'");
    }
  });

  it('needs ?new=1 or ?push=1', async () => {
    const b = browser(t.app);
    await b.visit();
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: b.headers(),
      payload: signupRequest(),
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ field: 'new' });
  });
});

describe('GET /api/validate_email.php', () => {
  it('answers new for an unknown address, with a token and the normalized address', async () => {
    const b = browser(t.app);
    const raw = `  ${uniqueEmail('Fresh').toUpperCase()} `;
    const answer = await b.api.validateEmail(raw);
    expect(answer).toMatchObject({ status: 'new', email: raw.trim().toLowerCase(), request_email: raw });
    expect(answer.token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
  });

  it('answers active for a confirmed member, in any case, on every site of the member pool', async () => {
    expect((await browser(t.app).api.validateEmail('Demo@Example.com')).status).toBe('active');
    expect((await browser(t.app, 'velvet.localhost').api.validateEmail('demo@example.com')).status).toBe('active');
  });

  it('answers not_confirmed after signup and deleted after the account is deleted', async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    expect((await a.api.validateEmail(email)).status).toBe('not_confirmed');
    await a.api.deleteAccount(a.password);
    expect((await a.api.validateEmail(email)).status).toBe('deleted');
    const err = await failure(signedUp(t, { email }));
    expect(err.code).toBe('signup_failed');
  });

  it.each(['nope', '', 'a@b', '@example.com', 'x'.repeat(240) + '@e'])('answers invalid for %j, without a token', async (email) => {
    const answer = await browser(t.app).api.validateEmail(email);
    expect(answer).toMatchObject({ status: 'invalid', token: '' });
  });

  it('is a 400 naming email without one', async () => {
    for (const url of ['/api/validate_email.php', '/api/validate_email.php?email=a&email=b', `/api/validate_email.php?email=${'x'.repeat(300)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'email' });
    }
  });
});

describe('push subscription: POST /api/user.php?push=1', () => {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc123',
    expirationTime: null,
    keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'authsecret' },
  };

  it('needs a member: 403 when logged out', async () => {
    const b = browser(t.app);
    await b.visit();
    const err = await failure(b.api.subscribePush(subscription));
    expect({ status: err.status, code: err.code }).toEqual({ status: 403, code: 'login_required' });
  });

  it('stores the subscription of the member', async () => {
    const a = await signedUp(t);
    expect(await a.api.subscribePush(subscription)).toEqual({ subscribed: true });
    const { rows } = await t.db.query<{ member_id: number; endpoint: string }>(
      'SELECT member_id, endpoint FROM push_subscriptions WHERE endpoint = $1',
      [subscription.endpoint],
    );
    expect(rows).toEqual([{ member_id: a.user.profile.id, endpoint: subscription.endpoint }]);
  });

  it('refuses a subscription without keys with a 400 naming the field', async () => {
    const a = await signedUp(t);
    const err = await failure(a.api.subscribePush({ ...subscription, keys: { p256dh: '', auth: 'x' } }));
    expect({ status: err.status, field: err.field }).toEqual({ status: 400, field: 'keys.p256dh' });
    const bad = await failure(a.api.subscribePush({ ...subscription, endpoint: 'not a url' }));
    expect(bad.field).toBe('endpoint');
  });

  it('takes only https push endpoints in production', async () => {
    const prod = await t.appWith({ production: true });
    const b = browser(prod);
    await b.visit();
    await b.api.signup(signupRequest());
    const err = await failure(b.api.subscribePush({ ...subscription, endpoint: 'http://127.0.0.1:9/push' }));
    expect({ status: err.status, field: err.field }).toEqual({ status: 400, field: 'endpoint' });
  });
});
