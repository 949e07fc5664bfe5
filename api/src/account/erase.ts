import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { backgroundRunner } from './background';
import { deletedEmailHash } from './emails';
import { eraseMemberData, type DeletedMember } from './lifecycle';
import { deleteMemberRow } from './repository';

/**
 * The tables that can hold a member's rows: members, every table that references it (directly or
 * through another, e.g. messages through conversations), and the mail outbox. A deletion leaves
 * their dead row versions behind: these are the tables to rewrite.
 */
export async function memberTables(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `WITH RECURSIVE referencing(oid) AS (
       SELECT 'members'::regclass::oid
       UNION
       SELECT c.conrelid FROM pg_constraint c JOIN referencing r ON c.confrelid = r.oid WHERE c.contype = 'f'
     )
     SELECT format('%I.%I', n.nspname, t.relname) AS name
       FROM referencing r JOIN pg_class t ON t.oid = r.oid JOIN pg_namespace n ON n.oid = t.relnamespace
      ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/**
 * Erasure that reaches storage. A DELETE only marks row versions dead: their bytes
 * stay in the table's heap and index files, and the statements that wrote them stay in the WAL.
 *
 * - PGlite (the embedded database, one connection): VACUUM FULL rewrites the member tables into new
 *   files (heap, TOAST and indexes; the old files are dropped), then the WAL moves to a new segment
 *   and a CHECKPOINT removes the old ones (not recycled: recycling would keep their bytes).
 * - PostgreSQL: VACUUM FULL takes an exclusive lock for as long as it rewrites, which a busy server
 *   cannot afford per deletion, so here the tables get a plain VACUUM (dead versions are pruned and
 *   their space is reused, overwritten in time). What a PostgreSQL deployment must do besides is in
 *   the API README ("Erasure"): a scheduled `VACUUM FULL`/pg_repack of these tables, and WAL
 *   archives and backups kept no longer than the retention the privacy page states.
 */
export async function eraseDeletedRows(db: Db): Promise<void> {
  const tables = await memberTables(db);
  if (db.engine === 'postgres') {
    await db.exec(`VACUUM (ANALYZE) ${tables.join(', ')}`);
    return;
  }
  await db.exec(`VACUUM FULL ${tables.join(', ')}`);
  await db.exec('SET wal_recycle = off');
  await db.query('SELECT pg_switch_wal()');
  await db.exec('CHECKPOINT');
}

/**
 * Runs eraseDeletedRows after an account deletion, out of band of the answer (the rewrite blocks
 * the embedded database's one connection meanwhile). Deletions arriving while one runs share the
 * next run. Tests wait for it with backgroundSettled(app).
 */
export function erasureRunner(app: FastifyInstance): () => void {
  const run = backgroundRunner(app);
  let queued = false;
  let running: Promise<void> = Promise.resolve();
  return () => {
    if (queued) return;
    queued = true;
    run(async () => {
      await running;
      queued = false;
      running = eraseDeletedRows(app.db);
      await running;
    });
  };
}

/**
 * Deletes a member's account (the member's own deletion, DELETE user.php, and an operator's
 * erasure from the member desk), in one transaction: answers the photo files to delete once
 * committed. Each feature does its part first (src/account/lifecycle.ts: the complaints the member
 * sent go, payment records stay without the member, the outbox forgets the member's mails, the
 * photos' rows go), then the row goes, and with it (ON DELETE CASCADE) sessions, tokens, likes,
 * conversations, notifications and push subscriptions. What stays besides is an HMAC of the
 * address, so that validate_email answers `deleted` for it. The caller then deletes the files and
 * runs the erasure (erasureRunner).
 */
export async function deleteAccountRows(db: Db, member: DeletedMember): Promise<string[]> {
  const hash = await deletedEmailHash(db, member.email);
  return db.transaction(async (tx) => {
    const files = await eraseMemberData(tx, member);
    await deleteMemberRow(tx, member, hash);
    return files;
  });
}
