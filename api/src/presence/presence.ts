import type { Presence } from '@dating/shared';
import type { Db } from '../db';
import { publishEvent } from '../events/publish';
import { HttpError } from '../http/errors';
import { blockedPairSql } from '../profiles/visibility';

/** How long an open stream keeps its member online without a heartbeat (the hub beats every 25 s). */
const ONLINE_GRACE = "interval '70 seconds'";

/** Members a member's presence concerns: those they have a conversation with messages, not blocked. */
const PARTNERS_LIMIT = 200;

/**
 * How `viewerId` sees `profileId`'s presence: city level at most. Hidden when the member hides it,
 * when the two have no conversation or have blocked each other (presence is for people one talks to).
 */
export async function presenceOf(db: Db, viewerId: number, profileId: number): Promise<Presence> {
  const { rows } = await db.query<{ city: string | null; online: boolean; last_active_at: Date | null; hide_presence: boolean; visible: boolean }>(
    `SELECT m.city, coalesce(m.online_until > now(), false) AS online, m.last_active_at, m.hide_presence,
            (EXISTS (SELECT 1 FROM conversations c WHERE c.member_lo = least($1::int, $2::int) AND c.member_hi = greatest($1::int, $2::int))
             AND NOT ${blockedPairSql('$1::int', '$2::int')}) AS visible
       FROM members m WHERE m.id = $2 AND m.status <> 'deleted'`,
    [viewerId, profileId],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, 'not_found', 'This member does not exist (any more)', 'profile');
  if (row.hide_presence || !row.visible || viewerId === profileId) {
    return { profile: profileId, hidden: true, online: false, last_seen: null, city: null };
  }
  return {
    profile: profileId,
    hidden: false,
    online: row.online,
    last_seen: !row.online && row.last_active_at ? new Date(row.last_active_at).toISOString() : null,
    city: row.city,
  };
}

async function tellPartners(db: Db, memberId: number): Promise<void> {
  const { rows } = await db.query<{ partner: number }>(
    `SELECT CASE WHEN c.member_lo = $1 THEN c.member_hi ELSE c.member_lo END AS partner
       FROM conversations c
      WHERE (c.member_lo = $1 OR c.member_hi = $1) AND c.last_message_id IS NOT NULL
      ORDER BY c.last_message_id DESC LIMIT ${PARTNERS_LIMIT}`,
    [memberId],
  );
  for (const r of rows) await publishEvent(db, { type: 'presence', member: r.partner, profile: memberId });
}

/** The member's first stream opened: online now; their partners hear it (unless hidden). */
export async function markOnline(db: Db, memberId: number): Promise<void> {
  const { rows } = await db.query<{ came_online: boolean; hide_presence: boolean }>(
    `UPDATE members m SET online_until = now() + ${ONLINE_GRACE}
       FROM (SELECT id, online_until AS prev FROM members WHERE id = $1) o
      WHERE m.id = o.id
      RETURNING (o.prev IS NULL OR o.prev <= now()) AS came_online, m.hide_presence`,
    [memberId],
  );
  if (rows[0]?.came_online && !rows[0].hide_presence) await tellPartners(db, memberId);
}

/** The member's last stream closed: last seen now. */
export async function markOffline(db: Db, memberId: number): Promise<void> {
  const { rows } = await db.query<{ hide_presence: boolean }>(
    'UPDATE members SET online_until = NULL, last_active_at = now() WHERE id = $1 RETURNING hide_presence',
    [memberId],
  );
  if (rows[0] && !rows[0].hide_presence) await tellPartners(db, memberId);
}

/** Keeps members with open streams online (the stream heartbeat). */
export async function refreshOnline(db: Db, memberIds: number[]): Promise<void> {
  if (!memberIds.length) return;
  await db.query(`UPDATE members SET online_until = now() + ${ONLINE_GRACE} WHERE id = ANY($1::int[])`, [memberIds]);
}

export async function getPrivacy(db: Db, memberId: number): Promise<{ hide_presence: boolean }> {
  const { rows } = await db.query<{ hide_presence: boolean }>('SELECT hide_presence FROM members WHERE id = $1', [memberId]);
  return { hide_presence: rows[0]?.hide_presence ?? false };
}

/** Hiding takes effect at once: partners' open pages get a presence event (now hidden). */
export async function setPrivacy(db: Db, memberId: number, hide: boolean): Promise<{ hide_presence: boolean }> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ changed: boolean }>(
      `UPDATE members m SET hide_presence = $2 FROM (SELECT id, hide_presence AS prev FROM members WHERE id = $1) o
        WHERE m.id = o.id RETURNING o.prev <> $2 AS changed`,
      [memberId, hide],
    );
    if (rows[0]?.changed) await tellPartners(tx, memberId);
  });
  return { hide_presence: hide };
}
