import { ErrorResponseSchema, NEIGHBOURING_COUNTRIES, SEARCH_NEW_MEMBER_DAYS, SEARCH_PAGE_SIZE, SearchResponseSchema, VISITOR_SEARCH_MAX_PAGE, type SearchQuery, type SearchResponse } from '@dating/shared';
import { RATE_LIMITS } from '../src/http/ratelimit';
import { birthdayPieces, yearsBefore } from '../src/search/search';
import { browser, startTestApi, type TestApi } from './helpers';
import { addMember, GARBAGE, loginAs, memberBrowser, poolId, type TestMember } from './social-helpers';

let t: TestApi;
let pool: number;
let viewer: TestMember;
let solo: TestMember;
const COUNTRIES: [string, string[]][] = [
  ['NL', ['Utrecht', 'Noord-Holland', 'Limburg']],
  ['BE', ['Antwerpen', 'Limburg']],
  ['DE', ['Bayern', 'Berlin']],
  ['US', ['Texas', 'Ohio']],
];

/** A small deterministic random source, so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

beforeAll(async () => {
  t = await startTestApi();
  pool = await poolId(t.db);
  const rnd = prng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  for (let i = 0; i < 160; i++) {
    const [country, regions] = pick(COUNTRIES);
    const year = 1930 + Math.floor(rnd() * 78);
    const dob = `${year}-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;
    await addMember(t.db, {
      name: `Searchable ${i}`,
      gender: i % 7 === 0 ? null : pick(['male', 'female'] as const),
      dateOfBirth: i % 11 === 0 ? null : dob,
      country,
      countryregion: i % 5 === 0 ? null : pick(regions),
      status: i % 13 === 0 ? 'deleted' : i % 17 === 0 ? 'not_confirmed' : undefined,
      fictional: i % 9 === 0,
    });
  }
  // Birthdays at the edges of an age range: 30 today, 30 tomorrow, 41 tomorrow (still 40 today).
  const edge = async (name: string, sql: string) => {
    const m = await addMember(t.db, { name, country: 'NL', countryregion: 'Utrecht', gender: 'male' });
    await t.db.query(`UPDATE members SET date_of_birth = ${sql} WHERE id = $1`, [m.id]);
  };
  await edge('Thirty today', `(current_date - interval '30 years')::date`);
  await edge('Thirty tomorrow', `(current_date - interval '30 years')::date + 1`);
  await edge('Forty-one tomorrow', `(current_date - interval '41 years')::date + 1`);
  viewer = await addMember(t.db, { name: 'Viewer', country: 'NL', countryregion: 'Utrecht', gender: 'male' });

  // A site with a member pool of its own, where visitors may not search at all.
  await t.db.query(`INSERT INTO sites (template_name, is_default, name, domain_language, languages, signups, flags, theme,
                                       company, settings, remotes)
                    SELECT 'solo', false, 'Solo', domain_language, languages, signups, flags, theme, company,
                           settings || '{"logged_out_search": false, "logged_out_search_trafficsource": false}'::jsonb, remotes
                      FROM sites WHERE template_name = 'amora'`);
  await t.db.query(`INSERT INTO site_hosts (host, site_id) SELECT 'solo.localhost', id FROM sites WHERE template_name = 'solo'`);
  solo = await addMember(t.db, { siteId: await poolId(t.db, 'solo'), name: 'Solo member', country: 'NL' });
}, 120_000);
afterAll(() => t.close());

interface Filter {
  gender?: 'male' | 'female';
  country?: string;
  countryregion?: string;
  min_age?: number;
  max_age?: number;
  searchAllCountries?: boolean;
}

/** The same question asked of the members table directly: the oracle for every count. */
async function oracle(f: Filter, viewerId: number | null, countries: string[], by?: 'gender' | 'country' | 'countryregion') {
  const where = ['site_id = $1', `status = 'active'`, 'gender IS NOT NULL', 'date_of_birth IS NOT NULL'];
  const params: unknown[] = [pool];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (viewerId !== null) add('id <> ?', viewerId);
  if (!f.searchAllCountries) add('country = ANY(?::text[])', countries);
  if (f.gender && by !== 'gender') add('gender = ?', f.gender);
  if (f.country && by !== 'country') add('country = ?', f.country);
  if (f.countryregion && by !== 'country' && by !== 'countryregion') add('countryregion = ?', f.countryregion);
  if (f.min_age !== undefined) add('extract(year FROM age(current_date, date_of_birth)) >= ?', f.min_age);
  if (f.max_age !== undefined) add('extract(year FROM age(current_date, date_of_birth)) <= ?', f.max_age);
  if (by) where.push(`${by} IS NOT NULL`);
  const { rows } = await t.db.query<{ value: string | null; n: number }>(
    `SELECT ${by ?? 'NULL'} AS value, count(*)::int AS n FROM members WHERE ${where.join(' AND ')} GROUP BY 1`,
    params,
  );
  return rows;
}

const sorted = (xs: { value: string | null; count?: number; n?: number }[]) =>
  xs.map((x) => [x.value, x.count ?? x.n]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

const FILTERS: Filter[] = [
  {},
  { gender: 'female' },
  { gender: 'male', country: 'NL' },
  { country: 'NL', countryregion: 'Limburg' },
  { country: 'BE', countryregion: 'Limburg', gender: 'female' },
  { min_age: 30 },
  { max_age: 40 },
  { min_age: 30, max_age: 30 },
  { min_age: 30, max_age: 40, gender: 'male', country: 'NL', countryregion: 'Utrecht' },
  { min_age: 18, max_age: 100 },
  { min_age: 55, max_age: 70, country: 'DE' },
  { country: 'US' },
  { country: 'US', searchAllCountries: true },
  { searchAllCountries: true, gender: 'female', min_age: 25 },
  { country: 'PL' },
];

describe('search filters, counts and paging', () => {
  it.each(FILTERS)('%j: every profile matches, the total and every filter count are exact', async (f) => {
    const b = await loginAs(t.app, viewer, 'velvet.localhost');
    const countries = (await b.api.getSettings()).settings.countries;
    const res = await b.api.search({ ...f, pp: 48 });
    const [total] = await oracle(f, viewer.id, countries);
    expect(res.paging.num_results).toBe(total?.n ?? 0);
    expect(res.profiles.length).toBe(Math.min(48, res.paging.num_results));
    for (const p of res.profiles) {
      if (f.gender) expect(p.gender).toBe(f.gender);
      if (f.country) expect(p.country).toBe(f.country);
      if (f.countryregion) expect(p.countryregion).toBe(f.countryregion);
      if (f.min_age !== undefined) expect(p.age).toBeGreaterThanOrEqual(f.min_age);
      if (f.max_age !== undefined) expect(p.age).toBeLessThanOrEqual(f.max_age);
      if (!f.searchAllCountries) expect(countries).toContain(p.country);
      expect(p.id).not.toBe(viewer.id);
    }
    expect(sorted(res.filter_options.gender)).toEqual(sorted(await oracle(f, viewer.id, countries, 'gender')));
    expect(sorted(res.filter_options.country)).toEqual(sorted(await oracle(f, viewer.id, countries, 'country')));
    if (f.country) {
      expect(sorted(res.filter_options.countryregion)).toEqual(
        sorted(await oracle(f, viewer.id, countries, 'countryregion')),
      );
    } else {
      expect(res.filter_options.countryregion).toEqual([]);
    }
  });

  it('offers the ages there are: the youngest and the oldest member of the other filters', async () => {
    const b = await loginAs(t.app, viewer);
    const { filter_options } = await b.api.search({ country: 'NL', searchAllCountries: true });
    const { rows } = await t.db.query<{ min: number; max: number }>(
      `SELECT min(extract(year FROM age(current_date, date_of_birth)))::int AS min,
              max(extract(year FROM age(current_date, date_of_birth)))::int AS max
         FROM members WHERE site_id = $1 AND status = 'active' AND country = 'NL' AND id <> $2`,
      [pool, viewer.id],
    );
    expect(filter_options.min_age).toBe(Math.max(18, rows[0]!.min));
    expect(filter_options.max_age).toBe(Math.min(100, rows[0]!.max));
  });

  it('counts a birthday exactly: 30 today is 30, 30 tomorrow is still 29', async () => {
    const b = await loginAs(t.app, viewer);
    const names = async (q: SearchQuery) => (await b.api.search({ ...q, pp: 48 })).profiles.map((p) => p.name);
    const thirty = await names({ min_age: 30, max_age: 30, country: 'NL', countryregion: 'Utrecht', gender: 'male' });
    expect(thirty).toContain('Thirty today');
    expect(thirty).not.toContain('Thirty tomorrow');
    const twentyNine = await names({ min_age: 29, max_age: 29, country: 'NL', countryregion: 'Utrecht', gender: 'male' });
    expect(twentyNine).toContain('Thirty tomorrow');
    const forty = await names({ min_age: 40, max_age: 40, country: 'NL', countryregion: 'Utrecht', gender: 'male' });
    expect(forty).toContain('Forty-one tomorrow');
  });

  it('pages follow each other without gaps or repeats, 12 to a page unless pp says otherwise', async () => {
    const b = await loginAs(t.app, viewer);
    const first = await b.api.search({ searchAllCountries: true });
    expect(first.paging).toMatchObject({ page: 1, page_size: 12 });
    expect(first.profiles).toHaveLength(12);
    const seen: number[] = [];
    let res: SearchResponse;
    let page = 1;
    do {
      res = await b.api.search({ searchAllCountries: true, pp: 7, page });
      expect(res.paging.page_size).toBe(7);
      seen.push(...res.profiles.map((p) => p.id));
      page++;
    } while (res.profiles.length === 7);
    expect(seen.length).toBe(first.paging.num_results);
    expect(new Set(seen).size).toBe(seen.length);
    expect((await b.api.search({ searchAllCountries: true, pp: 7, page: page + 5 })).profiles).toEqual([]);
  });

  it('finds only active, complete members of the pool: never the viewer, deleted or not activated members, nor those without gender or date of birth', async () => {
    const b = await loginAs(t.app, viewer);
    const all: number[] = [];
    for (let page = 1; ; page++) {
      const res = await b.api.search({ searchAllCountries: true, pp: 48, page });
      all.push(...res.profiles.map((p) => p.id));
      if (res.profiles.length < 48) break;
    }
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id FROM members WHERE site_id = $1 AND status = 'active' AND id <> $2 AND gender IS NOT NULL AND date_of_birth IS NOT NULL ORDER BY id`,
      [pool, viewer.id],
    );
    expect([...all].sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
    // (The pool has active members without gender or date of birth: they are left out, not absent.)
    const { rows: incomplete } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM members WHERE site_id = $1 AND status = 'active' AND (gender IS NULL OR date_of_birth IS NULL)`,
      [pool],
    );
    expect(incomplete[0]!.n).toBeGreaterThan(0);
    expect(all).not.toContain(solo.id);
  });

  it('finds and counts a member who skipped the signup steps once they add gender and date of birth', async () => {
    const b = await loginAs(t.app, viewer);
    const q = { country: 'DE' as const, countryregion: 'Bayern', searchAllCountries: true };
    const changed = () => t.app.cache.sync();
    const before = await b.api.search(q);
    const skipped = await addMember(t.db, { name: 'Skipped steps', country: 'DE', countryregion: 'Bayern', gender: null, dateOfBirth: null });
    await changed();
    const found = async (query: typeof q & { gender?: 'male' | 'female'; min_age?: number }) => {
      const res = await b.api.search({ ...query, pp: 48 });
      return { ids: res.profiles.map((p) => p.id), total: res.paging.num_results };
    };
    expect(await found(q)).toEqual({ ids: expect.not.arrayContaining([skipped.id]), total: before.paging.num_results });
    await t.db.query(`UPDATE members SET gender = 'female' WHERE id = $1`, [skipped.id]);
    await changed();
    expect(await found(q)).toEqual({ ids: expect.not.arrayContaining([skipped.id]), total: before.paging.num_results });
    await t.db.query(`UPDATE members SET date_of_birth = '1991-03-03' WHERE id = $1`, [skipped.id]);
    await changed();
    expect(await found(q)).toEqual({ ids: expect.arrayContaining([skipped.id]), total: before.paging.num_results + 1 });
    expect((await found({ ...q, gender: 'female', min_age: 30 })).ids).toContain(skipped.id);
    await t.db.query(`DELETE FROM members WHERE id = $1`, [skipped.id]);
    await changed();
  });

  it('keeps its counts when members change, leave or are deleted', async () => {
    const b = await loginAs(t.app, viewer);
    const q = { country: 'DE' as const, countryregion: 'Berlin', searchAllCountries: true };
    const before = (await b.api.search(q)).paging.num_results;
    // Changed straight in the database: the API's caches hear of it by announcement (src/cache),
    // on PostgreSQL a moment after the commit, so each search waits for the change to arrive.
    const changed = () => t.app.cache.sync();
    const m = await addMember(t.db, { country: 'DE', countryregion: 'Berlin' });
    await changed();
    expect((await b.api.search(q)).paging.num_results).toBe(before + 1);
    await t.db.query(`UPDATE members SET countryregion = 'Bayern' WHERE id = $1`, [m.id]);
    await changed();
    expect((await b.api.search(q)).paging.num_results).toBe(before);
    await t.db.query(`UPDATE members SET countryregion = 'Berlin', status = 'not_confirmed' WHERE id = $1`, [m.id]);
    await changed();
    expect((await b.api.search(q)).paging.num_results).toBe(before);
    await t.db.query(`UPDATE members SET status = 'active' WHERE id = $1`, [m.id]);
    await changed();
    expect((await b.api.search(q)).paging.num_results).toBe(before + 1);
    await t.db.query(`DELETE FROM members WHERE id = $1`, [m.id]);
    await changed();
    expect((await b.api.search(q)).paging.num_results).toBe(before);
    // Every grain of the summary agrees with the members table, group by group.
    const drift = async () => (await t.db.query(
      `WITH truth AS (
         SELECT site_id, coalesce(gender, '') AS gender, coalesce(country, '') AS country,
                coalesce(countryregion, '') AS countryregion, coalesce(extract(year FROM date_of_birth)::int, 0) AS birth_year,
                date_trunc('month', date_of_birth)::date AS birth_month, count(*)::int AS n
           FROM members WHERE status = 'active' GROUP BY 1, 2, 3, 4, 5, 6)
       , year AS (SELECT site_id, gender, country, countryregion, birth_year, sum(n)::int AS n FROM truth GROUP BY 1, 2, 3, 4, 5)
       , place AS (SELECT site_id, gender, country, countryregion, sum(n)::int AS n FROM truth GROUP BY 1, 2, 3, 4)
       , span AS (SELECT site_id, gender, country, countryregion, birth_year / 8 * 8 AS span_start, sum(n)::int AS n FROM truth WHERE birth_year > 0 GROUP BY 1, 2, 3, 4, 5)
       , month AS (SELECT site_id, gender, country, countryregion, birth_month, sum(n)::int AS n FROM truth WHERE birth_month IS NOT NULL GROUP BY 1, 2, 3, 4, 5)
       SELECT 'year' AS grain, site_id, gender, country, countryregion, birth_year::text AS at, n FROM (
         (SELECT * FROM year EXCEPT SELECT * FROM search_counts WHERE n <> 0)
         UNION ALL (SELECT * FROM search_counts WHERE n <> 0 EXCEPT SELECT * FROM year)) a
       UNION ALL
       SELECT 'place', site_id, gender, country, countryregion, '', n FROM (
         (SELECT * FROM place EXCEPT SELECT * FROM search_counts_place WHERE n <> 0)
         UNION ALL (SELECT * FROM search_counts_place WHERE n <> 0 EXCEPT SELECT * FROM place)) b
       UNION ALL
       SELECT 'span', site_id, gender, country, countryregion, span_start::text, n FROM (
         (SELECT * FROM span EXCEPT SELECT * FROM search_counts_span WHERE n <> 0)
         UNION ALL (SELECT * FROM search_counts_span WHERE n <> 0 EXCEPT SELECT * FROM span)) c
       UNION ALL
       SELECT 'month', site_id, gender, country, countryregion, birth_month::text, n FROM (
         (SELECT * FROM month EXCEPT SELECT * FROM search_counts_month WHERE n <> 0)
         UNION ALL (SELECT * FROM search_counts_month WHERE n <> 0 EXCEPT SELECT * FROM month)) d
       UNION ALL
       -- The grains per gender and country (0075): the same sums without the region, birthdays known.
       SELECT 'country year', site_id, gender, country, '', birth_year::text, n FROM (
         (SELECT site_id, birth_year, gender, country, sum(n)::int AS n FROM year WHERE birth_year > 0 GROUP BY 1, 2, 3, 4
          EXCEPT SELECT site_id, birth_year, gender, country, n FROM search_counts_country_year WHERE n <> 0)
         UNION ALL (SELECT site_id, birth_year, gender, country, n FROM search_counts_country_year WHERE n <> 0
          EXCEPT SELECT site_id, birth_year, gender, country, sum(n)::int FROM year WHERE birth_year > 0 GROUP BY 1, 2, 3, 4)) e
       UNION ALL
       SELECT 'country span', site_id, gender, country, '', span_start::text, n FROM (
         (SELECT site_id, span_start, gender, country, sum(n)::int AS n FROM span GROUP BY 1, 2, 3, 4
          EXCEPT SELECT site_id, span_start, gender, country, n FROM search_counts_country_span WHERE n <> 0)
         UNION ALL (SELECT site_id, span_start, gender, country, n FROM search_counts_country_span WHERE n <> 0
          EXCEPT SELECT site_id, span_start, gender, country, sum(n)::int FROM span GROUP BY 1, 2, 3, 4)) f
       UNION ALL
       SELECT 'country month', site_id, gender, country, '', birth_month::text, n FROM (
         (SELECT site_id, birth_month, gender, country, sum(n)::int AS n FROM month GROUP BY 1, 2, 3, 4
          EXCEPT SELECT site_id, birth_month, gender, country, n FROM search_counts_country_month WHERE n <> 0)
         UNION ALL (SELECT site_id, birth_month, gender, country, n FROM search_counts_country_month WHERE n <> 0
          EXCEPT SELECT site_id, birth_month, gender, country, sum(n)::int FROM month GROUP BY 1, 2, 3, 4)) g`,
    )).rows;
    expect(await drift()).toEqual([]);
    // (The check sees a difference when there is one, in each grain.)
    for (const table of ['search_counts_place', 'search_counts_span', 'search_counts_month']) {
      await t.db.query(`UPDATE ${table} SET n = n + 1 WHERE country = 'DE' AND countryregion = 'Berlin' AND n > 0`);
      expect((await drift()).length).toBeGreaterThan(0);
      await t.db.query(`UPDATE ${table} SET n = n - 1 WHERE country = 'DE' AND countryregion = 'Berlin' AND n > 0`);
    }
    for (const table of ['search_counts_country_year', 'search_counts_country_span', 'search_counts_country_month']) {
      await t.db.query(`UPDATE ${table} SET n = n + 1 WHERE country = 'DE' AND n > 0`);
      expect((await drift()).length).toBeGreaterThan(0);
      await t.db.query(`UPDATE ${table} SET n = n - 1 WHERE country = 'DE' AND n > 0`);
    }
    expect(await drift()).toEqual([]);
  });

  it('on another site of the same pool searches only that site’s countries, unless searchAllCountries', async () => {
    const velvet = await loginAs(t.app, viewer, 'velvet.localhost');
    expect((await velvet.api.search({ country: 'US' })).paging.num_results).toBe(0);
    expect((await velvet.api.search({ country: 'US', searchAllCountries: true })).paging.num_results).toBeGreaterThan(0);
  });
});

/**
 * A member's search is made from what the search finds for everybody (kept per site and query) and
 * their own part (kept per member): these prove it is still exactly theirs — the pages, the counts
 * and the ages leave out themselves and the members of their blocks, wherever those are in the
 * order, and likes and Premium photos are each member's own, also when members search alike.
 */
/**
 * Active, complete members of the pool the member finds with searchAllCountries, in the personal
 * order (their region, their country, its neighbour, the rest; then with a photo, last active day,
 * newest id) or newest first: the oracle.
 */
async function expected(memberId: number, sort: 'personal' | 'newest' = 'personal', more = '') {
  const { rows } = await t.db.query<{ id: number }>(
    `SELECT m.id FROM members m, members v WHERE v.id = $2 AND m.site_id = $1 AND m.status = 'active' AND m.id <> $2
        AND m.gender IS NOT NULL AND m.date_of_birth IS NOT NULL ${more}
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.member_id = $2 AND b.blocked_id = m.id) OR (b.member_id = m.id AND b.blocked_id = $2))
      ORDER BY ${
        sort === 'newest'
          ? 'm.signup_date DESC, m.id DESC'
          : `CASE WHEN m.country = v.country AND m.countryregion = v.countryregion THEN 0 WHEN m.country = v.country THEN 1
                  WHEN m.country = ($3::jsonb ->> v.country) THEN 2 ELSE 3 END,
             m.search_photo DESC, m.search_active_day DESC, m.id DESC`
      }`,
    sort === 'newest' ? [pool, memberId] : [pool, memberId, JSON.stringify(NEIGHBOURING_COUNTRIES)],
  );
  return rows.map((r) => r.id);
}

describe("a member's own search", () => {
  async function everyPage(b: Awaited<ReturnType<typeof loginAs>>, pp: number) {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const res = await b.api.search({ searchAllCountries: true, pp, page });
      ids.push(...res.profiles.map((p) => p.id));
      if (res.profiles.length < pp) return { ids, total: res.paging.num_results };
    }
  }

  it('pages and counts leave out the member and their blocks both ways, wherever those are in the order', async () => {
    // The newest members of all: the searcher, the members they block and who block them sit before
    // every page; one block is further down the order.
    const newest = [];
    for (let i = 0; i < 16; i++) newest.push(await addMember(t.db, { name: `Blockable ${i}`, country: 'DE', countryregion: 'Berlin' }));
    const me = await addMember(t.db, { name: 'Blocker', country: 'DE', countryregion: 'Berlin', gender: 'male' });
    const b = await loginAs(t.app, me);
    const other = await loginAs(t.app, viewer);
    // Searched before the blocks: the shared part is kept; the blocks must still show at once.
    expect((await everyPage(b, 7)).ids).toEqual(await expected(me.id));
    const older = (await expected(me.id))[40]!;
    await b.api.block(newest[0]!.id);
    await b.api.block(older);
    await (await loginAs(t.app, newest[3]!)).api.block(me.id);
    let seen = await everyPage(b, 7);
    expect(seen.ids).toEqual(await expected(me.id));
    expect(seen.ids).not.toContain(older);
    expect(seen.total).toBe(seen.ids.length);
    // The same query by another member still finds them all.
    expect((await everyPage(other, 7)).ids).toEqual(await expected(viewer.id));

    // More blocks before the first page than the kept rows reach past a page (12): still exact.
    for (const m of newest.slice(4)) await b.api.block(m.id);
    seen = await everyPage(b, 7);
    expect(seen.ids).toEqual(await expected(me.id));
    expect(seen.total).toBe(seen.ids.length);
    const berlin = await b.api.search({ searchAllCountries: true, country: 'DE' });
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM members m WHERE site_id = $1 AND status = 'active' AND id <> $2 AND country = 'DE'
          AND gender IS NOT NULL AND date_of_birth IS NOT NULL AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.member_id = $2 AND b.blocked_id = m.id) OR (b.member_id = m.id AND b.blocked_id = $2))`,
      [pool, me.id],
    );
    expect(berlin.paging.num_results).toBe(rows[0]!.n);
    expect(berlin.filter_options.country.find((c) => c.value === 'DE')?.count).toBe(rows[0]!.n);

    // Unblocked: back on the next search.
    await b.api.unblock(newest[0]!.id);
    expect((await b.api.search({ searchAllCountries: true, pp: 48 })).profiles.map((p) => p.id)).toContain(newest[0]!.id);
    expect((await everyPage(b, 7)).ids).toEqual(await expected(me.id));
  });

  it("offers the ages of the others: never the member's own or a blocked member's", async () => {
    const young = await addMember(t.db, { name: 'Youngest Irish', country: 'IE', countryregion: null, dateOfBirth: '2006-01-15' });
    const old = await addMember(t.db, { name: 'Oldest Irish', country: 'IE', countryregion: null, dateOfBirth: '1941-03-01' });
    await addMember(t.db, { name: 'Irish 30s', country: 'IE', countryregion: null, dateOfBirth: '1994-07-01' });
    await addMember(t.db, { name: 'Irish 60s', country: 'IE', countryregion: null, dateOfBirth: '1962-07-01' });
    const q = { country: 'IE', searchAllCountries: true };
    const ages = async (b: Awaited<ReturnType<typeof loginAs>>) => {
      const { filter_options } = await b.api.search(q);
      return [filter_options.min_age, filter_options.max_age];
    };
    const all = await ages(await loginAs(t.app, viewer));
    const youngSees = await ages(await loginAs(t.app, young));
    expect(youngSees[0]).toBeGreaterThan(all[0]!);
    expect(youngSees[1]).toBe(all[1]);
    const oldMember = await loginAs(t.app, old);
    expect((await ages(oldMember))[1]).toBeLessThan(all[1]!);
    await oldMember.api.block(young.id);
    const span = await ages(oldMember);
    expect(span[0]).toBeGreaterThan(all[0]!);
    expect(span[1]).toBeLessThan(all[1]!);
    expect(await ages(await loginAs(t.app, viewer))).toEqual(all);
  });

  it("likes and Premium photos are each member's own, also for the same query", async () => {
    const owner = await addMember(t.db, { name: 'Photo Owner', country: 'DE', countryregion: 'Bayern', gender: 'female' });
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO images (member_id, filename, thumb_filename, is_main, premium_only)
       VALUES ($1, 'm.jpg', 'm_t.jpg', true, false), ($1, 'p.jpg', 'p_t.jpg', false, true) RETURNING id`,
      [owner.id],
    );
    const premiumPhoto = rows[1]!.id;
    const free = await memberBrowser(t.app, t.db, { country: 'NL' });
    const paid = await memberBrowser(t.app, t.db, { country: 'NL' });
    await t.db.query('UPDATE members SET paid_user = true WHERE id = $1', [paid.member.id]);
    await t.app.cache.sync();
    const q = { searchAllCountries: true, country: 'DE', countryregion: 'Bayern', gender: 'female' as const, pp: 48 };
    const card = async (b: { api: Awaited<ReturnType<typeof loginAs>>['api'] }) =>
      (await b.api.search(q)).profiles.find((p) => p.id === owner.id)!;
    for (let round = 0; round < 2; round++) {
      expect((await card(free)).images.find((i) => i.id === premiumPhoto)).toEqual({ id: premiumPhoto, thumb_filename: '', premium_only: true });
      expect((await card(paid)).images.find((i) => i.id === premiumPhoto)).toEqual({ id: premiumPhoto, thumb_filename: 'p_t.jpg', premium_only: true });
    }
    expect((await browser(t.app).api.search(q)).profiles.find((p) => p.id === owner.id)?.images[1]?.thumb_filename).toBe('');

    await free.api.like(owner.id);
    expect((await card(free)).liked).toBe(true);
    expect((await card(paid)).liked).toBe(false);
    await free.api.unlike(owner.id);
    expect((await card(free)).liked).toBe(false);
  });
});

/**
 * Counts with an age filter are summed from grains of the summary (8-year spans, years, months, per
 * gender and country, or per region for the chosen country) and the days of the two edge months
 * from members: members born on every kind of edge — the birthday itself and the days beside it,
 * the first and last day of the edge month, 1 January and 31 December, the first year of an 8-year
 * span — are counted exactly in every age range, with and without a country and a region.
 */
describe('the order of search', () => {
  type B = Awaited<ReturnType<typeof loginAs>>;
  async function everyPage(b: B, q: SearchQuery = {}, pp = 11) {
    const profiles: SearchResponse['profiles'] = [];
    for (let page = 1; ; page++) {
      const res = await b.api.search({ searchAllCountries: true, ...q, pp, page });
      profiles.push(...res.profiles);
      if (res.profiles.length < pp) return { profiles, total: res.paging.num_results };
    }
  }
  const photo = (memberId: number, extra: Record<string, unknown> = {}) =>
    t.db.query(
      `INSERT INTO images (member_id, filename, thumb_filename, is_main, premium_only, visibility) VALUES ($1, 'p.jpg', 'p_t.jpg', $2, $3, $4)`,
      [memberId, extra.premium_only ? false : true, extra.premium_only ?? false, extra.visibility ?? 'visible'],
    );
  let amsterdam: TestMember;
  const made: Record<string, TestMember> = {};

  beforeAll(async () => {
    amsterdam = await addMember(t.db, { name: 'Amsterdammer', country: 'NL', countryregion: 'Noord-Holland', gender: 'female' });
    const long = `now() - interval '400 days'`;
    for (const [name, country, region] of [
      ['NH with photo', 'NL', 'Noord-Holland'],
      ['NH active', 'NL', 'Noord-Holland'],
      ['NH dormant', 'NL', 'Noord-Holland'],
      ['NH held photo', 'NL', 'Noord-Holland'],
      ['NH premium photo', 'NL', 'Noord-Holland'],
      ['Utrecht with photo', 'NL', 'Utrecht'],
      ['Antwerp with photo', 'BE', 'Antwerpen'],
      ['Bavarian with photo', 'DE', 'Bayern'],
    ] as const) {
      made[name] = await addMember(t.db, { name, country, countryregion: region, gender: 'male' });
      await t.db.query(`UPDATE members SET signup_date = ${long} WHERE id = $1`, [made[name]!.id]);
    }
    for (const name of ['NH with photo', 'Utrecht with photo', 'Antwerp with photo', 'Bavarian with photo']) await photo(made[name]!.id);
    await photo(made['NH held photo']!.id, { visibility: 'held' });
    await photo(made['NH premium photo']!.id, { premium_only: true });
    await t.db.query(`UPDATE members SET last_seen_at = now() WHERE id = $1`, [made['NH active']!.id]);
    made.newcomer = await addMember(t.db, { name: 'NH newcomer', country: 'NL', countryregion: 'Noord-Holland', gender: 'male' });
  });

  it('a member in Amsterdam sees Noord-Holland first, then the rest of the Netherlands, then Belgium (its neighbour), then everybody else', async () => {
    const b = await loginAs(t.app, amsterdam);
    const { profiles, total } = await everyPage(b);
    expect(profiles.map((p) => p.id)).toEqual(await expected(amsterdam.id));
    expect(profiles).toHaveLength(total);
    const part = (p: (typeof profiles)[number]) =>
      p.country === 'NL' && p.countryregion === 'Noord-Holland' ? 0 : p.country === 'NL' ? 1 : p.country === 'BE' ? 2 : 3;
    const parts = profiles.map(part);
    expect(parts).toEqual([...parts].sort((x, y) => x - y));
    expect(new Set(parts)).toEqual(new Set([0, 1, 2, 3]));
    // Pages follow each other: no member twice, none left out, whatever the page size.
    expect(new Set(profiles.map((p) => p.id)).size).toBe(total);
    expect((await everyPage(b, {}, 5)).profiles.map((p) => p.id)).toEqual(profiles.map((p) => p.id));
  });

  it('within a part: members with a photo others see first, then recently active before dormant, new members first for their first days', async () => {
    const b = await loginAs(t.app, amsterdam);
    const names = (await everyPage(b, { country: 'NL', countryregion: 'Noord-Holland', gender: 'male' })).profiles.map((p) => p.name);
    const at = (name: string) => names.indexOf(name);
    expect(at('NH with photo')).toBe(0);
    // A held or Premium-only photo is no photo others see.
    for (const name of ['NH held photo', 'NH premium photo', 'NH dormant', 'NH active', 'NH newcomer']) expect(at(name)).toBeGreaterThan(0);
    expect(at('NH newcomer')).toBeLessThan(at('NH active'));
    expect(at('NH active')).toBeLessThan(at('NH dormant'));
    // A new member counts as active for their first days: then they are one of the others.
    const { rows } = await t.db.query<{ day: string; today: string }>(
      `SELECT to_char(search_active_day, 'YYYY-MM-DD') AS day, to_char(current_date + ${SEARCH_NEW_MEMBER_DAYS}, 'YYYY-MM-DD') AS today FROM members WHERE id = $1`,
      [made.newcomer!.id],
    );
    expect(rows[0]!.day).toBe(rows[0]!.today);
    // A photo made visible moves its member up at once.
    await t.db.query(`UPDATE images SET visibility = 'visible' WHERE member_id = $1`, [made['NH held photo']!.id]);
    const again = (await everyPage(b, { country: 'NL', countryregion: 'Noord-Holland', gender: 'male' })).profiles.map((p) => p.name);
    expect(again.slice(0, 2).sort()).toEqual(['NH held photo', 'NH with photo']);
    await t.db.query(`UPDATE images SET visibility = 'held' WHERE member_id = $1`, [made['NH held photo']!.id]);
  });

  it('a member who hides their presence is ordered by their signup alone', async () => {
    const b = await loginAs(t.app, amsterdam);
    const q = { country: 'NL', countryregion: 'Noord-Holland', gender: 'male' } as const;
    const before = (await everyPage(b, q)).profiles;
    await t.db.query(`UPDATE members SET hide_presence = true WHERE id = $1`, [made['NH active']!.id]);
    const after = (await everyPage(b, q)).profiles;
    const at = (list: typeof before) => list.findIndex((p) => p.name === 'NH active');
    expect(at(after)).toBeGreaterThan(at(before));
    const oracle = await expected(amsterdam.id, 'personal', `AND m.country = 'NL' AND m.countryregion = 'Noord-Holland' AND m.gender = 'male'`);
    expect(after.map((p) => p.id)).toEqual(oracle);
    await t.db.query(`UPDATE members SET hide_presence = false WHERE id = $1`, [made['NH active']!.id]);
  });

  it('newest first on request: signup order, as before', async () => {
    const b = await loginAs(t.app, amsterdam);
    const { profiles } = await everyPage(b, { sort: 'newest' });
    expect(profiles.map((p) => p.id)).toEqual(await expected(amsterdam.id, 'newest'));
    expect(profiles[0]!.name).toBe('NH newcomer');
  });

  it('online now: the filter finds only members online now (never one who hides it), the order puts them first', async () => {
    const b = await loginAs(t.app, amsterdam);
    const online = made['Bavarian with photo']!;
    const hidden = made['Antwerp with photo']!;
    expect((await b.api.search({ online: true })).paging.num_results).toBe(0);
    await t.db.query(`UPDATE members SET online_until = now() + interval '1 minute' WHERE id = ANY($1::int[])`, [[online.id, hidden.id]]);
    await t.db.query(`UPDATE members SET hide_presence = true WHERE id = $1`, [hidden.id]);
    const res = await b.api.search({ online: true });
    expect(res.profiles.map((p) => p.name)).toEqual(['Bavarian with photo']);
    expect(res.paging.num_results).toBe(1);
    expect(res.filter_options.country).toEqual([{ value: 'DE', count: 1 }]);
    expect((await b.api.search({ online: true, country: 'NL' })).profiles).toEqual([]);
    // Visitors alike.
    const visitor = browser(t.app);
    await visitor.visit();
    expect((await visitor.api.search({ online: true })).profiles.map((p) => p.name)).toEqual(['Bavarian with photo']);
    // Online first, then the personal order without them.
    const first = await everyPage(b, { sort: 'online' });
    const personal = await expected(amsterdam.id);
    expect(first.profiles.map((p) => p.id)).toEqual([online.id, ...personal.filter((id) => id !== online.id)]);
    expect(first.total).toBe(personal.length);
    // Gone offline: no longer found.
    await t.db.query(`UPDATE members SET online_until = NULL, hide_presence = false WHERE id = ANY($1::int[])`, [[online.id, hidden.id]]);
    expect((await b.api.search({ online: true })).profiles).toEqual([]);
  });

  it('a visitor (no place known) sees members with a photo first', async () => {
    const visitor = browser(t.app);
    await visitor.visit();
    const res = await visitor.api.search({ pp: 48 });
    const withPhoto = res.profiles.map((p) => Boolean(p.main_image?.thumb_filename));
    expect(withPhoto.indexOf(false)).toBeGreaterThan(0);
    expect(withPhoto.slice(withPhoto.indexOf(false))).not.toContain(true);
  });

  it('refuses an order it does not know with a 400 naming sort', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search.php?sort=random', headers: { 'x-original-host': 'localhost:8080' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'sort' });
  });
});

describe('counts across the edges of age ranges', () => {
  const AGES = [18, 19, 25, 26, 31, 32, 40, 47, 48, 63, 64, 99, 100];
  let today = '';

  beforeAll(async () => {
    today = (await t.db.query<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`)).rows[0]!.d;
    const y = Number(today.slice(0, 4));
    const births = new Set<string>();
    for (const age of AGES) {
      const birthday = yearsBefore(today, age); // turns `age` today
      const { rows } = await t.db.query<{ d: string }>(
        `SELECT to_char(d, 'YYYY-MM-DD') AS d FROM unnest(ARRAY[
           $1::date - 1, $1::date, $1::date + 1,
           date_trunc('month', $1::date)::date, (date_trunc('month', $1::date) + interval '1 month - 1 day')::date,
           make_date($2::int, 1, 1), make_date($2::int, 12, 31)]) d`,
        [birthday, y - age],
      );
      for (const r of rows) births.add(r.d);
      births.add(`${(Math.floor((y - age) / 8) * 8).toString().padStart(4, '0')}-01-01`);
    }
    const places: [string, string | null][] = [['AT', 'Tirol'], ['AT', 'Wien'], ['AT', null], ['PL', 'Mazowieckie']];
    let i = 0;
    for (const dob of births) {
      const [country, countryregion] = places[i % places.length]!;
      await addMember(t.db, { name: `Edge ${dob}`, dateOfBirth: dob, country, countryregion, gender: i % 3 ? 'female' : 'male' });
      i++;
    }
    await t.app.cache.sync();
  }, 120_000);

  it('cuts a birthday range into pieces that cover every day once', () => {
    const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
    for (const [lo, hi] of [['1990-11-26', '2001-11-26'], ['1999-12-31', '2000-01-01'], ['1987-02-28', '2008-02-29'], ['2000-03-31', '2000-05-15']]) {
      const p = birthdayPieces({ lo, hi });
      const yearDays = (a: number, b: number) => days(`${a}-01-01`, `${b}-01-01`);
      const total =
        (p.spans[0] < p.spans[1] ? yearDays(p.spans[0], p.spans[1]) : 0) +
        p.years.reduce((sum, [a, b]) => sum + yearDays(a, b), 0) +
        p.months.reduce((sum, [a, b]) => sum + days(a, b), 0) +
        p.days.reduce((sum, [a, b]) => sum + days(a, b), 0);
      expect(total).toBe(days(lo!, hi!));
    }
  });

  it('counts 29 February as PostgreSQL does: a year before it is 28 February', async () => {
    const { rows } = await t.db.query<{ d: string }>(`SELECT to_char('2028-02-29'::date - interval '1 year', 'YYYY-MM-DD') AS d`);
    expect(yearsBefore('2028-02-29', 1)).toBe(rows[0]!.d);
    expect(yearsBefore('2028-02-29', 4)).toBe('2024-02-29');
  });

  it('the total and every filter count are exact for every age range', async () => {
    const b = await loginAs(t.app, viewer);
    const countries = (await b.api.getSettings()).settings.countries;
    const ranges: Filter[] = [];
    for (const min of AGES) for (const max of AGES) if (min <= max && (max - min) % 3 !== 1) ranges.push({ min_age: min, max_age: max });
    for (const age of AGES) ranges.push({ min_age: age }, { max_age: age });
    for (const range of ranges) {
      for (const place of [{}, { country: 'AT' }, { country: 'AT', countryregion: 'Tirol', gender: 'female' as const }, { countryregion: 'Tirol' }]) {
        const f: Filter = { ...range, ...place };
        const res = await b.api.search(f);
        const [total] = await oracle(f, viewer.id, countries);
        expect([f, res.paging.num_results]).toEqual([f, total?.n ?? 0]);
        expect([f, sorted(res.filter_options.gender)]).toEqual([f, sorted(await oracle(f, viewer.id, countries, 'gender'))]);
        expect([f, sorted(res.filter_options.country)]).toEqual([f, sorted(await oracle(f, viewer.id, countries, 'country'))]);
        if (f.country) {
          expect([f, sorted(res.filter_options.countryregion)]).toEqual([f, sorted(await oracle(f, viewer.id, countries, 'countryregion'))]);
        }
      }
    }
  }, 120_000);
});

describe('search by visitors (spec §6)', () => {
  it('is open on a site with logged_out_search', async () => {
    const res = await browser(t.app).api.search({});
    expect(res.profiles.length).toBeGreaterThan(0);
    expect(res.profiles.every((p) => p.liked === false)).toBe(true);
  });

  it('needs a trafficsource on a site that allows it only with one', async () => {
    const b = browser(t.app, 'velvet.localhost');
    await expect(b.api.search({})).rejects.toMatchObject({ status: 403, code: 'login_required' });
    await expect(b.api.search({ trafficsource: '   ' })).rejects.toMatchObject({ status: 403 });
    expect((await b.api.search({ trafficsource: 'newsletter' })).profiles.length).toBeGreaterThan(0);
  });

  it('a traffic source the site does not know opens nothing, for search and profiles alike', async () => {
    const b = browser(t.app, 'velvet.localhost');
    await expect(b.api.search({ trafficsource: 'x' })).rejects.toMatchObject({ status: 403, code: 'login_required' });
    await expect(b.api.profile(viewer.id, { trafficsource: 'made-up' })).rejects.toMatchObject({ status: 403 });
    expect((await b.api.search({ trafficsource: ' Affiliate ' })).profiles.length).toBeGreaterThan(0);
  });

  it(`a visitor reads ${VISITOR_SEARCH_MAX_PAGE} pages of ${SEARCH_PAGE_SIZE}, then is asked to sign up; a member reads on`, async () => {
    const b = browser(t.app);
    const wide = await b.api.search({ pp: 48 });
    expect(wide.paging.page_size).toBe(SEARCH_PAGE_SIZE);
    expect(wide.profiles).toHaveLength(SEARCH_PAGE_SIZE);
    expect((await b.api.search({ page: VISITOR_SEARCH_MAX_PAGE })).profiles.length).toBeGreaterThan(0);
    await expect(b.api.search({ page: VISITOR_SEARCH_MAX_PAGE + 1 })).rejects.toMatchObject({ status: 403, code: 'signup_required', field: 'page' });
    const member = await loginAs(t.app, viewer);
    expect((await member.api.search({ page: VISITOR_SEARCH_MAX_PAGE + 1 })).profiles.length).toBeGreaterThan(0);
    expect((await member.api.search({ pp: 48 })).paging.page_size).toBe(48);
  });

  it(`with rate limits: ${RATE_LIMITS.searchVisitor.max} pages a minute per visitor's address, ${RATE_LIMITS.searchMember.max} per member`, async () => {
    const limited = await t.appWith({ rateLimits: true });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const visitorPage = (ip: string, page: number) =>
      limited.inject({ method: 'GET', url: `/api/search.php?page=${page}`, headers: from(ip), remoteAddress: '127.0.0.1' }).then((r) => r.statusCode);
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.searchVisitor.max; i++) codes.push(await visitorPage('198.51.100.20', 1 + (i % VISITOR_SEARCH_MAX_PAGE)));
    expect(codes.slice(0, -1)).toEqual(Array(RATE_LIMITS.searchVisitor.max).fill(200));
    expect(codes.at(-1)).toBe(429);
    // Another visitor is not held up by the first.
    expect(await visitorPage('198.51.100.21', 1)).toBe(200);
    // A member is counted on their own, more generously.
    const member = await loginAs(limited, solo, 'solo.localhost');
    const memberCodes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.searchMember.max; i++) {
      memberCodes.push(await member.api.search({ page: 1 + (i % 5) }).then(() => 200, (e: { status: number }) => e.status));
    }
    expect(memberCodes.slice(0, -1)).toEqual(Array(RATE_LIMITS.searchMember.max).fill(200));
    expect(memberCodes.at(-1)).toBe(429);
  });

  it('is closed on a site that allows neither', async () => {
    const b = browser(t.app, 'solo.localhost');
    await expect(b.api.search({})).rejects.toMatchObject({ status: 403 });
    await expect(b.api.search({ trafficsource: 'newsletter' })).rejects.toMatchObject({ status: 403 });
    const member = await loginAs(t.app, solo, 'solo.localhost');
    expect((await member.api.search({})).paging.num_results).toBe(0); // alone in its pool
  });
});

describe('GET /api/profile.php', () => {
  it('answers a public profile: no email, date of birth or coordinates anywhere in the JSON', async () => {
    const b = await loginAs(t.app, viewer);
    const secret = await addMember(t.db, { name: 'Private Person', email: 'private.person@secret.example', dateOfBirth: '1987-03-04' });
    const res = await t.app.inject({ method: 'GET', url: `/api/profile.php?id=${secret.id}`, headers: { cookie: b.jar.header()! } });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ id: secret.id, name: 'Private Person', liked: false, fictional: false });
    for (const leak of ['email', 'private.person', 'date_of_birth', '1987-03-04', 'latitude', 'longitude', '52.09', '5.12', 'password']) {
      expect(res.body).not.toContain(leak);
    }
    const search = await t.app.inject({ method: 'GET', url: '/api/search.php?pp=48&searchAllCountries=1' });
    for (const leak of ['email', '@test.example', 'date_of_birth', 'latitude', 'longitude', 'password', 'last_seen']) {
      expect(search.body).not.toContain(leak);
    }
  });

  it('works for visitors too, and marks profiles the site runs on every site, also where the site shows no icon', async () => {
    const fictional = await addMember(t.db, { name: 'Made Up', fictional: true });
    expect((await browser(t.app).api.profile(fictional.id)).profile.fictional).toBe(true);
    // velvet lets only visitors with a traffic source search, so only they read profiles there (profile-visibility.test.ts).
    expect((await browser(t.app, 'velvet.localhost').api.profile(fictional.id, { trafficsource: 'newsletter' })).profile.fictional).toBe(true);
  });

  it('is a JSON 404 for unknown, deleted and other-pool members', async () => {
    const gone = await addMember(t.db, { status: 'deleted' });
    for (const id of [99_999_999, gone.id, solo.id]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/profile.php?id=${id}` });
      expect(res.statusCode).toBe(404);
      expect(ErrorResponseSchema.parse(res.json()).error).toBe('not_found');
    }
  });
});

describe('bad input', () => {
  it.each([
    ['min_age=17', 'min_age'],
    ['max_age=101', 'max_age'],
    ['min_age=40&max_age=30', 'max_age'],
    ['gender=other', 'gender'],
    ['country=nl', 'country'],
    ['pp=49', 'pp'],
    ['pp=0', 'pp'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['countryregion=' + 'x'.repeat(101), 'countryregion'],
    ['hideNudity=maybe', 'hideNudity'],
    ['countryregion=a%00b', 'countryregion'],
  ])('search.php?%s is a 400 naming %s', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/search.php?${query}` });
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json())).toMatchObject({ error: 'invalid_input', field });
  });

  it.each(['', 'id=', 'id=0', 'id=-3', 'id=abc', 'id=1.5', 'id=99999999999999999999'])('profile.php?%s is a 400 naming id', async (q) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/profile.php?${q}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'id' });
  });

  it('never answers 5xx to garbage in any parameter', async () => {
    const b = await loginAs(t.app, viewer);
    const params = ['source', 'pp', 'auto_load', 'hideNudity', 'searchAllCountries', 'trafficsource', 'country',
      'countryregion', 'min_age', 'max_age', 'gender', 'page', 'manual_search', 'do_not_save'];
    for (const param of params) {
      for (const value of GARBAGE) {
        const url = `/api/search.php?${param}=${encodeURIComponent(String(value))}`;
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie: b.jar.header()! } });
        expect([200, 400]).toContain(res.statusCode);
        if (res.statusCode === 200) SearchResponseSchema.parse(res.json());
      }
      const twice = await t.app.inject({ method: 'GET', url: `/api/search.php?${param}=1&${param}=2` });
      expect(twice.statusCode).toBeLessThan(500);
    }
    for (const value of GARBAGE) {
      const res = await t.app.inject({ method: 'GET', url: `/api/profile.php?id=${encodeURIComponent(String(value))}` });
      expect([400, 404]).toContain(res.statusCode);
    }
  });
});
