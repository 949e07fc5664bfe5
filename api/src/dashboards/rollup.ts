import type { Db } from '../db';

/**
 * Messages and credits spent per member pool and hour (message_hours, migration 0310): adds the
 * complete hours since message_hours_state.until, up to an hour that ended at least five minutes
 * ago (a message's transaction commits within seconds of its created_at), and answers the new
 * `until`. One process rolls up at a time (the state row's lock); another one reads the `until` it
 * finds and counts what is newer from messages directly. Cost: the messages since the last call.
 */
export async function rollUpMessageHours(db: Db): Promise<Date> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ until: Date; mark: Date }>(
      `SELECT until, date_trunc('hour', now() - interval '5 minutes') AS mark FROM message_hours_state FOR UPDATE SKIP LOCKED`,
    );
    const state = rows[0];
    if (!state) {
      const { rows: now } = await tx.query<{ until: Date }>('SELECT until FROM message_hours_state');
      return new Date(now[0]!.until);
    }
    if (new Date(state.mark) <= new Date(state.until)) return new Date(state.until);
    await tx.query(
      `INSERT INTO message_hours (site_id, hour, messages, credits)
       SELECT m.site_id, date_trunc('hour', x.created_at), count(*), sum(x.cost)
         FROM messages x JOIN members m ON m.id = x.sender_id
        WHERE x.created_at >= $1 AND x.created_at < $2
        GROUP BY 1, 2
       ON CONFLICT (site_id, hour) DO UPDATE SET messages = message_hours.messages + EXCLUDED.messages,
                                                 credits = message_hours.credits + EXCLUDED.credits`,
      [state.until, state.mark],
    );
    await tx.query('UPDATE message_hours_state SET until = $1', [state.mark]);
    return new Date(state.mark);
  });
}
