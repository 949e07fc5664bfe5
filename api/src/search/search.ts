import { MAX_AGE, MIN_AGE, SEARCH_PAGE_SIZE, type PublicProfile, type SearchResponse, type SearchQuerySchema } from '@dating/shared';
import type { z } from 'zod';
import type { Db } from '../db';
import type { Site } from '../site/site';
import { publicProfileColumns, toPublicProfile, type PublicProfileRow } from './profiles';

export type ParsedSearchQuery = z.output<typeof SearchQuerySchema>;

/** Positional parameters, added as they are used. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface Filter {
  siteId: number;
  viewerId: number | null;
  /** The site's countries, unless searchAllCountries. */
  countries: string[] | null;
  gender?: string;
  country?: string;
  countryregion?: string;
  minAge?: number;
  maxAge?: number;
}

/**
 * Age in whole years as age() counts it: age >= A  ⇔  born on or before today − A years, and
 * age <= B  ⇔  born after today − (B + 1) years. The bounds are SQL expressions on current_date,
 * so ages match the `age` the profiles show.
 */
function ageBounds(p: Params, f: Filter) {
  return {
    /** date_of_birth <= hi */
    hi: f.minAge !== undefined ? `(current_date - make_interval(years => ${p.add(f.minAge)}::int))::date` : null,
    /** date_of_birth > lo */
    lo: f.maxAge !== undefined ? `(current_date - make_interval(years => ${p.add(f.maxAge + 1)}::int))::date` : null,
  };
}

/** WHERE clauses on members m that every search has: the pool, active, not the viewer, the countries. */
function baseWhere(p: Params, f: Filter, alias = 'm'): string[] {
  const where = [`${alias}.site_id = ${p.add(f.siteId)}`, `${alias}.status = 'active'`];
  if (f.viewerId !== null) {
    const viewer = p.add(f.viewerId);
    where.push(`${alias}.id <> ${viewer}`);
    // Members who blocked the viewer, or whom the viewer blocked, are not found.
    where.push(`NOT EXISTS (SELECT 1 FROM blocks bl WHERE (bl.member_id = ${viewer}::int AND bl.blocked_id = ${alias}.id)
                                                  OR (bl.member_id = ${alias}.id AND bl.blocked_id = ${viewer}::int))`);
  }
  if (f.countries) where.push(`${alias}.country = ANY(${p.add(f.countries)}::text[])`);
  return where;
}

/** One page of profiles, newest members first. */
export async function searchPage(db: Db, site: Site, f: Filter, pageSize: number, page: number): Promise<PublicProfile[]> {
  const p = new Params();
  const viewer = p.add(f.viewerId);
  const where = baseWhere(p, f);
  if (f.gender) where.push(`m.gender = ${p.add(f.gender)}`);
  if (f.country) where.push(`m.country = ${p.add(f.country)}`);
  if (f.countryregion) where.push(`m.countryregion = ${p.add(f.countryregion)}`);
  const { lo, hi } = ageBounds(p, f);
  if (hi) where.push(`m.date_of_birth <= ${hi}`);
  if (lo) where.push(`m.date_of_birth > ${lo}`);
  const { rows } = await db.query<PublicProfileRow>(
    `SELECT ${publicProfileColumns(viewer)} FROM members m
      WHERE ${where.join(' AND ')}
      ORDER BY m.signup_date DESC, m.id DESC
      LIMIT ${p.add(pageSize)} OFFSET ${p.add((page - 1) * pageSize)}`,
    p.values,
  );
  return rows.map((r) => toPublicProfile(r, site));
}

type Option<T> = { value: T; count: number };

export interface Counts {
  total: number;
  gender: Option<'male' | 'female'>[];
  country: Option<string>[];
  countryregion: Option<string>[];
}

/**
 * The exact number of results and the count of every filter value (each counted with the other
 * filters applied), in one statement. The groups: active members matching the age filter and the
 * site's countries, per gender, country and region — from search_counts_place without an age
 * filter, else from search_counts for the whole birth years inside the range plus members
 * (index-only, at most two birth years) for the partial years at its edges; minus the viewer.
 */
export async function searchCounts(db: Db, f: Filter): Promise<Counts> {
  const p = new Params();
  const site = p.add(f.siteId);
  const countries = f.countries ? p.add(f.countries) : null;
  const { lo, hi } = ageBounds(p, f);
  const inCountries = (col: string) => (countries ? ` AND ${col} = ANY(${countries}::text[])` : '');
  const key = `coalesce(gender, '') AS gender, coalesce(country, '') AS country, coalesce(countryregion, '') AS countryregion`;

  const parts: string[] = [];
  if (lo || hi) {
    const years = [`site_id = ${site}`, 'n > 0', 'birth_year > 0'];
    if (lo) years.push(`birth_year > extract(year FROM ${lo})::int`);
    if (hi) years.push(`birth_year < extract(year FROM ${hi})::int`);
    parts.push(`SELECT gender, country, countryregion, n FROM search_counts WHERE ${years.join(' AND ')}${inCountries('country')}`);
    const edge = (range: string) =>
      `SELECT ${key}, count(*)::int AS n FROM members
        WHERE site_id = ${site} AND status = 'active' AND ${range}${inCountries('country')} GROUP BY 1, 2, 3`;
    if (lo) parts.push(edge(`date_of_birth > ${lo} AND date_of_birth < make_date(extract(year FROM ${lo})::int + 1, 1, 1)`));
    if (hi) parts.push(edge(`date_of_birth >= make_date(extract(year FROM ${hi})::int, 1, 1) AND date_of_birth <= ${hi}`));
  } else {
    // Without an age filter the birth year does not matter: the coarser summary has far fewer rows.
    parts.push(`SELECT gender, country, countryregion, n FROM search_counts_place WHERE site_id = ${site} AND n > 0${inCountries('country')}`);
  }
  if (f.viewerId !== null) {
    const self = [`id = ${p.add(f.viewerId)}`, `site_id = ${site}`, `status = 'active'`];
    if (hi) self.push(`date_of_birth <= ${hi}`);
    if (lo) self.push(`date_of_birth > ${lo}`);
    parts.push(`SELECT ${key}, -1 AS n FROM members WHERE ${self.join(' AND ')}${inCountries('country')}`);
  }

  const gender = f.gender ? `gender = ${p.add(f.gender)}` : 'true';
  const country = f.country ? `country = ${p.add(f.country)}` : 'true';
  const region = f.countryregion ? `countryregion = ${p.add(f.countryregion)}` : 'true';
  const facets = [
    `SELECT 'total' AS facet, '' AS value, coalesce(sum(n), 0)::int AS n FROM groups WHERE ${gender} AND ${country} AND ${region}`,
    `SELECT 'gender', gender, sum(n)::int FROM groups WHERE gender <> '' AND ${country} AND ${region} GROUP BY 2`,
    `SELECT 'country', country, sum(n)::int FROM groups WHERE country <> '' AND ${gender} GROUP BY 2`,
  ];
  // Region names repeat across countries (Limburg): they are offered once a country is chosen.
  if (f.country) facets.push(`SELECT 'countryregion', countryregion, sum(n)::int FROM groups WHERE countryregion <> '' AND ${gender} AND ${country} GROUP BY 2`);
  const { rows } = await db.query<{ facet: keyof Counts; value: string; n: number }>(
    `WITH groups AS MATERIALIZED (${parts.join('\nUNION ALL\n')})\n${facets.join('\nUNION ALL\n')}`,
    p.values,
  );
  const counts: Counts = { total: 0, gender: [], country: [], countryregion: [] };
  for (const r of rows) {
    if (r.facet === 'total') counts.total = r.n;
    else if (r.n > 0) (counts[r.facet] as Option<string>[]).push({ value: r.value, count: r.n });
  }
  for (const list of [counts.gender, counts.country, counts.countryregion] as Option<string>[][]) {
    list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }
  return counts;
}

/**
 * The youngest and oldest age among members matching the filters other than age: the first and
 * last birth year from the summary, then the exact birthday within that one year from members.
 */
export async function ageSpan(db: Db, f: Filter): Promise<{ min: number; max: number }> {
  const p = new Params();
  const where = baseWhere(p, f, 'm');
  const summary = [`site_id = $1`, 'n > 0', 'birth_year > 0'];
  if (f.countries) summary.push(`country = ANY(${p.add(f.countries)}::text[])`);
  for (const [col, value] of [['gender', f.gender], ['country', f.country], ['countryregion', f.countryregion]] as const) {
    if (value === undefined) continue;
    const v = p.add(value);
    summary.push(`${col} = ${v}`);
    where.push(`m.${col} = ${v}`);
  }
  const { rows } = await db.query<{ youngest: number | null; oldest: number | null }>(
    `WITH y AS (SELECT min(birth_year) AS first, max(birth_year) AS last FROM search_counts WHERE ${summary.join(' AND ')})
     SELECT (SELECT extract(year FROM age(current_date, max(m.date_of_birth)))::int FROM members m
              WHERE ${where.join(' AND ')} AND m.date_of_birth >= make_date((SELECT last FROM y), 1, 1)
                AND m.date_of_birth < make_date((SELECT last FROM y) + 1, 1, 1)) AS youngest,
            (SELECT extract(year FROM age(current_date, min(m.date_of_birth)))::int FROM members m
              WHERE ${where.join(' AND ')} AND m.date_of_birth >= make_date((SELECT first FROM y), 1, 1)
                AND m.date_of_birth < make_date((SELECT first FROM y) + 1, 1, 1)) AS oldest`,
    p.values,
  );
  const clamp = (n: number) => Math.min(MAX_AGE, Math.max(MIN_AGE, n));
  const { youngest, oldest } = rows[0] ?? { youngest: null, oldest: null };
  return { min: clamp(youngest ?? MIN_AGE), max: clamp(oldest ?? MAX_AGE) };
}

/** The filter of a search query on a site, for a viewer (null: a visitor). */
export function toFilter(site: Site, viewerId: number | null, q: ParsedSearchQuery): Filter {
  return {
    siteId: site.memberPoolId,
    viewerId,
    countries: q.searchAllCountries ? null : site.settings.countries,
    gender: q.gender,
    country: q.country,
    countryregion: q.countryregion,
    minAge: q.min_age,
    maxAge: q.max_age,
  };
}

/**
 * GET /api/search.php: one page of active members of the site's member pool (never the viewer)
 * matching the filters, the exact number of matches, and per filter the values there are with
 * their counts (each facet counted with the other filters applied).
 */
export async function search(db: Db, site: Site, viewerId: number | null, q: ParsedSearchQuery): Promise<SearchResponse> {
  const f = toFilter(site, viewerId, q);
  const pageSize = q.pp ?? SEARCH_PAGE_SIZE;
  const [profiles, counts, span] = await Promise.all([
    searchPage(db, site, f, pageSize, q.page),
    searchCounts(db, f),
    ageSpan(db, f),
  ]);
  return {
    profiles,
    paging: { num_results: counts.total, page: q.page, page_size: pageSize },
    filter_options: {
      gender: counts.gender,
      min_age: span.min,
      max_age: span.max,
      country: counts.country,
      countryregion: counts.countryregion,
    },
  };
}
