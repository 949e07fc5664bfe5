import type { Db } from '../src/db';

/**
 * A long conversation for the chat benchmarks: `count` messages, the two members in turn, a minute
 * apart and ending now, "message number 1" … "message number N" (the newest).
 */
export async function fillConversation(db: Db, conversation: number, a: number, b: number, count: number): Promise<void> {
  await db.query(
    `INSERT INTO messages (conversation_id, sender_id, body, created_at)
     SELECT $1, CASE WHEN g % 2 = 0 THEN $2::int ELSE $3::int END, 'message number ' || g, now() - make_interval(mins => $4 - g)
       FROM generate_series(1, $4) g`,
    [conversation, a, b, count],
  );
  await db.query('UPDATE conversations SET last_message_id = (SELECT max(id) FROM messages WHERE conversation_id = $1) WHERE id = $1', [conversation]);
}
