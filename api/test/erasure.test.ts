import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { backgroundSettled } from '../src/account/background';
import { memberTables } from '../src/account/erase';
import { imagesDir } from '../src/images/store';
import { startTestApi, type TestApi } from './helpers';
import { addMember, memberBrowser, PASSWORD } from './social-helpers';

/** After DELETE /api/user.php nothing of the member is left in any file of the data folder. */
let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 180_000);
afterAll(() => t.close());

/** Every file under a folder (the embedded database's heap, index, TOAST and WAL files, and the photos). */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** The files (relative to the data folder) holding any of the byte strings. */
function filesHolding(markers: Buffer[]): string[] {
  return filesUnder(t.config.dataDir)
    .filter((file) => {
      const bytes = fs.readFileSync(file);
      return markers.some((m) => bytes.includes(m));
    })
    .map((file) => path.relative(t.config.dataDir, file));
}

const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

describe('account deletion reaches storage', () => {
  it("a deleted member's name, notes, message and photo are in no file of the data folder", async () => {
    const marker = `Qz${letters(12)}`;
    const a = await memberBrowser(t.app, t.db, { name: marker, credits: 10_000 });
    await a.api.updateUser({ profile: { personal: `About me: ${marker} likes long walks.` } });
    const other = await addMember(t.db);
    await a.api.sendMessage({ profile: other.id }, `Hello from ${marker}`);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa3366' } })
      .composite([{ input: Buffer.from(`<svg width="400" height="300"><text x="20" y="150" font-size="40">${marker}</text></svg>`), top: 0, left: 0 }])
      .jpeg()
      .toBuffer();
    const { image } = await a.api.uploadProfileImage(new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
    const { rows: files } = await t.db.query<{ filename: string }>('SELECT filename FROM images WHERE id = $1', [image.id]);
    const stored = [files[0]!.filename, image.thumb_filename].map((name) => path.join(imagesDir(t.config), name.slice(0, 2), name));
    // The photo's bytes as stored (every size): a slice from the middle of each file is its marker.
    const photoMarkers = stored.map((file) => {
      const bytes = fs.readFileSync(file);
      return bytes.subarray(bytes.length >> 1, (bytes.length >> 1) + 48);
    });
    const markers = [Buffer.from(marker), ...photoMarkers];
    await t.db.exec('CHECKPOINT'); // the rows are on disk, as they would be on a server running a while
    if (t.db.engine === 'pglite') expect(filesHolding(markers).length).toBeGreaterThan(0);

    expect(await a.api.deleteAccount(PASSWORD)).toBe('done');
    await backgroundSettled(t.app);

    for (const file of stored) expect(fs.existsSync(file)).toBe(false);
    // A PostgreSQL server's files are not ours to read: there the rows are vacuumed (README "Erasure").
    if (t.db.engine === 'pglite') expect(filesHolding(markers)).toEqual([]);
  }, 120_000);

  it('a member who had credits can delete their account; the ledger stays append-only for everyone else', async () => {
    const a = await memberBrowser(t.app, t.db, { credits: 50 });
    await expect(t.db.query('DELETE FROM credit_ledger WHERE member_id = $1', [a.member.id])).rejects.toThrow(/append-only/);
    expect(await a.api.deleteAccount(PASSWORD)).toBe('done');
    const { rows } = await t.db.query('SELECT 1 FROM credit_ledger WHERE member_id = $1', [a.member.id]);
    expect(rows).toHaveLength(0);
  });

  it('a member who sent a complaint and reported a member can delete the account, and what they wrote goes with it', async () => {
    const marker = `Qz${letters(12)}`;
    const a = await memberBrowser(t.app, t.db);
    const other = await addMember(t.db);
    await a.api.complain({ category: 'payment', description: `My payment did not arrive, ${marker}`, language: 'en' });
    await a.api.report({ profile: other.id, category: 'spam', text: `Sends links, ${marker}` });
    const { rows: before } = await t.db.query('SELECT 1 FROM complaints WHERE description LIKE $1', [`%${marker}%`]);
    expect(before).toHaveLength(2);
    const { rows: notices } = await t.db.query(`SELECT 1 FROM outbox WHERE kind = 'complaint_notice' AND text_body LIKE $1`, [`%${marker}%`]);
    expect(notices).toHaveLength(2);

    expect(await a.api.deleteAccount(PASSWORD)).toBe('done');
    const { rows: after } = await t.db.query('SELECT 1 FROM complaints WHERE description LIKE $1', [`%${marker}%`]);
    expect(after).toHaveLength(0);
    // Nor in a mail kept in the outbox: the confirmation to the member and the notices to support.
    const { rows: mails } = await t.db.query('SELECT kind FROM outbox WHERE text_body LIKE $1', [`%${marker}%`]);
    expect(mails).toEqual([]);
  });

  it('the tables rewritten are the members table and every table that can hold a member row', async () => {
    const tables = await memberTables(t.db);
    for (const name of ['members', 'sessions', 'images', 'likes', 'conversations', 'messages', 'outbox']) {
      expect(tables).toContain(`public.${name}`);
    }
    expect(tables).not.toContain('public.sites');
  });
});
