import crypto from 'node:crypto';
import type { Db } from '../db';
import { HttpError } from '../http/errors';

/** How long a key's first answer is kept and repeated (docs/payments.md, "Idempotency"). */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** How long a repeat waits for the first call of its key to finish before answering 409. */
const WAIT_MS = 15_000;

const hashOf = (call: string, request: unknown) =>
  crypto.createHash('sha256').update(call).update('\n').update(JSON.stringify(request)).digest('base64url');

/**
 * Runs a payment-creating call once per (member, key): the key is claimed by inserting it (the
 * primary key decides between parallel calls), the first call's answer is stored, and a repeat
 * within the window answers that stored answer without calling `run` (no second charge). A
 * repeat that arrives while the first is still running waits for its answer. When the first call
 * fails, the key is released, so the member can try again with it. The same key with another
 * request (another package, another call) answers 422 naming the field.
 */
export async function idempotent<T>(
  db: Db,
  memberId: number,
  key: string,
  call: string,
  request: Record<string, unknown>,
  run: () => Promise<T>,
): Promise<T> {
  const { idempotency_key: _key, ...rest } = request;
  const hash = hashOf(call, rest);
  await db.query(`DELETE FROM idempotency_keys WHERE member_id = $1 AND created_at < now() - make_interval(hours => $2)`, [
    memberId,
    IDEMPOTENCY_WINDOW_HOURS,
  ]);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const { rows: claimed } = await db.query(
      `INSERT INTO idempotency_keys (member_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
      [memberId, key, hash],
    );
    if (claimed.length) {
      let result: T;
      try {
        result = await run();
      } catch (err) {
        await db.query('DELETE FROM idempotency_keys WHERE member_id = $1 AND key = $2', [memberId, key]);
        throw err;
      }
      await db.query('UPDATE idempotency_keys SET response = $3::jsonb WHERE member_id = $1 AND key = $2', [memberId, key, JSON.stringify(result)]);
      return result;
    }
    // A repeat: the first answer, once there is one.
    for (;;) {
      const { rows } = await db.query<{ request_hash: string; response: T | null }>(
        'SELECT request_hash, response FROM idempotency_keys WHERE member_id = $1 AND key = $2',
        [memberId, key],
      );
      const row = rows[0];
      if (!row) break; // the first call failed and released the key: this one runs
      if (row.request_hash !== hash) {
        throw new HttpError(422, 'idempotency_key_reused', 'This checkout form was already used for another payment: reload the page', 'idempotency_key');
      }
      if (row.response !== null) return row.response;
      if (Date.now() > deadline) {
        throw new HttpError(409, 'payment_in_progress', 'This payment is still being started: wait a moment and look at your credits');
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
