import { CSRF_COOKIE, ErrorResponseSchema, XcamsResponseSchema } from '@dating/shared';
import { browser, startTestApi, type TestApi } from './helpers';
import { GARBAGE, memberBrowser } from './social-helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
/** A member who may see webcam tiles: not paying, signed up five days ago. */
const regular = () => memberBrowser(t.app, t.db, { signupDate: new Date(Date.now() - 5 * DAY) });

describe('GET /api/xcams/search.php', () => {
  it('answers webcams from the partner catalogue, online ones first, filtered by gender and age', async () => {
    const b = await regular();
    const all = await b.api.xcams({});
    const cams = Object.values(all.cams);
    expect(cams.length).toBeGreaterThan(0);
    for (const [account, cam] of Object.entries(all.cams)) expect(cam.account).toBe(account);
    const online = cams.map((c) => c.online);
    expect(online).toEqual([...online].sort((a, b) => Number(b) - Number(a)));
    const { rows } = await t.db.query<{ account: string }>(
      `SELECT account FROM cam_models WHERE gender = 'male' AND age BETWEEN 25 AND 40 ORDER BY online DESC, account`,
    );
    const men = await b.api.xcams({ gender: 'male', min_age: 25, max_age: 40 });
    expect(Object.keys(men.cams)).toEqual(rows.map((r) => r.account));
    for (const cam of Object.values(men.cams)) expect(cam.age).toBeGreaterThanOrEqual(25);
  });

  it('answers no webcams to paying members, to members of less than 4 days, and on sites without cams', async () => {
    const paying = await memberBrowser(t.app, t.db, { paidUser: true, signupDate: new Date(Date.now() - 30 * DAY) });
    expect(await paying.api.xcams({})).toEqual({ cams: {} });
    const fresh = await memberBrowser(t.app, t.db, { signupDate: new Date(Date.now() - 3 * DAY) });
    expect(await fresh.api.xcams({})).toEqual({ cams: {} });
    const b = await regular();
    await t.db.query(`UPDATE sites SET settings = settings || '{"member_resell": []}'::jsonb WHERE template_name = 'amora'`);
    try {
      expect(await b.api.xcams({})).toEqual({ cams: {} });
    } finally {
      await t.db.query(`UPDATE sites SET settings = settings || '{"member_resell": ["cams"]}'::jsonb WHERE template_name = 'amora'`);
    }
  });

  it('is a 403 for visitors and a 400 naming the field on bad filters', async () => {
    await expect(browser(t.app).api.xcams({})).rejects.toMatchObject({ status: 403 });
    const b = await regular();
    for (const [query, field] of [['gender=x', 'gender'], ['min_age=17', 'min_age'], ['min_age=50&max_age=20', 'max_age']]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/xcams/search.php?${query}`, headers: { cookie: b.jar.header()! } });
      expect(res.statusCode).toBe(400);
      expect(ErrorResponseSchema.parse(res.json()).field).toBe(field);
    }
    for (const value of GARBAGE) {
      for (const param of ['gender', 'min_age', 'max_age']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/xcams/search.php?${param}=${encodeURIComponent(String(value))}`,
          headers: { cookie: b.jar.header()! },
        });
        expect([200, 400]).toContain(res.statusCode);
        if (res.statusCode === 200) XcamsResponseSchema.parse(res.json());
      }
    }
  });

  it('tiles have a picture: a generated SVG that cannot run scripts', async () => {
    const b = await regular();
    const [cam] = Object.values((await b.api.xcams({})).cams);
    const res = await t.app.inject({ method: 'GET', url: cam!.thumb });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).not.toMatch(/<script|on\w+=/i);
    expect((await t.app.inject({ method: 'GET', url: '/api/xcams/thumb.php?account=nobody' })).statusCode).toBe(404);
  });
});

describe('GET /api/xcams/redirect.php', () => {
  it('sends the browser to the partner page of that webcam (302)', async () => {
    const { rows } = await t.db.query<{ account: string; partner_url: string }>('SELECT account, partner_url FROM cam_models LIMIT 1');
    const res = await t.app.inject({ method: 'GET', url: `/api/xcams/redirect.php?account=${rows[0]!.account}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(rows[0]!.partner_url);
  });

  it('is a 404 for an unknown account and a 400 naming account for a malformed one, never an open redirect', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/xcams/redirect.php?account=nobody' })).statusCode).toBe(404);
    for (const account of ['', 'https://evil.example', '//evil.example', 'A B', 'x'.repeat(65)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/xcams/redirect.php?account=${encodeURIComponent(account)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'account' });
      expect(res.headers.location).toBeUndefined();
    }
  });
});

describe('GET /api/resellpartner.php', () => {
  it('redirects a flow of the site to its partner (302), or answers its URL with redirect=0', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/resellpartner.php?flow=cams' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/partner\.example\.com\//);
    expect(await browser(t.app).api.resellPartner('cams')).toEqual({ url: res.headers.location });
  });

  it('is a 400 naming flow for a flow the site does not offer or nobody configured', async () => {
    // camads is configured, but amora's member_resell offers only cams; velvet offers both.
    for (const url of ['/api/resellpartner.php?flow=camads', '/api/resellpartner.php?flow=unknown', '/api/resellpartner.php',
      '/api/resellpartner.php?flow=../x', '/api/resellpartner.php?flow=cams&redirect=perhaps']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toMatch(/^(flow|redirect)$/);
    }
    const velvet = await t.app.inject({ method: 'GET', url: '/api/resellpartner.php?flow=camads', headers: { 'x-original-host': 'velvet.localhost' } });
    expect(velvet.statusCode).toBe(302);
  });
});

describe('POST /api/page-hidden.php (beacon)', () => {
  const lastSeen = async (id: number) =>
    (await t.db.query<{ last_seen_at: Date | null }>('SELECT last_seen_at FROM members WHERE id = $1', [id])).rows[0]!.last_seen_at;

  it('takes a text/plain beacon without a CSRF header (sendBeacon sends none): 204, the member was last seen now', async () => {
    const b = await regular();
    expect(await lastSeen(b.member.id)).toBeNull();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { cookie: b.jar.header()!, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ path: '/members' }),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await lastSeen(b.member.id)).not.toBeNull();
  });

  it('answers 204 to visitors and to any body or type, changing nothing else; huge bodies are 413', async () => {
    const v = browser(t.app);
    await v.visit();
    const bodies: [string | undefined, string | undefined][] = [
      [undefined, undefined], ['text/plain', ''], ['text/plain', 'garbage \u0000'], ['application/json', '{"broken'],
      ['application/json', '{"__proto__": {"x": 1}}'], ['application/x-www-form-urlencoded', 'a=1&b=2'],
      ['multipart/form-data; boundary=x', '--x--'], ['image/png', 'PNG'],
    ];
    for (const [type, payload] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/page-hidden.php',
        headers: { cookie: `${CSRF_COOKIE}=${v.jar.get(CSRF_COOKIE)}`, ...(type ? { 'content-type': type } : {}) },
        payload,
      });
      expect(res.statusCode).toBe(204);
    }
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(10_000),
    });
    expect(big.statusCode).toBe(413);
  });

  it('stays the only social call without CSRF: a like without the header is still refused', async () => {
    const b = await regular();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/likes.php',
      headers: { cookie: b.jar.header()!, 'content-type': 'text/plain' },
      payload: '{"profile": 1}',
    });
    expect(res.statusCode).toBe(403);
  });
});
