import type { Db } from '../db';
import { hashToken, newToken } from '../session/session';

export type TokenPurpose = 'activate' | 'password_reset' | 'mail_change' | 'mail_change_undo';

/** How long a mailed link works. */
export const TOKEN_TTL_S: Record<TokenPurpose, number> = {
  activate: 7 * 24 * 60 * 60,
  password_reset: 60 * 60,
  mail_change: 24 * 60 * 60,
  /** The undo link mailed to the old address after an email change. */
  mail_change_undo: 7 * 24 * 60 * 60,
};

/** Token shape in links: 32 random bytes, base64url (as session tokens). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The member's unused tokens of a purpose stop working. */
export async function retireTokens(db: Db, memberId: number, purpose: TokenPurpose): Promise<void> {
  await db.query(`UPDATE account_tokens SET used_at = now() WHERE member_id = $1 AND purpose = $2 AND used_at IS NULL`, [memberId, purpose]);
}

/**
 * A new single-use token for a member; earlier unused tokens of the same purpose stop working, so
 * only the newest mail's link counts (undo links of email changes excepted). Only the SHA-256 is stored; the caller mails the token.
 */
export async function createToken(db: Db, purpose: TokenPurpose, memberId: number, email: string | null = null): Promise<string> {
  const token = newToken();
  // Undo links stay valid side by side: a second email change must not take the first old
  // address's way back.
  if (purpose !== 'mail_change_undo') {
    await retireTokens(db, memberId, purpose);
  }
  await db.query(
    `INSERT INTO account_tokens (token_hash, purpose, member_id, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [hashToken(token), purpose, memberId, email, TOKEN_TTL_S[purpose]],
  );
  return token;
}

/**
 * Uses a token up: answers its member (and address, for mail_change) once, and null for a token
 * that is unknown, of another purpose, expired or used. One UPDATE, so two clicks cannot both win.
 */
export async function consumeToken(
  db: Db,
  purpose: TokenPurpose,
  token: string,
): Promise<{ memberId: number; email: string | null } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const { rows } = await db.query<{ member_id: number; email: string | null }>(
    `UPDATE account_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING member_id, email`,
    [hashToken(token), purpose],
  );
  const row = rows[0];
  return row ? { memberId: row.member_id, email: row.email } : null;
}

/**
 * The member of a token that was already used (a second click on a mailed link): null for a token
 * that is unknown, of another purpose, unused or malformed.
 */
export async function usedTokenMember(db: Db, purpose: TokenPurpose, token: string): Promise<number | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const { rows } = await db.query<{ member_id: number }>(
    `SELECT member_id FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NOT NULL`,
    [hashToken(token), purpose],
  );
  return rows[0]?.member_id ?? null;
}
