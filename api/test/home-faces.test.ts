// The faces on a visitor's home (GET /api/home_faces.php, src/content): members of the site's target
// group with an approved, non-Premium photo, chosen as the landers choose theirs; public facts only.
import { HomeFacesResponseSchema } from '@dating/shared';
import { browser, startTestApi, type TestApi } from './helpers';
import { addMember } from './social-helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

let serial = 0;
/** A member seen just now (so first in the order) with a main photo in the given state. */
async function withPhoto(name: string, photo: { visibility?: string; premiumOnly?: boolean; formats?: string[] } = {}, fields: Parameters<typeof addMember>[1] = {}) {
  const m = await addMember(t.db, { name, ...fields });
  await t.db.query('UPDATE members SET last_seen_at = now() WHERE id = $1', [m.id]);
  const base = (++serial).toString(16).padStart(30, '0');
  await t.db.query(
    `INSERT INTO images (member_id, filename, thumb_filename, is_main, width, height, formats, visibility, premium_only)
     VALUES ($1, $2, $3, true, 900, 600, $4, $5, $6)`,
    [m.id, `${base}aa.jpg`, `${base}bb_t.jpg`, photo.formats ?? ['webp'], photo.visibility ?? 'visible', photo.premiumOnly ?? false],
  );
  return m;
}

describe('GET /api/home_faces.php', () => {
  it('shows members with an approved public photo, first name and age only; never hidden, sanctioned, unconfirmed, deleted, elsewhere or photo-less members', async () => {
    const shown = [await withPhoto('Visible Anna'), await withPhoto('Visible Old Photo', { formats: [] })];
    const notShown = [
      await withPhoto('Held Photo', { visibility: 'held' }),
      await withPhoto('Rejected Photo', { visibility: 'rejected' }),
      await withPhoto('Premium Photo', { premiumOnly: true }),
      await withPhoto('Suspended', {}, { status: 'suspended' }),
      await withPhoto('Banned', {}, { status: 'banned' }),
      await withPhoto('Restricted', {}, { status: 'restricted' }),
      await withPhoto('Unconfirmed', {}, { status: 'not_confirmed' }),
      await withPhoto('Deleted', {}, { status: 'deleted' }),
      await withPhoto('Elsewhere', {}, { country: 'JP', countryregion: null, city: 'Tokyo' }),
    ];
    const photoless = await addMember(t.db, { name: 'No Photo' });
    await t.db.query('UPDATE members SET last_seen_at = now() WHERE id = $1', [photoless.id]);

    const { fetch } = browser(t.app);
    const res = await fetch('/api/home_faces.php');
    expect(res.status).toBe(200);
    const text = await res.text();
    const { members } = HomeFacesResponseSchema.parse(JSON.parse(text));
    const ids = members.map((m) => m.id);
    for (const m of shown) expect(ids).toContain(m.id);
    for (const m of [...notShown, photoless]) expect(ids).not.toContain(m.id);
    expect(members.length).toBeLessThanOrEqual(12);
    // Nothing finer than first name and age: no place, no text, no coordinates, no date of birth.
    expect(Object.keys(members[0]!).sort()).toEqual(['age', 'fictional', 'id', 'main_image', 'name']);
    expect(text).not.toMatch(/Utrecht|latitude|longitude|email|date_of_birth|personal|city/);
    const anna = members.find((m) => m.id === shown[0]!.id)!;
    expect(anna).toMatchObject({ name: 'Visible Anna', age: expect.any(Number), main_image: { formats: ['webp'], large: { width: 900, height: 600 } } });
    expect(members.find((m) => m.id === shown[1]!.id)!.main_image.formats).toBeUndefined();
  });

  it('is the same for every visitor, and needs no login on a site whose visitors may not search', async () => {
    const a = await (browser(t.app).fetch('/api/home_faces.php')).then((r) => r.json());
    const velvet = await browser(t.app, 'velvet.localhost').fetch('/api/home_faces.php');
    expect(velvet.status).toBe(200);
    expect(a).toEqual(await browser(t.app).fetch('/api/home_faces.php').then((r) => r.json()));
  });
});
