import type { z } from 'zod';
import type { XcamsQuerySchema, XcamsResponseSchema } from '@dating/shared';
import type { Db } from '../db';
import type { Site } from '../site/site';

/** Spec §6: webcam tiles go to logged-in members who are not paying and signed up over 4 days ago. */
export const CAMS_AFTER_SIGNUP_MS = 345_600_000;
/** Tiles per answer (one search page has two tile slots; a few spare). */
export const CAMS_LIMIT = 12;

type XcamsQuery = z.output<typeof XcamsQuerySchema>;
type Cams = z.infer<typeof XcamsResponseSchema>['cams'];

/** Whether the member may see webcam tiles on this site (spec §6). */
export async function maySeeCams(db: Db, site: Site, memberId: number): Promise<boolean> {
  if (!site.settings.member_resell.some((r) => r === 'cams' || r === 'camads')) return false;
  const { rows } = await db.query<{ eligible: boolean }>(
    `SELECT NOT paid_user AND signup_date <= now() - make_interval(secs => $2::double precision / 1000) AS eligible
       FROM members WHERE id = $1`,
    [memberId, CAMS_AFTER_SIGNUP_MS],
  );
  return rows[0]?.eligible ?? false;
}

/** Webcams matching the filters, online ones first, by account. */
export async function findCams(db: Db, q: XcamsQuery): Promise<Cams> {
  const { rows } = await db.query<{ account: string; name: string; age: number | null; online: boolean }>(
    `SELECT account, name, age, online FROM cam_models
      WHERE ($1::text IS NULL OR gender = $1) AND ($2::int IS NULL OR age >= $2) AND ($3::int IS NULL OR age <= $3)
      ORDER BY online DESC, account LIMIT $4`,
    [q.gender ?? null, q.min_age ?? null, q.max_age ?? null, CAMS_LIMIT],
  );
  return Object.fromEntries(
    rows.map((r) => [
      r.account,
      { account: r.account, name: r.name, age: r.age, online: r.online, thumb: `/api/xcams/thumb.php?account=${r.account}` },
    ]),
  );
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A tile picture for a webcam: its initial on its colour (there are no partner pictures here). */
export function camThumbSvg(name: string, colour: string): string {
  const initial = ([...name.trim()][0] ?? '?').toUpperCase().replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<rect width="240" height="240" fill="${colour}"/>
<circle cx="120" cy="96" r="44" fill="#ffffff" fill-opacity="0.25"/>
<rect x="52" y="150" width="136" height="70" rx="35" fill="#ffffff" fill-opacity="0.25"/>
<text x="120" y="112" font-family="sans-serif" font-size="48" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text>
</svg>`;
}
