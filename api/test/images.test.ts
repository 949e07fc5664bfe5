import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { PROFILE_IMAGE_MAX_BYTES } from '@dating/shared';
import { imagesDir, MAX_IMAGES_PER_MEMBER, storeProfileImage } from '../src/images/store';
import { signedUp } from './account-helpers';
import { failure, browser, startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const blob = (data: Buffer, type = 'image/jpeg') => new Blob([new Uint8Array(data)], { type });

/** A JPEG as a phone makes it: EXIF with camera, time, orientation (rotated) and GPS position. */
async function phoneJpeg(width = 400, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', DateTime: '2024:05:01 12:00:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 1/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 2/1' },
    })
    .jpeg()
    .toBuffer();
}

const GPS_IFD_TAG = Buffer.from([0x25, 0x88]); // tag 0x8825 (GPS IFD pointer), little-endian

function storedFile(name: string): Buffer {
  return fs.readFileSync(path.join(imagesDir(t.config), name.slice(0, 2), name));
}

describe('POST /api/profileimage.php', () => {
  it('re-encodes a phone JPEG upright, without any EXIF, GPS or other metadata, as a thumbnail and a large version', async () => {
    const input = await phoneJpeg();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.exif?.includes(GPS_IFD_TAG)).toBe(true); // the test photo really carries a position
    expect(inMeta.orientation).toBe(6);

    const a = await signedUp(t);
    const answer = await a.api.uploadProfileImage(blob(input), 'holiday.jpg');
    expect(answer.image.thumb_filename).toMatch(/^[0-9a-f]{32}_t\.jpg$/);
    expect(answer.main_image.thumb_filename).toBe(answer.image.thumb_filename);

    const { rows } = await t.db.query<{ filename: string; thumb_filename: string; is_main: boolean }>(
      'SELECT filename, thumb_filename, is_main FROM images WHERE member_id = $1',
      [a.user.profile.id],
    );
    expect(rows).toEqual([{ filename: expect.stringMatching(/^[0-9a-f]{32}\.jpg$/), thumb_filename: answer.image.thumb_filename, is_main: true }]);
    // The large version's name is random on its own: not the thumbnail's without `_t`.
    expect(rows[0]!.filename).not.toBe(answer.image.thumb_filename.replace('_t', ''));
    for (const name of [rows[0]!.filename, rows[0]!.thumb_filename]) {
      const file = storedFile(name);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file.includes(Buffer.from('Exif'))).toBe(false);
      expect(file.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    const large = await sharp(storedFile(rows[0]!.filename)).metadata();
    expect([large.width, large.height]).toEqual([200, 400]); // turned by its orientation
    const thumb = await sharp(storedFile(rows[0]!.thumb_filename)).metadata();
    expect([thumb.width, thumb.height]).toEqual([320, 320]);

    const { user } = await a.api.getUser();
    // The large version is offered with its size (for srcset, and never shown larger than it is), and
    // the formats it is also stored in.
    const largeVersion = { filename: rows[0]!.filename, width: 200, height: 400 };
    expect(answer.image).toEqual({ id: answer.image.id, thumb_filename: answer.image.thumb_filename, large: largeVersion, formats: ['webp'] });
    expect(user?.profile.main_image).toEqual({ thumb_filename: answer.image.thumb_filename, large: largeVersion, formats: ['webp'] });
    expect(user?.profile.images).toEqual([answer.image]);
  });

  it('others see the large version and its size; a Premium-only photo reaches a viewer without Premium with no file at all', async () => {
    const a = await signedUp(t);
    const first = await a.api.uploadProfileImage(blob(await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366cc' } }).jpeg().toBuffer()), 'a.jpg');
    const second = await a.api.uploadProfileImage(blob(await phoneJpeg(500, 300)), 'b.jpg');
    await t.db.query('UPDATE images SET premium_only = true WHERE id = $1', [second.image.id]);
    await t.db.query("UPDATE members SET status = 'active' WHERE id = $1", [a.user.profile.id]);
    const viewer = await signedUp(t);
    const { images } = (await viewer.api.profile(a.user.profile.id)).profile;
    // Enlarged never: 1600×1200 becomes 1280×960.
    expect(images[0]).toEqual({
      id: first.image.id,
      thumb_filename: first.image.thumb_filename,
      large: { filename: expect.stringMatching(/^[0-9a-f]{32}\.jpg$/), width: 1280, height: 960 },
      formats: ['webp'],
    });
    expect(images[1]).toEqual({ id: second.image.id, thumb_filename: '', premium_only: true });
    // The file it names is served.
    const res = await t.app.inject({ method: 'GET', url: `/api/images/${images[0]!.large!.filename}` });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1280);
  });

  it('serves the photo under the cdn_prefix, cacheable for ever', async () => {
    const a = await signedUp(t);
    const { image } = await a.api.uploadProfileImage(blob(await phoneJpeg()), 'x.jpg');
    const { settings } = await a.api.getSettings();
    const res = await t.app.inject({ method: 'GET', url: `${settings.cdn_prefix}${image.thumb_filename}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
  });

  it('a photo made premium-only gets new file names, served only to its owner and Premium members (403 for others)', async () => {
    const owner = await signedUp(t);
    await owner.api.uploadProfileImage(blob(await phoneJpeg()), 'main.jpg');
    const { image } = await owner.api.uploadProfileImage(blob(await phoneJpeg()), 'beach.jpg');
    const before = (await t.db.query<{ filename: string }>('SELECT filename FROM images WHERE id = $1', [image.id])).rows[0]!.filename;
    const get = (name: string, b?: { jar: { header(): string | undefined } }) =>
      t.app.inject({ method: 'GET', url: `/api/images/${name}`, headers: b?.jar.header() ? { cookie: b.jar.header()! } : {} });
    expect((await get(image.thumb_filename)).statusCode).toBe(200);

    const flagged = await owner.api.setPhotoPremiumOnly(image.id, true);
    expect(flagged.thumb_filename).toMatch(/^[0-9a-f]{32}_t\.jpg$/);
    expect(flagged.thumb_filename).not.toBe(image.thumb_filename);
    const after = (await t.db.query<{ filename: string }>('SELECT filename FROM images WHERE id = $1', [image.id])).rows[0]!.filename;
    expect(after).not.toBe(before);
    // The names seen while it was public lead nowhere now.
    for (const old of [image.thumb_filename, before]) expect((await get(old)).statusCode).toBe(404);

    const visitor = browser(t.app);
    const free = await signedUp(t);
    const paid = await signedUp(t);
    await t.db.query('UPDATE members SET paid_user = true WHERE id = $1', [paid.user.profile.id]);
    for (const name of [flagged.thumb_filename, after]) {
      expect((await get(name)).statusCode).toBe(403);
      expect((await get(name, visitor)).statusCode).toBe(403);
      expect((await get(name, free)).statusCode).toBe(403);
      const own = await get(name, owner);
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, max-age=86400');
      expect((await get(name, paid)).statusCode).toBe(200);
    }
    expect((await owner.api.getUser()).user?.profile.images.find((i) => i.id === image.id)?.thumb_filename).toBe(flagged.thumb_filename);

    // Shared with everyone again: public under its (new) name.
    await owner.api.setPhotoPremiumOnly(image.id, false);
    expect((await get(flagged.thumb_filename, free)).statusCode).toBe(200);
  });

  it('serves only its own file names: no paths, no other files', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e%2fpglite', 'PG_VERSION', '0123456789abcdef0123456789abcdef.png', 'a'.repeat(32) + '.jpg']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/images/${name}` });
      expect({ name, status: res.statusCode }).toEqual({ name, status: 404 });
    }
  });

  it('takes a PNG by its content even when it is named .jpg, and flattens transparency', async () => {
    const png = await sharp({ create: { width: 120, height: 90, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const a = await signedUp(t);
    const { image } = await a.api.uploadProfileImage(blob(png, 'image/jpeg'), 'photo.jpg');
    const { rows } = await t.db.query<{ filename: string }>('SELECT filename FROM images WHERE id = $1', [image.id]);
    const meta = await sharp(storedFile(rows[0]!.filename)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.hasAlpha).toBe(false);
  });

  it('refuses a text file named .png, whatever its declared type, with a 400 naming file', async () => {
    const a = await signedUp(t);
    const err = await failure(a.api.uploadProfileImage(blob(Buffer.from('just some text, not a photo'), 'image/png'), 'photo.png'));
    expect({ status: err.status, code: err.code, field: err.field }).toEqual({ status: 400, code: 'invalid_image', field: 'file' });
    expect(err.message).toMatch(/PNG and JPEG/);
  });

  it('refuses a GIF, a WebP, a cut-off JPEG and a tiny image', async () => {
    const a = await signedUp(t);
    const gif = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } }).gif().toBuffer();
    const webp = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } }).webp().toBuffer();
    const jpeg = await phoneJpeg();
    const tiny = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    for (const data of [gif, webp, jpeg.subarray(0, 600), tiny]) {
      const err = await failure(a.api.uploadProfileImage(blob(data), 'photo.jpg'));
      expect({ status: err.status, field: err.field }).toEqual({ status: 400, field: 'file' });
    }
    expect((await a.api.getUser()).user?.profile.images).toEqual([]);
  });

  it(`refuses a file over ${PROFILE_IMAGE_MAX_BYTES / 1048576} MB with a 413 naming file`, async () => {
    const a = await signedUp(t);
    const big = Buffer.concat([await phoneJpeg(), Buffer.alloc(PROFILE_IMAGE_MAX_BYTES)]);
    const err = await failure(a.api.uploadProfileImage(blob(big), 'big.jpg'));
    expect({ status: err.status, code: err.code, field: err.field }).toEqual({ status: 413, code: 'file_too_large', field: 'file' });
  });

  it('keeps the first photo as the main image', async () => {
    const a = await signedUp(t);
    const first = await a.api.uploadProfileImage(blob(await phoneJpeg()), '1.jpg');
    const second = await a.api.uploadProfileImage(blob(await phoneJpeg(300, 300)), '2.jpg');
    expect(second.main_image).toEqual({ thumb_filename: first.image.thumb_filename, large: first.image.large, formats: ['webp'] });
    expect((await a.api.getUser()).user?.profile.images.map((i) => i.id)).toEqual([first.image.id, second.image.id]);
  });

  it(`keeps at most ${MAX_IMAGES_PER_MEMBER} photos per member`, async () => {
    const a = await signedUp(t);
    const small = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    for (let i = 0; i < MAX_IMAGES_PER_MEMBER; i++) await storeProfileImage(t.db, a.user.profile.id, small);
    const err = await failure(a.api.uploadProfileImage(blob(small), 'one-too-many.jpg'));
    expect({ status: err.status, code: err.code }).toEqual({ status: 400, code: 'too_many_images' });
  });

  it('needs a member: 403 when logged out', async () => {
    const b = browser(t.app);
    await b.visit();
    const err = await failure(b.api.uploadProfileImage(blob(await phoneJpeg()), 'x.jpg'));
    expect(err.status).toBe(403);
  });

  it('is a 400 naming file for a body that is not multipart, multipart without the field, or broken multipart', async () => {
    const a = await signedUp(t);
    const headers = a.headers();
    const form = new FormData();
    form.append('photo', blob(await phoneJpeg()), 'x.jpg');
    const encoded = new Response(form);
    const wrongField = {
      'content-type': encoded.headers.get('content-type')!,
      payload: Buffer.from(await encoded.arrayBuffer()),
    };
    const requests = [
      { headers: { ...headers, 'content-type': 'application/json' }, payload: '{"file":"x"}' },
      { headers: { ...headers, 'content-type': wrongField['content-type'] }, payload: wrongField.payload },
      { headers: { ...headers, 'content-type': 'multipart/form-data; boundary=abc' }, payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\nunterminated' },
      { headers: { ...headers, 'content-type': 'multipart/form-data' }, payload: 'no boundary at all' },
    ];
    for (const r of requests) {
      const res = await t.app.inject({ method: 'POST', url: '/api/profileimage.php', ...r });
      expect({ status: res.statusCode, field: res.json().field }).toEqual({ status: 400, field: 'file' });
    }
  });
});
