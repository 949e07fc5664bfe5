import type { Db } from '../db';
import { mailProvider } from './emails';

/**
 * The account's SQL: the member's own row (password, address, status), what is kept of a deleted
 * address, and the activation mail's state. The route handlers (./plugin.ts) call these; other
 * features' tables are theirs (src/account/lifecycle.ts).
 */

export interface MemberSecrets {
  id: number;
  site_id: number;
  email: string;
  name: string;
  language: string | null;
  password_hash: string | null;
}

export async function findMemberSecrets(db: Db, memberId: number): Promise<MemberSecrets | null> {
  const { rows } = await db.query<MemberSecrets>('SELECT id, site_id, email, name, language, password_hash FROM members WHERE id = $1', [
    memberId,
  ]);
  return rows[0] ?? null;
}

/** Everything of the member's row but the password's hash, as the export's profile.json. */
export async function memberProfileData(db: Db, memberId: number): Promise<unknown> {
  const { rows } = await db.query<{ data: unknown }>("SELECT to_jsonb(m) - 'password_hash' AS data FROM members m WHERE m.id = $1", [memberId]);
  return rows[0]?.data ?? null;
}

/** A member who has not confirmed the address yet becomes active (the activation link). */
export async function activateMember(db: Db, memberId: number): Promise<void> {
  await db.query(
    `UPDATE members SET status = 'active', activated_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'not_confirmed'`,
    [memberId],
  );
}

/** Has the activation mail left the outbox (or is the member active already)? */
export async function activationDelivered(db: Db, memberId: number): Promise<boolean> {
  const { rows } = await db.query<{ status: string; sent: boolean | null }>(
    `SELECT m.status,
            (SELECT o.sent_at IS NOT NULL FROM outbox o WHERE o.member_id = m.id AND o.kind = 'activation'
              ORDER BY o.id DESC LIMIT 1) AS sent
       FROM members m WHERE m.id = $1`,
    [memberId],
  );
  const row = rows[0];
  return row ? (row.sent ?? row.status === 'active') : false;
}

/** Sets a new password; `confirms`: the mail reached its owner (a reset), which also confirms the address. Answers whether the member exists. */
export async function setPassword(db: Db, memberId: number, passwordHash: string, { confirms = false } = {}): Promise<boolean> {
  const { rows } = confirms
    ? await db.query(
        `UPDATE members SET password_hash = $2, updated_at = now(),
                status = CASE WHEN status = 'not_confirmed' THEN 'active' ELSE status END,
                activated_at = coalesce(activated_at, now())
          WHERE id = $1 RETURNING id`,
        [memberId, passwordHash],
      )
    : await db.query('UPDATE members SET password_hash = $2, updated_at = now() WHERE id = $1 RETURNING id', [memberId, passwordHash]);
  return rows.length > 0;
}

/**
 * The member of a pool with this (normalized) address who can reset a password, locked until the
 * transaction ends, or null.
 */
export async function lockMemberForReset(
  db: Db,
  memberPoolId: number,
  email: string,
): Promise<{ id: number; email: string; name: string; language: string | null } | null> {
  const { rows } = await db.query<{ id: number; email: string; name: string; language: string | null }>(
    `SELECT id, email, name, language FROM members
      WHERE site_id = $1 AND lower(email) = $2 AND status <> 'deleted' AND password_hash IS NOT NULL
      FOR UPDATE`,
    [memberPoolId, email],
  );
  return rows[0] ?? null;
}

/** Was a reset token made for the member within the last `seconds`? */
export async function recentResetToken(db: Db, memberId: number, seconds: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM account_tokens
      WHERE member_id = $1 AND purpose = 'password_reset' AND created_at > now() - make_interval(secs => $2)`,
    [memberId, seconds],
  );
  return rows.length > 0;
}

/** The member's site, address, name and language, or null. */
export async function findMemberContact(
  db: Db,
  memberId: number,
): Promise<{ site_id: number; email: string; name: string; language: string | null } | null> {
  const { rows } = await db.query<{ site_id: number; email: string; name: string; language: string | null }>(
    'SELECT site_id, email, name, language FROM members WHERE id = $1',
    [memberId],
  );
  return rows[0] ?? null;
}

/** Was an address with this hash deleted on the site? */
export async function isDeletedEmail(db: Db, siteId: number, emailHash: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM deleted_emails WHERE site_id = $1 AND email_hash = $2', [siteId, emailHash]);
  return rows.length > 0;
}

/**
 * Changes the member's address; `confirms`: following the mailed link also confirms the account.
 * Answers the stored address, or null when the member is gone. A unique index refuses an address
 * another account took meanwhile (23505).
 */
export async function changeEmail(db: Db, memberId: number, email: string, { confirms = false } = {}): Promise<string | null> {
  const { rows } = confirms
    ? await db.query<{ email: string }>(
        `UPDATE members SET email = $2, mailprovider = $3, updated_at = now(),
                status = CASE WHEN status = 'not_confirmed' THEN 'active' ELSE status END,
                activated_at = coalesce(activated_at, now())
          WHERE id = $1 RETURNING email`,
        [memberId, email, mailProvider(email)],
      )
    : await db.query<{ email: string }>('UPDATE members SET email = $2, mailprovider = $3, updated_at = now() WHERE id = $1 RETURNING email', [
        memberId,
        email,
        mailProvider(email),
      ]);
  return rows[0]?.email ?? null;
}

/** Remembers a deleted address (its HMAC) on the site, and deletes the member's row (ON DELETE CASCADE takes what references it). */
export async function deleteMemberRow(db: Db, member: { id: number; site_id: number }, emailHash: string): Promise<void> {
  await db.query('INSERT INTO deleted_emails (site_id, email_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING', [member.site_id, emailHash]);
  await db.query('DELETE FROM members WHERE id = $1', [member.id]);
}
