import type { FastifyRequest } from 'fastify';
import type { Db } from '../db';

export interface AuditEntryInput {
  /** What was done: `area.verb`, e.g. `moderation.reject`, `member.suspend`, `operator.invite`. */
  action: string;
  /** What it was done to: `member`, `photo`, `operator`, `campaign` …, and its id. */
  targetType?: string;
  targetId?: string | number;
  /** The state before and after (the fields that changed); null where there is none. */
  before?: unknown;
  after?: unknown;
  /** Why, as the operator gave it. */
  reason?: string | null;
  /** The site acted on; default the call's site (request.operatorSite); null: no site (operators). */
  siteId?: number | null;
}

/**
 * Writes one audit log entry for an operator action: who (the request's operator), when, on which
 * site, what, before/after, why. Every operator action calls it, in the transaction of the change
 * where there is one (`db` = the transaction), so that a change is never without its entry.
 * The log is append-only (migration 0101: UPDATE and DELETE raise).
 */
export async function audit(db: Db, request: FastifyRequest, entry: AuditEntryInput): Promise<void> {
  const operator = request.operator;
  let siteId = entry.siteId;
  if (siteId === undefined) siteId = operator ? operator.currentSiteId : null;
  await writeAudit(db, {
    ...entry,
    siteId,
    operatorId: operator?.id ?? null,
    operatorEmail: operator?.email ?? null,
    ip: request.ip,
  });
}

/** An entry without a request (the command line: `npm run operator`). */
export async function writeAudit(
  db: Db,
  entry: AuditEntryInput & { operatorId: number | null; operatorEmail: string | null; ip?: string | null },
): Promise<void> {
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  await db.query(
    `INSERT INTO audit_log (operator_id, operator_email, site_id, action, target_type, target_id, before, after, reason, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10)`,
    [
      entry.operatorId,
      entry.operatorEmail,
      entry.siteId ?? null,
      entry.action,
      entry.targetType ?? null,
      entry.targetId === undefined ? null : String(entry.targetId),
      json(entry.before),
      json(entry.after),
      entry.reason ?? null,
      entry.ip ?? null,
    ],
  );
}
