import type { ChatListItem } from '@dating/shared';
import type { Db } from '../db';
import { publishEvent } from '../events/publish';
import { HttpError } from '../http/errors';
import { assertNotBlocked } from '../safety/blocks';
import { membership } from '../messages/messages';
import { readConversation } from '../notifications/notifications';
import { findVisibleMember, loadPublicProfiles } from '../profiles/profiles';
import type { Site } from '../site/site';

interface ChatRow {
  id: number;
  other_id: number;
  last_message: string | null;
  last_message_at: Date | null;
  unread: number;
}

/**
 * The member's conversations, most recent first, with the last message they can see and how many
 * messages from the other member they have not read. A deleted conversation is left out until a
 * new message arrives; conversations with members who are gone are left out.
 */
export async function listChats(db: Db, site: Site, memberId: number): Promise<ChatListItem[]> {
  const { rows } = await db.query<ChatRow>(
    `SELECT c.id, CASE WHEN c.member_lo = $1 THEN c.member_hi ELSE c.member_lo END AS other_id,
            last.body AS last_message, last.created_at AS last_message_at,
            (SELECT count(*)::int FROM messages u
              WHERE u.conversation_id = c.id AND u.sender_id <> $1 AND u.id > greatest(cm.last_read_id, cm.cleared_id)) AS unread
       FROM conversation_members cm
       JOIN conversations c ON c.id = cm.conversation_id
       LEFT JOIN messages last ON last.id = c.last_message_id AND last.id > cm.cleared_id
      WHERE cm.member_id = $1 AND c.last_message_id IS NOT NULL
        AND (NOT cm.hidden OR c.last_message_id > cm.cleared_id)
      ORDER BY coalesce(last.created_at, c.created_at) DESC, c.id DESC`,
    [memberId],
  );
  const profiles = await loadPublicProfiles(db, site, memberId, rows.map((r) => r.other_id));
  return rows.flatMap((r) => {
    const profile = profiles.get(r.other_id);
    if (!profile) return [];
    return [
      {
        conversation: {
          id: r.id,
          last_message: r.last_message,
          last_message_at: r.last_message_at ? new Date(r.last_message_at).toISOString() : null,
        },
        profile,
        num_unread_messages: r.unread,
      },
    ];
  });
}

/**
 * The conversation between the member and another member of the pool, or null when they have none
 * yet (GET chat.php). Looking creates nothing: see startChat, called with the first message.
 * 403 when either blocked the other.
 */
export async function findChat(db: Db, site: Site, memberId: number, profileId: number): Promise<number | null> {
  if (profileId === memberId) throw new HttpError(400, 'invalid_input', 'profile: you cannot chat with yourself', 'profile');
  const other = await findVisibleMember(db, site, profileId);
  if (!other) throw new HttpError(404, 'not_found', 'This member does not exist (any more)', 'profile');
  await assertNotBlocked(db, memberId, profileId);
  const [lo, hi] = memberId < profileId ? [memberId, profileId] : [profileId, memberId];
  const { rows } = await db.query<{ id: number }>('SELECT id FROM conversations WHERE member_lo = $1 AND member_hi = $2', [lo, hi]);
  return rows[0]?.id ?? null;
}

/**
 * The conversation between the member and another member of the pool: the existing one (put back
 * in the member's list if they had deleted it), else a new one. Safe to call twice at once. Only
 * sending a message calls it, in the send's transaction: a conversation nobody wrote in does not exist.
 */
export async function startChat(db: Db, site: Site, memberId: number, profileId: number): Promise<number> {
  if (profileId === memberId) throw new HttpError(400, 'invalid_input', 'profile: you cannot chat with yourself', 'profile');
  const other = await findVisibleMember(db, site, profileId);
  if (!other) throw new HttpError(404, 'not_found', 'This member does not exist (any more)', 'profile');
  const [lo, hi] = memberId < profileId ? [memberId, profileId] : [profileId, memberId];
  return db.transaction(async (tx) => {
    await tx.query('INSERT INTO conversations (member_lo, member_hi) VALUES ($1, $2) ON CONFLICT (member_lo, member_hi) DO NOTHING', [
      lo,
      hi,
    ]);
    const { rows } = await tx.query<{ id: number }>('SELECT id FROM conversations WHERE member_lo = $1 AND member_hi = $2', [lo, hi]);
    const id = rows[0]!.id;
    await tx.query(
      `INSERT INTO conversation_members (conversation_id, member_id) VALUES ($1, $2), ($1, $3)
       ON CONFLICT (conversation_id, member_id) DO NOTHING`,
      [id, lo, hi],
    );
    return id;
  });
}

/**
 * Deletes the conversation for the member: it leaves their list and its messages so far are gone
 * for them (the other member keeps theirs). Only a member of the conversation may; for anyone
 * else it does not exist (404).
 */
export async function deleteChat(db: Db, memberId: number, conversationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const m = await membership(tx, conversationId, memberId, true);
    const upTo = m.lastMessageId ?? 0;
    await tx.query(
      `UPDATE conversation_members SET hidden = true, cleared_id = greatest(cleared_id, $3), last_read_id = greatest(last_read_id, $3)
        WHERE conversation_id = $1 AND member_id = $2`,
      [conversationId, memberId, upTo],
    );
    await readConversation(tx, memberId, conversationId);
    // The member's other open pages drop it too.
    await publishEvent(tx, { type: 'chat_removed', member: memberId, conversation: conversationId });
  });
}

/** Marks everything in the conversation read for the member (read.php). */
export async function markRead(db: Db, memberId: number, conversationId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const m = await membership(tx, conversationId, memberId, true);
    const upTo = m.lastMessageId ?? 0;
    await tx.query(
      'UPDATE conversation_members SET last_read_id = greatest(last_read_id, $3) WHERE conversation_id = $1 AND member_id = $2',
      [conversationId, memberId, upTo],
    );
    await readConversation(tx, memberId, conversationId);
    if (upTo > m.lastReadId) {
      // Read receipts to the sender's pages, and the reader's other pages clear their unread count.
      const read = { type: 'read' as const, conversation: conversationId, reader: memberId, up_to: upTo };
      await publishEvent(tx, { ...read, member: m.otherId });
      await publishEvent(tx, { ...read, member: memberId });
    }
  });
}
