import type { MemberHooks } from '../account/lifecycle';

/**
 * Payment records stay after a deletion for the tax records (migration 0076), without the member
 * and without the page they were to return to; the credit ledger goes with the member. The export
 * has both.
 */
export const commerceMemberHooks: MemberHooks = {
  async erase(tx, member) {
    await tx.query('UPDATE payments SET return_to = NULL WHERE member_id = $1', [member.id]);
  },
  async export(tx, memberId) {
    const many = async (sql: string) => (await tx.query<{ data: unknown }>(sql, [memberId])).rows.map((r) => r.data);
    return {
      json: {
        'payments.json': {
          payments: await many(
            `SELECT jsonb_build_object('id', id, 'kind', kind, 'status', status, 'amount', amount_cents / 100.0, 'currency', currency,
                                       'method', method, 'country', country, 'credits', credits, 'bonus_credits', bonus_credits,
                                       'refunded', refunded_cents / 100.0, 'at', created_at) AS data
               FROM payments WHERE member_id = $1 ORDER BY created_at`,
          ),
          credits: await many(
            "SELECT jsonb_build_object('kind', kind, 'amount', amount, 'note', note, 'at', created_at) AS data FROM credit_ledger WHERE member_id = $1 ORDER BY id",
          ),
        },
      },
    };
  },
};
