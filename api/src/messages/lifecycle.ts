import type { MemberHooks } from '../account/lifecycle';

/** Conversations and their messages go with the member (ON DELETE CASCADE); the export has them all. */
export const messagesMemberHooks: MemberHooks = {
  async export(tx, memberId) {
    const { rows } = await tx.query<{ data: unknown }>(
      `SELECT jsonb_build_object(
                'with', o.name, 'with_member_id', o.id, 'started_at', c.created_at,
                'messages', COALESCE((SELECT jsonb_agg(jsonb_build_object('from', CASE WHEN x.sender_id = $1 THEN 'me' ELSE o.name END,
                                                                        'text', x.body, 'credits', x.cost, 'at', x.created_at) ORDER BY x.id)
                                        FROM messages x WHERE x.conversation_id = c.id), '[]'::jsonb)) AS data
         FROM conversations c JOIN members o ON o.id = CASE WHEN c.member_lo = $1 THEN c.member_hi ELSE c.member_lo END
        WHERE $1 IN (c.member_lo, c.member_hi) ORDER BY c.id`,
      [memberId],
    );
    return { json: { 'messages.json': rows.map((r) => r.data) } };
  },
};
