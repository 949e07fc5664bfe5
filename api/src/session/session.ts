import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';

export const SESSION_COOKIE = 'sid';
/** The browser's device id (login notifications): random, HttpOnly, only its digest is stored. */
export const DEVICE_COOKIE = 'device';
/** The device cookie lasts a year, renewed at every login. */
export const DEVICE_TTL_S = 365 * 24 * 60 * 60;
/** Sessions last 30 days from login. */
export const SESSION_TTL_S = 30 * 24 * 60 * 60;

export interface Session {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  tokenHash: string;
  memberId: number;
  /** The double-submit CSRF token bound to this session. */
  csrf: string;
}

/** A session as kept: valid only on its site and until it expires. */
export interface CachedSession extends Session {
  siteId: number;
  expiresAt: number;
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url: a session token or a CSRF token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN.test(value);
}

/** Compares two secrets in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/** A live session by the hash of its token, on whichever site (the caller checks the site and the end), or null. */
export async function loadSession(db: Db, tokenHash: string): Promise<CachedSession | null> {
  const { rows } = await db.query<{ member_id: number; csrf: string; site_id: number; expires_at: Date }>(
    `SELECT s.member_id, s.csrf, s.site_id, s.expires_at FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND m.status NOT IN ('deleted', 'suspended', 'banned')`,
    [tokenHash],
  );
  const row = rows[0];
  return row
    ? { tokenHash, memberId: row.member_id, csrf: row.csrf, siteId: row.site_id, expiresAt: new Date(row.expires_at).getTime() }
    : null;
}

/** Opens a session; the caller sets the returned token as the cookie. */
export async function createSession(
  db: Db,
  memberId: number,
  siteId: number,
  userAgent = '',
): Promise<{ token: string; session: Session }> {
  const token = newToken();
  const session: Session = { tokenHash: hashToken(token), memberId, csrf: newToken() };
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM sessions WHERE member_id = $1 AND expires_at <= now()', [memberId]);
    await tx.query(
      `INSERT INTO sessions (token_hash, member_id, site_id, csrf, expires_at, user_agent)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6)`,
      [session.tokenHash, memberId, siteId, session.csrf, SESSION_TTL_S, userAgent.replaceAll('\u0000', '').slice(0, 300)],
    );
  });
  return { token, session };
}

/** Ends the session of a cookie token, whatever its state. */
export async function deleteSession(db: Db, token: string): Promise<void> {
  if (!isToken(token)) return;
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}
