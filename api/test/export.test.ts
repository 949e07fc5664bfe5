import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS } from '../src/http/ratelimit';
import { browser, startTestApi, type TestApi } from './helpers';
import { addMember, loginAs, memberBrowser } from './social-helpers';

/** GET /api/export.php: the member's data as a ZIP. */
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 180_000);
afterAll(() => t.close());

async function download(app: FastifyInstance, b: { jar: { header(): string | undefined } }) {
  const res = await app.inject({ method: 'GET', url: '/api/export.php', headers: { cookie: b.jar.header() ?? '' } });
  return res;
}

describe('GET /api/export.php', () => {
  it('holds the profile, notes, photos, likes, messages, payments and complaints of the member, and nobody else’s', async () => {
    const me = await memberBrowser(t.app, t.db, { name: 'Robin', credits: 100 });
    await me.api.updateUser({ profile: { personal: 'Loves jazz and long bike rides.' } });
    const sanne = await addMember(t.db, { name: 'Sanne' });
    const lotte = await addMember(t.db, { name: 'Lotte' });
    await me.api.like(sanne.id);
    await (await loginAs(t.app, lotte)).api.like(me.member.id);
    await me.api.sendMessage({ profile: sanne.id }, 'Hi Sanne, fancy a coffee?');
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#225588' } }).jpeg().toBuffer();
    const { image } = await me.api.uploadProfileImage(new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'me.jpg');
    await me.api.complain({ category: 'other', description: 'A profile asked me for money.', language: 'en' });
    const other = await memberBrowser(t.app, t.db, { name: 'Someone Else' });
    await other.api.updateUser({ profile: { personal: 'Not in Robin’s export.' } });

    const res = await download(t.app, me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-amora-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!));
    const profile = json('profile.json');
    expect(profile).toMatchObject({ name: 'Robin', personal: 'Loves jazz and long bike rides.', email: me.member.email });
    expect(profile).not.toHaveProperty('password_hash');
    expect(json('likes.json').given).toEqual([expect.objectContaining({ member: 'Sanne' })]);
    expect(json('likes.json').received).toEqual([expect.objectContaining({ member: 'Lotte' })]);
    expect(json('messages.json')).toEqual([
      expect.objectContaining({ with: 'Sanne', messages: [expect.objectContaining({ from: 'me', text: 'Hi Sanne, fancy a coffee?' })] }),
    ]);
    expect(json('payments.json').credits.length).toBeGreaterThan(0);
    expect(json('complaints.json')).toEqual([expect.objectContaining({ text: 'A profile asked me for money.' })]);
    const photo = Object.keys(files).find((f) => f.startsWith('photos/'))!;
    const { rows: large } = await t.db.query<{ filename: string }>('SELECT filename FROM images WHERE id = $1', [image.id]);
    expect(photo).toBe(`photos/${large[0]!.filename}`);
    expect((await sharp(Buffer.from(files[photo]!)).metadata()).format).toBe('jpeg');
    expect(JSON.stringify(json('profile.json'))).not.toContain('Not in Robin');
  }, 60_000);

  it('needs a member: 403 when logged out', async () => {
    const b = browser(t.app);
    await b.visit();
    const res = await download(t.app, b);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'login_required' });
  });

  it(`is limited to ${RATE_LIMITS.dataExport.max} an hour per member`, async () => {
    const limited = await t.appWith({ rateLimits: true });
    const me = await loginAs(limited, await addMember(t.db, { name: 'Kim' }));
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.dataExport.max; i++) codes.push((await download(limited, me)).statusCode);
    expect(codes).toEqual([...Array(RATE_LIMITS.dataExport.max).fill(200), 429]);
  });
});
