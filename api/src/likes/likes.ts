import type { LikesResponse } from '@dating/shared';
import type { Db } from '../db';
import { publishEvent } from '../events/publish';
import { HttpError } from '../http/errors';
import { assertNotBlocked } from '../safety/blocks';
import { notifyLike, readLike, withdrawLike } from '../notifications/notifications';
import { findVisibleMember, loadPublicProfiles } from '../profiles/profiles';
import type { Site } from '../site/site';

/** Members the member likes (newest first) and members who like the member (new ones first, then newest). */
export async function listLikes(db: Db, site: Site, memberId: number): Promise<LikesResponse> {
  const [{ rows: mine }, { rows: theirs }] = await Promise.all([
    db.query<{ liked_id: number }>('SELECT liked_id FROM likes WHERE member_id = $1 ORDER BY created_at DESC, liked_id DESC', [
      memberId,
    ]),
    db.query<{ member_id: number; is_new: boolean }>(
      'SELECT member_id, is_new FROM likes WHERE liked_id = $1 ORDER BY is_new DESC, created_at DESC, member_id DESC',
      [memberId],
    ),
  ]);
  const profiles = await loadPublicProfiles(db, site, memberId, [
    ...new Set([...mine.map((r) => r.liked_id), ...theirs.map((r) => r.member_id)]),
  ]);
  return {
    profiles: mine.flatMap((r) => profiles.get(r.liked_id) ?? []),
    liked_by: theirs.flatMap((r) => {
      const p = profiles.get(r.member_id);
      return p ? [{ ...p, like_new: r.is_new }] : [];
    }),
  };
}

/**
 * The member likes a profile. Liking twice is one like. `created` when the like is new (then the
 * liked member has a notification and a live event, and the caller sends a push); `match` when
 * this new like makes the two members like each other.
 */
export async function like(db: Db, site: Site, memberId: number, profileId: number): Promise<{ created: boolean; match: boolean }> {
  if (profileId === memberId) throw new HttpError(400, 'invalid_input', 'profile: you cannot like yourself', 'profile');
  if (!(await findVisibleMember(db, site, profileId))) {
    throw new HttpError(404, 'not_found', 'This member does not exist (any more)', 'profile');
  }
  await assertNotBlocked(db, memberId, profileId);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      'INSERT INTO likes (member_id, liked_id) VALUES ($1, $2) ON CONFLICT (member_id, liked_id) DO NOTHING RETURNING 1',
      [memberId, profileId],
    );
    if (!rows.length) return { created: false, match: false };
    await notifyLike(tx, profileId, memberId);
    await publishEvent(tx, { type: 'like', member: profileId, profile: memberId });
    const { rows: back } = await tx.query('SELECT 1 FROM likes WHERE member_id = $1 AND liked_id = $2', [profileId, memberId]);
    return { created: true, match: back.length > 0 };
  });
}

/** The member takes a like back (nothing happens when there was none). */
export async function unlike(db: Db, memberId: number, profileId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query('DELETE FROM likes WHERE member_id = $1 AND liked_id = $2 RETURNING 1', [memberId, profileId]);
    if (rows.length) await withdrawLike(tx, profileId, memberId);
  });
}

/** The member opened the profile of someone who likes them: that like is no longer new. */
export async function markLikeSeen(db: Db, memberId: number, likerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('UPDATE likes SET is_new = false WHERE member_id = $1 AND liked_id = $2 AND is_new', [likerId, memberId]);
    await readLike(tx, memberId, likerId);
  });
}

/** Whether the member likes the profile. */
export async function likes(db: Db, memberId: number, profileId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM likes WHERE member_id = $1 AND liked_id = $2', [memberId, profileId]);
  return rows.length > 0;
}
