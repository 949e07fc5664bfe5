import { SessionsResponseSchema } from '@dating/shared';
import { signedUp } from './account-helpers';
import { browser, failure, FIREFOX_WINDOWS, loginFrom, SAFARI_IPHONE, startTestApi, type TestApi } from './helpers';

/** The sessions list on /profile and logging devices out. */
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 180_000);
afterAll(() => t.close());

/** A browser with its own User-Agent, logged in as a member. */
const device = async (email: string, password: string, userAgent: string) => (await loginFrom(t.app, email, password, userAgent)).b;

async function member() {
  const a = await signedUp(t);
  const email = a.request.email as string;
  const laptop = await device(email, a.password, FIREFOX_WINDOWS);
  const phone = await device(email, a.password, SAFARI_IPHONE);
  return { a, laptop, phone };
}

describe('GET /api/sessions.php', () => {
  it("lists the member's devices by browser and system, this one first, and no one else's", async () => {
    const { laptop } = await member();
    await member(); // someone else's sessions
    const { sessions } = SessionsResponseSchema.parse(await laptop.api.sessions());
    expect(sessions).toHaveLength(3); // signup's own session, the laptop, the phone
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Firefox', os: 'Windows' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.some((s) => s.browser === 'Safari' && s.os === 'iOS')).toBe(true);
    expect(Object.keys(sessions[0]!).sort()).toEqual(['browser', 'created_at', 'current', 'id', 'os']); // never the token
  });

  it('needs a member: 403 when logged out', async () => {
    const b = browser(t.app);
    await b.visit();
    expect((await failure(b.api.sessions())).status).toBe(403);
  });
});

describe('DELETE /api/sessions.php', () => {
  it('logs one device out by its id; the others stay logged in', async () => {
    const { a, laptop, phone } = await member();
    const { sessions } = await laptop.api.sessions();
    const iphone = sessions.find((s) => s.os === 'iOS')!;
    expect(await laptop.api.endSession(iphone.id)).toEqual({ ended: 1 });
    expect((await phone.api.getUser()).user).toBeNull();
    expect((await laptop.api.getUser()).user).not.toBeNull();
    expect((await a.api.getUser()).user).not.toBeNull();
  });

  it('"log out everywhere else" ends every session but this one', async () => {
    const { a, laptop, phone } = await member();
    expect(await laptop.api.endOtherSessions()).toEqual({ ended: 2 });
    expect((await phone.api.getUser()).user).toBeNull();
    expect((await a.api.getUser()).user).toBeNull();
    expect((await laptop.api.getUser()).user).not.toBeNull();
    expect((await laptop.api.sessions()).sessions).toHaveLength(1);
  });

  it("ending this device's own session logs it out", async () => {
    const { laptop } = await member();
    const mine = (await laptop.api.sessions()).sessions.find((s) => s.current)!;
    expect(await laptop.api.endSession(mine.id)).toEqual({ ended: 1 });
    expect((await laptop.api.getUser()).user).toBeNull();
  });

  it("another member's session answers 404, like an unknown one, and stays logged in", async () => {
    const { laptop } = await member();
    const other = await member();
    const theirs = (await other.laptop.api.sessions()).sessions[0]!;
    const err = await failure(laptop.api.endSession(theirs.id));
    expect({ status: err.status, field: err.field }).toEqual({ status: 404, field: 'id' });
    expect((await other.laptop.api.getUser()).user).not.toBeNull();
    expect((await failure(laptop.api.endSession(2_000_000_000))).status).toBe(404);
  });

  it('is a 400 naming id without one session or others: true', async () => {
    const { laptop } = await member();
    for (const payload of [{}, { id: 'x' }, { id: -1 }, { id: 1, others: true }, { others: false }]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: '/api/sessions.php',
        headers: laptop.headers(),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_input' });
    }
    expect((await laptop.api.getUser()).user).not.toBeNull();
  });

  it('needs a member: 403 when logged out', async () => {
    const b = browser(t.app);
    await b.visit();
    expect((await failure(b.api.endOtherSessions())).status).toBe(403);
  });
});
