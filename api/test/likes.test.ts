import { CSRF_COOKIE, CSRF_HEADER, ErrorResponseSchema, LikesResponseSchema } from '@dating/shared';
import { browser, startTestApi, type TestApi } from './helpers';
import { addMember, GARBAGE_BODIES, memberBrowser, poolId } from './social-helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

/** A call with a raw body (and the browser's cookies and CSRF token). */
async function raw(b: Awaited<ReturnType<typeof memberBrowser>>, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: {
      cookie: b.jar.header()!,
      [CSRF_HEADER]: b.jar.get(CSRF_COOKIE)!,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

describe('likes', () => {
  it('a like shows on both sides: in my profiles, in their liked_by as new, and as liked in search and profile', async () => {
    const me = await memberBrowser(t.app, t.db, { name: 'Liker' });
    const them = await memberBrowser(t.app, t.db, { name: 'Liked' });
    expect(await me.api.like(them.member.id)).toEqual({ liked: true, match: false });
    expect((await me.api.likes()).profiles.map((p) => p.id)).toEqual([them.member.id]);
    expect((await me.api.profile(them.member.id)).profile.liked).toBe(true);
    const theirs = await them.api.likes();
    expect(theirs.liked_by).toEqual([expect.objectContaining({ id: me.member.id, name: 'Liker', like_new: true, liked: false })]);
    const found = await me.api.search({ searchAllCountries: true, pp: 48 });
    expect(found.profiles.filter((p) => p.liked).map((p) => p.id)).toEqual([them.member.id]);
  });

  it('liking twice is one like; unliking removes it, also from the notifications of the liked member', async () => {
    const me = await memberBrowser(t.app, t.db);
    const them = await memberBrowser(t.app, t.db);
    await me.api.like(them.member.id);
    await me.api.like(them.member.id);
    expect((await them.api.likes()).liked_by).toHaveLength(1);
    expect((await them.api.notifications()).notifications.filter((n) => n.type === 'like')).toHaveLength(1);
    expect(await me.api.unlike(them.member.id)).toEqual({ liked: false });
    expect((await me.api.likes()).profiles).toEqual([]);
    expect((await them.api.likes()).liked_by).toEqual([]);
    expect((await them.api.notifications()).notifications).toEqual([]);
    expect(await me.api.unlike(them.member.id)).toEqual({ liked: false }); // nothing left to unlike
  });

  it('DELETE takes the profile from the query as well as from the body', async () => {
    const me = await memberBrowser(t.app, t.db);
    const them = await addMember(t.db);
    await me.api.like(them.id);
    const res = await raw(me, 'DELETE', `/api/likes.php?profile=${them.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ liked: false });
    expect((await me.api.likes()).profiles).toEqual([]);
  });

  it('liked_by lists new likes first, then the newest', async () => {
    const me = await memberBrowser(t.app, t.db);
    const fans = [];
    for (let i = 0; i < 4; i++) {
      const fan = await memberBrowser(t.app, t.db, { name: `Fan ${i}` });
      await fan.api.like(me.member.id);
      fans.push(fan.member);
    }
    // Fan 0 and 2 are older news: their profiles have been opened.
    expect(await me.api.markLikeSeen(fans[0]!.id)).toEqual({ liked: false });
    await me.api.markLikeSeen(fans[2]!.id);
    const { liked_by } = await me.api.likes();
    expect(liked_by.map((p) => [p.name, p.like_new])).toEqual([
      ['Fan 3', true],
      ['Fan 1', true],
      ['Fan 2', false],
      ['Fan 0', false],
    ]);
    const read = (await me.api.notifications()).notifications.filter((n) => n.read).map((n) => n.profile?.id);
    expect(read.sort()).toEqual([fans[0]!.id, fans[2]!.id].sort());
  });

  it('liking back someone who liked me answers a match, once; a one-sided or repeated like is no match', async () => {
    const me = await memberBrowser(t.app, t.db, { name: 'Mara' });
    const fan = await memberBrowser(t.app, t.db, { name: 'Anna' });
    expect(await fan.api.like(me.member.id)).toEqual({ liked: true, match: false });
    expect(await me.api.like(fan.member.id)).toEqual({ liked: true, match: true });
    // Liking again is the same like, not a new match.
    expect(await me.api.like(fan.member.id)).toEqual({ liked: true, match: false });
    // Taken back and given again: a match again (both like each other once more).
    await me.api.unlike(fan.member.id);
    expect(await me.api.like(fan.member.id)).toEqual({ liked: true, match: true });
    // The other way round, after the fan takes the like back: no match until both like.
    await fan.api.unlike(me.member.id);
    expect(await fan.api.like(me.member.id)).toEqual({ liked: true, match: true });
  });

  it('a match with a blocked member is impossible: the like itself is refused', async () => {
    const me = await memberBrowser(t.app, t.db);
    const fan = await memberBrowser(t.app, t.db);
    await fan.api.like(me.member.id);
    await me.api.block(fan.member.id);
    await expect(me.api.like(fan.member.id)).rejects.toMatchObject({ status: 403 });
  });

  it('PUT answers whether I like them back', async () => {
    const me = await memberBrowser(t.app, t.db);
    const fan = await memberBrowser(t.app, t.db);
    await fan.api.like(me.member.id);
    await me.api.like(fan.member.id);
    expect(await me.api.markLikeSeen(fan.member.id)).toEqual({ liked: true });
  });

  it('liking yourself is a 400 naming profile; an unknown, deleted or other-pool member a 404', async () => {
    const me = await memberBrowser(t.app, t.db);
    await expect(me.api.like(me.member.id)).rejects.toMatchObject({ status: 400, field: 'profile' });
    const gone = await addMember(t.db, { status: 'deleted' });
    await t.db.query(`INSERT INTO sites (template_name, name, domain_language, languages, signups, flags, theme, company, settings)
                      SELECT 'elsewhere', name, domain_language, languages, signups, flags, theme, company, settings
                        FROM sites WHERE template_name = 'amora'`);
    const other = await addMember(t.db, { siteId: await poolId(t.db, 'elsewhere') });
    for (const id of [2_000_000_000, gone.id, other.id]) {
      await expect(me.api.like(id)).rejects.toMatchObject({ status: 404 });
    }
    expect((await me.api.likes()).profiles).toEqual([]);
  });

  it('nobody can unlike in someone else’s name: DELETE only ever removes my own like', async () => {
    const a = await memberBrowser(t.app, t.db);
    const b = await memberBrowser(t.app, t.db);
    const c = await addMember(t.db);
    await b.api.like(c.id);
    await a.api.unlike(c.id);
    const res = await raw(a, 'DELETE', '/api/likes.php', { profile: c.id, member: b.member.id });
    expect(res.statusCode).toBe(200);
    expect((await b.api.likes()).profiles.map((p) => p.id)).toEqual([c.id]);
  });

  it('a member who is deleted drops out of the lists', async () => {
    const me = await memberBrowser(t.app, t.db);
    const fan = await memberBrowser(t.app, t.db);
    await fan.api.like(me.member.id);
    await me.api.like(fan.member.id);
    await t.db.query(`UPDATE members SET status = 'deleted' WHERE id = $1`, [fan.member.id]);
    expect(await me.api.likes()).toEqual({ profiles: [], liked_by: [] });
  });

  it('answers 403 to every likes call when logged out (spec §8)', async () => {
    const b = browser(t.app);
    await b.visit();
    await expect(b.api.likes()).rejects.toMatchObject({ status: 403, code: 'login_required' });
    await expect(b.api.like(1)).rejects.toMatchObject({ status: 403 });
    await expect(b.api.unlike(1)).rejects.toMatchObject({ status: 403 });
    await expect(b.api.markLikeSeen(1)).rejects.toMatchObject({ status: 403 });
  });

  it('state-changing likes calls need the CSRF token', async () => {
    const me = await memberBrowser(t.app, t.db);
    const them = await addMember(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/likes.php',
      headers: { cookie: me.jar.header()!, 'content-type': 'application/json' },
      payload: JSON.stringify({ profile: them.id }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('csrf');
  });

  it('bad bodies are 400s naming the field, never 5xx', async () => {
    const me = await memberBrowser(t.app, t.db);
    const bad = await raw(me, 'POST', '/api/likes.php', { profile: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(bad.json()).field).toBe('profile');
    const seen = await raw(me, 'PUT', '/api/likes.php', { profile: 5, like_new: true });
    expect(seen.json()).toMatchObject({ field: 'like_new' });
    for (const body of [...GARBAGE_BODIES, { profile: 2147483648 }]) {
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        const res = await raw(me, method, '/api/likes.php', body);
        expect([200, 400, 404]).toContain(res.statusCode);
      }
    }
    for (const payload of ['{', '{"__proto__": {"x": 1}}', 'profile=1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/likes.php',
        headers: { ...me.headers(), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    LikesResponseSchema.parse(await me.api.likes());
  });
});
