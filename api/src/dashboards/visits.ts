import type { VisitRequest } from '@dating/shared';
import type { Db } from '../db';
import type { Site } from '../site/site';

/** The campaign of a lander's path (/landers/{kind}/{slug}); '' for any other page. */
export function campaignOf(path: string): string {
  return /^\/landers\/[a-z]+\/([a-z0-9-]+)\/?$/.exec(path.split(/[?#]/)[0]!)?.[1] ?? '';
}

/**
 * Counts one visit of the site today (UTC) in site_visits, under its traffic source (network in
 * lower case, as signups and codes compare it) and lander campaign. A logged-in member's page is
 * not a visit of the funnel: answers false and counts nothing.
 */
export async function recordVisit(db: Db, site: Site, visit: VisitRequest, loggedIn: boolean): Promise<boolean> {
  if (loggedIn) return false;
  const t = visit.trafficsource ?? {};
  await db.query(
    `INSERT INTO site_visits (site_id, day, network, ref, sub1, sub2, sub3, campaign, visits)
     VALUES ($1, (now() AT TIME ZONE 'UTC')::date, $2, $3, $4, $5, $6, $7, 1)
     ON CONFLICT (site_id, day, network, ref, sub1, sub2, sub3, campaign) DO UPDATE SET visits = site_visits.visits + 1`,
    [site.id, (t.network ?? '').trim().toLowerCase(), t.ref ?? '', t.sub1 ?? '', t.sub2 ?? '', t.sub3 ?? '', campaignOf(visit.path)],
  );
  return true;
}
