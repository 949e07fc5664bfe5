import type { MemberHooks } from '../account/lifecycle';

/** The member's mails leave the outbox with the member, sent or not (and the support notices about their complaints). */
export const mailMemberHooks: MemberHooks = {
  async erase(tx, member) {
    await tx.query('DELETE FROM outbox WHERE member_id = $1', [member.id]);
  },
};
