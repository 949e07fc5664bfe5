import type { MemberHooks } from '../account/lifecycle';

/**
 * The complaints and reports a member sent go with the member (what they wrote is theirs, and the
 * privacy page promises it: a complaint needs a member or an address, so the row could not outlive
 * the member anyway). Complaints about the member stay, without the link. The export has the sent ones.
 */
export const complaintsMemberHooks: MemberHooks = {
  async erase(tx, member) {
    await tx.query('DELETE FROM complaints WHERE reporter_member_id = $1', [member.id]);
  },
  async export(tx, memberId) {
    const { rows } = await tx.query<{ data: unknown }>(
      `SELECT jsonb_build_object('category', category, 'about_member_id', reported_member_id, 'text', description,
                                 'status', status, 'at', created_at) AS data
         FROM complaints WHERE reporter_member_id = $1 ORDER BY id`,
      [memberId],
    );
    return { json: { 'complaints.json': rows.map((r) => r.data) } };
  },
};
