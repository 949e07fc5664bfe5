/**
 * Operator accounts from the command line, for the first admin of a deployment (production has no
 * operator with a known password) and for an operator who lost their second factor:
 *
 *   npm run operator -- create <email> --role admin --sites all [--name "Ann Admin"]
 *   npm run operator -- create <email> --role moderator --sites amora,velvet
 *   npm run operator -- reset <email>      (new password and second factor: a new enrolment link)
 *
 * Prints a one-time enrolment link (7 days) where the person sets their password and second
 * factor. Uses the API's database (DATABASE_URL, else the PGlite folder DATA_DIR: stop the API
 * first, PGlite opens in one process at a time). The link's origin is OPERATOR_ORIGIN, else
 * https://<first OPERATOR_HOSTS>, else http://localhost:8080. Written to the audit log.
 */
import { parseArgs } from 'node:util';
import { OperatorRoleSchema } from '@dating/shared';
import { loadConfig } from '../src/config';
import { migrate, openDb, type Db } from '../src/db';
import { HttpError } from '../src/http/errors';
import { backOfficeOrigin, enrolmentLink, inviteOperator, issueEnrolToken } from '../src/operator/accounts';
import { writeAudit } from '../src/operator/audit';

const USAGE = `usage:
  npm run operator -- create <email> --role admin|moderator|support|finance --sites all|<site>,<site> [--name <name>]
  npm run operator -- reset <email>`;

async function siteIds(db: Db, raw: string): Promise<'all' | number[]> {
  if (raw === 'all') return 'all';
  const names = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const { rows } = await db.query<{ id: number; template_name: string }>('SELECT id, template_name FROM sites');
  return names.map((n) => {
    const site = rows.find((r) => r.template_name === n || String(r.id) === n);
    if (!site) throw new Error(`--sites: no site "${n}" (sites: ${rows.map((r) => r.template_name).join(', ')})`);
    return site.id;
  });
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { role: { type: 'string' }, sites: { type: 'string' }, name: { type: 'string' } },
  });
  const [command, email] = positionals;
  if (!command || !email || !['create', 'reset'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const db = await openDb(config);
  try {
    await migrate(db);
    const origin = backOfficeOrigin(config, 'http://localhost:8080');
    if (command === 'create') {
      const role = OperatorRoleSchema.safeParse(values.role);
      if (!role.success || !values.sites) {
        console.error(USAGE);
        return 2;
      }
      const sites = await siteIds(db, values.sites);
      const name = values.name ?? email.split('@')[0]!;
      const { id, token } = await inviteOperator(db, { email, name, role: role.data, sites });
      await writeAudit(db, { operatorId: null, operatorEmail: null, siteId: null, action: 'operator.invite', targetType: 'operator', targetId: id, after: { email, role: role.data, sites }, reason: 'command line' });
      console.log(`Operator ${email} (${role.data}) invited. One-time enrolment link, valid 7 days:\n${enrolmentLink(origin, token)}`);
      return 0;
    }
    const { rows } = await db.query<{ id: number }>(
      `UPDATE operators SET status = 'invited', password_hash = NULL, totp_secret = NULL, totp_pending = NULL, updated_at = now()
        WHERE lower(email) = lower($1) RETURNING id`,
      [email],
    );
    if (!rows[0]) throw new Error(`no operator ${email}`);
    await db.query('DELETE FROM operator_sessions WHERE operator_id = $1', [rows[0].id]);
    await db.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [rows[0].id]);
    const token = await issueEnrolToken(db, rows[0].id);
    await writeAudit(db, { operatorId: null, operatorEmail: null, siteId: null, action: 'operator.reset', targetType: 'operator', targetId: rows[0].id, reason: 'command line' });
    console.log(`Operator ${email} reset: every session ended. One-time enrolment link, valid 7 days:\n${enrolmentLink(origin, token)}`);
    return 0;
  } catch (err) {
    console.error(err instanceof HttpError || err instanceof Error ? err.message : err);
    return 1;
  } finally {
    await db.close();
  }
}

main().then((code) => process.exit(code));
