// The members a public page shows a visitor: the landers' tiles and the faces on a visitor's home.
// One rule for both: active members of the site's pool in the site's countries, of age, with their
// main photo only when it is approved and not Premium-only; public facts, city level at most.
import { ONLINE_WINDOW_MINUTES, type Gender, type LanderMember, type PhotoFormat } from '@dating/shared';
import type { Db } from '../db';
import { mainImageOf, toImage } from '../members/member';
import type { Site } from '../site/site';

/** Who a public page may show: gender (null: any) and an age range. */
export interface TargetGroup {
  gender: Gender | null;
  minAge: number;
  maxAge: number;
}

/**
 * The WHERE of a target group on `members m` with its parameters: active members (never a
 * suspended, banned, restricted, unconfirmed or deleted one) of the site's pool in its countries.
 */
export function targetGroupWhere(site: Site, group: TargetGroup): { where: string[]; params: unknown[] } {
  const params: unknown[] = [site.memberPoolId, site.settings.countries, group.minAge, group.maxAge + 1];
  const where = [
    'm.site_id = $1',
    `m.status = 'active'`,
    'm.country = ANY($2::text[])',
    `m.date_of_birth <= (current_date - make_interval(years => $3::int))::date`,
    `m.date_of_birth > (current_date - make_interval(years => $4::int))::date`,
  ];
  if (group.gender) {
    params.push(group.gender);
    where.push(`m.gender = $${params.length}`);
  }
  return { where, params };
}

/**
 * Online now on a public page. A member who hides their presence is never online here: not in the
 * list, not in its order, not in a count.
 */
export const PUBLIC_ONLINE = `(NOT m.hide_presence AND m.last_seen_at > now() - make_interval(mins => ${ONLINE_WINDOW_MINUTES}))`;

interface MemberRow {
  id: number;
  name: string;
  age: number | null;
  city: string | null;
  country: string | null;
  personal: string;
  thumb: string | null;
  filename: string | null;
  width: number | null;
  height: number | null;
  formats: PhotoFormat[] | null;
  online: boolean;
  fictional: boolean;
}

/**
 * Members of a target group for a public page, best first: the featured ones in their order, then
 * those with a photo, online now, in `country`, newest. `withPhoto`: only members with a photo.
 */
export async function publicMembers(
  db: Db,
  site: Site,
  group: TargetGroup,
  { featured = [], country, limit, withPhoto = false }: { featured?: number[]; country: string; limit: number; withPhoto?: boolean },
): Promise<LanderMember[]> {
  const { where, params } = targetGroupWhere(site, group);
  const n = params.length;
  const { rows } = await db.query<MemberRow>(
    `SELECT m.id, m.name, extract(year FROM age(current_date, m.date_of_birth))::int AS age,
            m.city, m.country, m.personal, i.thumb_filename AS thumb, i.filename, i.width, i.height, i.formats,
            coalesce(${PUBLIC_ONLINE}, false) AS online, m.fictional
       FROM members m LEFT JOIN images i ON i.member_id = m.id AND i.is_main AND i.visibility = 'visible' AND NOT i.premium_only
      WHERE ${where.join(' AND ')}${withPhoto ? ' AND i.id IS NOT NULL' : ''}
      ORDER BY array_position($${n + 1}::int[], m.id) NULLS LAST, (i.thumb_filename IS NOT NULL) DESC,
               coalesce(${PUBLIC_ONLINE}, false) DESC, (m.country = $${n + 2}) DESC, m.signup_date DESC, m.id DESC
      LIMIT $${n + 3}`,
    [...params, featured, country, limit],
  );
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    age: m.age,
    city: m.city,
    country: m.country,
    main_image:
      m.thumb && m.filename
        ? mainImageOf(toImage({ id: 0, thumb_filename: m.thumb, is_main: true, filename: m.filename, width: m.width, height: m.height, formats: m.formats }))
        : null,
    personal: m.personal,
    online: m.online,
    fictional: m.fictional,
  }));
}
