// Photos in WebP beside their JPEGs, and members' own order of their photos and choice of the main
// one (src/images/pipeline.ts, store.ts, order.ts; docs/photos.md). On PGlite, and on PostgreSQL
// with TEST_DATABASE_URL.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { photoVariant } from '@dating/shared';
import { deleteImageFiles, imagesDir } from '../src/images/store';
import { signedUp } from './account-helpers';
import { browser, failure, startTestApi, type TestApi } from './helpers';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
}, 60_000);
afterAll(() => t.close());

const blob = (data: Buffer) => new Blob([new Uint8Array(data)], { type: 'image/jpeg' });
const fileOf = (name: string) => path.join(imagesDir(t.config), name.slice(0, 2), name);
const get = (name: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/images/${name}`, headers: cookie ? { cookie } : {} });

/** A phone photo: EXIF with camera, GPS position and orientation, and an XMP packet. */
function phoneJpeg(width = 900, height = 600, background = '#cc6633'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 1/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 2/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>SecretPlace</rdf:Description></rdf:RDF></x:xmpmeta>')
    .jpeg()
    .toBuffer();
}

/** A member with photos, active (so others see them). */
async function memberWithPhotos(count: number) {
  const a = await signedUp(t);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const colours = ['#aa3333', '#33aa33', '#3333aa', '#aaaa33'];
    ids.push((await a.api.uploadProfileImage(blob(await phoneJpeg(400, 400, colours[i % 4])), `${i}.jpg`)).image.id);
  }
  await t.db.query("UPDATE members SET status = 'active' WHERE id = $1", [a.user.profile.id]);
  return { ...a, ids };
}

describe('WebP beside JPEG', () => {
  it('stores each photo and its thumbnail as WebP too, same pixels, without any metadata, served as image/webp', async () => {
    const a = await signedUp(t);
    const { image } = await a.api.uploadProfileImage(blob(await phoneJpeg()), 'holiday.jpg');
    expect(image.formats).toEqual(['webp']);
    const names = [image.large!.filename, image.thumb_filename];
    for (const jpeg of names) {
      const webp = photoVariant(jpeg, 'webp');
      expect(webp).toMatch(/^[0-9a-f]{32}(_t)?\.webp$/);
      const res = await get(webp);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const [w, j] = await Promise.all([sharp(res.rawPayload).metadata(), sharp(fs.readFileSync(fileOf(jpeg))).metadata()]);
      expect(w.format).toBe('webp');
      expect([w.width, w.height]).toEqual([j.width, j.height]);
      // Every file of the photo, in every format: no EXIF, GPS, XMP, IPTC, ICC or orientation.
      for (const [file, meta] of [[res.rawPayload, w], [fs.readFileSync(fileOf(jpeg)), j]] as const) {
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(meta.icc).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        for (const word of ['Exif', 'PhoneMaker', 'SecretPlace', 'xmpmeta']) expect(file.includes(Buffer.from(word))).toBe(false);
      }
    }
    // Turned upright (orientation 6): 900×600 becomes 600×900, in WebP as in JPEG.
    expect(image.large).toMatchObject({ width: 600, height: 900 });
  });

  it('a photo stored before variants were made keeps working as JPEG only: no formats listed, no WebP served', async () => {
    const a = await signedUp(t);
    const { image } = await a.api.uploadProfileImage(blob(await phoneJpeg(300, 300)), 'old.jpg');
    // As a row and files from before: no formats, no WebP files.
    await t.db.query("UPDATE images SET formats = '{}' WHERE id = $1", [image.id]);
    for (const name of [image.thumb_filename, image.large!.filename]) fs.rmSync(fileOf(photoVariant(name, 'webp')));
    const { user } = await a.api.getUser();
    expect(user?.profile.images[0]).toEqual({ id: image.id, thumb_filename: image.thumb_filename, large: image.large });
    expect(user?.profile.main_image).toEqual({ thumb_filename: image.thumb_filename, large: image.large });
    expect((await get(image.thumb_filename)).headers['content-type']).toBe('image/jpeg');
    expect((await get(photoVariant(image.thumb_filename, 'webp'))).statusCode).toBe(404);
  });

  it('a WebP name of no photo, or of a photo without WebP, is not found', async () => {
    const a = await signedUp(t);
    const { image } = await a.api.uploadProfileImage(blob(await phoneJpeg(300, 300)), 'x.jpg');
    await t.db.query("UPDATE images SET formats = '{}' WHERE id = $1", [image.id]);
    // The file is still on disk, but the photo does not list the format: not served.
    expect((await get(photoVariant(image.thumb_filename, 'webp'))).statusCode).toBe(404);
    expect((await get('0123456789abcdef0123456789abcdef.webp')).statusCode).toBe(404);
    expect((await get('0123456789abcdef0123456789abcdef_t.avif')).statusCode).toBe(404);
  });

  it('a photo made premium-only takes its WebP files to the new names; the old ones lead nowhere, the new ones only for Premium', async () => {
    const owner = await memberWithPhotos(2);
    const before = (await owner.api.getUser()).user!.profile.images[1]!;
    const flagged = await owner.api.setPhotoPremiumOnly(before.id, true);
    const after = (await owner.api.getUser()).user!.profile.images.find((i) => i.id === before.id)!;
    expect(after.thumb_filename).toBe(flagged.thumb_filename);
    for (const old of [before.thumb_filename, before.large!.filename]) {
      expect((await get(photoVariant(old, 'webp'))).statusCode).toBe(404);
      expect(fs.existsSync(fileOf(photoVariant(old, 'webp')))).toBe(false);
    }
    const free = await signedUp(t);
    for (const name of [after.thumb_filename, after.large!.filename].map((n) => photoVariant(n, 'webp'))) {
      expect((await get(name, free.jar.header())).statusCode).toBe(403);
      const own = await get(name, owner.jar.header());
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/webp');
    }
  });

  it('removing a photo file removes its WebP variants too', async () => {
    const a = await signedUp(t);
    const { image } = await a.api.uploadProfileImage(blob(await phoneJpeg(300, 300)), 'x.jpg');
    const names = [image.thumb_filename, image.large!.filename];
    for (const n of names) expect(fs.existsSync(fileOf(photoVariant(n, 'webp')))).toBe(true);
    await deleteImageFiles(names);
    for (const n of names) {
      expect(fs.existsSync(fileOf(n))).toBe(false);
      expect(fs.existsSync(fileOf(photoVariant(n, 'webp')))).toBe(false);
    }
  });
});

describe('PUT /api/photo_order.php and /api/main_photo.php', () => {
  it('a member puts her photos in her order; the first is her main photo, on her profile, on others’ view of it and on cards', async () => {
    const a = await memberWithPhotos(3);
    const [p1, p2, p3] = a.ids as [number, number, number];
    const answer = await a.api.setPhotoOrder([p3, p1, p2]);
    expect(answer.images.map((i) => i.id)).toEqual([p3, p1, p2]);
    expect(answer.main_image?.thumb_filename).toBe(answer.images[0]!.thumb_filename);
    expect(answer.main_image).toMatchObject({ large: answer.images[0]!.large, formats: ['webp'] });

    const own = (await a.api.getUser()).user!.profile;
    expect(own.images.map((i) => i.id)).toEqual([p3, p1, p2]);
    const viewer = await signedUp(t);
    const seen = (await viewer.api.profile(a.user.profile.id)).profile;
    expect(seen.images.map((i) => i.id)).toEqual([p3, p1, p2]);
    expect(seen.main_image?.thumb_filename).toBe(answer.images[0]!.thumb_filename);
    // A card (the viewer's likes list) shows the main photo.
    await viewer.api.like(a.user.profile.id);
    const card = (await viewer.api.likes()).profiles.find((p) => p.id === a.user.profile.id);
    expect(card?.main_image?.thumb_filename).toBe(answer.images[0]!.thumb_filename);

    // A new photo comes last.
    const { image: p4 } = await a.api.uploadProfileImage(blob(await phoneJpeg(300, 300)), '4.jpg');
    expect((await a.api.getUser()).user!.profile.images.map((i) => i.id)).toEqual([p3, p1, p2, p4.id]);
  });

  it('another photo becomes the main photo: it moves to the front, the others keep their order', async () => {
    const a = await memberWithPhotos(3);
    const [p1, p2, p3] = a.ids as [number, number, number];
    const answer = await a.api.setMainPhoto(p2);
    expect(answer.images.map((i) => i.id)).toEqual([p2, p1, p3]);
    expect(answer.main_image?.thumb_filename).toBe(answer.images[0]!.thumb_filename);
    const { rows } = await t.db.query<{ id: number }>('SELECT id FROM images WHERE member_id = $1 AND is_main', [a.user.profile.id]);
    expect(rows).toEqual([{ id: p2 }]);
    // Again, and back: still one main photo.
    expect((await a.api.setMainPhoto(p2)).images.map((i) => i.id)).toEqual([p2, p1, p3]);
    expect((await a.api.setMainPhoto(p3)).images.map((i) => i.id)).toEqual([p3, p2, p1]);
  });

  it('only one’s own photos: another member’s photo is a 404 naming id, and an order with it a 400 naming order; nothing changes', async () => {
    const a = await memberWithPhotos(2);
    const b = await memberWithPhotos(1);
    const err = await failure(a.api.setMainPhoto(b.ids[0]!));
    expect({ status: err.status, field: err.field }).toEqual({ status: 404, field: 'id' });
    const swapped = await failure(a.api.setPhotoOrder([b.ids[0]!, a.ids[1]!]));
    expect({ status: swapped.status, field: swapped.field }).toEqual({ status: 400, field: 'order' });
    const added = await failure(a.api.setPhotoOrder([...a.ids, b.ids[0]!]));
    expect({ status: added.status, field: added.field }).toEqual({ status: 400, field: 'order' });
    expect((await a.api.getUser()).user!.profile.images.map((i) => i.id)).toEqual(a.ids);
    expect((await b.api.getUser()).user!.profile.main_image).not.toBeNull();
  });

  it('bad input is a clear 400 naming the field: a photo missing or twice, not numbers, empty, no body', async () => {
    const a = await memberWithPhotos(3);
    const [p1, p2, p3] = a.ids as [number, number, number];
    for (const order of [[p1, p2], [p1, p2, p3, p3], [p1, p1, p2]]) {
      const err = await failure(a.api.setPhotoOrder(order));
      expect({ order, status: err.status, field: err.field }).toEqual({ order, status: 400, field: 'order' });
      expect(err.message).toMatch(/order/);
    }
    const headers = { ...a.headers(), 'content-type': 'application/json' };
    for (const [url, payload, field] of [
      ['/api/photo_order.php', { order: [] }, 'order'],
      ['/api/photo_order.php', { order: ['1', 'x'] }, 'order'],
      ['/api/photo_order.php', { order: [3_000_000_000] }, 'order'],
      ['/api/photo_order.php', {}, 'order'],
      ['/api/main_photo.php', { id: 'first' }, 'id'],
      ['/api/main_photo.php', { id: -1 }, 'id'],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url, headers, payload: JSON.stringify(payload) });
      // The field, or the item of it at fault (order.0).
      expect({ payload, status: res.statusCode, field: res.json().field }).toEqual({ payload, status: 400, field: expect.stringMatching(new RegExp(`^${field}(\\.\\d+)?$`)) });
    }
    expect((await a.api.getUser()).user!.profile.images.map((i) => i.id)).toEqual(a.ids);
  });

  it('a Premium-only photo or one waiting for approval cannot become the main photo (400), the main one stays', async () => {
    const a = await memberWithPhotos(3);
    const [p1, p2, p3] = a.ids as [number, number, number];
    await a.api.setPhotoPremiumOnly(p2, true);
    await t.db.query("UPDATE images SET visibility = 'held' WHERE id = $1", [p3]);
    for (const id of [p2, p3]) {
      const err = await failure(a.api.setMainPhoto(id));
      expect({ status: err.status, code: err.code, field: err.field }).toEqual({ status: 400, code: 'main_photo', field: 'id' });
      const reorder = await failure(a.api.setPhotoOrder([id, ...a.ids.filter((x) => x !== id)]));
      expect({ status: reorder.status, field: reorder.field }).toEqual({ status: 400, field: 'order' });
    }
    // Behind the main photo, they may go anywhere.
    expect((await a.api.setPhotoOrder([p1, p3, p2])).images.map((i) => i.id)).toEqual([p1, p3, p2]);
  });

  it('a photo an operator rejected is left out of the order, and out of the list', async () => {
    const a = await memberWithPhotos(3);
    const [p1, p2, p3] = a.ids as [number, number, number];
    await t.db.query("UPDATE images SET visibility = 'rejected' WHERE id = $1", [p2]);
    expect((await a.api.setPhotoOrder([p3, p1])).images.map((i) => i.id)).toEqual([p3, p1]);
    expect((await failure(a.api.setPhotoOrder([p3, p1, p2]))).status).toBe(400);
  });

  it('needs a member: 403 when logged out', async () => {
    const b = browser(t.app);
    await b.visit();
    expect((await failure(b.api.setPhotoOrder([1]))).status).toBe(403);
    expect((await failure(b.api.setMainPhoto(1))).status).toBe(403);
  });
});

describe('the square thumbnail', () => {
  /** Pixels of a subject's red (high saturation), in RGB raw data of `channels` per pixel. */
  function redPixels(data: Buffer, channels: number): number {
    let n = 0;
    for (let i = 0; i < data.length; i += channels) if (data[i]! > 170 && data[i + 1]! < 90 && data[i + 2]! < 90) n++;
    return n;
  }

  /**
   * A wide holiday photo (1200×400, with camera data, GPS and XMP): a flat grey sky, and a person
   * near its right edge (a red coat with a striped scarf, x 960–1120). A square from the middle
   * (x 400–800) would hold nothing but grey.
   */
  function offCentrePhoto(): Promise<Buffer> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
      <rect width="1200" height="400" fill="#8a9099"/>
      <circle cx="1040" cy="110" r="50" fill="#e8b894"/>
      <rect x="975" y="160" width="130" height="220" rx="30" fill="#d01010"/>
      ${Array.from({ length: 8 }, (_, i) => `<rect x="${980 + i * 16}" y="165" width="8" height="30" fill="${i % 2 ? '#ffffff' : '#000000'}"/>`).join('')}
    </svg>`;
    return sharp(Buffer.from(svg))
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 1/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 2/1' } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>SecretPlace</rdf:Description></rdf:RDF></x:xmpmeta>')
      .jpeg({ quality: 92 })
      .toBuffer();
  }

  it('is cropped around the subject of the photo, not its middle, and carries no metadata', async () => {
    const a = await signedUp(t);
    const { image } = await a.api.uploadProfileImage(blob(await offCentrePhoto()), 'beach.jpg');
    expect(image.large).toMatchObject({ width: 1200, height: 400 });
    const thumbRes = await get(image.thumb_filename);
    expect(thumbRes.statusCode).toBe(200);
    const thumb = await sharp(thumbRes.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([thumb.info.width, thumb.info.height]).toEqual([320, 320]);
    // The whole coat is in the square: as many red pixels as in the large version, scaled as the
    // thumbnail is (400 px high to 320: 0.8 × 0.8), give or take the JPEG's edges.
    const large = await sharp(fs.readFileSync(fileOf(image.large!.filename))).raw().toBuffer({ resolveWithObject: true });
    const coat = redPixels(large.data, large.info.channels) * 0.8 * 0.8;
    expect(coat).toBeGreaterThan(15_000);
    expect(redPixels(thumb.data, thumb.info.channels)).toBeGreaterThan(coat * 0.85);
    // And it stands where it stood, towards the right of the picture: the left third of the square is sky.
    let leftRed = 0;
    for (let y = 0; y < 320; y++) for (let x = 0; x < 107; x++) {
      const i = (y * 320 + x) * thumb.info.channels;
      if (thumb.data[i]! > 170 && thumb.data[i + 1]! < 90 && thumb.data[i + 2]! < 90) leftRed++;
    }
    expect(leftRed).toBe(0);
    // No camera, place or XMP in the thumbnail, in JPEG or WebP.
    for (const file of [thumbRes.rawPayload, (await get(photoVariant(image.thumb_filename, 'webp'))).rawPayload]) {
      const meta = await sharp(file).metadata();
      expect([meta.exif, meta.xmp, meta.iptc, meta.icc]).toEqual([undefined, undefined, undefined, undefined]);
      for (const word of ['Exif', 'PhoneMaker', 'SecretPlace', 'xmpmeta']) expect(file.includes(Buffer.from(word))).toBe(false);
    }
  });
});
