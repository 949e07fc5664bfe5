import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_PHOTOS_PER_MEMBER, photoVariant, PHOTO_FORMAT_TYPES, type MainImage, type PhotoFormat, type ProfileImage } from '@dating/shared';
import type { Config } from '../config';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { PHOTO_FORMATS, processImage } from './pipeline';
import { enqueuePhoto } from '../moderation/queue';
import { mainImageOf, toImage, type ImageRow } from '../members/member';

/**
 * Where photo files live. The file system today (`<DATA_DIR>/images`); object storage (S3 and the
 * like) is another implementation of the same three calls.
 */
export interface ImageStore {
  put(name: string, data: Buffer): Promise<void>;
  /** The file, or null when there is none. */
  get(name: string): Promise<Buffer | null>;
  /** Removes the file; no error when it is already gone. */
  delete(name: string): Promise<void>;
}

/**
 * Names we make and serve: 32 hex characters, `_t` for the thumbnail, `.jpg`, or the same name with
 * the extension of a modern format (`.webp`, src/images/pipeline.ts). Nothing else is read.
 */
export const IMAGE_NAME = /^[0-9a-f]{32}(_t)?\.(jpg|webp)$/;

/** The JPEG a file name belongs to (itself, or the JPEG of which it is a variant): the row's name. */
export function jpegName(name: string): string {
  return name.replace(/\.[a-z]+$/, '.jpg');
}

/** The content type of a stored file, by its extension. */
export function imageContentType(name: string): string {
  return name.endsWith('.webp') ? PHOTO_FORMAT_TYPES.webp : PHOTO_FORMAT_TYPES.jpeg;
}

/** Every stored file of a photo file name: the JPEG and its variant in each format the photo has. */
function withVariants(name: string, formats: readonly PhotoFormat[]): string[] {
  return [name, ...formats.map((f) => photoVariant(name, f))];
}

/** Files in a folder, fanned out by the first two characters of the name. */
export class FsImageStore implements ImageStore {
  constructor(readonly dir: string) {}

  private file(name: string): string {
    if (!IMAGE_NAME.test(name)) throw new Error(`Not an image name: ${name}`);
    return path.join(this.dir, name.slice(0, 2), name);
  }

  async put(name: string, data: Buffer): Promise<void> {
    const file = this.file(name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so nobody ever reads half a photo.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  async get(name: string): Promise<Buffer | null> {
    if (!IMAGE_NAME.test(name)) return null;
    try {
      return await fs.readFile(this.file(name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(name: string): Promise<void> {
    if (!IMAGE_NAME.test(name)) return;
    await fs.rm(this.file(name), { force: true });
  }
}

/** The photo folder of a configuration: IMAGES_DIR, else `images` inside DATA_DIR. */
export function imagesDir(config: Pick<Config, 'dataDir' | 'imagesDir'>): string {
  return config.imagesDir ?? path.join(config.dataDir, 'images');
}

let defaultStore: ImageStore | undefined;

/**
 * Sets the store that storeProfileImage uses when it is given none. The images plugin sets it from
 * the app's config; main.ts and the test helpers set it before seeding, which runs before the app.
 */
export function useImageStore(store: ImageStore): void {
  defaultStore = store;
}

export function imageStore(): ImageStore {
  if (!defaultStore) throw new Error('No image store: call useImageStore(new FsImageStore(imagesDir(config))) first');
  return defaultStore;
}

/**
 * Fresh names for a photo's two files, each 128 random bits of its own: the large version's name
 * cannot be derived from the thumbnail's (which every viewer of a profile sees).
 */
export function newImageNames(): { filename: string; thumbFilename: string } {
  return { filename: `${randomBytes(16).toString('hex')}.jpg`, thumbFilename: `${randomBytes(16).toString('hex')}_t.jpg` };
}

/**
 * Sets whether a member's photo is for Premium members only. Made premium-only, the photo gets new
 * file names (the files copied, the row changed, the old files removed): a name seen while the
 * photo was public leads nowhere. Answers the photo's thumbnail name, null when the member has no
 * such photo.
 */
export async function setImagePremiumOnly(
  db: Db,
  memberId: number,
  imageId: number,
  premiumOnly: boolean,
  store: ImageStore = imageStore(),
): Promise<string | null> {
  const { rows } = await db.query<{ filename: string; thumb_filename: string; premium_only: boolean; formats: PhotoFormat[] }>(
    'SELECT filename, thumb_filename, premium_only, formats FROM images WHERE id = $1 AND member_id = $2',
    [imageId, memberId],
  );
  const old = rows[0];
  if (!old) return null;
  if (!premiumOnly || old.premium_only) {
    await db.query('UPDATE images SET premium_only = $3 WHERE id = $1 AND member_id = $2', [imageId, memberId, premiumOnly]);
    return old.thumb_filename;
  }
  const next = newImageNames();
  // Each file and its variants under the new names (same base, same extension).
  const copies = [
    ...withVariants(old.filename, old.formats).map((from) => [from, from.replace(/^[0-9a-f]{32}/, next.filename.slice(0, 32))] as const),
    ...withVariants(old.thumb_filename, old.formats).map((from) => [from, from.replace(/^[0-9a-f]{32}/, next.thumbFilename.slice(0, 32))] as const),
  ];
  const newNames = copies.map(([, to]) => to);
  for (const [from, to] of copies) {
    const data = await store.get(from);
    if (data) await store.put(to, data);
  }
  try {
    const { rows: changed } = await db.query(
      `UPDATE images SET premium_only = true, filename = $3, thumb_filename = $4
        WHERE id = $1 AND member_id = $2 AND filename = $5 RETURNING id`,
      [imageId, memberId, next.filename, next.thumbFilename, old.filename],
    );
    // Changed meanwhile (a second click): that change stands; these copies go.
    if (!changed.length) {
      await deleteImageFiles(newNames, store);
      return setImagePremiumOnly(db, memberId, imageId, premiumOnly, store);
    }
  } catch (err) {
    await deleteImageFiles(newNames, store);
    throw err;
  }
  await deleteImageFiles([old.filename, old.thumb_filename], store);
  return next.thumbFilename;
}

/**
 * Whether the viewer (null: a visitor) may have the photo file of this name: null when no photo has
 * it; premium-only photos only for their owner and Premium members (as in src/profiles/profiles.ts).
 */
export async function mayReadImage(db: Db, name: string, viewerId: number | null): Promise<{ allowed: boolean; premiumOnly: boolean } | null> {
  const { rows } = await db.query<{ premium_only: boolean; sees: boolean }>(
    `SELECT i.premium_only,
            (i.member_id = $2::int OR coalesce((SELECT v.paid_user FROM members v WHERE v.id = $2::int), false)) AS sees
       FROM images i WHERE (i.filename = $1 OR i.thumb_filename = $1) AND ($3::text IS NULL OR $3 = ANY (i.formats)) LIMIT 1`,
    [jpegName(name), viewerId, name.endsWith('.jpg') ? null : name.slice(name.lastIndexOf('.') + 1)],
  );
  const row = rows[0];
  if (!row) return null;
  return { allowed: !row.premium_only || row.sees, premiumOnly: row.premium_only };
}

/** A member has at most this many photos (the contract's limit). */
export const MAX_IMAGES_PER_MEMBER = MAX_PHOTOS_PER_MEMBER;

export interface StoredImage {
  image: ProfileImage;
  main_image: MainImage;
}

/**
 * Adds a photo to a member: checked and re-encoded (src/images/pipeline.ts, metadata stripped), a
 * large version and a thumbnail written to the store, a row in `images`. The first photo becomes the
 * main image. Throws ImageRejected for an upload that is not a usable PNG/JPEG, HttpError 400 when
 * the member has MAX_IMAGES_PER_MEMBER photos, 404 when the member does not exist (or was deleted).
 * A member's upload enters the moderation queue; generated demo photos (`moderate: false`) do not.
 */
export async function storeProfileImage(
  db: Db,
  memberId: number,
  buffer: Buffer,
  store: ImageStore = imageStore(),
  { moderate = true }: { moderate?: boolean } = {},
): Promise<StoredImage> {
  const { large, width, height, thumb, variants } = await processImage(buffer);
  const { filename, thumbFilename } = newImageNames();
  const files: [string, Buffer][] = [
    [filename, large],
    [thumbFilename, thumb],
    ...PHOTO_FORMATS.flatMap((f): [string, Buffer][] => [
      [photoVariant(filename, f), variants[f].large],
      [photoVariant(thumbFilename, f), variants[f].thumb],
    ]),
  ];
  // The variants first: once the JPEG is there, a client may ask for any of them.
  for (const [name, data] of files.slice(2)) await store.put(name, data);
  await store.put(filename, large);
  await store.put(thumbFilename, thumb);
  try {
    return await db.transaction(async (tx) => {
      // The member row is the lock: two uploads at once cannot both become the main image.
      const { rows: member } = await tx.query(
        `SELECT id FROM members WHERE id = $1 AND status <> 'deleted' FOR UPDATE`,
        [memberId],
      );
      if (!member.length) throw new HttpError(404, 'not_found', 'No such member');
      const { rows: counts } = await tx.query<{ n: number; has_main: boolean; next: number }>(
        'SELECT count(*)::int AS n, coalesce(bool_or(is_main), false) AS has_main, coalesce(max(position) + 1, 0)::int AS next FROM images WHERE member_id = $1',
        [memberId],
      );
      const { n, has_main, next } = counts[0]!;
      if (n >= MAX_IMAGES_PER_MEMBER) {
        throw new HttpError(400, 'too_many_images', `file: at most ${MAX_IMAGES_PER_MEMBER} photos per member`, 'file');
      }
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO images (member_id, filename, thumb_filename, is_main, width, height, formats, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [memberId, filename, thumbFilename, !has_main, width, height, PHOTO_FORMATS, has_main ? next : 0],
      );
      // Every new photo enters the moderation queue of the member's site (held from others under pre-moderation).
      if (moderate) await enqueuePhoto(tx, memberId, rows[0]!.id);
      const image: ProfileImage = { id: rows[0]!.id, thumb_filename: thumbFilename, large: { filename, width, height }, formats: [...PHOTO_FORMATS] };
      if (!has_main) return { image, main_image: mainImageOf(image) };
      const { rows: main } = await tx.query<ImageRow>(
        'SELECT id, thumb_filename, is_main, filename, width, height, formats FROM images WHERE member_id = $1 AND is_main',
        [memberId],
      );
      return { image, main_image: mainImageOf(toImage(main[0]!)) };
    });
  } catch (err) {
    await deleteImageFiles([filename, thumbFilename], store);
    throw err;
  }
}

/** Deletes every photo of a member: rows first (in the caller's transaction), files after. */
export async function deleteMemberImageRows(db: Db, memberId: number): Promise<string[]> {
  const { rows } = await db.query<{ filename: string; thumb_filename: string }>(
    'DELETE FROM images WHERE member_id = $1 RETURNING filename, thumb_filename',
    [memberId],
  );
  return rows.flatMap((r) => [r.filename, r.thumb_filename]);
}

/** Removes photo files by their JPEG names, each with its variants in every format. */
export async function deleteImageFiles(names: string[], store: ImageStore = imageStore()): Promise<void> {
  await Promise.all(names.flatMap((n) => withVariants(n, PHOTO_FORMATS)).map((n) => store.delete(n)));
}
