import type { MemberHooks } from '../account/lifecycle';

/** Likes go with the member (ON DELETE CASCADE); the export lists those given and received. */
export const likesMemberHooks: MemberHooks = {
  async export(tx, memberId) {
    const many = async (sql: string) => (await tx.query<{ data: unknown }>(sql, [memberId])).rows.map((r) => r.data);
    return {
      json: {
        'likes.json': {
          given: await many(
            `SELECT jsonb_build_object('member', o.name, 'member_id', l.liked_id, 'at', l.created_at) AS data
               FROM likes l JOIN members o ON o.id = l.liked_id WHERE l.member_id = $1 ORDER BY l.created_at`,
          ),
          received: await many(
            `SELECT jsonb_build_object('member', o.name, 'member_id', l.member_id, 'at', l.created_at) AS data
               FROM likes l JOIN members o ON o.id = l.member_id WHERE l.liked_id = $1 ORDER BY l.created_at`,
          ),
        },
      },
    };
  },
};
