import type { SiteRunProfile } from '@dating/shared';
import type { Db } from '../db';
import { OWN_PROFILE_COLUMNS, toProfile, type ProfileRow } from '../members/member';

/** The site that runs a site-run profile (its own pool site unless another runs it), or null: no such profile. */
export async function siteRunOwner(db: Db, memberId: number): Promise<number | null> {
  const { rows } = await db.query<{ run_by: number }>(
    `SELECT coalesce(run_by_site_id, site_id) AS run_by FROM members WHERE id = $1 AND fictional AND status <> 'deleted'`,
    [memberId],
  );
  return rows[0]?.run_by ?? null;
}

interface Row extends ProfileRow {
  conversations: number;
  waiting: number;
}

/**
 * Columns of a site-run profile as the back office shows it: every photo but rejected ones, its
 * conversations (each side of the pair looked up by its own index, never a scan of all of them).
 */
const COLUMNS = `${OWN_PROFILE_COLUMNS},
  (SELECT count(*)::int FROM (SELECT c.id FROM conversations c WHERE c.member_lo = m.id
                              UNION ALL SELECT c.id FROM conversations c WHERE c.member_hi = m.id) t) AS conversations,
  (SELECT count(*)::int FROM (SELECT c.last_message_id FROM conversations c WHERE c.member_lo = m.id
                              UNION ALL SELECT c.last_message_id FROM conversations c WHERE c.member_hi = m.id) t
     JOIN messages lm ON lm.id = t.last_message_id WHERE lm.sender_id <> m.id) AS waiting`;

function toSiteRunProfile(row: Row): SiteRunProfile {
  const p = toProfile(row);
  return {
    id: p.id,
    name: p.name,
    gender: p.gender,
    date_of_birth: p.date_of_birth,
    age: p.age,
    city: p.city,
    country: p.country,
    language: p.language,
    personal: p.personal,
    main_image: p.main_image,
    images: p.images,
    conversations: row.conversations,
    waiting: row.waiting,
  };
}

/** The site-run profiles a site runs, by name. */
export async function listSiteRunProfiles(db: Db, siteId: number): Promise<SiteRunProfile[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM members m
      WHERE m.fictional AND coalesce(m.run_by_site_id, m.site_id) = $1 AND m.status <> 'deleted'
      ORDER BY m.name, m.id LIMIT 1000`,
    [siteId],
  );
  return rows.map(toSiteRunProfile);
}

export async function loadSiteRunProfile(db: Db, id: number): Promise<SiteRunProfile | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM members m WHERE m.id = $1 AND m.fictional`, [id]);
  return rows[0] ? toSiteRunProfile(rows[0]) : null;
}
