import {
  MAX_AGE,
  MIN_AGE,
  NEIGHBOURING_COUNTRIES,
  SEARCH_PAGE_SIZE,
  type PublicProfile,
  type SearchResponse,
  type SearchQuerySchema,
  type SearchSort,
} from '@dating/shared';
import type { z } from 'zod';
import type { Db } from '../db';
import type { Site } from '../site/site';
import { publicProfileColumns, toPublicProfile, type PublicProfileRow } from '../profiles/profiles';

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
  /** Online now only. */
  online?: boolean;
  /** The order (default `personal`). */
  sort?: SearchSort;
  /** Where the searcher lives: the personal order starts there (null: a visitor, or a member without a country). */
  origin?: Origin | null;
}

/** The searcher's place, the start of the personal order. */
export interface Origin {
  country: string;
  countryregion: string | null;
}

/** Today's date as the database counts it ('YYYY-MM-DD'), kept per database for the rest of the UTC day. */
const todays = new WeakMap<Db, { day: number; date: string }>();

/**
 * The database's current_date, asked once a day: ages are counted on it (age() in the profiles), so
 * the age filter's birthdays are too. Kept only while it is also the UTC date of this process (the
 * API's sessions are UTC): around midnight a clock a moment behind is asked again on the next call.
 */
export async function databaseToday(db: Db): Promise<string> {
  const day = Math.floor(Date.now() / 86_400_000);
  const kept = todays.get(db);
  if (kept && kept.day === day) return kept.date;
  const { rows } = await db.query<{ today: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS today`);
  const date = rows[0]!.today;
  if (date === new Date(day * 86_400_000).toISOString().slice(0, 10)) todays.set(db, { day, date });
  return date;
}

/** A calendar date; month 1–12. */
interface Ymd {
  y: number;
  m: number;
  d: number;
}
const parseYmd = (s: string): Ymd => ({ y: Number(s.slice(0, 4)), m: Number(s.slice(5, 7)), d: Number(s.slice(8, 10)) });
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const formatYmd = ({ y, m, d }: Ymd) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** date − interval 'N years' as PostgreSQL counts it: 29 February becomes 28 February in other years. */
export function yearsBefore(date: string, years: number): string {
  const { y, m, d } = parseYmd(date);
  return formatYmd({ y: y - years, m, d: Math.min(d, daysInMonth(y - years, m)) });
}

/** The day after a date. */
function nextDay(date: string): string {
  const { y, m, d } = parseYmd(date);
  if (d < daysInMonth(y, m)) return formatYmd({ y, m, d: d + 1 });
  return m < 12 ? formatYmd({ y, m: m + 1, d: 1 }) : formatYmd({ y: y + 1, m: 1, d: 1 });
}

/**
 * Age in whole years as age() counts it: age >= A  ⇔  born on or before today − A years, and
 * age <= B  ⇔  born after today − (B + 1) years; today is the database's (databaseToday), so ages
 * match the `age` the profiles show. 'YYYY-MM-DD', null without that bound.
 */
export function ageBounds(today: string, f: Pick<Filter, 'minAge' | 'maxAge'>): { hi: string | null; lo: string | null } {
  return {
    /** date_of_birth <= hi */
    hi: f.minAge !== undefined ? yearsBefore(today, f.minAge) : null,
    /** date_of_birth > lo */
    lo: f.maxAge !== undefined ? yearsBefore(today, f.maxAge + 1) : null,
  };
}

/**
 * WHERE clauses on members m that every search has: the pool, active, complete (a gender and a date
 * of birth: signup steps may be skipped, but a member without them is not found, as they cannot
 * write; shared/src/rules.ts profileComplete), not the viewer, the countries.
 */
function baseWhere(p: Params, f: Filter, alias = 'm'): string[] {
  const where = [
    `${alias}.site_id = ${p.add(f.siteId)}`,
    `${alias}.status = 'active'`,
    `${alias}.gender IS NOT NULL`,
    `${alias}.date_of_birth IS NOT NULL`,
  ];
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

/** The age filter as birthdays (ageBounds): born on or before `hi`, after `lo`; null without that bound. */
export type Bounds = { hi: string | null; lo: string | null };

/** WHERE clauses of the filters on members m: the pool, the viewer, the countries, then gender, place and age. */
function searchWhere(p: Params, f: Filter, bounds: Bounds): string[] {
  const where = baseWhere(p, f);
  if (f.gender) where.push(`m.gender = ${p.add(f.gender)}`);
  if (f.country) where.push(`m.country = ${p.add(f.country)}`);
  if (f.countryregion) where.push(`m.countryregion = ${p.add(f.countryregion)}`);
  if (bounds.hi) where.push(`m.date_of_birth <= ${p.add(bounds.hi)}::date`);
  if (bounds.lo) where.push(`m.date_of_birth > ${p.add(bounds.lo)}::date`);
  if (f.online) where.push(ONLINE);
  return where;
}

/** Online now: an open event stream (src/presence), and not hiding it. */
const ONLINE = `(m.online_until > now() AND NOT m.hide_presence)`;

/** A part of the personal order: a country (and in it a region, or every region but one), or every country but some. */
type NearPart = { country: string; region?: string; notRegion?: string } | { notCountries: string[] };

/**
 * The parts of the personal order, nearest first (with the filter's own, a part the filter rules
 * out is left out): the searcher's region, the rest of their country, its neighbouring country
 * (spec §9), everybody else. Without an origin one part: everybody.
 */
function nearParts(f: Filter): NearPart[] {
  const o = f.origin;
  if (!o) return [{ notCountries: [] }];
  const neighbour = NEIGHBOURING_COUNTRIES[o.country];
  const near = neighbour && (!f.countries || f.countries.includes(neighbour)) ? [o.country, neighbour] : [o.country];
  const parts: NearPart[] = [];
  const may = (c: string) => !f.country || f.country === c;
  if (may(o.country)) {
    const region = o.countryregion;
    if (!region) parts.push({ country: o.country });
    else {
      if (!f.countryregion || f.countryregion === region) parts.push({ country: o.country, region });
      if (f.countryregion !== region) parts.push({ country: o.country, notRegion: region });
    }
  }
  if (near[1] && may(near[1])) parts.push({ country: near[1] });
  if (!f.country || !near.includes(f.country)) parts.push({ notCountries: near });
  return parts;
}

/** A near part as a condition on members m. */
function partSql(p: Params, part: NearPart): string {
  if ('notCountries' in part) return part.notCountries.length ? `(m.country IS NULL OR m.country <> ALL(${p.add(part.notCountries)}::text[]))` : 'true';
  const country = `m.country = ${p.add(part.country)}`;
  if (part.region) return `${country} AND m.countryregion = ${p.add(part.region)}`;
  if (part.notRegion) return `${country} AND m.countryregion IS DISTINCT FROM ${p.add(part.notRegion)}`;
  return country;
}

/** Whether a member ('' where the place is unknown) is in a near part: partSql in the process. */
function inPart(part: NearPart, m: { country: string; countryregion: string }): boolean {
  if ('notCountries' in part) return !part.notCountries.includes(m.country);
  if (m.country !== part.country) return false;
  if (part.region) return m.countryregion === part.region;
  if (part.notRegion) return m.countryregion !== part.notRegion;
  return true;
}

/** The personal order within a part. */
const RANK = ['m.search_photo DESC', 'm.search_active_day DESC', 'm.id DESC'];

/**
 * The page's ids in the filter's order from `offset` on, with each one's place in the order as
 * text (`sort_key`: a later row has a smaller key, ties by id). Newest: by signup time (index
 * members_search_recent / _place). Personal: the near parts one after the other, each read in its
 * order by index alone (members_search_rank, _country, _region) up to the page's end.
 * Online first: the members online now (few: members_search_online) in the personal order, then
 * the others in it.
 */
function pageIdsQuery(p: Params, f: Filter, bounds: Bounds, limit: number, offset: number): string {
  const where = searchWhere(p, f, bounds);
  const sort = f.sort ?? 'personal';
  if (sort === 'newest') {
    return `SELECT m.id, ${SORT_KEY} AS sort_key FROM members m
        WHERE ${where.join(' AND ')}
        ORDER BY m.signup_date DESC, m.id DESC
        LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`;
  }
  const parts = nearParts(f).map((part) => partSql(p, part));
  const n = parts.length;
  const cols = `m.id, m.search_photo, m.search_active_day`;
  // Each part gives at most the rows up to the page's end, read in its order from an index (a scan
  // that stops there); their union is sorted by part: at most parts × (offset + limit) rows.
  const upTo = p.add(offset + limit);
  const ranked = (sql: string) => `${sql} ORDER BY ${RANK.join(', ')} LIMIT ${upTo}`;
  let children: string[];
  if (f.online || sort !== 'online') {
    children = parts.map((cond, i) => ranked(`SELECT ${cols}, 1 AS g, ${n - i} AS part FROM members m WHERE ${where.join(' AND ')} AND ${cond}`));
  } else {
    // The few online now, ranked by part in one sort; then every part without them.
    const part = `CASE ${parts.map((cond, i) => `WHEN ${cond} THEN ${n - i}`).join(' ')} END`;
    children = [
      `SELECT ${cols}, 2 AS g, ${part} AS part FROM members m WHERE ${where.join(' AND ')} AND ${ONLINE}`,
      ...parts.map((cond, i) =>
        ranked(`SELECT ${cols}, 1 AS g, ${n - i} AS part FROM members m WHERE ${where.join(' AND ')} AND ${cond} AND NOT coalesce(${ONLINE}, false)`),
      ),
    ];
  }
  return `SELECT m.id, m.g || '|' || m.part || '|' || m.search_photo::int || '|' || to_char(m.search_active_day, 'YYYY-MM-DD') AS sort_key
      FROM (${children.map((c) => `(${c})`).join('\n UNION ALL ')}) m
      ORDER BY m.g DESC, m.part DESC, ${RANK.join(', ')}
      LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`;
}

/** `limit` rows of profiles from `offset` on, in the filter's order, as the filter's viewer sees them. */
async function searchRows(db: Db, f: Filter, bounds: Bounds, limit: number, offset: number): Promise<PublicProfileRow[]> {
  const p = new Params();
  const viewer = f.viewerId === null ? null : p.add(f.viewerId);
  // The page's ids first, then their columns: the profile's columns (photos, age) are made for the
  // page's rows only, not for every row the offset skips (page 100 skipped 1,188 photo lists).
  const { rows } = await db.query<PublicProfileRow>(
    `SELECT ${publicProfileColumns(viewer)}
       FROM (SELECT ids.id, row_number() OVER () AS n FROM (${pageIdsQuery(p, f, bounds, limit, offset)}) ids) page
       JOIN members m ON m.id = page.id
      ORDER BY page.n`,
    p.values,
  );
  return rows;
}

/** One page of profiles in the filter's order. */
export async function searchPage(db: Db, site: Site, f: Filter, pageSize: number, page: number): Promise<PublicProfile[]> {
  const bounds = ageBounds(await databaseToday(db), f);
  return (await searchRows(db, f, bounds, pageSize, (page - 1) * pageSize)).map((r) => toPublicProfile(r, site));
}

type Option<T> = { value: T; count: number };

export interface Counts {
  total: number;
  gender: Option<'male' | 'female'>[];
  country: Option<string>[];
  countryregion: Option<string>[];
}

/** Active members per gender, country and region ('' where unknown): what every count is summed from. */
export interface Group {
  gender: string;
  country: string;
  countryregion: string;
  n: number;
}

/** A birthday range [from, to) cut into the grains of the summaries: whole 8-year spans, years, months, then days. */
export interface BirthdayPieces {
  /** span_start from, to (multiples of 8; from ≥ to: none). */
  spans: [number, number];
  /** [from, to) birth years, at most two (before and after the spans). */
  years: [number, number][];
  /** [from, to) first days of months ('YYYY-MM-01', or '-infinity' / 'infinity'), at most two. */
  months: [string, string][];
  /** [from, to) birthdays, at most two (the edge months). */
  days: [string, string][];
}

const monthIndex = ({ y, m }: Ymd) => y * 12 + m - 1;
const monthStart = (i: number) => (i === -Infinity ? '-infinity' : i === Infinity ? 'infinity' : formatYmd({ y: Math.floor(i / 12), m: (i % 12) + 1, d: 1 }));
/** Years as SQL integers: far beyond any birthday instead of infinity. */
const yearParam = (y: number) => Math.max(-1_000_000, Math.min(1_000_000, y));

/**
 * Birthdays after `lo` and on or before `hi` (the age filter, ageBounds; null: unbounded) as the
 * coarsest pieces of the summary grains that fit: the days up to the first whole month, the months
 * up to the first whole year, the years up to the first whole 8-year span, the spans, and the same
 * the other way round at the end. An age range of N years is one to N/8 spans, at most 14 years,
 * 22 months and the days of two months.
 */
export function birthdayPieces(bounds: Bounds): BirthdayPieces {
  const from = bounds.lo === null ? null : parseYmd(nextDay(bounds.lo));
  const to = bounds.hi === null ? null : parseYmd(nextDay(bounds.hi));
  const out: BirthdayPieces = { spans: [0, 0], years: [], months: [], days: [] };
  if (from && to && formatYmd(from) >= formatYmd(to)) return out;
  if (from && to && monthIndex(from) === monthIndex(to)) {
    out.days.push([formatYmd(from), formatYmd(to)]);
    return out;
  }
  // The whole months [m1, m2).
  let m1 = -Infinity;
  let m2 = Infinity;
  if (from) {
    m1 = monthIndex(from) + (from.d === 1 ? 0 : 1);
    if (from.d !== 1) out.days.push([formatYmd(from), monthStart(m1)]);
  }
  if (to) {
    m2 = monthIndex(to);
    if (to.d !== 1) out.days.push([monthStart(m2), formatYmd(to)]);
  }
  if (m1 >= m2) return out;
  // The whole years [y1, y2) inside them.
  const y1 = Math.ceil(m1 / 12);
  const y2 = Math.floor(m2 / 12);
  if (y1 >= y2) {
    out.months.push([monthStart(m1), monthStart(m2)]);
    return out;
  }
  if (m1 < y1 * 12) out.months.push([monthStart(m1), monthStart(y1 * 12)]);
  if (y2 * 12 < m2) out.months.push([monthStart(y2 * 12), monthStart(m2)]);
  // The whole 8-year spans [s1, s2) inside those.
  const s1 = Math.ceil(y1 / 8) * 8;
  const s2 = Math.floor(y2 / 8) * 8;
  if (s1 >= s2) {
    out.years.push([yearParam(y1), yearParam(y2)]);
    return out;
  }
  out.spans = [yearParam(s1), yearParam(s2)];
  if (y1 < s1) out.years.push([yearParam(y1), s1]);
  if (s2 < y2) out.years.push([s2, yearParam(y2)]);
  return out;
}

/**
 * Which groups a search needs per region: none (every count but the region counts needs gender
 * and country alone), one country's (a search with a country: its region counts), or every
 * country's ('*': a region without a country, which the page never asks).
 */
export type RegionsOf = string | null;
export const regionsOf = (f: Pick<Filter, 'country' | 'countryregion'>): RegionsOf => f.country ?? (f.countryregion ? '*' : null);

/**
 * The groups of active members matching the age filter and the site's countries, per gender,
 * country and region — per region only for the countries `regionsOf(f)` names, the others with
 * region '' (countFacets needs no more). Without an age filter from search_counts_place. With one,
 * the birthdays in the range are summed from the coarsest grain that fits (birthdayPieces;
 * migrations 0072, 0075): whole 8-year spans, the whole years beside them, the whole months of the
 * two edge years, per gender and country (search_counts_country_*) or per region
 * (search_counts_span, search_counts, search_counts_month), and members (index-only) for the days
 * of the two edge months. Nobody is left out: the viewer and the members of their blocks are taken
 * off per viewer (forViewer), so these groups are every viewer's. `birthdays`: only members whose
 * birthday is known, also without bounds (what a range is taken from, birthdayGroups).
 */
export async function searchGroups(db: Db, f: Filter, bounds?: Bounds, birthdays = false): Promise<Group[]> {
  const p = new Params();
  const site = p.add(f.siteId);
  const countries = f.countries ? p.add(f.countries) : null;
  const { lo, hi } = bounds ?? (f.minAge !== undefined || f.maxAge !== undefined ? ageBounds(await databaseToday(db), f) : { hi: null, lo: null });
  const inCountries = countries ? ` AND country = ANY(${countries}::text[])` : '';

  const parts: string[] = [];
  if (lo || hi || birthdays) {
    const regions = regionsOf(f);
    const one = regions !== null && regions !== '*' ? p.add(regions) : null;
    const pieces = birthdayPieces({ hi, lo });
    // Per gender and country: every country unless every country's regions are read; not the one whose are.
    const byCountry = (table: string, grain: string, [a, b]: [unknown, unknown], type: string) =>
      regions === '*'
        ? []
        : [`SELECT gender, country, '' AS countryregion, n FROM ${table}
             WHERE site_id = ${site} AND ${grain} >= ${p.add(a)}::${type} AND ${grain} < ${p.add(b)}::${type} AND n > 0${inCountries}${one ? ` AND country <> ${one}` : ''}`];
    const byRegion = (table: string, grain: string, [a, b]: [unknown, unknown], type: string, extra = '') =>
      regions === null
        ? []
        : [`SELECT gender, country, countryregion, n FROM ${table}
             WHERE site_id = ${site}${one ? ` AND country = ${one}` : ''} AND ${grain} >= ${p.add(a)}::${type} AND ${grain} < ${p.add(b)}::${type}
               AND n > 0${extra}${inCountries}`];
    if (pieces.spans[0] < pieces.spans[1]) {
      parts.push(...byCountry('search_counts_country_span', 'span_start', pieces.spans, 'int'));
      parts.push(...byRegion('search_counts_span', 'span_start', pieces.spans, 'int'));
    }
    for (const years of pieces.years) {
      parts.push(...byCountry('search_counts_country_year', 'birth_year', years, 'int'));
      parts.push(...byRegion('search_counts', 'birth_year', years, 'int', ' AND birth_year > 0'));
    }
    for (const months of pieces.months) {
      parts.push(...byCountry('search_counts_country_month', 'birth_month', months, 'date'));
      parts.push(...byRegion('search_counts_month', 'birth_month', months, 'date'));
    }
    const region =
      regions === null ? `''` : one ? `CASE WHEN country = ${one} THEN coalesce(countryregion, '') ELSE '' END` : `coalesce(countryregion, '')`;
    for (const [a, b] of pieces.days) {
      parts.push(`SELECT coalesce(gender, '') AS gender, coalesce(country, '') AS country, ${region} AS countryregion, 1 AS n FROM members
        WHERE site_id = ${site} AND status = 'active' AND date_of_birth >= ${p.add(a)}::date AND date_of_birth < ${p.add(b)}::date${inCountries}`);
    }
    if (!parts.length) return [];
  } else {
    // Without an age filter the birth year does not matter: the coarser summary has far fewer rows.
    parts.push(`SELECT gender, country, countryregion, n FROM search_counts_place WHERE site_id = ${site} AND n > 0${inCountries}`);
  }
  const { rows } = await db.query<Group>(
    `SELECT gender, country, countryregion, sum(n)::int AS n FROM (${parts.join('\nUNION ALL\n')}) g
      GROUP BY 1, 2, 3 HAVING sum(n) > 0`,
    p.values,
  );
  return rows;
}

/**
 * The number of results and the count of every filter value, each counted with the other filters
 * applied: gender with place, country with gender (not the region: it belongs to a country), and
 * regions only once a country is chosen (region names repeat across countries: Limburg).
 */
export function countFacets(groups: Group[], f: Pick<Filter, 'gender' | 'country' | 'countryregion'>): Counts {
  const gender = (g: Group) => !f.gender || g.gender === f.gender;
  const country = (g: Group) => !f.country || g.country === f.country;
  const region = (g: Group) => !f.countryregion || g.countryregion === f.countryregion;
  let total = 0;
  const by = { gender: new Map<string, number>(), country: new Map<string, number>(), countryregion: new Map<string, number>() };
  const add = (map: Map<string, number>, value: string, n: number) => map.set(value, (map.get(value) ?? 0) + n);
  for (const g of groups) {
    // Members without a gender (group '') are not found (baseWhere): nor counted.
    if (!g.gender) continue;
    if (gender(g) && country(g) && region(g)) total += g.n;
    if (g.gender && country(g) && region(g)) add(by.gender, g.gender, g.n);
    if (g.country && gender(g)) add(by.country, g.country, g.n);
    if (f.country && g.countryregion && gender(g) && country(g)) add(by.countryregion, g.countryregion, g.n);
  }
  const options = (map: Map<string, number>) =>
    [...map]
      .filter(([, count]) => count > 0)
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return {
    total: Math.max(0, total),
    gender: options(by.gender) as Option<'male' | 'female'>[],
    country: options(by.country),
    countryregion: options(by.countryregion),
  };
}

export interface AgeSpan {
  min: number;
  max: number;
  /** The birthdays of the youngest and the oldest member found ('YYYY-MM-DD'), null when none. */
  youngest: string | null;
  oldest: string | null;
}

/**
 * The youngest and oldest age among members matching the filters other than age: the first and
 * last birth year from the summary (in birth-year order), then the exact birthday from members,
 * read in birthday order from that year on up to the first that matches (not min()/max(): with the
 * block filter PostgreSQL would aggregate the whole year, 16,000 members a year at a million). The
 * first that matches is in that year unless the viewer or their blocks are all the year has: only
 * then the reading goes on into the next years.
 */
export async function ageSpan(db: Db, f: Filter): Promise<AgeSpan> {
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
  // In that year (the plan reads one year of birthdays), else from there on.
  const youngest = (inYear: boolean) => `(SELECT m.date_of_birth FROM members m
      WHERE ${where.join(' AND ')} AND m.date_of_birth < make_date((SELECT last FROM y) + 1, 1, 1)
        ${inYear ? 'AND m.date_of_birth >= make_date((SELECT last FROM y), 1, 1)' : ''}
      ORDER BY m.date_of_birth DESC LIMIT 1)`;
  const oldest = (inYear: boolean) => `(SELECT m.date_of_birth FROM members m
      WHERE ${where.join(' AND ')} AND m.date_of_birth >= make_date((SELECT first FROM y), 1, 1)
        ${inYear ? 'AND m.date_of_birth < make_date((SELECT first FROM y) + 1, 1, 1)' : ''}
      ORDER BY m.date_of_birth LIMIT 1)`;
  const { rows } = await db.query<{ youngest: string | null; oldest: string | null; young_age: number | null; old_age: number | null }>(
    `WITH y AS (SELECT (SELECT birth_year FROM search_counts WHERE ${summary.join(' AND ')} ORDER BY birth_year LIMIT 1) AS first,
                       (SELECT birth_year FROM search_counts WHERE ${summary.join(' AND ')} ORDER BY birth_year DESC LIMIT 1) AS last),
     d AS MATERIALIZED (
       SELECT coalesce(${youngest(true)}, ${youngest(false)}) AS youngest, coalesce(${oldest(true)}, ${oldest(false)}) AS oldest)
     SELECT to_char(youngest, 'YYYY-MM-DD') AS youngest, to_char(oldest, 'YYYY-MM-DD') AS oldest,
            extract(year FROM age(current_date, youngest))::int AS young_age,
            extract(year FROM age(current_date, oldest))::int AS old_age
       FROM d`,
    p.values,
  );
  const clamp = (n: number) => Math.min(MAX_AGE, Math.max(MIN_AGE, n));
  const row = rows[0];
  return {
    min: clamp(row?.young_age ?? MIN_AGE),
    max: clamp(row?.old_age ?? MAX_AGE),
    youngest: row?.youngest ?? null,
    oldest: row?.oldest ?? null,
  };
}

/** The filter of a search query on a site, for a viewer (null: a visitor) from a place (the personal order's start). */
export function toFilter(site: Site, viewerId: number | null, q: ParsedSearchQuery, origin: Origin | null = null): Filter {
  return {
    online: q.online ?? false,
    sort: q.sort ?? 'personal',
    origin,
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

/** Rows past the page a shared search keeps, so a viewer's page can leave out the members they do not see without asking again. */
const SHARED_SLACK = 12;

/** A row of a shared search: a profile as a visitor sees it, and its place in the order (signup time as text, UTC, to the microsecond). */
export type SharedRow = PublicProfileRow & { sort_key: string };

/**
 * What a search finds for everybody on a site: the rows from the page's offset on (the page and
 * SHARED_SLACK more) as a visitor sees them, the count groups, the age span and the birthdays that
 * bound the age filter. A visitor's answer is made from it alone; a member's adds what is theirs
 * (forViewer). Kept per site and query (src/cache), so members searching alike share the expensive part.
 */
export interface SharedSearch {
  rows: SharedRow[];
  /** The rows reach the last result. */
  end: boolean;
  groups: Group[];
  span: AgeSpan;
  /** The age filter as birthdays ('YYYY-MM-DD', from ageBounds): born on or before `hi`, after `lo`. */
  bounds: Bounds;
  pageSize: number;
  page: number;
}

/** The part of the query a shared search depends on (a cache key: the other keys do not change the answer). */
export function sharedSearchKey(q: ParsedSearchQuery, origin: Origin | null): string {
  const order = q.sort === 'newest' ? ['newest'] : [q.sort ?? 'personal', origin?.country ?? null, origin?.countryregion ?? null];
  return 'search:' + JSON.stringify([q.searchAllCountries ?? false, q.gender, q.country, q.countryregion, q.min_age, q.max_age, q.page, q.pp ?? SEARCH_PAGE_SIZE, ...order]);
}

/**
 * A search that changes from one moment to the next, kept nowhere: online now only, or online now
 * first. (Presence columns change without announcing it, src/cache; the counts and ages of the
 * online-first order are those of the personal order and are kept as they are.)
 */
export const isLive = (q: Pick<ParsedSearchQuery, 'online' | 'sort'>) => Boolean(q.online) || q.sort === 'online';

const SORT_KEY = `to_char(m.signup_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;

/** The groups of `a` less those of `b` (b's members are all in a's): what is left, groups of none left out. */
function groupsLess(a: Group[], b: Group[]): Group[] {
  const key = (g: Group) => `${g.gender}\u0000${g.country}\u0000${g.countryregion}`;
  const less = new Map(b.map((g) => [key(g), g.n]));
  return a.flatMap((g) => {
    const n = g.n - (less.get(key(g)) ?? 0);
    return n > 0 ? [{ ...g, n }] : [];
  });
}

/**
 * The count groups of an age filter as the difference of two kept parts: the members born on or
 * before `hi` (all with a known birthday without one) less those born on or before `lo`. Each part
 * depends on one end of the range only, and an end is one of ≈84 birthdays a day (ages 18–100 and
 * beyond), so any range of ages — also one nobody asked before — is made from parts other searches
 * of the day kept (`below:` keys, src/cache). A part is one statement of searchGroups, as a range was.
 */
async function ageGroups(db: Db, f: Filter, bounds: Bounds, all: boolean, keep: KeepPart): Promise<Group[]> {
  const regions = regionsOf(f);
  const below = (x: string | null) =>
    keep(`below:${JSON.stringify([all, x, regions])}`, async () => ({ groups: await searchGroups(db, f, { hi: x, lo: null }, true) }));
  const [upper, lower] = await Promise.all([below(bounds.hi), bounds.lo ? below(bounds.lo) : null]);
  return lower ? groupsLess(upper.groups, lower.groups) : upper.groups;
}

/** Keeps a part of a search under a key (src/cache), or loads it; by default nothing is kept. */
export type KeepPart = <T extends object>(key: string, load: () => Promise<T>) => Promise<T>;
const loadNow: KeepPart = (_key, load) => load();

/** Profile rows as a visitor sees them, by member id. */
export type ProfileRows = Map<number, PublicProfileRow>;
/** Keeps profile rows per member (src/cache) and loads the others; by default nothing is kept. */
export type KeepRows = (ids: number[], load: (ids: number[]) => Promise<ProfileRows>) => Promise<ProfileRows>;
const loadRowsNow: KeepRows = (ids, load) => load(ids);

/** The profile rows of members by id, as a visitor sees them. */
async function loadProfileRows(db: Db, ids: number[]): Promise<ProfileRows> {
  const { rows } = await db.query<PublicProfileRow>(`SELECT ${publicProfileColumns(null)} FROM members m WHERE m.id = ANY($1::int[])`, [ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The shared search of a query. Its parts depend on less than the whole query, so `keep` can keep
 * them apart and other queries reuse them: the count groups depend only on the countries, the
 * country whose regions are counted and each end of the age range apart (ageGroups: every page and
 * gender of every age range with that end), the age span only on the countries, gender and place. The page is chosen by id (index-only) and its
 * profile rows, the same in every search that lists the member, come through `keepRows`.
 */
export async function sharedSearch(
  db: Db,
  site: Site,
  q: ParsedSearchQuery,
  keep: KeepPart = loadNow,
  keepRows: KeepRows = loadRowsNow,
  origin: Origin | null = null,
): Promise<SharedSearch> {
  const f = toFilter(site, null, q, origin);
  const pageSize = q.pp ?? SEARCH_PAGE_SIZE;
  const limit = pageSize + SHARED_SLACK;
  const bounds = f.minAge !== undefined || f.maxAge !== undefined ? ageBounds(await databaseToday(db), f) : { hi: null, lo: null };
  const all = q.searchAllCountries ?? false;
  const pageIds = async () => {
    const p = new Params();
    const { rows: ids } = await db.query<{ id: number; sort_key: string }>(pageIdsQuery(p, f, bounds, limit, (q.page - 1) * pageSize), p.values);
    const rows = ids.length ? await keepRows(ids.map((r) => r.id), (missing) => loadProfileRows(db, missing)) : new Map();
    // (A member deleted since the ids were read is left out.)
    return { rows: ids.flatMap(({ id, sort_key }) => (rows.has(id) ? [{ ...rows.get(id)!, sort_key }] : [])), end: ids.length < limit };
  };
  // The count groups per end of the age range (ageGroups); without an age filter all members with a
  // known birthday (the birthday grains: members without one are not found, baseWhere).
  // Online now only: the few online counted as they are now (kept nowhere).
  const [page, groups, span] = await Promise.all([
    pageIds(),
    f.online ? onlineGroups(db, f, bounds) : ageGroups(db, f, bounds, all, keep),
    f.online ? onlineSpan(db, f) : keep(`span:${JSON.stringify([all, q.gender, q.country, q.countryregion])}`, () => ageSpan(db, f)),
  ]);
  return { rows: page.rows, end: page.end, groups, span, bounds, pageSize, page: q.page };
}

function answer(shared: SharedSearch, profiles: PublicProfile[], counts: Counts, span: AgeSpan): SearchResponse {
  return {
    profiles,
    paging: { num_results: counts.total, page: shared.page, page_size: shared.pageSize },
    filter_options: {
      gender: counts.gender,
      min_age: span.min,
      max_age: span.max,
      country: counts.country,
      countryregion: counts.countryregion,
    },
  };
}

/** The count groups of the members online now matching the filter's age and countries (few: index members_search_online). */
async function onlineGroups(db: Db, f: Filter, bounds: Bounds): Promise<Group[]> {
  const p = new Params();
  const where = searchWhere(p, { ...f, gender: undefined, country: undefined, countryregion: undefined }, bounds);
  const { rows } = await db.query<Group>(
    `SELECT m.gender, coalesce(m.country, '') AS country, coalesce(m.countryregion, '') AS countryregion, count(*)::int AS n
       FROM members m WHERE ${where.join(' AND ')} GROUP BY 1, 2, 3`,
    p.values,
  );
  return rows;
}

/** The youngest and oldest of the members online now matching the filters other than age. */
async function onlineSpan(db: Db, f: Filter): Promise<AgeSpan> {
  const p = new Params();
  const where = searchWhere(p, f, { hi: null, lo: null });
  const { rows } = await db.query<{ youngest: string | null; oldest: string | null; young_age: number | null; old_age: number | null }>(
    `SELECT to_char(max(m.date_of_birth), 'YYYY-MM-DD') AS youngest, to_char(min(m.date_of_birth), 'YYYY-MM-DD') AS oldest,
            extract(year FROM age(current_date, max(m.date_of_birth)))::int AS young_age,
            extract(year FROM age(current_date, min(m.date_of_birth)))::int AS old_age
       FROM members m WHERE ${where.join(' AND ')}`,
    p.values,
  );
  const clamp = (n: number) => Math.min(MAX_AGE, Math.max(MIN_AGE, n));
  const row = rows[0];
  return { min: clamp(row?.young_age ?? MIN_AGE), max: clamp(row?.old_age ?? MAX_AGE), youngest: row?.youngest ?? null, oldest: row?.oldest ?? null };
}

/** A visitor's answer: the shared search as it is. */
export function forVisitor(site: Site, q: ParsedSearchQuery, shared: SharedSearch): SearchResponse {
  const profiles = shared.rows.slice(0, shared.pageSize).map((r) => toPublicProfile(r, site));
  return answer(shared, profiles, countFacets(shared.groups, toFilter(site, null, q)), shared.span);
}

/** An active member of the site's pool a viewer does not find: themselves, or blocked either way. */
interface Unseen {
  id: number;
  gender: string;
  country: string;
  countryregion: string;
  /** Their birthday ('YYYY-MM-DD'), null when unknown. */
  dob: string | null;
  /** Their place in signup order (SORT_KEY). */
  sort_key: string;
  /** A photo others see, and the day last active (the personal order's columns, migration 0330). */
  search_photo: boolean;
  active_day: string;
  /** In one of the site's countries (searches without searchAllCountries look only there). */
  in_countries: boolean;
}

/** What a member's searches on a site add to the shared part: kept per member (src/cache) until their likes, blocks or anybody's profile change. */
export interface SearchViewer {
  id: number;
  /** Premium: they see Premium-only photos. */
  paid: boolean;
  /** The members they like. */
  liked: Set<number>;
  /** Where they live: the personal order starts there. */
  origin: Origin | null;
  unseen: Unseen[];
}

/** A member's part of every search on the site, in one statement (the unseen are read by id: the viewer and their blocks both ways). */
export async function loadSearchViewer(db: Db, site: Site, viewerId: number): Promise<SearchViewer> {
  const p = new Params();
  const viewer = p.add(viewerId);
  const where = baseWhere(p, { siteId: site.memberPoolId, viewerId: null, countries: null });
  const { rows } = await db.query<Unseen & { paid: boolean; liked: number[]; origin_country: string | null; origin_region: string | null }>(
    `WITH own AS (
       SELECT coalesce((SELECT paid_user FROM members WHERE id = ${viewer}::int), false) AS paid,
              (SELECT country FROM members WHERE id = ${viewer}::int) AS origin_country,
              (SELECT countryregion FROM members WHERE id = ${viewer}::int) AS origin_region,
              ARRAY(SELECT liked_id FROM likes WHERE member_id = ${viewer}::int) AS liked),
     unseen AS (
       SELECT m.id, coalesce(m.gender, '') AS gender, coalesce(m.country, '') AS country, coalesce(m.countryregion, '') AS countryregion,
              to_char(m.date_of_birth, 'YYYY-MM-DD') AS dob, ${SORT_KEY} AS sort_key,
              m.search_photo, to_char(m.search_active_day, 'YYYY-MM-DD') AS active_day,
              coalesce(m.country = ANY(${p.add(site.settings.countries)}::text[]), false) AS in_countries
         FROM (SELECT ${viewer}::int AS id
               UNION SELECT blocked_id FROM blocks WHERE member_id = ${viewer}::int
               UNION SELECT member_id FROM blocks WHERE blocked_id = ${viewer}::int) x
         JOIN members m ON m.id = x.id
        WHERE ${where.join(' AND ')})
     SELECT own.paid, own.liked, own.origin_country, own.origin_region, unseen.* FROM own LEFT JOIN unseen ON true`,
    p.values,
  );
  const own = rows[0];
  return {
    id: viewerId,
    paid: own?.paid ?? false,
    liked: new Set(own?.liked ?? []),
    origin: own?.origin_country ? { country: own.origin_country, countryregion: own.origin_region || null } : null,
    unseen: rows.filter((r) => r.id !== null).map(({ paid: _p, liked: _l, origin_country: _c, origin_region: _r, ...u }) => u),
  };
}

/**
 * A member's answer: the shared search without the members they do not find (themselves, blocks
 * either way) — taken off the counts, and left out of the rows (those listed before the page move
 * it on) — with their likes and their Premium photos. Exactly what the plain search would answer
 * (searchPage and ageSpan with the viewer); it asks those only when the kept rows do not reach far
 * enough, or an unseen member is the youngest or oldest.
 * Online now (only or first): the page is read as it is now, and `shared` may be the personal
 * order's (the same counts and ages without `online`).
 */
export async function forViewer(db: Db, site: Site, viewer: SearchViewer, q: ParsedSearchQuery, shared: SharedSearch): Promise<SearchResponse> {
  const f = toFilter(site, viewer.id, q, viewer.origin);
  // Online now only: the few, counted and listed as the viewer finds them now.
  if (f.online) {
    const [profiles, groups, span] = await Promise.all([
      searchPage(db, site, f, shared.pageSize, shared.page),
      onlineGroups(db, f, shared.bounds),
      onlineSpan(db, f),
    ]);
    return answer(shared, profiles, countFacets(groups, f), span);
  }
  const { hi, lo } = shared.bounds;
  const first = shared.rows[0];
  const found = viewer.unseen.filter((u) => f.countries === null || u.in_countries);
  const inAge = (u: Unseen) => (hi === null || (u.dob !== null && u.dob <= hi)) && (lo === null || (u.dob !== null && u.dob > lo));
  const place = (u: Unseen) =>
    (!f.gender || u.gender === f.gender) && (!f.country || u.country === f.country) && (!f.countryregion || u.countryregion === f.countryregion);
  const results = found.filter((u) => inAge(u) && place(u));
  const key = sortKeyOf(f);
  const skip = first ? results.filter((u) => key(u) > first.sort_key || (key(u) === first.sort_key && u.id > first.id)).length : 0;
  const hidden = new Set(results.map((u) => u.id));
  const visible = shared.rows.filter((r) => !hidden.has(r.id));
  // Online now first: who is online changes from one moment to the next, the page is read as it is now.
  const profiles =
    f.sort !== 'online' && (visible.length >= skip + shared.pageSize || shared.end)
      ? visible.slice(skip, skip + shared.pageSize).map((r) => toPublicProfile({ ...r, liked: viewer.liked.has(r.id), sees_premium: viewer.paid }, site))
      : await searchPage(db, site, f, shared.pageSize, shared.page);
  const counts = countFacets([...shared.groups, ...found.filter(inAge).map((u) => ({ ...u, n: -1 }))], f);
  const extreme = found.some((u) => place(u) && u.dob !== null && (u.dob === shared.span.youngest || u.dob === shared.span.oldest));
  return answer(shared, profiles, counts, extreme ? await ageSpan(db, f) : shared.span);
}

/** A member's place in the filter's order (the sort_key of pageIdsQuery; not for the online-first order, read as it is now). */
function sortKeyOf(f: Filter): (u: Unseen) => string {
  if (f.sort === 'newest') return (u) => u.sort_key;
  const parts = nearParts(f);
  return (u) => {
    const i = parts.findIndex((part) => inPart(part, u));
    return `1|${parts.length - i}|${u.search_photo ? 1 : 0}|${u.active_day}`;
  };
}

/**
 * GET /api/search.php without the caches: one page of active members of the site's member pool
 * (never the viewer, nobody blocked either way) matching the filters, the exact number of matches,
 * and per filter the values there are with their counts (each facet counted with the other filters
 * applied).
 */
export async function search(db: Db, site: Site, viewerId: number | null, q: ParsedSearchQuery): Promise<SearchResponse> {
  if (viewerId === null) return forVisitor(site, q, await sharedSearch(db, site, q));
  const viewer = await loadSearchViewer(db, site, viewerId);
  return forViewer(db, site, viewer, q, await sharedSearch(db, site, q, loadNow, loadRowsNow, viewer.origin));
}
