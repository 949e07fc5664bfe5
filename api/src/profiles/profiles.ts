import type { PublicProfile } from '@dating/shared';
import type { Db } from '../db';
import { PROFILE_COLUMNS, toProfile, type ProfileRow } from '../members/member';
import type { Site } from '../site/site';
import { blockedPairSql } from './visibility';

/**
 * Columns of another member's public profile as `viewer` sees it (PROFILE_COLUMNS has no email and
 * no coordinates; the date of birth is dropped by toPublicProfile). `viewerParam` is the SQL
 * parameter holding the viewer's id (NULL for a visitor), or null: as a visitor sees it.
 */
export function publicProfileColumns(viewerParam: string | null): string {
  if (viewerParam === null) return `${PROFILE_COLUMNS}, m.fictional, m.profile_fields, false AS liked, false AS sees_premium`;
  return `${PROFILE_COLUMNS}, m.fictional, m.profile_fields,
    EXISTS (SELECT 1 FROM likes l WHERE l.member_id = ${viewerParam}::int AND l.liked_id = m.id) AS liked,
    (m.id = ${viewerParam}::int OR coalesce((SELECT v.paid_user FROM members v WHERE v.id = ${viewerParam}::int), false)) AS sees_premium`;
}

export interface PublicProfileRow extends ProfileRow {
  fictional: boolean;
  /** The member's answers to the configurable profile fields (0020_account.sql). */
  profile_fields: Record<string, string> | null;
  liked: boolean;
  /** The viewer is Premium (or this is their own profile): premium-only photos are theirs to see. */
  sees_premium: boolean;
}

/**
 * Only what the contract's PublicProfile has: never the email, date of birth or coordinates; of the
 * member's answers only the fields the site shows (visible_profile_fields, in its order), and the
 * notes only where the site shows them (visible_profile_notes).
 */
export function toPublicProfile(row: PublicProfileRow, site: Site): PublicProfile {
  const { id, name, age, gender, city, country, countryregion, language, main_image, images, personal } = toProfile(row);
  const answers = row.profile_fields ?? {};
  const fields = Object.fromEntries(
    site.settings.visible_profile_fields.flatMap((f) => (typeof answers[f] === 'string' && answers[f] ? [[f, answers[f]]] : [])),
  );
  return {
    id,
    name,
    age,
    gender,
    city,
    country,
    countryregion,
    language,
    main_image,
    // Premium-only photos reach a non-Premium viewer without their file names: nothing to fetch.
    images: row.sees_premium ? images : images.map((i) => (i.premium_only ? { id: i.id, thumb_filename: '', premium_only: true } : i)),
    personal: site.settings.visible_profile_notes ? personal : '',
    fields,
    // A profile the site runs is always disclosed; the site's fictional_icon only chooses how the
    // mark looks (docs/site-run-profiles.md).
    fictional: row.fictional,
    liked: row.liked,
  };
}

/**
 * Members of the site's member pool by id, as `viewerId` sees them, in the order of `ids`; ids
 * that are unknown, deleted or of another pool are left out. (Search lists only activated members;
 * a member one already has a like or a conversation with stays visible before activation.)
 */
export async function loadPublicProfiles(
  db: Db,
  site: Site,
  viewerId: number | null,
  ids: number[],
  {
    blockedByViewer = false,
    activeOrKnown = false,
  }: {
    blockedByViewer?: boolean;
    /** Only activated members, or ones the viewer already has a like or a conversation with, or the viewer. */
    activeOrKnown?: boolean;
  } = {},
): Promise<Map<number, PublicProfile>> {
  const result = new Map<number, PublicProfile>();
  if (!ids.length) return result;
  // A blocked pair does not see each other; the profile page still shows a member the viewer
  // blocked (to unblock), never one who blocked the viewer.
  const blocked = blockedByViewer
    ? 'NOT EXISTS (SELECT 1 FROM blocks bl WHERE bl.member_id = m.id AND bl.blocked_id = $1::int)'
    : `NOT ${blockedPairSql('$1::int', 'm.id')}`;
  const known = activeOrKnown
    ? `AND (m.status = 'active' OR m.id = $1::int
            OR EXISTS (SELECT 1 FROM likes l WHERE (l.member_id = $1::int AND l.liked_id = m.id) OR (l.member_id = m.id AND l.liked_id = $1::int))
            OR EXISTS (SELECT 1 FROM conversations c WHERE c.member_lo = least(m.id, $1::int) AND c.member_hi = greatest(m.id, $1::int)))`
    : '';
  const { rows } = await db.query<PublicProfileRow>(
    `SELECT ${publicProfileColumns('$1')} FROM members m
      WHERE m.id = ANY($2::int[]) AND m.site_id = $3 AND m.status <> 'deleted' AND ($1::int IS NULL OR ${blocked}) ${known}`,
    [viewerId, ids, site.memberPoolId],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (row) result.set(id, toPublicProfile(row, site));
  }
  return result;
}

/** A member of the site's pool others may see and contact (not deleted), or null. */
export async function findVisibleMember(db: Db, site: Site, id: number): Promise<{ id: number; name: string } | null> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM members WHERE id = $1 AND site_id = $2 AND status <> 'deleted'`,
    [id, site.memberPoolId],
  );
  return rows[0] ?? null;
}
