import type { z } from 'zod';
import { seesWebcamTiles, type XcamsQuerySchema, type XcamsResponseSchema } from '@dating/shared';
import type { Db } from '../db';
import type { Site } from '../site/site';

/** Tiles per answer (one search page has two tile slots; a few spare). */
export const CAMS_LIMIT = 12;

type XcamsQuery = z.output<typeof XcamsQuerySchema>;
type Cams = z.infer<typeof XcamsResponseSchema>['cams'];

/** Whether the member may see webcam tiles on this site (spec §6; the rule the search page applies too). */
export async function maySeeCams(db: Db, site: Site, memberId: number): Promise<boolean> {
  const { rows } = await db.query<{ paid_user: boolean; signup_date: Date | string }>(
    'SELECT paid_user, signup_date FROM members WHERE id = $1',
    [memberId],
  );
  const member = rows[0];
  if (!member) return false;
  const signup_date = new Date(member.signup_date).toISOString();
  return seesWebcamTiles({ paid_user: member.paid_user, signup_date }, site.settings.member_resell);
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
