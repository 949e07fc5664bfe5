// The search page's business rules (spec §2, §4, §6, §9) as pure functions: what the filters send,
// which countries go together, how a similar search widens, where webcam tiles go. The constants
// themselves live once in the contracts package (shared/src/rules.ts).
import {
  AGE_BUCKETS,
  LANGUAGE_BADGE_COUNTRIES,
  MAX_AGE,
  MIN_AGE,
  NEIGHBOURING_COUNTRIES,
  SEARCH_MAX_PAGE,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
  SIMILAR_AGE_WIDENING,
  TILE_BLOCK_SIZE,
  TILE_POSITIONS,
  TRACKING_KEYS,
  type AgeBucketId,
  type Gender,
  type SearchQuery,
  type SearchSort,
} from '@dating/shared';

export { AGE_BUCKETS, SEARCH_SORTS, type AgeBucketId, type SearchSort } from '@dating/shared';

export function ageBucket(id: string | undefined) {
  return AGE_BUCKETS.find((b) => b.id === id);
}

/** The gender filter's options, in the order shown (the values of the contract's GenderSchema). */
export const GENDERS = ['female', 'male'] as const satisfies readonly Gender[];
export type GenderFilter = (typeof GENDERS)[number];

/** The filter as the member sets it. Empty string or undefined: no restriction. */
export interface Filter {
  gender?: GenderFilter;
  country?: string;
  countryregion?: string;
  age?: AgeBucketId;
  /** Online now only. */
  online?: boolean;
  /** The order; undefined: the personal order (near you first), the API's default. */
  sort?: Exclude<SearchSort, 'personal'>;
}

/**
 * The countries offered near a home country: the home country and its neighbour (when the site
 * has it), shown together at the top of the country list.
 */
export function nearbyCountries(home: string | null | undefined, siteCountries: readonly string[]): string[] {
  if (!home || !siteCountries.includes(home)) return [];
  const neighbour = NEIGHBOURING_COUNTRIES[home];
  return neighbour && siteCountries.includes(neighbour) ? [home, neighbour] : [home];
}

/** Spec §9: profiles from these countries carry a language badge (more than one language is spoken there). */
export function showsLanguageBadge(profile: { country: string | null; language: string | null }): boolean {
  return Boolean(profile.country && profile.language && (LANGUAGE_BADGE_COUNTRIES as readonly string[]).includes(profile.country));
}

/** Spec §9: a similar search widens the age range by 5 years on each side (within 18–100). */
export function widenAgeRange(range: { min: number; max: number }): { min: number; max: number } {
  return {
    min: Math.max(MIN_AGE, range.min - SIMILAR_AGE_WIDENING),
    max: Math.min(MAX_AGE, range.max + SIMILAR_AGE_WIDENING),
  };
}

/** Which filters a site offers (settings.search_fields); age counts when min_age or max_age is listed. */
export function offeredFilters(searchFields: readonly string[]) {
  return {
    gender: searchFields.includes('gender'),
    country: searchFields.includes('country'),
    countryregion: searchFields.includes('country') && searchFields.includes('countryregion'),
    age: searchFields.includes('min_age') || searchFields.includes('max_age'),
  };
}

/** The filter a site allows: anything it does not offer is dropped. */
export function allowedFilter(filter: Filter, searchFields: readonly string[]): Filter {
  const offered = offeredFilters(searchFields);
  return {
    gender: offered.gender ? filter.gender : undefined,
    country: offered.country ? filter.country : undefined,
    countryregion: offered.countryregion && filter.country ? filter.countryregion : undefined,
    age: offered.age ? filter.age : undefined,
    online: filter.online || undefined,
    sort: filter.sort,
  };
}

/**
 * The search.php query for one page. `similar` widens the age range (spec §9). Without a country
 * the API searches every country of the site (never searchAllCountries: a site's members stay
 * within the countries it serves).
 */
export function searchQuery(
  filter: Filter,
  page: number,
  options: { similar?: boolean; first?: boolean; trafficsource?: string; source?: string } = {},
): SearchQuery {
  const bucket = ageBucket(filter.age);
  const range = bucket ? (options.similar ? widenAgeRange(bucket) : { min: bucket.min, max: bucket.max }) : undefined;
  return {
    source: options.source ?? 'members',
    pp: SEARCH_PAGE_SIZE,
    page,
    gender: filter.gender,
    country: filter.country || undefined,
    countryregion: filter.country && filter.countryregion ? filter.countryregion : undefined,
    min_age: range?.min,
    max_age: range?.max,
    online: filter.online || undefined,
    sort: filter.sort,
    auto_load: options.first ? true : undefined,
    manual_search: options.first ? undefined : true,
    trafficsource: options.trafficsource || undefined,
  };
}

/** A similar search only makes sense when an age range narrows the results. */
export function canSearchSimilar(filter: Filter): boolean {
  const bucket = ageBucket(filter.age);
  if (!bucket) return false;
  const wide = widenAgeRange(bucket);
  return wide.min !== bucket.min || wide.max !== bucket.max;
}

// --- query parameters kept in the URL -------------------------------------------------------

/** Spec §2/§3: tracking parameters (traffic source and e-mail campaigns) travel with the page. */
export const TRACKING_PARAMS = [
  ...TRACKING_KEYS,
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'mail',
  'mailing',
] as const;

export function trackingParams(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(TRACKING_PARAMS.flatMap((k) => (query[k] ? [[k, query[k]]] : [])));
}

function positiveInt(value: string | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= SEARCH_MAX_PAGE ? n : undefined;
}

/** Reads the filter and paging state from the URL query (reload and back restore the page). */
export function stateFromQuery(query: Record<string, string>): { filter: Filter; page: number; similarpage: number } {
  const gender = (GENDERS as readonly string[]).includes(query.gender) ? (query.gender as GenderFilter) : undefined;
  const country = /^[A-Z]{2}$/.test(query.country ?? '') ? query.country : undefined;
  return {
    filter: {
      gender,
      country,
      countryregion: country && query.countryregion ? query.countryregion : undefined,
      age: ageBucket(query.age)?.id,
      online: query.online === '1' || undefined,
      sort: (SEARCH_SORTS as readonly string[]).includes(query.sort ?? '') && query.sort !== 'personal' ? (query.sort as Filter['sort']) : undefined,
    },
    page: positiveInt(query.page) ?? 1,
    similarpage: positiveInt(query.similarpage) ?? 0,
  };
}

/** The URL query for a state: filters, `page`, `similarpage` (when used) and tracking parameters. */
export function queryFromState(
  state: { filter: Filter; page: number; similarpage: number },
  current: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = { ...trackingParams(current) };
  const { filter } = state;
  if (filter.gender) out.gender = filter.gender;
  if (filter.country) out.country = filter.country;
  if (filter.country && filter.countryregion) out.countryregion = filter.countryregion;
  if (filter.age) out.age = filter.age;
  if (filter.online) out.online = '1';
  if (filter.sort) out.sort = filter.sort;
  out.page = String(state.page);
  if (state.similarpage > 0) out.similarpage = String(state.similarpage);
  return out;
}

/**
 * Spec §9: in every block of 12 results, tiles take positions 1 and 5. Positions are 0-based and
 * count the block's slots (results and tiles together): a block reads
 * result, TILE, result, result, result, TILE, result … — a tile never comes first and never
 * trails after a block's last result.
 */
export type Slot<R, T> = { kind: 'result'; item: R } | { kind: 'tile'; item: T };

export function placeTiles<R, T>(results: readonly R[], tiles: readonly T[]): Slot<R, T>[] {
  const out: Slot<R, T>[] = [];
  let nextTile = 0;
  for (let start = 0; start < results.length; start += TILE_BLOCK_SIZE) {
    const block = results.slice(start, start + TILE_BLOCK_SIZE);
    let slot = 0;
    for (let i = 0; i < block.length; i++) {
      if ((TILE_POSITIONS as readonly number[]).includes(slot) && nextTile < tiles.length) {
        out.push({ kind: 'tile', item: tiles[nextTile++] });
        slot++;
      }
      out.push({ kind: 'result', item: block[i] });
      slot++;
    }
  }
  return out;
}
