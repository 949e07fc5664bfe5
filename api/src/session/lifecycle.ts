import type { MemberHooks } from '../account/lifecycle';
import type { Db } from '../db';

/** Ends every session of the member (their open pages are logged out; event streams close). */
export async function endMemberSessions(db: Db, memberId: number): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'WITH d AS (DELETE FROM sessions WHERE member_id = $1 RETURNING 1) SELECT count(*) AS n FROM d',
    [memberId],
  );
  return Number(rows[0]!.n);
}

/** Ends every session of the member but `keep` (a token hash); answers the ended ones' hashes. */
export async function endOtherSessions(db: Db, memberId: number, keep: string | null): Promise<string[]> {
  const { rows } = await db.query<{ token_hash: string }>('DELETE FROM sessions WHERE member_id = $1 AND token_hash <> $2 RETURNING token_hash', [
    memberId,
    keep ?? '',
  ]);
  return rows.map((r) => r.token_hash);
}

/** A suspended or banned member is logged out everywhere at once (sessions go with a deleted member by ON DELETE CASCADE). */
export const sessionMemberHooks: MemberHooks = {
  async suspend(tx, memberId) {
    await endMemberSessions(tx, memberId);
  },
};
