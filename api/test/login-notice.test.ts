import { mailsTo, signedUp } from './account-helpers';
import { browser, FIREFOX_WINDOWS, loginFrom, startTestApi, type TestApi } from './helpers';

/** Login notifications by mail on a new device. */
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 180_000);
afterAll(() => t.close());

/** Logs in from Firefox on Windows in browser `b` (a fresh one unless given) and answers it. */
async function login(email: string, password: string, b = browser(t.app)) {
  const done = await loginFrom(t.app, email, password, FIREFOX_WINDOWS, b);
  lastCookies = done.cookies;
  return done.b;
}
let lastCookies: { name: string; value: string; httpOnly?: boolean }[] = [];

const notices = async (email: string) => (await mailsTo(t.db, email)).filter((m) => m.kind === 'login_notice');

describe('login notification', () => {
  it('a login from a device the member never used is mailed to them, in their language, naming the browser and the way to the sessions list', async () => {
    const a = await signedUp(t, { language: 'de' });
    const email = a.request.email as string;
    expect(await notices(email)).toHaveLength(0); // signing up is not news

    await login(email, a.password);
    const [mail, ...more] = await notices(email);
    expect(more).toHaveLength(0);
    expect(mail!.language).toBe('de');
    expect(mail!.subject).toContain('Neue Anmeldung');
    expect(mail!.text_body).toContain('Firefox (Windows)');
    expect(mail!.text_body).toMatch(/https?:\/\/[^\s]+\/profile\b/);
    expect(mail!.text_body).toContain('UTC');
  });

  it('logging in again on a device the member already used sends nothing', async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    // The signup browser itself: its device cookie is known.
    await login(email, a.password, a);
    expect(await notices(email)).toHaveLength(0);

    const laptop = await login(email, a.password);
    expect(await notices(email)).toHaveLength(1);
    await laptop.api.logout();
    await login(email, a.password, laptop); // the same laptop, after logging out
    expect(await notices(email)).toHaveLength(1);
  });

  it('a failed login on a new device sends nothing (no mail for a wrong password)', async () => {
    const a = await signedUp(t);
    const email = a.request.email as string;
    const b = browser(t.app);
    await b.visit();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: b.headers(),
      payload: { email, password: 'not the password' },
    });
    expect(res.statusCode).toBe(401);
    expect(await notices(email)).toHaveLength(0);
  });

  it("the device cookie is HttpOnly and its value is never stored (only a digest)", async () => {
    const a = await signedUp(t);
    const laptop = await login(a.request.email as string, a.password);
    const device = laptop.jar.get('device');
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(lastCookies.find((c) => c.name === 'device')?.httpOnly).toBe(true);
    const { rows } = await t.db.query<{ device_hash: string }>('SELECT device_hash FROM member_devices WHERE member_id = $1', [a.user.profile.id]);
    expect(rows.length).toBe(2);
    expect(rows.map((r) => r.device_hash)).not.toContain(device);
  });
});
