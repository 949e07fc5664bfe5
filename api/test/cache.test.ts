/**
 * The API keeps sites, sessions and the polled answers (user.php, chats.php, likes.php,
 * settings.php) in memory (src/cache). These tests poll first, so that the answers are kept, then
 * change something through ANOTHER app on the same database (as a second API process would) or
 * straight in the database, and prove the next poll shows the change; and that no member or site
 * ever gets another's answer.
 */
import type { FastifyInstance } from 'fastify';
import { browser, startTestApi, type TestApi } from './helpers';
import { addMember, loginAs, memberBrowser, openConversation } from './social-helpers';

let t: TestApi;
/** A second API process on the same database. */
let other: FastifyInstance;
beforeAll(async () => {
  t = await startTestApi();
  other = await t.appWith({});
}, 60_000);
afterAll(() => t.close());

type B = Awaited<ReturnType<typeof memberBrowser>>;

/** The same browser (its cookies), talking to another API process. */
function through(app: FastifyInstance, b: Pick<B, 'jar'>, host?: string) {
  const c = browser(app, host);
  for (const [k, v] of b.jar.cookies) c.jar.cookies.set(k, v);
  return c.api;
}

/**
 * The next poll comes after the change has travelled: on PostgreSQL the announcement reaches the
 * other process a moment after the commit (on PGlite at once). Waiting for a marker sent after the
 * change is waiting for exactly that, not for a time.
 */
const travelled = () => Promise.all([t.app.cache.sync(), other.cache.sync()]);

describe('a change made through another API process shows on the next poll', () => {
  it('user.php: a new name and new credits', async () => {
    const a = await memberBrowser(t.app, t.db, { name: 'Anouk', credits: 100 });
    expect((await a.api.getUser()).user?.profile.name).toBe('Anouk');
    expect((await a.api.getUser()).user?.credits).toBe(100);

    await through(other, a).updateUser({ profile: { name: 'Anouk B' } });
    await travelled();
    expect((await a.api.getUser()).user?.profile.name).toBe('Anouk B');

    // Credits through the ledger, as a payment webhook or a script would add them.
    await t.db.query(`INSERT INTO credit_ledger (member_id, kind, amount, note) VALUES ($1, 'bonus', 50, 'test')`, [a.member.id]);
    await travelled();
    expect((await a.api.getUser()).user?.credits).toBe(150);
  });

  it('chats.php: a message sent through the other process, with its unread count; then read there', async () => {
    const a = await memberBrowser(t.app, t.db, { name: 'Aart', credits: 10_000 });
    const b = await memberBrowser(t.app, t.db, { name: 'Bente', credits: 10_000 });
    const { id } = await openConversation(t.db, a.member.id, b.member.id);
    expect((await b.api.chats()).chats).toEqual([]);

    await through(other, a).sendMessage(id, 'Hallo Bente');
    await travelled();
    const [chat] = (await b.api.chats()).chats;
    expect(chat).toMatchObject({ conversation: { id, last_message: 'Hallo Bente' }, num_unread_messages: 1, profile: { name: 'Aart' } });

    await through(other, b).markRead(id);
    await travelled();
    expect((await b.api.chats()).chats[0]?.num_unread_messages).toBe(0);
  });

  it('chats.php and likes.php: the other member renames, changes photo visibility or is deleted', async () => {
    const a = await memberBrowser(t.app, t.db, { name: 'Arend', credits: 10_000 });
    const b = await memberBrowser(t.app, t.db, { name: 'Berber', credits: 10_000 });
    const { id } = await openConversation(t.db, a.member.id, b.member.id);
    await b.api.sendMessage(id, 'Hoi');
    await b.api.like(a.member.id);
    expect((await a.api.chats()).chats[0]?.profile.name).toBe('Berber');
    expect((await a.api.likes()).liked_by.map((p) => p.name)).toEqual(['Berber']);

    await through(other, b).updateUser({ profile: { name: 'Berber V' } });
    await travelled();
    expect((await a.api.chats()).chats[0]?.profile.name).toBe('Berber V');
    expect((await a.api.likes()).liked_by.map((p) => p.name)).toEqual(['Berber V']);

    // Straight in the database (an operator's script): the member is gone.
    await t.db.query(`UPDATE members SET status = 'deleted' WHERE id = $1`, [b.member.id]);
    await travelled();
    expect((await a.api.chats()).chats).toEqual([]);
    expect((await a.api.likes()).liked_by).toEqual([]);
  });

  it('likes.php: a like and an unlike through the other process', async () => {
    const a = await memberBrowser(t.app, t.db, { name: 'Amber' });
    const b = await memberBrowser(t.app, t.db, { name: 'Boris' });
    expect((await a.api.likes()).liked_by).toEqual([]);
    expect((await b.api.likes()).profiles).toEqual([]);

    await through(other, b).like(a.member.id);
    await travelled();
    expect((await a.api.likes()).liked_by).toEqual([expect.objectContaining({ name: 'Boris', like_new: true })]);
    expect((await b.api.likes()).profiles).toEqual([expect.objectContaining({ name: 'Amber' })]);

    await through(other, b).unlike(a.member.id);
    await travelled();
    expect((await a.api.likes()).liked_by).toEqual([]);
  });

  it('a block made through the other process hides the pair from each other at once', async () => {
    const a = await memberBrowser(t.app, t.db, { name: 'Anton', credits: 10_000 });
    const b = await memberBrowser(t.app, t.db, { name: 'Bea', credits: 10_000 });
    const { id } = await openConversation(t.db, a.member.id, b.member.id);
    await a.api.sendMessage(id, 'Hoi Bea');
    expect((await b.api.chats()).chats).toHaveLength(1);

    await through(other, b).block(a.member.id);
    await travelled();
    expect((await b.api.chats()).chats).toEqual([]);
    expect((await a.api.chats()).chats).toEqual([]);
  });

  it('logging out through the other process ends the session here too', async () => {
    const a = await memberBrowser(t.app, t.db, { name: 'Annelies' });
    expect((await a.api.getUser()).user?.profile.name).toBe('Annelies');
    await a.api.chats();

    await through(other, a).logout();
    await travelled();
    // The same cookie, replayed: no member any more.
    expect((await a.api.getUser()).user).toBeNull();
    await expect(a.api.chats()).rejects.toMatchObject({ status: 403 });
  });

  it('a session deleted in the database (all sessions of a member ended) is no longer accepted', async () => {
    const a = await memberBrowser(t.app, t.db, {});
    await a.api.likes();
    await t.db.query('DELETE FROM sessions WHERE member_id = $1', [a.member.id]);
    await travelled();
    await expect(a.api.likes()).rejects.toMatchObject({ status: 403 });
  });

  it('settings.php: the operator renames the site and adds a host', async () => {
    const visitor = browser(t.app);
    const before = await visitor.api.getSettings();
    const name = before.settings.name;
    await t.db.query(`UPDATE sites SET name = $1 WHERE is_default`, [`${name} Renewed`]);
    await travelled();
    expect((await visitor.api.getSettings()).settings.name).toBe(`${name} Renewed`);

    // A host nobody registered answers the default site, until it is registered for velvet.
    const newHost = browser(t.app, 'new-brand.localhost');
    expect((await newHost.api.getSettings()).flags.templateName).toBe('amora');
    await t.db.query(`INSERT INTO site_hosts (host, site_id) SELECT 'new-brand.localhost', id FROM sites WHERE template_name = 'velvet'`);
    await travelled();
    expect((await newHost.api.getSettings()).flags.templateName).toBe('velvet');
    await t.db.query(`UPDATE sites SET name = $1 WHERE is_default`, [name]);
  });
});

describe('visitors\' searches', () => {
  const names = async (host?: string, query = {}) => (await browser(t.app, host).api.search(query)).profiles.map((p) => p.name);

  it('show a member who joins, a new name and a member who leaves, on the next search', async () => {
    const query = { country: 'NL', countryregion: 'Utrecht', gender: 'female' as const };
    const before = (await browser(t.app).api.search(query)).paging.num_results;
    await browser(t.app).api.search(query);
    // Joined through the other process's database connection (as a signup there would).
    const m = await addMember(t.db, { name: 'Newest Member', gender: 'female', country: 'NL', countryregion: 'Utrecht' });
    await travelled();
    const found = await browser(t.app).api.search(query);
    expect(found.paging.num_results).toBe(before + 1);
    expect(found.profiles[0]?.name).toBe('Newest Member');

    await through(other, await loginAs(other, m)).updateUser({ profile: { name: 'Renamed Member' } });
    await travelled();
    expect((await names(undefined, query))[0]).toBe('Renamed Member');

    await t.db.query(`UPDATE members SET status = 'deleted' WHERE id = $1`, [m.id]);
    await travelled();
    expect(await names(undefined, query)).not.toContain('Renamed Member');
    expect((await browser(t.app).api.search(query)).paging.num_results).toBe(before);
  });

  it("a member's search shows a block, a like and a Premium change made through the other process on the next search", async () => {
    const a = await memberBrowser(t.app, t.db, { name: 'Seeker', country: 'NL' });
    const liked = await addMember(t.db, { name: 'Soon Liked', country: 'NL' });
    const blocked = await addMember(t.db, { name: 'Soon Blocked', country: 'NL' });
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO images (member_id, filename, thumb_filename, is_main, premium_only)
       VALUES ($1, 'm.jpg', 'm_t.jpg', true, false), ($1, 'p.jpg', 'p_t.jpg', false, true) RETURNING id`,
      [liked.id],
    );
    await travelled();
    const q = { searchAllCountries: true, pp: 48 };
    const card = async (id: number) => (await a.api.search(q)).profiles.find((p) => p.id === id);
    expect(await card(blocked.id)).toBeDefined();
    expect((await card(liked.id))?.liked).toBe(false);
    expect((await card(liked.id))?.images.find((i) => i.id === rows[1]!.id)?.thumb_filename).toBe('');

    await through(other, a).block(blocked.id);
    await through(other, a).like(liked.id);
    await travelled();
    expect(await card(blocked.id)).toBeUndefined();
    expect((await card(liked.id))?.liked).toBe(true);

    await t.db.query('UPDATE members SET paid_user = true WHERE id = $1', [a.member.id]);
    await travelled();
    expect((await card(liked.id))?.images.find((i) => i.id === rows[1]!.id)?.thumb_filename).toBe('p_t.jpg');
  });

  it('a query nobody asked before shows the new name and photo of a member other searches listed before', async () => {
    // Profile rows are kept per member for every search that lists them (src/cache profileRowsOf).
    const m = await addMember(t.db, { name: 'Kept Row', gender: 'male', country: 'NL', countryregion: 'Limburg', dateOfBirth: '1991-04-04' });
    await travelled();
    const seen = async (app: FastifyInstance, query: object) =>
      (await browser(app).api.search({ country: 'NL', countryregion: 'Limburg', gender: 'male', ...query })).profiles.find((p) => p.id === m.id);
    expect((await seen(other, { min_age: 20 }))?.name).toBe('Kept Row');
    expect((await seen(t.app, { min_age: 21 }))?.name).toBe('Kept Row');

    await through(t.app, await loginAs(t.app, m)).updateUser({ profile: { name: 'Changed Row' } });
    await t.db.query(`INSERT INTO images (member_id, filename, thumb_filename, is_main) VALUES ($1, 'k.jpg', 'k_t.jpg', true)`, [m.id]);
    await travelled();
    for (const app of [other, t.app]) {
      const card = await seen(app, { min_age: 22, max_age: 60 });
      expect(card?.name).toBe('Changed Row');
      expect(card?.main_image).toEqual({ thumb_filename: 'k_t.jpg' });
    }
  });

  it('each site gets its own answer to the same query, and a member\'s own search is theirs', async () => {
    // One member pool; velvet searches only its own countries (no US), amora all of them.
    const american = await addMember(t.db, { name: 'Only In America', country: 'US', countryregion: null, city: 'Boston' });
    const query = { trafficsource: 'partner' }; // velvet lets visitors search who come with a traffic source
    for (let round = 0; round < 2; round++) {
      expect(await names('localhost:8080', query)).toContain('Only In America');
      expect(await names('velvet.localhost:8080', query)).not.toContain('Only In America');
    }
    // The member does not find themselves, where a visitor with the same query does.
    const me = await loginAs(t.app, american);
    expect((await me.api.search(query)).profiles.map((p) => p.id)).not.toContain(american.id);
    expect(await names('localhost:8080', query)).toContain('Only In America');
  });
});

describe('no member or site ever gets another one\'s answer', () => {
  it('members polling the same process each get their own user, chats and likes', async () => {
    const members = await Promise.all(
      ['Ada', 'Bo', 'Cas'].map((name) => memberBrowser(t.app, t.db, { name, credits: 1000 + name.length })),
    );
    const [ada, bo, cas] = members as [B, B, B];
    const { id } = await openConversation(t.db, ada.member.id, bo.member.id);
    await ada.api.sendMessage(id, 'Only for Bo');
    await cas.api.like(ada.member.id);
    for (let round = 0; round < 3; round++) {
      for (const m of members) {
        const { user } = await m.api.getUser();
        expect(user?.email).toBe(m.member.email);
        expect(user?.profile.id).toBe(m.member.id);
      }
      expect((await ada.api.chats()).chats.map((c) => c.profile.name)).toEqual(['Bo']);
      expect((await bo.api.chats()).chats.map((c) => c.profile.name)).toEqual(['Ada']);
      expect((await cas.api.chats()).chats).toEqual([]);
      expect((await ada.api.likes()).liked_by.map((p) => p.name)).toEqual(['Cas']);
      expect((await cas.api.likes()).profiles.map((p) => p.name)).toEqual(['Ada']);
      expect((await bo.api.likes())).toEqual({ profiles: [], liked_by: [] });
    }
  });

  it('sites: each host gets its own settings; a session of one site is nobody on another', async () => {
    const amora = browser(t.app, 'localhost:8080');
    const velvet = browser(t.app, 'velvet.localhost:8080');
    for (let round = 0; round < 2; round++) {
      expect((await amora.api.getSettings()).flags.templateName).toBe('amora');
      expect((await velvet.api.getSettings()).flags.templateName).toBe('velvet');
    }
    const m = await addMember(t.db, { name: 'Amora Member' });
    const logged = await loginAs(t.app, m);
    expect((await logged.api.getUser()).user?.profile.name).toBe('Amora Member');
    // The same cookie sent to velvet's host (a cached session must not carry over).
    expect((await through(t.app, logged, 'velvet.localhost:8080').getUser()).user).toBeNull();
    await expect(through(t.app, logged, 'velvet.localhost:8080').chats()).rejects.toMatchObject({ status: 403 });
    expect((await logged.api.getUser()).user?.profile.name).toBe('Amora Member');
  });

  it('a member\'s own change shows on their very next call, on the process that made it', async () => {
    const a = await memberBrowser(t.app, t.db, { name: 'Ilse' });
    await a.api.getUser();
    await a.api.updateUser({ profile: { name: 'Ilse K' } });
    expect((await a.api.getUser()).user?.profile.name).toBe('Ilse K');
  });
});

describe('the caches are used', () => {
  it('repeated polls are answered from memory until something changes', async () => {
    const a = await memberBrowser(t.app, t.db, { name: 'Hits' });
    await a.api.chats();
    const before = { ...t.app.cache.stats };
    for (let i = 0; i < 5; i++) await a.api.chats();
    expect(t.app.cache.stats.hits - before.hits).toBe(5);
    expect(t.app.cache.stats.misses - before.misses).toBe(0);
  });
});
