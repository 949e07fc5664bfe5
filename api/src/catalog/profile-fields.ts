import type { Db } from '../db';
import type { Site } from '../site/site';

/** Allowed values of the configurable profile fields the site shows (visible_profile_fields). */
export async function allowedProfileValues(db: Db, site: Site): Promise<Record<string, string[]>> {
  const { rows } = await db.query<{ field: string; values: string[] }>(
    `SELECT field, array_agg(value ORDER BY position, value) AS values FROM profile_field_values
      WHERE field = ANY($1::text[]) GROUP BY field`,
    [site.settings.visible_profile_fields],
  );
  const byField = new Map(rows.map((r) => [r.field, r.values]));
  // In the site's order.
  return Object.fromEntries(
    site.settings.visible_profile_fields.flatMap((f) => (byField.has(f) ? [[f, byField.get(f)!]] : [])),
  );
}
