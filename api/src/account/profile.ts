import { EMPTY_DATE_OF_BIRTH, LocationUpdateSchema, ProfileUpdateSchema } from '@dating/shared';
import { z } from 'zod';
import type { Db } from '../db';
import { allowedProfileValues } from '../catalog/profile-fields';
import { findCity } from '../geocode';
import { HttpError, parseInput } from '../http/errors';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_IN_TEXT } from './rules';
import type { Site } from '../site/site';
import { enqueueTexts } from '../moderation/queue';

const invalid = (field: string, message: string) => new HttpError(400, 'invalid_input', `${field}: ${message}`, field);

/** PUT /api/user.php with a location: country of the site, region of that country, city. */
export async function updateLocation(db: Db, site: Site, memberId: number, body: unknown): Promise<void> {
  const loc = parseInput(LocationUpdateSchema, body);
  if (!site.settings.countries.includes(loc.country)) throw invalid('country', 'not a country of this site');
  let region: string | null = null;
  const wanted = loc.countryregion?.trim();
  if (wanted) {
    // By name (any case) or by id, as region_data lists them; stored by name.
    const match = (site.settings.region_data[loc.country] ?? []).find(
      (r) => r.name.toLowerCase() === wanted.toLowerCase() || String(r.id) === wanted,
    );
    if (!match) throw invalid('countryregion', `not a region of ${loc.country}`);
    region = match.name;
  }
  const city = loc.city?.trim() || null;
  if (city && CONTROL_CHARACTERS.test(city)) throw invalid('city', 'must not contain control characters');
  // Coordinates (private, never answered) follow the city; an unknown city has none.
  const at = city ? findCity(loc.country, city) : null;
  await db.query(
    `UPDATE members SET country = $2, countryregion = $3, city = $4, latitude = $5, longitude = $6, updated_at = now()
      WHERE id = $1`,
    [memberId, loc.country, region, city, at?.lat ?? null, at?.lon ?? null],
  );
}

const ProfileBodySchema = z.object({ profile: ProfileUpdateSchema });

/**
 * PUT /api/user.php with `{ profile }`: the given fields change, the others stay. `fields` holds the
 * site's configurable profile fields (profile_fields.php); an empty value removes one.
 */
export async function updateProfile(db: Db, site: Site, memberId: number, body: unknown): Promise<void> {
  const { profile } = parseInput(ProfileBodySchema, body);
  // Column → value (and cast), turned into one UPDATE at the end.
  const columns = new Map<string, { value: unknown; cast: string }>();
  const set = (column: string, value: unknown, cast = '') => columns.set(column, { value, cast });
  let fieldChange: [string, string[]] | null = null;

  if (profile.name !== undefined) {
    if (CONTROL_CHARACTERS.test(profile.name)) throw invalid('profile.name', 'must not contain control characters');
    set('name', profile.name);
  }
  if (profile.gender !== undefined) set('gender', profile.gender);
  if (profile.date_of_birth !== undefined) {
    // ProfileUpdateSchema allows a date of birth of spec §5 (BirthDateSchema's rule) or 0000-00-00, stored as null.
    set('date_of_birth', profile.date_of_birth === EMPTY_DATE_OF_BIRTH ? null : profile.date_of_birth, '::date');
  }
  if (profile.personal !== undefined) {
    if (CONTROL_CHARACTERS_IN_TEXT.test(profile.personal)) {
      throw invalid('profile.personal', 'must not contain control characters');
    }
    set('personal', profile.personal.trim());
  }
  if (profile.language !== undefined) {
    if (!site.languages.includes(profile.language)) {
      throw invalid('profile.language', `not a language of this site (${site.languages.join(', ')})`);
    }
    set('language', profile.language);
  }
  if (profile.fields !== undefined) {
    const allowed = await allowedProfileValues(db, site);
    const add: Record<string, string> = {};
    const remove: string[] = [];
    for (const [field, value] of Object.entries(profile.fields)) {
      const values = allowed[field];
      if (!values) throw invalid(`profile.fields.${field}`, 'not a profile field of this site');
      if (value === '') remove.push(field);
      else if (values.includes(value)) add[field] = value;
      else throw invalid(`profile.fields.${field}`, `must be one of ${values.join(', ')}`);
    }
    fieldChange = [JSON.stringify(add), remove];
  }
  if (profile.lastSignupStep !== undefined) set('last_signup_step', profile.lastSignupStep);
  if (!columns.size && !fieldChange) return;
  await db.transaction(async (tx) => {
    // Changed texts enter the moderation queue; under pre-moderation they wait there, unapplied.
    const held = await enqueueTexts(tx, memberId, {
      name: columns.get('name')?.value as string | undefined,
      personal: columns.get('personal')?.value as string | undefined,
    });
    for (const field of held) columns.delete(field);
    const params: unknown[] = [memberId];
    const sets = [...columns].map(([column, { value, cast }]) => {
      params.push(value);
      return `${column} = $${params.length}${cast}`;
    });
    if (fieldChange) {
      params.push(...fieldChange);
      sets.push(`profile_fields = (profile_fields || $${params.length - 1}::jsonb) - $${params.length}::text[]`);
    }
    if (!sets.length) return;
    await tx.query(`UPDATE members SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
  });
}
