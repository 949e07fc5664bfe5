import type { MemberHooks } from '../account/lifecycle';
import { deleteMemberImageRows, imageStore } from './store';

/** The member's photos: their rows go in the deletion, their files once it is committed; the export has both. */
export const imagesMemberHooks: MemberHooks = {
  erase: (tx, member) => deleteMemberImageRows(tx, member.id),
  async export(tx, memberId) {
    const { rows } = await tx.query<{ filename: string; data: unknown }>(
      `SELECT filename, jsonb_build_object('file', 'photos/' || filename, 'main', is_main, 'uploaded_at', created_at) AS data
         FROM images WHERE member_id = $1 ORDER BY id`,
      [memberId],
    );
    return {
      json: { 'photos.json': rows.map((r) => r.data) },
      // Photos as stored (already compressed JPEGs), read one at a time while the ZIP is written.
      blobs: rows.map((r) => ({ path: `photos/${r.filename}`, read: () => imageStore().get(r.filename) })),
    };
  },
};
