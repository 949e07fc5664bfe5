import type { NotificationItem as Notification } from '@dating/shared';
import type { Db } from '../db';
import type { Site } from '../site/site';
import { loadPublicProfiles } from '../profiles/profiles';

/** Notifications a member sees: the newest ones. */
export const NOTIFICATIONS_LIMIT = 50;

/** Someone liked the member (one notification per like). */
export async function notifyLike(db: Db, memberId: number, likerId: number): Promise<void> {
  await db.query(`INSERT INTO notifications (member_id, type, actor_id) VALUES ($1, 'like', $2)`, [memberId, likerId]);
}

/** The like was taken back: its notification goes if it is still unread. */
export async function withdrawLike(db: Db, memberId: number, likerId: number): Promise<void> {
  await db.query(`DELETE FROM notifications WHERE member_id = $1 AND type = 'like' AND actor_id = $2 AND read_at IS NULL`, [
    memberId,
    likerId,
  ]);
}

/** The member opened the liker's profile (PUT likes.php). */
export async function readLike(db: Db, memberId: number, likerId: number): Promise<void> {
  await db.query(
    `UPDATE notifications SET read_at = now() WHERE member_id = $1 AND type = 'like' AND actor_id = $2 AND read_at IS NULL`,
    [memberId, likerId],
  );
}

/** New message: one unread notification per conversation, moved to the top by each new message. */
export async function notifyMessage(db: Db, memberId: number, senderId: number, conversationId: number): Promise<void> {
  await db.query(
    `INSERT INTO notifications (member_id, type, actor_id, conversation_id) VALUES ($1, 'message', $2, $3)
     ON CONFLICT (member_id, conversation_id) WHERE type = 'message' AND read_at IS NULL
     DO UPDATE SET created_at = now(), actor_id = excluded.actor_id`,
    [memberId, senderId, conversationId],
  );
}

/** The member read the conversation (read.php) or deleted it. */
export async function readConversation(db: Db, memberId: number, conversationId: number): Promise<void> {
  await db.query(
    `UPDATE notifications SET read_at = now()
      WHERE member_id = $1 AND type = 'message' AND conversation_id = $2 AND read_at IS NULL`,
    [memberId, conversationId],
  );
}

/**
 * An account notice for the member, shown in the notifications list; `notice` is a message key the
 * front end translates, e.g. 'email-change-incorrect'.
 */
export async function addAccountNotice(db: Db, memberId: number, notice: string): Promise<void> {
  await db.query(`INSERT INTO notifications (member_id, type, notice) VALUES ($1, 'account', $2)`, [memberId, notice]);
}

/** Everything shown is read now (PUT notifications.php). */
export async function readAll(db: Db, memberId: number): Promise<void> {
  await db.query(`UPDATE notifications SET read_at = now() WHERE member_id = $1 AND read_at IS NULL`, [memberId]);
}

interface Row {
  id: number;
  type: Notification['type'];
  created_at: Date;
  read: boolean;
  actor_id: number | null;
  notice: string | null;
  detail: string | null;
  conversation_id: number | null;
}

/** The member's newest notifications; those about members who are gone are left out. */
export async function listNotifications(db: Db, site: Site, memberId: number): Promise<Notification[]> {
  const { rows } = await db.query<Row>(
    `SELECT id, type, created_at, read_at IS NOT NULL AS read, actor_id, notice, detail, conversation_id
       FROM notifications WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [memberId, NOTIFICATIONS_LIMIT],
  );
  const actors = [...new Set(rows.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id])))];
  const profiles = await loadPublicProfiles(db, site, memberId, actors);
  return rows.flatMap((r) => {
    const profile = r.actor_id === null ? null : profiles.get(r.actor_id);
    if (profile === undefined) return [];
    return [
      {
        id: r.id,
        type: r.type,
        created_at: new Date(r.created_at).toISOString(),
        read: r.read,
        profile,
        notice: r.notice,
        ...(r.detail === null ? {} : { detail: r.detail }),
        conversation: r.conversation_id,
      },
    ];
  });
}
