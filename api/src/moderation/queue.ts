import type { ModerationSettings } from '@dating/shared';
import type { Db } from '../db';

/** The text columns of a profile that are moderated (free text others read). */
export const MODERATED_TEXTS = ['name', 'personal'] as const;
export type ModeratedText = (typeof MODERATED_TEXTS)[number];

export const DEFAULT_SETTINGS: ModerationSettings = { mode: 'post', target_minutes: 30 };

/** The moderation mode and target time of a site (post-moderation, 30 minutes, unless set). */
export async function moderationSettings(db: Db, siteId: number): Promise<ModerationSettings> {
  const { rows } = await db.query<ModerationSettings>('SELECT mode, target_minutes FROM moderation_settings WHERE site_id = $1', [siteId]);
  return rows[0] ?? DEFAULT_SETTINGS;
}

async function memberSite(db: Db, memberId: number): Promise<number | null> {
  const { rows } = await db.query<{ site_id: number }>('SELECT site_id FROM members WHERE id = $1', [memberId]);
  return rows[0]?.site_id ?? null;
}

/**
 * A member's new photo enters the queue of their site. Under pre-moderation it is hidden from
 * everybody else (images.visibility 'held') until approved. Call in the transaction that stored it.
 */
export async function enqueuePhoto(db: Db, memberId: number, imageId: number): Promise<void> {
  const siteId = await memberSite(db, memberId);
  if (siteId === null) return;
  const { mode } = await moderationSettings(db, siteId);
  const held = mode === 'pre';
  if (held) await db.query(`UPDATE images SET visibility = 'held' WHERE id = $1`, [imageId]);
  await db.query(`INSERT INTO moderation_items (site_id, member_id, kind, field, image_id, held) VALUES ($1, $2, 'photo', 'photo', $3, $4)`, [
    siteId,
    memberId,
    imageId,
    held,
  ]);
}

/**
 * Changed profile texts enter the queue of the member's site (an earlier undecided change of the
 * same text is superseded). Answers the fields whose change waits for approval (pre-moderation):
 * the caller leaves those columns as they are; the change is applied when approved.
 */
export async function enqueueTexts(db: Db, memberId: number, changes: Partial<Record<ModeratedText, string>>): Promise<Set<ModeratedText>> {
  const held = new Set<ModeratedText>();
  const fields = MODERATED_TEXTS.filter((f) => changes[f] !== undefined);
  if (!fields.length) return held;
  const { rows } = await db.query<{ site_id: number; name: string; personal: string }>('SELECT site_id, name, personal FROM members WHERE id = $1', [
    memberId,
  ]);
  const member = rows[0];
  if (!member) return held;
  const { mode } = await moderationSettings(db, member.site_id);
  for (const field of fields) {
    const after = changes[field]!;
    // The text others see now: the member's column (a held change has not been applied to it).
    if (after === member[field]) {
      // Back to what others see: any waiting change of this text is moot.
      await db.query(`UPDATE moderation_items SET status = 'superseded' WHERE member_id = $1 AND field = $2 AND status = 'pending'`, [memberId, field]);
      continue;
    }
    if (after === '') continue; // emptying a text needs no review
    await db.query(`UPDATE moderation_items SET status = 'superseded' WHERE member_id = $1 AND field = $2 AND status = 'pending'`, [memberId, field]);
    await db.query(
      `INSERT INTO moderation_items (site_id, member_id, kind, field, text_before, text_after, held) VALUES ($1, $2, 'text', $3, $4, $5, $6)`,
      [member.site_id, memberId, field, member[field], after, mode === 'pre'],
    );
    if (mode === 'pre') held.add(field);
  }
  return held;
}
