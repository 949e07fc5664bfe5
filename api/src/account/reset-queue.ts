import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { queueMail } from '../mail/outbox';
import { findSiteById } from '../site/site';
import { normalizeEmail } from './emails';
import { lockMemberForReset, recentResetToken } from './repository';
import { createToken } from './tokens';

/**
 * Password-reset requests, kept in the database (password_reset_requests, migration 0290) the way
 * mail is kept in the outbox: POST /api/password_reset.php stores the request and answers at once;
 * the API works the queue off every RESET_QUEUE_MS, out of band of the requests, so neither the
 * answer nor the next request's timing tells whether the address has an account. A request
 * survives a restart, and with several API processes each request is taken by one
 * (FOR UPDATE SKIP LOCKED).
 */

/** A second reset mail to the same member within this time is not sent (mail bombing). */
export const RESET_MAIL_GAP_S = 60;
/** How often queued password-reset requests are worked off (out of band of the requests). */
export const RESET_QUEUE_MS = 200;
/** A request whose handling failed this often is dropped (logged); in between, waits of 5 s, 10 s, … */
const MAX_ATTEMPTS = 5;

export interface ResetRequest {
  siteId: number;
  email: string;
  origin: string;
}

/** Stores a request (the same work whether the address has an account or not). */
export async function queueResetRequest(db: Db, r: ResetRequest): Promise<void> {
  await db.query('INSERT INTO password_reset_requests (site_id, email, origin) VALUES ($1, $2, $3)', [r.siteId, r.email, r.origin]);
}

/**
 * One request, in the transaction that takes it: the member (if any) is locked, and unless a reset
 * mail went out within RESET_MAIL_GAP_S a token is made and the mail queued in the outbox.
 */
async function handle(tx: Db, r: ResetRequest): Promise<void> {
  const site = await findSiteById(tx, r.siteId);
  // Lock the member first, then look for a recent token in a new statement: on PostgreSQL
  // (READ COMMITTED) that statement sees a token a parallel request committed meanwhile.
  const member = await lockMemberForReset(tx, site.memberPoolId, normalizeEmail(r.email));
  if (!member) return;
  if (await recentResetToken(tx, member.id, RESET_MAIL_GAP_S)) return;
  const token = await createToken(tx, 'password_reset', member.id);
  await queueMail(tx, {
    siteId: site.id,
    memberId: member.id,
    kind: 'password_reset',
    to: member.email,
    language: member.language,
    vars: { brand: site.theme.brandName, name: member.name, link: `${r.origin}/reset-password/do?token=${token}` },
  });
}

/**
 * Works off the due requests, oldest first, each in its own transaction that also deletes it (so a
 * request is handled once, or not at all and stays queued). Answers how many were handled.
 */
export async function workOffResetRequests(db: Db, log?: { error: (o: object, m: string) => void }): Promise<number> {
  let handled = 0;
  for (;;) {
    const current: { taken?: ResetRequest & { id: string; attempts: number } } = {};
    try {
      const more = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; site_id: number; email: string; origin: string; attempts: number }>(
          `SELECT id, site_id, email, origin, attempts FROM password_reset_requests
            WHERE next_attempt_at <= now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        const row = rows[0];
        if (!row) return false;
        current.taken = { id: row.id, siteId: row.site_id, email: row.email, origin: row.origin, attempts: row.attempts };
        await handle(tx, current.taken);
        await tx.query('DELETE FROM password_reset_requests WHERE id = $1', [row.id]);
        return true;
      });
      if (!more) return handled;
      handled++;
    } catch (err) {
      const taken = current.taken;
      if (!taken) throw err;
      // The request stays queued (its transaction rolled back): later, or dropped after MAX_ATTEMPTS.
      const attempts = taken.attempts + 1;
      log?.error({ err, request: Number(taken.id), attempts }, 'password-reset request failed');
      if (attempts >= MAX_ATTEMPTS) await db.query('DELETE FROM password_reset_requests WHERE id = $1', [taken.id]);
      else {
        await db.query(
          'UPDATE password_reset_requests SET attempts = $2, next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1',
          [taken.id, attempts, 5 * 2 ** (attempts - 1)],
        );
      }
    }
  }
}

/**
 * Works the queue off every `everyMs` while the app runs. `nextRound()` resolves once a round that
 * started after the call has ended (the request's background task waits for it, and tests with
 * it); closing the app stops the timer after a running round, leaving what is queued in the
 * database for the next start.
 */
export function resetQueueRunner(app: FastifyInstance, everyMs: number = RESET_QUEUE_MS): { nextRound(): Promise<void> } {
  let waiting: (() => void)[] = [];
  let running: Promise<void> | null = null;
  let closed = false;
  const tick = () => {
    if (running || closed) return;
    const woken = waiting;
    waiting = [];
    running = workOffResetRequests(app.db, app.log)
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, 'password-reset queue failed'))
      .finally(() => {
        running = null;
        for (const wake of woken) wake();
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  // preClose: before the onClose hooks, among them the one that waits for the background tasks
  // (some of which wait for a round).
  app.addHook('preClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
    for (const wake of waiting) wake();
    waiting = [];
  });
  return { nextRound: () => (closed ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))) };
}
