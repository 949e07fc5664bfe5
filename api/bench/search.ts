/**
 * Search at scale: fills a PGlite database with N members (default 1,000,000) and prints how long
 * typical searches take without the search indexes and summary (a plain implementation: the page
 * and count(*) / GROUP BY over members) and with them (the API's own search code), in the same
 * process on the same data.
 *
 *   npx tsx api/bench/search.ts            # 1,000,000 members (≈2–4 minutes, ≈1.5 GB of memory)
 *   npx tsx api/bench/search.ts 100000     # fewer
 *
 * A script that prints figures, not a test: nothing is asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SearchQuerySchema, type SearchQuery } from '@dating/shared';
import { loadConfig } from '../src/config';
import { migrate, type Db } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { ageSpan, search, searchCounts, searchPage, toFilter } from '../src/search/search';
import { seed } from '../src/seed';
import { findSiteByHost, type Site } from '../src/site/site';

const N = Number(process.argv[2] ?? 1_000_000);
if (!Number.isInteger(N) || N < 1000) {
  console.error('usage: npx tsx api/bench/search.ts [members ≥ 1000]');
  process.exit(2);
}
const RUNS = 7;

/** The indexes of the search (0002 and 0010): dropped for the baseline, then built again. */
const INDEXES = {
  members_search: `CREATE INDEX members_search ON members (site_id, country, gender, date_of_birth) WHERE status <> 'deleted'`,
  members_search_recent: `CREATE INDEX members_search_recent ON members (site_id, signup_date DESC, id DESC) WHERE status = 'active'`,
  members_search_place: `CREATE INDEX members_search_place ON members (site_id, country, countryregion, signup_date DESC, id DESC) WHERE status = 'active'`,
  members_search_birth: `CREATE INDEX members_search_birth ON members (site_id, date_of_birth) INCLUDE (gender, country, countryregion) WHERE status = 'active'`,
};

const SCENARIOS: [string, SearchQuery][] = [
  ['no filter', {}],
  ['gender', { gender: 'female' }],
  ['country', { country: 'DE' }],
  ['country + region', { country: 'NL', countryregion: 'Utrecht' }],
  ['gender + age 25–35', { gender: 'male', min_age: 25, max_age: 35 }],
  ['all filters', { gender: 'female', country: 'DE', countryregion: 'Bayern', min_age: 30, max_age: 40 }],
  ['age 60+', { min_age: 60 }],
  ['page 100 (offset 1188)', { page: 100 }],
  ['all countries, 48 a page', { searchAllCountries: true, pp: 48 }],
];

const ms = (t0: number) => performance.now() - t0;
const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)).padStart(7);

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(ms(t0));
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

/** N members in the default site's pool: its 15 countries, their regions, ages 18–80, two years of signups. */
async function fill(db: Db, site: Site) {
  await db.exec(`CREATE TEMP TABLE bench_regions (country text, i int, name text)`);
  const regions = Object.entries(site.settings.region_data).flatMap(([country, list]) =>
    list.map((r, i) => ({ country, i: i + 1, name: r.name })),
  );
  await db.query(`INSERT INTO bench_regions SELECT * FROM json_to_recordset($1::json) AS x(country text, i int, name text)`, [
    JSON.stringify(regions),
  ]);
  const countries = site.settings.countries;
  const chunk = 250_000;
  for (let start = 0; start < N; start += chunk) {
    const n = Math.min(chunk, N - start);
    await db.query(
      `WITH g AS (
         SELECT s, ($3::text[])[1 + floor(random() * cardinality($3::text[]))::int] AS country, random() AS r
           FROM generate_series($1::int + 1, $1::int + $2::int) s)
       INSERT INTO members (site_id, email, name, gender, date_of_birth, city, country, countryregion, personal,
                            status, signup_date)
       SELECT $4, 'bench' || g.s || '@bench.example.com', 'Member ' || g.s,
              CASE WHEN random() < 0.5 THEN 'female' ELSE 'male' END,
              current_date - (18 * 365 + floor(random() * 62 * 365))::int,
              br.name || ' City', g.country, br.name, 'A profile text of some length, as members write them.',
              CASE WHEN random() < 0.03 THEN 'not_confirmed' WHEN random() < 0.02 THEN 'deleted' ELSE 'active' END,
              now() - random() * interval '730 days'
         FROM g JOIN (SELECT country, count(*) AS cnt FROM bench_regions GROUP BY country) c ON c.country = g.country
         JOIN bench_regions br ON br.country = g.country AND br.i = 1 + floor(g.r * c.cnt)::int`,
      [start, n, countries, site.memberPoolId],
    );
    process.stdout.write(`\r  filled ${(start + n).toLocaleString('en')} / ${N.toLocaleString('en')}`);
  }
  process.stdout.write('\n');
}

/** What search would be without the summary table and the indexes: the same page, counts straight from members. */
function baseline(db: Db, site: Site, viewer: number, query: SearchQuery) {
  const q = SearchQuerySchema.parse(query);
  const where = ['m.site_id = $1', `m.status = 'active'`, 'm.id <> $2'];
  const params: unknown[] = [site.memberPoolId, viewer];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (!q.searchAllCountries) add('m.country = ANY(?::text[])', site.settings.countries);
  const others = [...where];
  const otherParams = [...params];
  if (q.gender) add('m.gender = ?', q.gender);
  if (q.country) add('m.country = ?', q.country);
  if (q.countryregion) add('m.countryregion = ?', q.countryregion);
  if (q.min_age !== undefined) add('extract(year FROM age(current_date, m.date_of_birth)) >= ?', q.min_age);
  if (q.max_age !== undefined) add('extract(year FROM age(current_date, m.date_of_birth)) <= ?', q.max_age);
  const size = q.pp ?? 12;
  return {
    page: () =>
      db.query(
        `SELECT m.id, m.name, m.gender, m.city, m.country, m.countryregion, m.personal FROM members m
          WHERE ${where.join(' AND ')} ORDER BY m.signup_date DESC, m.id DESC LIMIT ${size} OFFSET ${(q.page - 1) * size}`,
        params,
      ),
    counts: async () => {
      await db.query(`SELECT count(*) FROM members m WHERE ${where.join(' AND ')}`, params);
      // Facets over the other filters: per gender, per country, per region of the chosen country.
      for (const col of ['gender', 'country', 'countryregion']) {
        await db.query(`SELECT m.${col}, count(*) FROM members m WHERE ${others.join(' AND ')} GROUP BY 1`, otherParams);
      }
      await db.query(
        `SELECT min(m.date_of_birth), max(m.date_of_birth) FROM members m WHERE ${others.join(' AND ')}`,
        otherParams,
      );
    },
  };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-bench-'));
  const db = await openPglite(dir);
  try {
    console.log(`search benchmark: ${N.toLocaleString('en')} members, PGlite, Node ${process.version}, ${os.cpus().length} CPUs`);
    await migrate(db);
    await seed(db, loadConfig({}));
    const site = await findSiteByHost(db, 'localhost');
    let t0 = performance.now();
    await fill(db, site);
    console.log(`  insert (with the search indexes and the summary trigger): ${(ms(t0) / 1000).toFixed(1)} s`);
    const { rows: viewerRows } = await db.query<{ id: number }>(`SELECT id FROM members WHERE status = 'active' LIMIT 1 OFFSET 1000`);
    const viewer = viewerRows[0]!.id;

    for (const name of Object.keys(INDEXES)) await db.exec(`DROP INDEX ${name}`);
    t0 = performance.now();
    await db.exec('VACUUM ANALYZE members');
    console.log(`  vacuum analyze: ${(ms(t0) / 1000).toFixed(1)} s`);
    const base: Record<string, { page: number; counts: number }> = {};
    for (const [name, query] of SCENARIOS) {
      const b = baseline(db, site, viewer, query);
      base[name] = { page: await median(b.page), counts: await median(b.counts) };
    }

    t0 = performance.now();
    for (const sql of Object.values(INDEXES)) await db.exec(sql);
    // Statistics of every table, the summaries included (a PostgreSQL server's autovacuum keeps them).
    await db.exec('VACUUM ANALYZE');
    console.log(`  build the search indexes: ${(ms(t0) / 1000).toFixed(1)} s`);
    const { rows: sizes } = await db.query<{ groups: number; size: string; indexes: string }>(
      `SELECT (SELECT count(*)::int FROM search_counts WHERE n > 0) AS groups,
              pg_size_pretty(pg_total_relation_size('search_counts')) AS size,
              pg_size_pretty((SELECT sum(pg_relation_size(i::regclass)) FROM unnest($1::text[]) i)) AS indexes`,
      [Object.keys(INDEXES)],
    );
    console.log(`  summary table search_counts: ${sizes[0]!.groups} groups, ${sizes[0]!.size}; search indexes ${sizes[0]!.indexes}`);

    console.log(`\nmedian of ${RUNS} runs, ms         | without indexes               | with indexes + summaries                       | whole search.php`);
    console.log(`scenario                   results |    page  counts   total        |    page  counts (of which ages) total ×faster | (one call)`);
    for (const [name, query] of SCENARIOS) {
      const q = SearchQuerySchema.parse(query);
      const f = toFilter(site, viewer, q);
      // counts: the total and the filter counts (searchCounts); ages: the youngest and oldest (ageSpan).
      const page = await median(() => searchPage(db, site, f, q.pp ?? 12, q.page));
      const total = await median(() => searchCounts(db, f));
      const ages = await median(() => ageSpan(db, f));
      const counts = total + ages;
      let results = 0;
      const whole = await median(async () => {
        results = (await search(db, site, viewer, q)).paging.num_results;
      });
      const b = base[name]!;
      const before = b.page + b.counts;
      console.log(
        `${name.padEnd(26)}${results.toLocaleString('en').padStart(8)} |${fmt(b.page)}${fmt(b.counts)}${fmt(before)}        |` +
          `${fmt(page)}${fmt(counts)}  (${fmt(ages).trim().padStart(5)})${fmt(page + counts)}${(before / (page + counts)).toFixed(0).padStart(7)}× |${fmt(whole)}`,
      );
    }
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
