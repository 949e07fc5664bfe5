// The WebP backfill of photos stored before WebP variants were made (src/images/backfill.ts,
// docs/photos.md). On PGlite, and on PostgreSQL with TEST_DATABASE_URL (where two rounds run at once
// on two connections, as two API processes would).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { photoVariant } from '@dating/shared';
import { backfillWebp, webpBackfillStatus, type BackfillLog } from '../src/images/backfill';
import { parseS3Url, S3ImageStore } from '../src/images/s3';
import { S3Sandbox } from '../src/images/s3-sandbox';
import { FsImageStore, imagesDir, type ImageStore } from '../src/images/store';
import { signedUp } from './account-helpers';
import { startTestApi, type TestApi } from './helpers';

let t: TestApi;
let files: FsImageStore;
beforeAll(async () => {
  t = await startTestApi();
  files = new FsImageStore(imagesDir(t.config));
}, 60_000);
afterAll(() => t.close());

const blob = (data: Buffer) => new Blob([new Uint8Array(data)], { type: 'image/jpeg' });
const get = (name: string) => t.app.inject({ method: 'GET', url: `/api/images/${name}` });

/** A camera photo with EXIF (camera, GPS) and XMP, as a member might upload it. */
const cameraJpeg = (background: string) =>
  sharp({ create: { width: 700, height: 500, channels: 3, background } })
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 1/1' } })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">SecretPlace</x:xmpmeta>')
    .jpeg()
    .toBuffer();

/** Puts metadata back into a stored JPEG, as files written by older versions might have it. */
const withMetadata = (jpeg: Buffer) => sharp(jpeg).withExif({ IFD0: { Make: 'PhoneMaker' } }).withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">SecretPlace</x:xmpmeta>').jpeg().toBuffer();

/** A member's photo as it was stored before WebP and sizes were recorded: JPEGs only, no formats, no size. */
async function oldPhoto(store: ImageStore = files) {
  const a = await signedUp(t);
  const { image } = await a.api.uploadProfileImage(blob(await cameraJpeg('#a05030')), 'old.jpg');
  const names = [image.large!.filename, image.thumb_filename];
  await t.db.query("UPDATE images SET formats = '{}', width = NULL, height = NULL WHERE id = $1", [image.id]);
  for (const name of names) {
    const jpeg = (await files.get(name))!;
    await files.delete(photoVariant(name, 'webp'));
    await store.put(name, await withMetadata(jpeg));
  }
  return { id: image.id, large: names[0]!, thumb: names[1]!, names, owner: a };
}

const row = async (id: number) =>
  (await t.db.query<{ formats: string[]; width: number | null; height: number | null; backfill_error: string | null }>(
    'SELECT formats, width, height, backfill_error FROM images WHERE id = $1',
    [id],
  )).rows[0]!;

/** Rounds until one finds nothing to do; answers what they did. */
async function backfillAll(store: ImageStore = files, log?: BackfillLog) {
  let converted = 0;
  const skipped: { id: number; error: string }[] = [];
  for (;;) {
    const r = await backfillWebp(t.db, store, { log });
    converted += r.converted;
    skipped.push(...r.skipped);
    if (!r.converted && !r.skipped.length) return { converted, skipped };
  }
}

describe('WebP backfill', () => {
  it('gives old photos their WebP (no metadata, the JPEG’s size), lists the format, serves it; a second run does nothing', async () => {
    await backfillAll(); // anything the template left
    const photos = [await oldPhoto(), await oldPhoto(), await oldPhoto()];
    expect((await webpBackfillStatus(t.db)).pending).toBe(3);
    for (const p of photos) expect((await get(photoVariant(p.thumb, 'webp'))).statusCode).toBe(404);

    const first = await backfillAll();
    expect(first).toEqual({ converted: 3, skipped: [] });
    expect(await webpBackfillStatus(t.db)).toEqual({ pending: 0, failed: 0 });
    for (const p of photos) {
      expect(await row(p.id)).toMatchObject({ formats: ['webp'], width: 700, height: 500 });
      for (const name of p.names) {
        const res = await get(photoVariant(name, 'webp'));
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        const [w, j] = await Promise.all([sharp(res.rawPayload).metadata(), sharp((await files.get(name))!).metadata()]);
        expect(w.format).toBe('webp');
        expect([w.width, w.height]).toEqual([j.width, j.height]);
        expect(w.exif).toBeUndefined();
        expect(w.xmp).toBeUndefined();
        for (const word of ['PhoneMaker', 'SecretPlace']) expect(res.rawPayload.includes(Buffer.from(word))).toBe(false);
      }
    }
    // The profile now offers the WebP and the large version's size.
    const { user } = await photos[0]!.owner.api.getUser();
    expect(user!.profile.main_image).toMatchObject({ formats: ['webp'], large: { width: 700, height: 500 } });

    const written = fs.statSync(path.join(imagesDir(t.config), photos[0]!.thumb.slice(0, 2), photoVariant(photos[0]!.thumb, 'webp'))).mtimeMs;
    expect(await backfillAll()).toEqual({ converted: 0, skipped: [] });
    expect(fs.statSync(path.join(imagesDir(t.config), photos[0]!.thumb.slice(0, 2), photoVariant(photos[0]!.thumb, 'webp'))).mtimeMs).toBe(written);
  });

  it('a photo whose JPEG is missing from the store is skipped and reported once, not tried again; the others go on', async () => {
    const gone = await oldPhoto();
    const fine = await oldPhoto();
    await files.delete(gone.thumb);
    const warnings: object[] = [];
    const log = { info: () => {}, error: () => {}, warn: (o: object) => warnings.push(o) };
    const first = await backfillAll(files, log);
    expect(first.converted).toBe(1);
    expect(first.skipped).toEqual([{ id: gone.id, error: `${gone.thumb} is not in the image store` }]);
    expect(warnings).toEqual([{ image: gone.id, err: `${gone.thumb} is not in the image store` }]);
    expect(await row(gone.id)).toMatchObject({ formats: [], backfill_error: `${gone.thumb} is not in the image store` });
    expect((await row(fine.id)).formats).toEqual(['webp']);
    // No half: the large version's WebP was not written either.
    expect(await files.get(photoVariant(gone.large, 'webp'))).toBeNull();
    expect(await webpBackfillStatus(t.db)).toEqual({ pending: 0, failed: 1 });

    expect(await backfillAll(files, log)).toEqual({ converted: 0, skipped: [] });
    expect(warnings).toHaveLength(1);
  });

  it('a stored file that is not a decodable JPEG is skipped with the reason', async () => {
    const broken = await oldPhoto();
    await files.put(broken.large, Buffer.from('not a photo at all'));
    const r = await backfillAll();
    expect(r.skipped).toEqual([{ id: broken.id, error: expect.stringMatching(new RegExp(`^${broken.large} cannot be decoded`)) }]);
    expect((await row(broken.id)).formats).toEqual([]);
  });

  it('two rounds at once (two API processes) never convert the same photo', async () => {
    const photos = await Promise.all([1, 2, 3, 4, 5, 6].map(() => oldPhoto()));
    const puts: string[] = [];
    const counting: ImageStore = {
      get: (n) => files.get(n),
      delete: (n) => files.delete(n),
      put: (n, d) => {
        puts.push(n);
        return files.put(n, d);
      },
    };
    const rounds = await Promise.all([backfillWebp(t.db, counting, { limit: 4 }), backfillWebp(t.db, counting, { limit: 4 })]);
    const rest = await backfillAll(counting);
    expect(rounds[0]!.converted + rounds[1]!.converted + rest.converted).toBe(6);
    // Each photo's two WebP files written exactly once.
    const expected = photos.flatMap((p) => p.names.map((n) => photoVariant(n, 'webp')));
    expect([...puts].sort()).toEqual([...expected].sort());
  });

  it('works through the object-storage client (S3_URL) as through files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-backfill-s3-'));
    const sandbox = new S3Sandbox(dir, 'photos');
    await sandbox.start();
    const s3 = new S3ImageStore(parseS3Url(sandbox.url));
    try {
      const p = await oldPhoto(s3);
      expect(await backfillAll(s3)).toEqual({ converted: 1, skipped: [] });
      for (const name of p.names) expect((await sharp((await s3.get(photoVariant(name, 'webp')))!).metadata()).format).toBe('webp');
      expect((await row(p.id)).formats).toEqual(['webp']);
    } finally {
      s3.close();
      await sandbox.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
