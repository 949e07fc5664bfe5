/**
 * The back office's dashboards at volume (docs/dashboards.md): fills a scratch PostgreSQL database
 * (DATABASE_URL, dropped afterwards) with 100,000 members who signed up over the last year from 20
 * traffic sources and 5 lander campaigns, 1,000,000 messages in 100,000 conversations, 30,000
 * payments (refunds and chargebacks among them), 100,000 moderation decisions and a year of visits,
 * then prints the median of 7 runs (after one warm-up) of every dashboard query and of the whole
 * dashboard, for one site and for all sites, by day and by week, with the load average.
 *
 *   DATABASE_URL='postgres://dev:dev@localhost/postgres?host=/var/run/postgresql' npm run bench:dashboards
 *   … npm run bench:dashboards -- 20000 200000      # fewer members and messages
 *
 * Without DATABASE_URL it runs on embedded PGlite (slower than a server, and not the target).
 * A script that prints figures, not a test: nothing is asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, type Db } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { seed } from '../src/seed';
import { FsImageStore, imagesDir, useImageStore } from '../src/images/store';
import { dashboard, dashboardQueries, rangeOf, type DashboardSites } from '../src/dashboards/queries';
import { rollUpMessageHours } from '../src/dashboards/rollup';
import { benchConfig, loadLine, scratchPostgres, medianTime } from './setup';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const MEMBERS = Number(args[0] ?? 100_000);
const MESSAGES = Number(args[1] ?? 1_000_000);
const RUNS = 7;
const ms = (t0: number) => performance.now() - t0;
const fmt = (x: number) => x.toFixed(x >= 100 ? 0 : 1).padStart(7);

const median = (fn: () => Promise<unknown>) => medianTime(fn, RUNS);

async function step(label: string, fn: () => Promise<unknown>) {
  const t0 = performance.now();
  await fn();
  console.log(`  ${label.padEnd(58)} ${(ms(t0) / 1000).toFixed(1)} s`);
}

async function fill(db: Db, amora: number, velvet: number) {
  const N = MEMBERS;
  console.log(`filling: ${N} members, ${MESSAGES} messages`);
  await step('members (signed up over a year, 70 % activated, 1 % online)', () =>
    db.query(
      `INSERT INTO members (site_id, email, name, gender, date_of_birth, country, city, status, language, signup_date, activated_at, online_until)
       SELECT $1, 'bench' || g || '@bench.example', 'Bench ' || g, CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END,
              date '1970-01-01' + (g % 12000), 'NL', 'Utrecht', 'active', 'nl',
              now() - make_interval(secs => (g::float8 / $2) * 365 * 86400),
              CASE WHEN g % 10 < 7 THEN now() - make_interval(secs => (g::float8 / $2) * 365 * 86400) + interval '10 minutes' END,
              CASE WHEN g % 100 = 0 THEN now() + interval '1 minute' END
         FROM generate_series(1, $2::int) g`,
      [amora, N],
    ),
  );
  const { rows } = await db.query<{ lo: number }>(`SELECT min(id) AS lo FROM members WHERE email LIKE 'bench%'`);
  const lo = rows[0]!.lo;
  await step('signups (20 networks, 5 campaigns; a fifth on velvet)', () =>
    db.query(
      `INSERT INTO member_signups (member_id, trafficsource, form_path, created_at, site_id, activated_at)
       SELECT id, jsonb_build_object('network', 'net' || (id % 20), 'ref', 'ref' || (id % 7), 'sub1', 's' || (id % 3)),
              CASE WHEN id % 3 = 0 THEN '/landers/gallery/camp' || (id % 5) ELSE '/signup' END, signup_date,
              CASE WHEN id % 5 = 0 THEN $2::int ELSE $1::int END, activated_at
         FROM members WHERE email LIKE 'bench%'`,
      [amora, velvet],
    ),
  );
  await step('visits (a year, per day, source and campaign)', () =>
    db.query(
      `INSERT INTO site_visits (site_id, day, network, ref, sub1, campaign, visits)
       SELECT CASE WHEN n % 5 = 0 THEN $2::int ELSE $1::int END, current_date - d, 'net' || n, 'ref' || (n % 7), 's' || (n % 3),
              CASE WHEN c = 0 THEN '' ELSE 'camp' || c END, 1 + ((d * 7 + n * 3 + c) % 40)
         FROM generate_series(0, 364) d, generate_series(0, 19) n, generate_series(0, 5) c`,
      [amora, velvet],
    ),
  );
  const pairs = Math.floor(N / 2);
  await step(`conversations (${pairs})`, () =>
    db.query(
      `INSERT INTO conversations (member_lo, member_hi, created_at)
       SELECT $1 + 2 * g, $1 + 2 * g + 1, now() - interval '365 days' FROM generate_series(0, $2::int - 1) g`,
      [lo, pairs],
    ),
  );
  const { rows: c } = await db.query<{ lo: number }>('SELECT min(id) AS lo FROM conversations WHERE member_lo >= $1', [lo]);
  const chunk = 250_000;
  for (let done = 0; done < MESSAGES; done += chunk) {
    const size = Math.min(chunk, MESSAGES - done);
    await step(`messages ${done + 1}–${done + size} (a year, a third cost 99 credits)`, () =>
      db.query(
        `INSERT INTO messages (conversation_id, sender_id, body, cost, created_at)
         SELECT $1 + (g % $2), $3 + 2 * (g % $2) + (g % 2), 'bench message', CASE WHEN g % 3 = 0 THEN 99 ELSE 0 END,
                now() - make_interval(secs => ((g::bigint * 7919) % 31536000)::float8)
           FROM generate_series($4::int, $5::int) g`,
        [c[0]!.lo, pairs, lo, done + 1, done + size],
      ),
    );
  }
  const payments = Math.floor(N * 0.3);
  await step(`payments (${payments}; 5 % refunded, 2 % charged back)`, () =>
    db.query(
      `INSERT INTO payments (id, site_id, member_id, kind, country, amount_cents, currency, list_cents, credits, status, refunded_cents, charged_back_cents, created_at, paid_at)
       SELECT 'txn_bench' || lpad(g::text, 20, '0'), CASE WHEN g % 5 = 0 THEN $2::int ELSE $1::int END, $3 + ((g * 10) % $4), 'credits',
              'NL', 1499, CASE WHEN g % 9 = 0 THEN 'PLN' ELSE 'EUR' END, 1499, 1500, 'paid',
              CASE WHEN g % 20 = 0 THEN 1499 ELSE 0 END, CASE WHEN g % 50 = 1 THEN 1499 ELSE 0 END,
              now() - make_interval(secs => ((g::bigint * 104729) % 31536000)::float8), now() - make_interval(secs => ((g::bigint * 104729) % 31536000)::float8)
         FROM generate_series(1, $5::int) g`,
      [amora, velvet, lo, N, payments],
    ),
  );
  await step(`moderation items (${N}, 100 waiting)`, () =>
    db.query(
      `INSERT INTO moderation_items (site_id, member_id, kind, field, text_after, status, created_at, decided_at)
       SELECT $1, $2 + (g % $3), 'text', 'name', 'Bench', CASE WHEN g <= 100 THEN 'pending' ELSE 'approved' END,
              now() - make_interval(secs => ((g::bigint * 7907) % 31536000)::float8),
              CASE WHEN g > 100 THEN now() - make_interval(secs => ((g::bigint * 7907) % 31536000)::float8) + make_interval(mins => g % 90) END
         FROM generate_series(1, $3::int) g`,
      [amora, lo, N],
    ),
  );
  // What the migration does for the messages there are when it runs: the summary of every past hour.
  await db.query(`UPDATE message_hours_state SET until = now() - interval '400 days'`);
  await step('message_hours: roll-up of the year (once, as the migration does)', () => rollUpMessageHours(db));
  // As autovacuum leaves a table in use: statistics and the visibility map (index-only scans).
  await step('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-bench-dashboards-'));
  const server = process.env.DATABASE_URL;
  const scratch = server ? await scratchPostgres(server, `dashboards_bench_${Date.now().toString(36)}`) : null;
  const db = scratch?.db ?? (await openPglite(dir));
  try {
    console.log(`dashboards benchmark on ${server ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)'}; ${loadLine()}`);
    await migrate(db);
    const config = benchConfig(dir);
    useImageStore(new FsImageStore(imagesDir(config)));
    await seed(db, { ...config, production: false });
    const { rows } = await db.query<{ id: number; template_name: string; pool: number; brand: string }>(
      `SELECT id, template_name, coalesce(shares_members_with, id) AS pool, theme ->> 'brandName' AS brand FROM sites ORDER BY id`,
    );
    const amora = rows.find((r) => r.template_name === 'amora')!;
    const velvet = rows.find((r) => r.template_name === 'velvet')!;
    await fill(db, amora.id, velvet.id);
    const one: DashboardSites = { ids: [amora.id], pools: [amora.pool], brands: [{ id: amora.id, brand: amora.brand }] };
    const all: DashboardSites = { ids: rows.map((r) => r.id), pools: [...new Set(rows.map((r) => r.pool))], brands: rows.map((r) => ({ id: r.id, brand: r.brand })) };
    const scenarios: Array<[string, DashboardSites, ReturnType<typeof rangeOf>]> = [
      ['amora, 30 days by day', one, rangeOf({ grain: 'day' })],
      ['amora, 12 weeks by week', one, rangeOf({ grain: 'week' })],
      ['all sites, 30 days by day', all, rangeOf({ grain: 'day' })],
      ['amora, 92 days by day (the longest period)', one, rangeOf({ grain: 'day', from: new Date(Date.now() - 91 * 86_400_000).toISOString().slice(0, 10) })],
      ['amora, 92 days by week (the longest period; whole weeks: up to 104 days)', one, rangeOf({ grain: 'week', from: new Date(Date.now() - 91 * 86_400_000).toISOString().slice(0, 10) })],
    ];
    for (const [label, sites, range] of scenarios) {
      console.log(`\n${label} (${range.from} – ${range.to}); median of ${RUNS} runs, ms; ${loadLine()}`);
      const until = await rollUpMessageHours(db);
      const queries = dashboardQueries(db, sites, range, until);
      for (const [name, run] of Object.entries(queries)) console.log(`  ${name.padEnd(20)} ${fmt(await median(run))}`);
      console.log(`  ${'whole dashboard'.padEnd(20)} ${fmt(await median(() => dashboard(db, sites, range, 'site')))}  (the queries at once, with the roll-up check)`);
    }
    console.log(`\n${loadLine()}`);
  } finally {
    await db.close();
    await scratch?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
