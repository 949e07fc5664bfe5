import type { Db } from '../db';
import { publishEvent } from '../events/publish';
import { HttpError } from '../http/errors';
import { findVisibleMember } from '../profiles/profiles';
import { blockedPairSql } from '../profiles/visibility';
import type { Site } from '../site/site';

export async function isBlockedPair(db: Db, a: number, b: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 WHERE ${blockedPairSql('$1::int', '$2::int')}`, [a, b]);
  return rows.length > 0;
}

/** 403 when either member blocked the other: nothing may pass between them. */
export async function assertNotBlocked(db: Db, a: number, b: number): Promise<void> {
  if (await isBlockedPair(db, a, b)) throw new HttpError(403, 'blocked', 'You cannot contact this member');
}

/** The conversation of a pair, if any. */
async function conversationOf(db: Db, a: number, b: number): Promise<number | null> {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  const { rows } = await db.query<{ id: number }>('SELECT id FROM conversations WHERE member_lo = $1 AND member_hi = $2', [lo, hi]);
  return rows[0]?.id ?? null;
}

/**
 * The member blocks another member of the pool. Blocking twice is one block. Both members' open
 * pages drop the conversation at once (a chat_removed event); their lists, search, likes and
 * notifications leave each other out from now on.
 */
export async function block(db: Db, site: Site, memberId: number, profileId: number): Promise<void> {
  if (profileId === memberId) throw new HttpError(400, 'invalid_input', 'profile: you cannot block yourself', 'profile');
  if (!(await findVisibleMember(db, site, profileId))) {
    throw new HttpError(404, 'not_found', 'This member does not exist (any more)', 'profile');
  }
  await db.transaction(async (tx) => {
    const { rows } = await tx.query(
      'INSERT INTO blocks (member_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
      [memberId, profileId],
    );
    const conversation = await conversationOf(tx, memberId, profileId);
    if (rows.length && conversation !== null) {
      await publishEvent(tx, { type: 'chat_removed', member: memberId, conversation });
      await publishEvent(tx, { type: 'chat_removed', member: profileId, conversation });
    }
  });
}

/** Lifts the member's own block (a block the other member made stays). */
export async function unblock(db: Db, memberId: number, profileId: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM blocks WHERE member_id = $1 AND blocked_id = $2 RETURNING 1', [memberId, profileId]);
  return rows.length > 0;
}

/** Members the member blocked, newest first. */
export async function listBlocks(db: Db, memberId: number): Promise<number[]> {
  const { rows } = await db.query<{ blocked_id: number }>(
    'SELECT blocked_id FROM blocks WHERE member_id = $1 ORDER BY created_at DESC, blocked_id DESC',
    [memberId],
  );
  return rows.map((r) => r.blocked_id);
}
