import type { PhotosResponse } from '@dating/shared';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { OWN_PROFILE_COLUMNS, toProfile, type ProfileRow } from '../members/member';

/**
 * A member's order of their photos (0320_photo_formats_order.sql): `position`, the main photo always
 * first. Only the member's own photos; those an operator rejected are nobody's to see and keep
 * their place out of the list.
 */

/** The member's photos as their own profile lists them (the main photo first, then by position). */
export async function ownPhotos(db: Db, memberId: number): Promise<PhotosResponse> {
  const { rows } = await db.query<ProfileRow>(`SELECT ${OWN_PROFILE_COLUMNS} FROM members m WHERE m.id = $1`, [memberId]);
  if (!rows[0]) throw new HttpError(404, 'not_found', 'No such member');
  const { main_image, images } = toProfile(rows[0]);
  return { main_image, images };
}

/**
 * Puts the member's photos in `order` (each of their listed photos exactly once); the first becomes
 * the main photo. 400 naming `order` when the list is not exactly their photos, or when it would
 * make a Premium-only photo the main one (the main photo is seen by everyone).
 */
export async function setPhotoOrder(db: Db, memberId: number, order: number[]): Promise<PhotosResponse> {
  await db.transaction(async (tx) => {
    // The member row is the lock: an upload or another reorder waits for this one.
    const { rows: member } = await tx.query(`SELECT id FROM members WHERE id = $1 AND status <> 'deleted' FOR UPDATE`, [memberId]);
    if (!member.length) throw new HttpError(404, 'not_found', 'No such member');
    const { rows } = await tx.query<PhotoState>(
      `SELECT id, premium_only, is_main, visibility = 'held' AS held FROM images WHERE member_id = $1 AND visibility <> 'rejected'`,
      [memberId],
    );
    const mine = new Map(rows.map((r) => [r.id, r]));
    if (order.length !== mine.size || order.some((id) => !mine.has(id))) {
      throw new HttpError(400, 'invalid_input', 'order: list each of your photos once, and no other photo', 'order');
    }
    const refused = mainRefused(mine.get(order[0]!)!);
    if (refused) throw new HttpError(400, 'main_photo', `order: ${refused}`, 'order');
    await tx.query(
      `UPDATE images i SET position = o.n - 1 FROM unnest($2::int[]) WITH ORDINALITY AS o(id, n) WHERE i.id = o.id AND i.member_id = $1`,
      [memberId, order],
    );
    await makeMain(tx, memberId, order[0]!);
  });
  return ownPhotos(db, memberId);
}

/**
 * Makes one of the member's photos the main photo; it moves to the front, the others keep their
 * order. 404 naming `id` for a photo that is not theirs (or was rejected), 400 for a Premium-only one.
 */
export async function setMainPhoto(db: Db, memberId: number, imageId: number): Promise<PhotosResponse> {
  const { rows } = await db.query<PhotoState>(
    `SELECT id, premium_only, is_main, visibility = 'held' AS held FROM images WHERE member_id = $1 AND visibility <> 'rejected' ORDER BY is_main DESC, position, id`,
    [memberId],
  );
  const chosen = rows.find((r) => r.id === imageId);
  // Another member's photo answers as one that does not exist.
  if (!chosen) throw new HttpError(404, 'not_found', 'id: no such photo of yours', 'id');
  const refused = mainRefused(chosen);
  if (refused) throw new HttpError(400, 'main_photo', `id: ${refused}`, 'id');
  return setPhotoOrder(db, memberId, [imageId, ...rows.filter((r) => r.id !== imageId).map((r) => r.id)]);
}

interface PhotoState {
  id: number;
  premium_only: boolean;
  is_main: boolean;
  held: boolean;
}

/**
 * Why a photo cannot become the main photo, or null: the main photo is what everyone sees on cards
 * and in chats, so not one for Premium members only, nor one still waiting for approval (others
 * would see no photo at all until then).
 */
function mainRefused(photo: PhotoState): string | null {
  if (photo.is_main) return null;
  if (photo.premium_only) return 'your main photo is seen by everyone; share this photo with everyone first';
  if (photo.held) return 'this photo is waiting for approval; it can become your main photo once approved';
  return null;
}

/** The one main photo of a member (images_one_main): the old one unset before the new one is set. */
async function makeMain(db: Db, memberId: number, imageId: number): Promise<void> {
  await db.query('UPDATE images SET is_main = false WHERE member_id = $1 AND is_main AND id <> $2', [memberId, imageId]);
  await db.query('UPDATE images SET is_main = true WHERE member_id = $1 AND id = $2 AND NOT is_main', [memberId, imageId]);
}
