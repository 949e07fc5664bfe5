import { LOCALES } from '@dating/shared';
import { DEMO_DOMAIN, seedDemo, seedDemoPhotos } from '../src/seed/demo';
import { browser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
let seeded: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  t = await startTestApi();
  seeded = await seedDemo(t.db, { members: 400 });
}, 60_000);
afterAll(() => t.close());

const demoLogin = async () => {
  const b = browser(t.app);
  await b.visit();
  await b.api.login({ email: 'demo@example.com', password: 'demo1234' });
  return b;
};

describe('demo data', () => {
  it('seeds the members once: a second run changes nothing', async () => {
    expect(seeded).toMatchObject({ seeded: true, members: 400 });
    console.log(`seedDemo: 400 members with likes and conversations in ${seeded.ms} ms`);
    expect(await seedDemo(t.db, { members: 400 })).toMatchObject({ seeded: false, members: 0 });
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE email LIKE $1', [`%@${DEMO_DOMAIN}`]);
    expect(rows[0]!.n).toBe(400);
  });

  it('spreads them over the seven languages, in cities and regions the site offers, adults all', async () => {
    const { settings } = await browser(t.app).api.getSettings();
    const { rows } = await t.db.query<{ language: string; country: string; countryregion: string; age: number; personal: string; name: string }>(
      `SELECT language, country, countryregion, extract(year FROM age(date_of_birth))::int AS age, personal, name
         FROM members WHERE email LIKE $1`,
      [`%@${DEMO_DOMAIN}`],
    );
    expect(new Set(rows.map((r) => r.language))).toEqual(new Set(LOCALES));
    for (const r of rows) {
      expect(settings.countries).toContain(r.country);
      expect(settings.region_data[r.country]!.map((x) => x.name)).toContain(r.countryregion);
      expect(r.age).toBeGreaterThanOrEqual(18);
      expect(r.personal.length).toBeGreaterThan(10);
      expect(r.personal).not.toMatch(/\{[abc]|\{city/);
    }
    expect(new Set(rows.map((r) => r.name)).size).toBeGreaterThan(150);
  });

  it('answer the "about you" questions with values the catalogue allows, most of them all six', async () => {
    const { rows: allowed } = await t.db.query<{ field: string; value: string }>('SELECT field, value FROM profile_field_values');
    const ok = new Set(allowed.map((r) => `${r.field}.${r.value}`));
    const { rows } = await t.db.query<{ profile_fields: Record<string, string> }>('SELECT profile_fields FROM members WHERE email LIKE $1', [
      `%@${DEMO_DOMAIN}`,
    ]);
    for (const r of rows) for (const [f, v] of Object.entries(r.profile_fields)) expect(ok).toContain(`${f}.${v}`);
    const complete = rows.filter((r) => Object.keys(r.profile_fields).length === 6).length;
    expect(complete / rows.length).toBeGreaterThan(0.3);
    expect(rows.filter((r) => Object.keys(r.profile_fields).length === 0).length / rows.length).toBeLessThan(0.05);
  });

  it('gives the demo member new likes, conversations with unread messages and credits', async () => {
    const b = await demoLogin();
    const likes = await b.api.likes();
    expect(likes.liked_by.filter((p) => p.like_new).length).toBeGreaterThanOrEqual(3);
    expect(likes.profiles.length).toBeGreaterThan(0);
    const { chats } = await b.api.chats();
    expect(chats.length).toBeGreaterThanOrEqual(3);
    expect(chats.filter((c) => c.num_unread_messages > 0).length).toBeGreaterThanOrEqual(2);
    const { user } = await b.api.getUser();
    expect(user!.credits).toBeGreaterThanOrEqual(1000);
    const { notifications } = await b.api.notifications();
    expect(notifications.some((n) => n.type === 'message' && !n.read)).toBe(true);
    // The demo member can answer right away.
    const withUnread = chats.find((c) => c.num_unread_messages > 0)!;
    expect((await b.api.sendMessage(withUnread.conversation.id, 'Hi!')).message.msg).toBe('Hi!');
  });

  it('makes them findable: search counts them', async () => {
    const b = await demoLogin();
    const res = await b.api.search({ searchAllCountries: true });
    expect(res.paging.num_results).toBeGreaterThan(350);
  });

  it('gives photos through the photo pipeline, newest members first, and resumes where it stopped', async () => {
    const first = await seedDemoPhotos(t.db, { limit: 4 });
    expect(first.photos).toBe(4);
    console.log(`seedDemoPhotos: ${(first.ms / 4).toFixed(1)} ms per photo`);
    const { profiles } = await browser(t.app).api.search({ searchAllCountries: true, pp: 48 });
    const withPhoto = profiles.filter((p) => p.main_image);
    expect(withPhoto.length).toBeGreaterThanOrEqual(3);
    const thumb = withPhoto[0]!.main_image!.thumb_filename;
    const res = await t.app.inject({ method: 'GET', url: `/api/images/${thumb}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/jpeg/);
    // The portraits have their WebP variants too, and their size (for srcset).
    expect(withPhoto[0]!.main_image).toMatchObject({ formats: ['webp'], large: { width: 400, height: 400 } });
    const webp = await t.app.inject({ method: 'GET', url: `/api/images/${thumb.replace(/\.jpg$/, '.webp')}` });
    expect([webp.statusCode, webp.headers['content-type']]).toEqual([200, 'image/webp']);
    const again = await seedDemoPhotos(t.db, { limit: 4 });
    expect(again.photos).toBe(4);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(DISTINCT member_id)::int AS n FROM images');
    expect(rows[0]!.n).toBeGreaterThanOrEqual(8);
  });
});
