/**
 * Search at scale: fills a PGlite database with N members (default 1,000,000) and prints how long
 * typical searches take without the search indexes and summary (a plain implementation: the page
 * and count(*) / GROUP BY over members) and with them (the API's own search code), in the same
 * process on the same data.
 *
 *   npx tsx api/bench/search.ts            # 1,000,000 members (≈2–4 minutes, ≈1.5 GB of memory)
 *   npx tsx api/bench/search.ts 100000     # fewer
 *   DATABASE_URL=postgres://… npx tsx api/bench/search.ts   # on a scratch database of that server (dropped afterwards)
 *   DATABASE_URL=postgres://… npx tsx api/bench/search.ts --keep   # keeps it as search_bench_<N>; the next
 *                                          # --keep run with the same N reuses it (no fill, no baseline: ≈10 min less at 1M)
 *   SEARCH_BENCH_DB=name  the kept database's name; SEARCH_BASELINE=0  no baseline without the indexes;
 *   SEARCH_ORDERS=newest,personal  the orders compared (signup order, the personal order of 0330)
 *
 * Then the whole call under load: the API (buildApp, production settings) on real HTTP with 4 clients
 * sending search.php back to back for 20 s (SEARCH_LOAD_S) a phase, members' searches and visitors',
 * p50/p99 per kind: first the scenarios and their first 5 pages asked again and again (what a
 * search finds for everybody is kept per site and query, src/cache), then searches nobody asked
 * before (an age span and page of their own each call: nothing kept per query helps; what is kept per
 * member — their own part, profile rows — and the count parts kept per end of an age range, ≈84 a
 * day, do: the page's ids are read on every call). The members are inserted with generate_series in one statement per
 * 250,000 (a bulk insert, nothing row by row); the script only runs when asked.
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
import { request, Agent } from 'undici';
import { buildApp } from '../src/app';
import { scratchPostgres, benchConfig, HOST, loadLine, medianTime } from './setup';
import { ageSpan, countFacets, search, searchGroups, searchPage, toFilter } from '../src/search/search';
import { seed } from '../src/seed';
import { findSiteByHost, type Site } from '../src/site/site';

const args = process.argv.slice(2);
const KEEP = args.includes('--keep');
const N = Number(args.find((a) => !a.startsWith('--')) ?? 1_000_000);
if (!Number.isInteger(N) || N < 1000) {
  console.error('usage: npx tsx api/bench/search.ts [members ≥ 1000] [--keep]');
  process.exit(2);
}
const RUNS = 7;
/** The database --keep keeps and reuses (SEARCH_BENCH_DB names another, e.g. one per checkout). */
const KEPT = process.env.SEARCH_BENCH_DB ?? `search_bench_${N}`;

/** The indexes of the search (0002, 0010 and 0074): dropped for the baseline, then built again. */
const INDEXES = {
  members_search: `CREATE INDEX members_search ON members (site_id, country, gender, date_of_birth) WHERE status <> 'deleted'`,
  members_search_recent: `CREATE INDEX members_search_recent ON members (site_id, signup_date DESC, id DESC)
    INCLUDE (country, countryregion, gender, date_of_birth) WHERE status = 'active'`,
  members_search_place: `CREATE INDEX members_search_place ON members (site_id, country, countryregion, signup_date DESC, id DESC)
    INCLUDE (gender, date_of_birth) WHERE status = 'active'`,
  members_search_birth: `CREATE INDEX members_search_birth ON members (site_id, date_of_birth) INCLUDE (gender, country, countryregion) WHERE status = 'active'`,
  // The personal order (0330).
  members_search_rank: `CREATE INDEX members_search_rank ON members (site_id, search_photo DESC, search_active_day DESC, id DESC)
    INCLUDE (country, countryregion, gender, date_of_birth) WHERE status = 'active'`,
  members_search_rank_country: `CREATE INDEX members_search_rank_country ON members (site_id, country, search_photo DESC, search_active_day DESC, id DESC)
    INCLUDE (countryregion, gender, date_of_birth) WHERE status = 'active'`,
  members_search_rank_region: `CREATE INDEX members_search_rank_region ON members (site_id, country, countryregion, search_photo DESC, search_active_day DESC, id DESC)
    INCLUDE (gender, date_of_birth) WHERE status = 'active'`,
};
/** The orders compared: signup order (`newest`, the only order before 0330) and the personal order (the default). */
const ORDERS = (process.env.SEARCH_ORDERS ?? 'newest,personal').split(',') as ('newest' | 'personal')[];

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

const median = (fn: () => Promise<unknown>) => medianTime(fn, RUNS);

/** N members in the default site's pool: its 15 countries, their regions, ages 18–80, two years of signups. */
async function fill(db: Db, site: Site) {
  // A plain table (a pool's connections do not share temporary ones), dropped after the fill.
  await db.exec(`CREATE UNLOGGED TABLE bench_regions (country text, i int, name text)`);
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
                            status, signup_date, search_photo, last_seen_at)
       SELECT $4, 'bench' || g.s || '@bench.example.com', 'Member ' || g.s,
              CASE WHEN random() < 0.5 THEN 'female' ELSE 'male' END,
              current_date - (18 * 365 + floor(random() * 62 * 365))::int,
              br.name || ' City', g.country, br.name, 'A profile text of some length, as members write them.',
              CASE WHEN random() < 0.03 THEN 'not_confirmed' WHEN random() < 0.02 THEN 'deleted' ELSE 'active' END,
              now() - random() * interval '730 days',
              -- Two in three show a photo; half were seen in the last 90 days.
              random() < 0.67, CASE WHEN random() < 0.5 THEN now() - random() * interval '90 days' END
         FROM g JOIN (SELECT country, count(*) AS cnt FROM bench_regions GROUP BY country) c ON c.country = g.country
         JOIN bench_regions br ON br.country = g.country AND br.i = 1 + floor(g.r * c.cnt)::int`,
      [start, n, countries, site.memberPoolId],
    );
    process.stdout.write(`\r  filled ${(start + n).toLocaleString('en')} / ${N.toLocaleString('en')}`);
  }
  process.stdout.write('\n');
  await db.exec('DROP TABLE bench_regions');
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
  const server = process.env.DATABASE_URL;
  const { db, drop, reused } = server
    ? await scratchPostgres(server, KEEP ? KEPT : undefined)
    : { db: await openPglite(dir), drop: async () => {}, reused: false };
  try {
    console.log(`search benchmark: ${N.toLocaleString('en')} members, ${server ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}, Node ${process.version}, ${os.cpus().length} CPUs; ${loadLine()}`);
    await migrate(db);
    const { rows: filled } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM members WHERE email LIKE 'bench%@bench.example.com'`);
    const refill = !reused || filled[0]!.n !== N;
    if (refill) await seed(db, loadConfig({}));
    const site = await findSiteByHost(db, 'localhost');
    let t0 = performance.now();
    if (refill) {
      await db.exec(`DELETE FROM members WHERE email LIKE 'bench%@bench.example.com'`);
      await fill(db, site);
      console.log(`  insert (with the search indexes and the summary trigger): ${(ms(t0) / 1000).toFixed(1)} s`);
    } else {
      console.log(`  the members of a kept database (${KEPT}): no fill, no baseline`);
    }
    const { rows: viewerRows } = await db.query<{ id: number }>(`SELECT id FROM members WHERE status = 'active' ORDER BY id LIMIT 1 OFFSET 1000`);
    const viewer = viewerRows[0]!.id;
    // The personal order starts at the viewer's place (a country and region of the default site).
    const { rows: place } = await db.query<{ country: string; countryregion: string | null }>(`SELECT country, countryregion FROM members WHERE id = $1`, [viewer]);
    const origin = place[0]?.country ? { country: place[0].country, countryregion: place[0].countryregion } : null;
    console.log(`  the searching member lives in ${origin ? `${origin.countryregion ?? '?'}, ${origin.country}` : 'no country'}`);

    const base: Record<string, { page: number; counts: number }> = {};
    // SEARCH_BASELINE=0: no baseline without the indexes (it takes minutes at 1M).
    if (refill && process.env.SEARCH_BASELINE !== '0') {
      for (const name of Object.keys(INDEXES)) await db.exec(`DROP INDEX ${name}`);
      t0 = performance.now();
      await db.exec('VACUUM ANALYZE members');
      console.log(`  vacuum analyze: ${(ms(t0) / 1000).toFixed(1)} s`);
      for (const [name, query] of SCENARIOS) {
        const b = baseline(db, site, viewer, query);
        base[name] = { page: await median(b.page), counts: await median(b.counts) };
      }
      t0 = performance.now();
      for (const sql of Object.values(INDEXES)) await db.exec(sql);
    }
    // Statistics of every table, the summaries included (a PostgreSQL server's autovacuum keeps them).
    await db.exec('VACUUM ANALYZE');
    if (refill && process.env.SEARCH_BASELINE !== '0') console.log(`  build the search indexes: ${(ms(t0) / 1000).toFixed(1)} s`);
    const { rows: sizes } = await db.query<{ groups: number; size: string; indexes: string }>(
      `SELECT (SELECT count(*)::int FROM search_counts WHERE n > 0) AS groups,
              pg_size_pretty(pg_total_relation_size('search_counts')) AS size,
              pg_size_pretty((SELECT sum(pg_relation_size(i::regclass)) FROM unnest($1::text[]) i)) AS indexes`,
      [Object.keys(INDEXES)],
    );
    console.log(`  summary table search_counts: ${sizes[0]!.groups} groups, ${sizes[0]!.size}; search indexes ${sizes[0]!.indexes}`);

    console.log(`\nmedian of ${RUNS} runs, ms         | without indexes               | with indexes + summaries                       | whole search.php`);
    console.log(`scenario                   results |    page  counts   total        |    page  counts (of which ages) total ×faster | (one call)`);
    for (const order of ORDERS) for (const [name, query] of SCENARIOS) {
      const q = SearchQuerySchema.parse({ ...query, sort: order });
      // The parts every searcher shares (kept per site and query in the API, src/cache): the page as
      // everybody sees it, counts (the total and the filter counts: searchGroups, countFacets), ages
      // (the youngest and oldest: ageSpan); then the whole member's search without anything kept.
      const f = toFilter(site, null, q, origin);
      const page = await median(() => searchPage(db, site, f, q.pp ?? 12, q.page));
      const total = await median(async () => countFacets(await searchGroups(db, f), f));
      const ages = await median(() => ageSpan(db, f));
      const counts = total + ages;
      let results = 0;
      const whole = await median(async () => {
        results = (await search(db, site, viewer, q)).paging.num_results;
      });
      const b = base[name] ?? { page: NaN, counts: NaN };
      const before = b.page + b.counts;
      const dash = (x: string) => x.replace('NaN', '  —');
      console.log(
        `${(order === 'newest' ? name : `${name} ·P`).padEnd(26)}${results.toLocaleString('en').padStart(8)} |${dash(fmt(b.page))}${dash(fmt(b.counts))}${dash(fmt(before))}        |` +
          `${fmt(page)}${fmt(counts)}  (${fmt(ages).trim().padStart(5)})${fmt(page + counts)}${dash((before / (page + counts)).toFixed(0).padStart(7))}× |${fmt(whole)}`,
      );
    }
    await underLoad(db, dir, viewer);
  } finally {
    await db.close();
    if (KEEP && server) console.log(`kept the database ${KEPT} for the next --keep run (DROP DATABASE ${KEPT} to remove it)`);
    else await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const LOAD_CLIENTS = 4;
const LOAD_MS = Number(process.env.SEARCH_LOAD_S ?? 20) * 1000;

/** search.php on real HTTP, 4 clients back to back: members' searches and visitors' searches, p50/p99 each. */
async function underLoad(db: Db, dir: string, viewer: number) {
  const app = buildApp({ db, config: benchConfig(dir) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const agent = new Agent({ connections: LOAD_CLIENTS });
  try {
    // A session for the viewer, as login makes it (src/session/session.ts).
    const { newToken, hashToken, SESSION_TTL_S } = await import('../src/session/session');
    const token = newToken();
    await db.query(
      `INSERT INTO sessions (token_hash, member_id, site_id, csrf, expires_at)
       SELECT $1, $2, id, $3, now() + make_interval(secs => $4) FROM sites WHERE is_default`,
      [hashToken(token), viewer, newToken(), SESSION_TTL_S],
    );
    const repeated = SCENARIOS.flatMap(([, q]) => [1, 2, 3, 4, 5].map((page) => ({ ...q, page })));
    // A query of its own per call: an age span (40 × 40 of them, with or without a gender) and a page.
    let asked = 0;
    const fresh = (): SearchQuery => {
      const n = asked++;
      return {
        min_age: 18 + (n % 40),
        max_age: 60 + (Math.floor(n / 40) % 40),
        ...(Math.floor(n / 1600) % 2 ? { gender: 'female' as const } : {}),
        page: 1 + (Math.floor(n / 3200) % 5),
      };
    };
    const phases: [string, (i: number, client: number) => SearchQuery][] = ORDERS.flatMap((sort) => [
      [`order ${sort}: the same ${repeated.length} queries again and again (the scenarios, pages 1–5)`, (i: number, client: number) => ({ ...repeated[(i * 7 + client) % repeated.length]!, sort })],
      [`order ${sort}: a query nobody asked before on every call (age span and page of its own)`, () => ({ ...fresh(), sort })],
    ] as [string, (i: number, client: number) => SearchQuery][]);
    const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor((p / 100) * a.length))] ?? NaN;
    for (const [label, next] of phases) {
      const times = { member: [] as number[], visitor: [] as number[] };
      const errors = new Map<string, number>();
      const before = loadLine();
      const end = performance.now() + LOAD_MS;
      await Promise.all(
        Array.from({ length: LOAD_CLIENTS }, async (_, client) => {
          for (let i = client; performance.now() < end; i++) {
            const kind = i % 2 ? 'member' : 'visitor';
            const q = next(i, client);
            const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
            const t0 = performance.now();
            const res = await request(`${base}/api/search.php?${qs}`, {
              dispatcher: agent,
              headers: { 'x-original-host': HOST, ...(kind === 'member' ? { cookie: `sid=${token}` } : {}) },
            });
            await res.body.dump();
            if (res.statusCode !== 200) {
              const key = `${kind} ${res.statusCode}`;
              errors.set(key, (errors.get(key) ?? 0) + 1);
            }
            else times[kind].push(performance.now() - t0);
          }
        }),
      );
      console.log(`
search.php on HTTP, ${LOAD_CLIENTS} clients back to back for ${LOAD_MS / 1000} s: ${label}:`);
      for (const kind of ['member', 'visitor'] as const) {
        const t = times[kind];
        console.log(`  ${kind.padEnd(8)} ${String(t.length).padStart(6)} calls  ${(t.length / (LOAD_MS / 1000)).toFixed(0).padStart(5)}/s  p50 ${pct(t, 50).toFixed(1)} ms  p99 ${pct(t, 99).toFixed(1)} ms`);
      }
      // A visitor asking past the pages visitors may see gets 403 signup_required (the product's rule).
      const refused = [...errors].map(([key, n]) => `${n} × ${key}`).join(', ') || 'none';
      console.log(`  answers other than 200: ${refused}; ${before} before, ${loadLine()} after`);
    }
  } finally {
    await agent.close();
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
