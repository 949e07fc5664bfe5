import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditQuerySchema, AuditResponseSchema, OPERATOR_AREAS, type AuditEntry } from '@dating/shared';
import type { z } from 'zod';
import { audit } from './audit';

/** The CSV export holds at most this many entries (narrow the filters for more). */
export const AUDIT_EXPORT_MAX = 10_000;

interface Row {
  id: string | number;
  at: Date;
  operator_id: number | null;
  operator_email: string | null;
  site: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}

const toEntry = (r: Row): AuditEntry => ({
  id: Number(r.id),
  at: new Date(r.at).toISOString(),
  operator: r.operator_id === null ? null : { id: r.operator_id, email: r.operator_email ?? '' },
  site: r.site,
  action: r.action,
  target_type: r.target_type,
  target_id: r.target_id,
  before: r.before ?? null,
  after: r.after ?? null,
  reason: r.reason,
});

/**
 * The filters as SQL: the admin sees entries of the sites they hold and those about no site
 * (operators, logins); `action` ending in a dot is a prefix (`moderation.`).
 */
function where(request: FastifyRequest, q: z.output<typeof AuditQuerySchema>): { sql: string; params: unknown[] } {
  const params: unknown[] = [request.operator!.siteIds];
  const conds = ['(a.site_id IS NULL OR a.site_id = ANY($1::int[]))'];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conds.push(sql.replace('?', `$${params.length}`));
  };
  if (q.operator !== undefined) add('a.operator_id = ?', q.operator);
  if (q.site !== undefined) add('a.site_id = ?', q.site);
  if (q.action !== undefined) {
    if (q.action.endsWith('.')) add("a.action LIKE ? || '%'", q.action);
    else add('a.action = ?', q.action);
  }
  if (q.target_type !== undefined) add('a.target_type = ?', q.target_type);
  if (q.target_id !== undefined) add('a.target_id = ?', q.target_id);
  if (q.from !== undefined) add('a.at >= ?::timestamptz', q.from);
  if (q.to !== undefined) add('a.at < ?::timestamptz', q.to);
  if (q.before !== undefined) add('a.id < ?', q.before);
  return { sql: conds.join(' AND '), params };
}

const SELECT = `SELECT a.id, a.at, a.operator_id, a.operator_email, s.template_name AS site, a.action, a.target_type, a.target_id,
                       a.before, a.after, a.reason
                  FROM audit_log a LEFT JOIN sites s ON s.id = a.site_id`;

/** A CSV field: quoted when needed; a leading =, +, - or @ is defused (no formulas when opened in a spreadsheet). */
function csvField(value: unknown): string {
  let s = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The audit log for admins: filtered, newest first, paged; and as a CSV file. */
export const auditPlugin: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'operator', roles: OPERATOR_AREAS.audit, siteCheck: false } as const;

  app.get(
    '/api/operator/audit.php',
    {
      config,
      schema: {
        tags: ['operator'],
        summary:
          'The audit log (admins): who did what when on which site, before/after and why; newest first, filtered by operator, site, action (or `prefix.`), target, time; `next_before` pages on.',
        querystring: AuditQuerySchema,
        response: { 200: AuditResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const { sql, params } = where(request, q);
      const { rows } = await app.db.query<Row>(`${SELECT} WHERE ${sql} ORDER BY a.id DESC LIMIT ${q.limit + 1}`, params);
      const more = rows.length > q.limit;
      const entries = rows.slice(0, q.limit).map(toEntry);
      return { entries, next_before: more ? entries[entries.length - 1]!.id : null };
    },
  );

  app.get(
    '/api/operator/audit_export.php',
    {
      config,
      schema: {
        tags: ['operator'],
        summary: `The audit log as CSV (admins): the same filters, newest first, at most ${AUDIT_EXPORT_MAX} entries.`,
        querystring: AuditQuerySchema,
        answers: 'csv',
      },
    },
    async (request, reply) => {
      const { sql, params } = where(request, request.query);
      const { rows } = await app.db.query<Row>(`${SELECT} WHERE ${sql} ORDER BY a.id DESC LIMIT ${AUDIT_EXPORT_MAX}`, params);
      const header = ['id', 'at', 'operator_id', 'operator_email', 'site', 'action', 'target_type', 'target_id', 'before', 'after', 'reason'];
      const lines = rows.map((r) =>
        [Number(r.id), new Date(r.at).toISOString(), r.operator_id, r.operator_email, r.site, r.action, r.target_type, r.target_id, r.before, r.after, r.reason]
          .map(csvField)
          .join(','),
      );
      await audit(app.db, request, { action: 'audit.export', siteId: null, after: { rows: rows.length, filters: request.query } });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send([header.join(','), ...lines].join('\r\n') + '\r\n');
    },
  );
};
