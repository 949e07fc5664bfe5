import { premiumMessageCost, type Message } from '@dating/shared';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { spendCredits } from '../commerce/ledger';

/**
 * A message as the contract has it. `read`: the recipient (the member who did not send it) has
 * read up to it.
 */
const MESSAGE_COLUMNS = `msg.id, msg.conversation_id, msg.sender_id, msg.body, msg.created_at, msg.client_id,
  msg.id <= coalesce((SELECT r.last_read_id FROM conversation_members r
                       WHERE r.conversation_id = msg.conversation_id AND r.member_id <> msg.sender_id), 0) AS read`;

interface MessageRow {
  id: number;
  conversation_id: number;
  sender_id: number;
  body: string;
  created_at: Date;
  read: boolean;
  client_id: string | null;
}

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversation: row.conversation_id,
    sender: row.sender_id,
    msg: row.body,
    created_at: new Date(row.created_at).toISOString(),
    read: row.read,
    client_id: row.client_id,
  };
}

export async function loadMessage(db: Db, id: number): Promise<Message | null> {
  const { rows } = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages msg WHERE msg.id = $1`, [id]);
  return rows[0] ? toMessage(rows[0]) : null;
}

/** The message the member sent with this client id, if any (idempotent send). */
export async function findByClientId(db: Db, senderId: number, clientId: string): Promise<Message | null> {
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages msg WHERE msg.sender_id = $1 AND msg.client_id = $2`,
    [senderId, clientId],
  );
  return rows[0] ? toMessage(rows[0]) : null;
}

/** The member's side of a conversation they belong to. */
export interface Membership {
  conversationId: number;
  memberId: number;
  otherId: number;
  lastReadId: number;
  clearedId: number;
  lastMessageId: number | null;
}

/**
 * The member's side of a conversation, or 404: a conversation of others is answered exactly like
 * one that does not exist. `forUpdate` locks the member's row for the rest of the transaction.
 */
export async function membership(db: Db, conversationId: number, memberId: number, forUpdate = false): Promise<Membership> {
  const { rows } = await db.query<{
    last_read_id: number;
    cleared_id: number;
    last_message_id: number | null;
    other_id: number;
  }>(
    `SELECT cm.last_read_id, cm.cleared_id, c.last_message_id,
            CASE WHEN c.member_lo = $2 THEN c.member_hi ELSE c.member_lo END AS other_id
       FROM conversation_members cm JOIN conversations c ON c.id = cm.conversation_id
      WHERE cm.conversation_id = $1 AND cm.member_id = $2${forUpdate ? ' FOR UPDATE OF cm' : ''}`,
    [conversationId, memberId],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, 'not_found', 'This conversation does not exist', 'conversation');
  return {
    conversationId,
    memberId,
    otherId: row.other_id,
    lastReadId: row.last_read_id,
    clearedId: row.cleared_id,
    lastMessageId: row.last_message_id,
  };
}

/**
 * A page of a conversation as the member sees it (without what they deleted), paged backwards:
 * the newest `limit` messages before message id `before` (or the newest of all), oldest first.
 */
export async function listMessages(
  db: Db,
  m: Membership,
  before: number | undefined,
  limit: number,
): Promise<{ messages: Message[]; has_more: boolean }> {
  const { rows } = await db.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages msg
      WHERE msg.conversation_id = $1 AND msg.id > $2 AND ($3::int IS NULL OR msg.id < $3::int)
      ORDER BY msg.id DESC LIMIT $4`,
    [m.conversationId, m.clearedId, before ?? null, limit + 1],
  );
  const has_more = rows.length > limit;
  return { messages: rows.slice(0, limit).reverse().map(toMessage), has_more };
}

/**
 * What one message costs the member: the minimum_message_costs of the member's billing site for
 * their billing country (both fixed once, see migrations/0030_chat.sql), never the editable profile
 * country or the site of the request's host. Premium members (paid_user) pay that site's
 * premium_message_percent of it (rules.ts premiumMessageCost): read here, never from the request.
 */
export async function messagePrice(
  db: Db,
  memberId: number,
): Promise<{ credits: number; amount: number; currency: string; balance: number }> {
  const { rows } = await db.query<{
    costs: Record<string, { costs: number; currency: string }> | null;
    billing_country: string | null;
    credits: number;
    paid_user: boolean;
    premium_percent: number | null;
  }>(
    `SELECT s.settings->'minimum_message_costs' AS costs, m.billing_country, m.credits, m.paid_user,
            (s.settings->>'premium_message_percent')::int AS premium_percent
       FROM members m JOIN sites s ON s.id = coalesce(m.billing_site_id, m.site_id) WHERE m.id = $1`,
    [memberId],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, 'not_found', 'No such member');
  const costs = row.costs ?? {};
  const normal = messageCost(costs, row.billing_country);
  const credits = row.paid_user ? premiumMessageCost(normal, row.premium_percent) : normal;
  const entry = (row.billing_country ? costs[row.billing_country] : undefined) ??
    Object.values(costs).find((c) => Math.round(c.costs * 100) === normal);
  return {
    credits,
    amount: credits / 100,
    currency: entry?.currency ?? 'EUR',
    balance: row.credits,
  };
}

/** Credits per message for a sender's country: see README "Credits". */
export function messageCost(costs: Record<string, { costs: number; currency: string }>, country: string | null): number {
  const entry = country ? costs[country] : undefined;
  if (entry) return Math.round(entry.costs * 100);
  // A country the site has no price for: the highest price it has, never free by accident.
  const all = Object.values(costs).map((c) => Math.round(c.costs * 100));
  return all.length ? Math.max(...all) : 0;
}

/**
 * Sends a message inside a transaction, in two statements: one stores it and moves both sides on
 * (the conversation's last message; the sender has read their own message, and a conversation they
 * had deleted is back in their list), then spendCredits (src/commerce/ledger.ts) locks the member,
 * re-checks the balance and spends through the ledger, so parallel sends never overdraw; a 402 rolls
 * the message back. A client id the sender already used stores nothing and answers null (the caller
 * answers the message it made).
 */
export async function storeMessage(
  tx: Db,
  m: Membership,
  body: string,
  cost: number,
  clientId: string | null = null,
): Promise<{ message: Message; credits: number } | null> {
  const { rows } = await tx.query<{ id: number; created_at: Date }>(
    `WITH ins AS (
       INSERT INTO messages (conversation_id, sender_id, body, cost, client_id) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (sender_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
       RETURNING id, created_at
     ), conv AS (
       UPDATE conversations c SET last_message_id = ins.id FROM ins WHERE c.id = $1
     ), mine AS (
       UPDATE conversation_members cm SET last_read_id = ins.id, hidden = false FROM ins
        WHERE cm.conversation_id = $1 AND cm.member_id = $2
     )
     SELECT id, created_at FROM ins`,
    [m.conversationId, m.memberId, body, cost, clientId],
  );
  const row = rows[0];
  if (!row) return null;
  const credits = await spendCredits(tx, m.memberId, cost, { messageId: row.id });
  // A new message is newer than anything the other member has read: not read yet.
  const message: Message = {
    id: row.id,
    conversation: m.conversationId,
    sender: m.memberId,
    msg: body,
    created_at: new Date(row.created_at).toISOString(),
    read: false,
    client_id: clientId,
  };
  return { message, credits };
}
