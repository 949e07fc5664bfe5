import { EmailSchema, EmailStatusSchema, type EmailStatus } from '@dating/shared';
import type { Db } from '../db';
import { hmac, sameString } from './secrets';

/** The form in which addresses are stored and compared: trimmed, lower case. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The contract's email rule (the same one the signup form applies). */
export function isValidEmail(raw: string): boolean {
  return EmailSchema.safeParse(raw).success;
}

/** 2 means Gmail (spec §3): gmail.com and googlemail.com addresses. */
export function mailProvider(email: string): number {
  return /@(gmail|googlemail)\.com$/i.test(email.trim()) ? 2 : 0;
}

/** How a deleted address is remembered: an HMAC under a server secret, never the address. */
export function deletedEmailHash(db: Db, email: string): Promise<string> {
  return hmac(db, 'deleted-emails', normalizeEmail(email));
}

/** Status of an address in a member pool (spec §4): new, active, not_confirmed, deleted or invalid. */
export async function emailStatus(db: Db, memberPoolId: number, raw: string): Promise<EmailStatus> {
  if (!isValidEmail(raw)) return 'invalid';
  const email = normalizeEmail(raw);
  const { rows } = await db.query<{ status: string }>(
    'SELECT status FROM members WHERE site_id = $1 AND lower(email) = $2',
    [memberPoolId, email],
  );
  if (rows[0]) {
    // The desks' standings (migration 0115): a suspended or restricted account exists (log in: login
    // says why it cannot, until when); a banned one is closed: the service page, as for a deleted one.
    const status = rows[0].status;
    if (status === 'suspended' || status === 'restricted') return 'active';
    if (status === 'banned') return 'deleted';
    return EmailStatusSchema.parse(status);
  }
  const { rows: deleted } = await db.query(
    'SELECT 1 FROM deleted_emails WHERE site_id = $1 AND email_hash = $2',
    [memberPoolId, await deletedEmailHash(db, email)],
  );
  return deleted.length ? 'deleted' : 'new';
}

/** validate_email tokens are valid this long: the signup form is filled in well within a day. */
export const EMAIL_TOKEN_TTL_S = 24 * 60 * 60;

/** `<unix seconds>.<HMAC of pool, address and time>`: proof that validate_email saw this address. */
export async function emailToken(db: Db, memberPoolId: number, email: string, now = Date.now()): Promise<string> {
  const time = Math.floor(now / 1000);
  return `${time}.${await hmac(db, 'email-token', `${memberPoolId}|${normalizeEmail(email)}|${time}`)}`;
}

export async function checkEmailToken(db: Db, memberPoolId: number, email: string, token: string): Promise<boolean> {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const time = Number(m[1]);
  const age = Date.now() / 1000 - time;
  if (age < -60 || age > EMAIL_TOKEN_TTL_S) return false;
  const expected = await hmac(db, 'email-token', `${memberPoolId}|${normalizeEmail(email)}|${time}`);
  return sameString(m[2]!, expected);
}
