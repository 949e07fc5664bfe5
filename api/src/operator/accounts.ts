import { createHash, randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { Operator, OperatorListItem, OperatorRole, OperatorSite } from '@dating/shared';
import type { Config } from '../config';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import { hashToken, newToken } from '../session/session';
import type { OperatorContext } from './session';

/** The enrolment link of an invite is valid this long, once. */
export const ENROL_TTL_S = 7 * 24 * 60 * 60;
/** Between password and TOTP code: 5 minutes, 5 codes. */
export const LOGIN_CHALLENGE_TTL_S = 5 * 60;
export const LOGIN_CHALLENGE_TRIES = 5;
/** Recovery codes handed out at once. */
export const RECOVERY_CODES = 10;

// ─── TOTP (RFC 6238 through otpauth: SHA-1, 6 digits, 30 s, what every authenticator app reads) ──

function totpOf(secret: string, label = 'operator', issuer = 'Back office'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** A new random secret (160 bits), base32. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** otpauth://totp/… for the authenticator app (a QR code of it). */
export function totpUri(secret: string, email: string, issuer = 'Back office'): string {
  return totpOf(secret, email, issuer).toString();
}

/** The current code of a secret (tests, and nothing else). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return totpOf(secret).generate({ timestamp });
}

/**
 * The time step of a code that is valid for the secret now (±1 step of clock drift), or null.
 * The caller refuses a step not later than the last one used (a code works once).
 */
export function totpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : Math.floor(timestamp / 30_000) + delta;
}

/** Checks an operator's TOTP code and records its step, atomically: a replayed code is refused. */
export async function useTotpCode(db: Db, operatorId: number, secret: string, code: string): Promise<boolean> {
  const step = totpStep(secret, code);
  if (step === null) return false;
  const { rows } = await db.query(
    `UPDATE operators SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
    [operatorId, step],
  );
  return rows.length === 1;
}

// ─── Recovery codes ─────────────────────────────────────────────────────────────────────────────

const normalizeRecovery = (code: string) => code.trim().toLowerCase().replace('-', '');
const hashRecovery = (code: string) => createHash('sha256').update(normalizeRecovery(code)).digest('hex');
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** New recovery codes (xxxxx-xxxxx) for the operator; the earlier ones stop working. Shown once. */
export async function newRecoveryCodes(db: Db, operatorId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [operatorId]);
    for (const code of codes) {
      await tx.query('INSERT INTO operator_recovery_codes (operator_id, code_hash) VALUES ($1, $2)', [operatorId, hashRecovery(code)]);
    }
  });
  return codes;
}

/** Uses one recovery code (once): true when it was an unused code of this operator. */
export async function useRecoveryCode(db: Db, operatorId: number, code: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE operator_recovery_codes SET used_at = now() WHERE operator_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
    [operatorId, hashRecovery(code)],
  );
  return rows.length === 1;
}

// ─── Accounts ───────────────────────────────────────────────────────────────────────────────────

export interface NewOperator {
  email: string;
  name: string;
  role: OperatorRole;
  sites: 'all' | number[];
}

/** 400 naming `sites` when a site id does not exist. */
export async function checkSites(db: Db, sites: 'all' | number[]): Promise<void> {
  if (sites === 'all') return;
  const { rows } = await db.query<{ id: number }>('SELECT id FROM sites WHERE id = ANY($1::int[])', [sites]);
  const known = new Set(rows.map((r) => r.id));
  const unknown = sites.find((id) => !known.has(id));
  if (unknown !== undefined) throw new HttpError(400, 'invalid_input', `sites: there is no site ${unknown}`, 'sites');
}

export async function setOperatorSites(db: Db, operatorId: number, sites: 'all' | number[]): Promise<void> {
  await db.query('UPDATE operators SET all_sites = $2, updated_at = now() WHERE id = $1', [operatorId, sites === 'all']);
  await db.query('DELETE FROM operator_sites WHERE operator_id = $1', [operatorId]);
  if (sites !== 'all') {
    await db.query('INSERT INTO operator_sites (operator_id, site_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [operatorId, sites]);
  }
}

/**
 * Creates an operator (status `invited`, no password) and its one-time enrolment token; 400 naming
 * `email` when an operator with that address exists. Answers the id and the token.
 */
export async function inviteOperator(db: Db, input: NewOperator): Promise<{ id: number; token: string }> {
  await checkSites(db, input.sites);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO operators (email, name, role, status) VALUES ($1, $2, $3, 'invited')
       ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
      [input.email.trim(), input.name.trim(), input.role],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new HttpError(400, 'invalid_input', 'email: an operator with this address exists', 'email');
    await setOperatorSites(tx, id, input.sites);
    const token = await issueEnrolToken(tx, id);
    return { id, token };
  });
}

/** A new enrolment token for an operator (earlier unused ones stop working). */
export async function issueEnrolToken(db: Db, operatorId: number): Promise<string> {
  const token = newToken();
  await db.query(`DELETE FROM operator_tokens WHERE operator_id = $1 AND kind = 'enrol'`, [operatorId]);
  await db.query(
    `INSERT INTO operator_tokens (token_hash, operator_id, kind, expires_at) VALUES ($1, $2, 'enrol', now() + make_interval(secs => $3))`,
    [hashToken(token), operatorId, ENROL_TTL_S],
  );
  return token;
}

/** Where the back office is, for enrolment links: OPERATOR_ORIGIN, else the first OPERATOR_HOSTS, else the fallback. */
export function backOfficeOrigin(config: Config, fallback: string): string {
  if (config.operatorOrigin) return config.operatorOrigin;
  const host = config.operatorHosts?.[0];
  return host ? `https://${host}` : fallback;
}

export const enrolmentLink = (origin: string, token: string) => `${origin}/backoffice/enrol?token=${token}`;

// ─── Views ──────────────────────────────────────────────────────────────────────────────────────

interface SiteRow {
  id: number;
  template_name: string;
  theme: { brandName?: string };
}
const toSite = (r: SiteRow): OperatorSite => ({ id: r.id, name: r.template_name, brand: r.theme.brandName ?? r.template_name });

async function sitesByIds(db: Db, ids: number[]): Promise<OperatorSite[]> {
  const { rows } = await db.query<SiteRow>('SELECT id, template_name, theme FROM sites WHERE id = ANY($1::int[]) ORDER BY is_default DESC, id', [ids]);
  return rows.map(toSite);
}

/** The logged-in operator as GET me.php answers it. */
export async function operatorView(db: Db, op: OperatorContext, production: boolean): Promise<Operator> {
  const sites = await sitesByIds(db, op.siteIds);
  const current = sites.find((s) => s.id === op.currentSiteId) ?? sites[0];
  if (!current) throw new HttpError(403, 'site_forbidden', 'You hold no site');
  const { rows } = await db.query<{ left: number }>(
    'SELECT count(*)::int AS left FROM operator_recovery_codes WHERE operator_id = $1 AND used_at IS NULL',
    [op.id],
  );
  return {
    id: op.id,
    email: op.email,
    name: op.name,
    role: op.role,
    all_sites: op.allSites,
    sites,
    current_site: current,
    totp: op.totp,
    totp_required: production && !op.totp,
    recovery_codes_left: rows[0]?.left ?? 0,
  };
}

interface ListRow {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  status: OperatorListItem['status'];
  all_sites: boolean;
  site_ids: number[];
  totp: boolean;
  created_at: Date;
  last_login_at: Date | null;
}

/** Operators as the admins' list shows them (one by id, or all). */
export async function listOperators(db: Db, id?: number): Promise<OperatorListItem[]> {
  const { rows } = await db.query<ListRow>(
    `SELECT o.id, o.email, o.name, o.role, o.status, o.all_sites, o.totp_secret IS NOT NULL AS totp, o.created_at, o.last_login_at,
            CASE WHEN o.all_sites THEN ARRAY(SELECT id FROM sites ORDER BY id)
                 ELSE ARRAY(SELECT site_id FROM operator_sites WHERE operator_id = o.id ORDER BY site_id) END AS site_ids
       FROM operators o WHERE ($1::int IS NULL OR o.id = $1) ORDER BY lower(o.email)`,
    [id ?? null],
  );
  const all = await sitesByIds(db, [...new Set(rows.flatMap((r) => r.site_ids.map(Number)))]);
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    status: r.status,
    all_sites: r.all_sites,
    sites: all.filter((s) => r.site_ids.map(Number).includes(s.id)),
    totp: r.totp,
    created_at: new Date(r.created_at).toISOString(),
    last_login_at: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
  }));
}
