import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS } from '../src/http/ratelimit';
import { browser, failure, startTestApi, type TestApi } from './helpers';
import { addMember, loginAs, memberBrowser, openConversation, type TestMember } from './social-helpers';

let t: TestApi;
let active: TestMember;
let neverActivated: TestMember;
beforeAll(async () => {
  t = await startTestApi();
  active = await addMember(t.db, { name: 'Ilse' });
  neverActivated = await addMember(t.db, { name: 'Kees', status: 'not_confirmed' });
}, 60_000);
afterAll(() => t.close());

const visitor = async (host?: string) => {
  const b = browser(t.app, host);
  await b.visit();
  return b;
};

describe('profiles follow the visibility of search', () => {
  it('a visitor reads profiles only where the site lets visitors search', async () => {
    // amora: logged_out_search on.
    expect((await (await visitor()).api.profile(active.id)).profile.name).toBe('Ilse');
    // velvet (same members): logged_out_search off, on for visitors with a traffic source.
    const v = await visitor('velvet.localhost');
    const err = await failure(v.api.profile(active.id));
    expect({ status: err.status, code: err.code }).toEqual({ status: 403, code: 'login_required' });
    expect((await v.api.profile(active.id, { trafficsource: 'newsletter' })).profile.name).toBe('Ilse');
    // A member logged in on velvet reads it.
    const m = await addMember(t.db);
    expect((await (await loginAs(t.app, m, 'velvet.localhost')).api.profile(active.id)).profile.name).toBe('Ilse');
  });

  it('a member who never activated is invisible to visitors and strangers, visible to whom they already know', async () => {
    const notFound = async (p: Promise<unknown>) => (await failure(p)).status;
    expect(await notFound((await visitor()).api.profile(neverActivated.id))).toBe(404);
    const stranger = await memberBrowser(t.app, t.db);
    expect(await notFound(stranger.api.profile(neverActivated.id))).toBe(404);
    // The same answer as for an id nobody has: no enumeration.
    expect(await notFound(stranger.api.profile(2_000_000_000))).toBe(404);
    // Somebody they wrote to (a conversation) and somebody they liked still see them.
    const contact = await memberBrowser(t.app, t.db);
    await openConversation(t.db, neverActivated.id, contact.member.id);
    expect((await contact.api.profile(neverActivated.id)).profile.name).toBe('Kees');
    const liked = await memberBrowser(t.app, t.db);
    await t.db.query('INSERT INTO likes (member_id, liked_id) VALUES ($1, $2)', [neverActivated.id, liked.member.id]);
    expect((await liked.api.profile(neverActivated.id)).profile.name).toBe('Kees');
    // And they see themselves.
    const noor = await addMember(t.db, { name: 'Noor', status: 'not_confirmed' });
    expect((await (await loginAs(t.app, noor)).api.profile(noor.id)).profile.name).toBe('Noor');
  });

  it('a member who blocked the viewer is not found', async () => {
    const blocker = await memberBrowser(t.app, t.db, { name: 'Fleur' });
    const viewer = await memberBrowser(t.app, t.db);
    expect((await viewer.api.profile(blocker.member.id)).profile.name).toBe('Fleur');
    await blocker.api.block(viewer.member.id);
    expect((await failure(viewer.api.profile(blocker.member.id))).status).toBe(404);
  });

  it(`profile reads: ${RATE_LIMITS.profileRead.max} a minute per address, then 429; other addresses go on`, async () => {
    const limited: FastifyInstance = await t.appWith({ rateLimits: true });
    const read = (ip: string) => limited.inject({ method: 'GET', url: `/api/profile.php?id=${active.id}`, remoteAddress: ip });
    const codes: number[] = [];
    for (let i = 0; i < RATE_LIMITS.profileRead.max + 5; i++) codes.push((await read('198.51.100.7')).statusCode);
    expect(codes.slice(0, RATE_LIMITS.profileRead.max).every((c) => c === 200)).toBe(true);
    expect(codes.slice(RATE_LIMITS.profileRead.max)).toEqual([429, 429, 429, 429, 429]);
    expect((await read('198.51.100.8')).statusCode).toBe(200);
  });
});

describe('whole profiles: the "about you" answers, as the site shows them', () => {
  const ANSWERS = { relationship: 'single', looking_for: 'relationship', height: '170_179', eye_color: 'green', hair_color: 'brown', smoking: 'never' };

  it("another member's profile has the answers of the site's visible_profile_fields, in the site's order", async () => {
    const lieke = await memberBrowser(t.app, t.db, { name: 'Lieke', personal: 'Zeilen en zondagmarkten.' });
    await lieke.api.updateUser({ profile: { fields: ANSWERS } });
    const viewer = await memberBrowser(t.app, t.db);
    // amora shows all six and the notes.
    const onAmora = (await viewer.api.profile(lieke.member.id)).profile;
    expect(Object.entries(onAmora.fields ?? {})).toEqual([
      ['relationship', 'single'],
      ['looking_for', 'relationship'],
      ['height', '170_179'],
      ['eye_color', 'green'],
      ['hair_color', 'brown'],
      ['smoking', 'never'],
    ]);
    expect(onAmora.personal).toBe('Zeilen en zondagmarkten.');
    // velvet (same members) shows relationship, looking for and smoking, and no notes: nothing else leaves the server.
    const onVelvet = (await (await loginAs(t.app, viewer.member, 'velvet.localhost')).api.profile(lieke.member.id)).profile;
    expect(onVelvet.fields).toEqual({ relationship: 'single', looking_for: 'relationship', smoking: 'never' });
    expect(onVelvet.personal).toBe('');
    // A visitor reads the same profile as a member does.
    expect((await (await visitor()).api.profile(lieke.member.id)).profile.fields).toEqual(onAmora.fields);
  });

  it('a question the member skipped or cleared is left out', async () => {
    const bram = await memberBrowser(t.app, t.db, { name: 'Bram' });
    await bram.api.updateUser({ profile: { fields: { smoking: 'sometimes', height: '180_189' } } });
    await bram.api.updateUser({ profile: { fields: { height: '' } } });
    const viewer = await memberBrowser(t.app, t.db);
    expect((await viewer.api.profile(bram.member.id)).profile.fields).toEqual({ smoking: 'sometimes' });
  });
});
