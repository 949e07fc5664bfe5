/**
 * The member desk's search at scale: fills a database with N members (default 100,000) with
 * first and last names, addresses, and a payment for one in ten, then prints the median of 9 runs
 * of each kind of search, as the whole call (GET /api/operator/members.php on an operator session,
 * through app.inject) and as the query alone (searchMembers), with the load average.
 *
 *   npx tsx api/bench/member-search.ts                   # PGlite, 100,000 members
 *   npx tsx api/bench/member-search.ts 200000            # any N ≥ 1000
 *   DATABASE_URL='postgres://dev:dev@localhost/postgres?host=/var/run/postgresql' npx tsx api/bench/member-search.ts
 *                                                        # on a scratch database of that server (dropped afterwards)
 *
 * The members are inserted with generate_series in one statement per 50,000. A script that prints
 * figures, not a test: nothing is asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate, type Db } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { searchMembers } from '../src/desk/queries';
import { FsImageStore, imagesDir, useImageStore } from '../src/images/store';
import { DEV_OPERATOR } from '../src/operator/seed';
import { seed } from '../src/seed';
import { findSiteByHost } from '../src/site/site';
import { HOST, loadLine, scratchPostgres } from './setup';

const N = Number(process.argv[2] ?? 100_000);
if (!Number.isInteger(N) || N < 1000) {
  console.error('usage: npx tsx api/bench/member-search.ts [members ≥ 1000]');
  process.exit(2);
}
const RUNS = 9;

const FIRST = ['Anna', 'Emma', 'Sophie', 'Julia', 'Lotte', 'Marie', 'Laura', 'Eva', 'Sanne', 'Lisa', 'Jan', 'Daan', 'Lucas', 'Thomas', 'Pieter',
  'Max', 'Noah', 'Finn', 'Sem', 'Bram', 'Giulia', 'Chiara', 'Marco', 'Luca', 'Camille', 'Léa', 'Hugo', 'Louis', 'Lucía', 'Martina', 'Pablo',
  'Zofia', 'Kacper', 'Hanna', 'Mateusz', 'Olivia', 'Amelia', 'Oliver', 'George', 'Harry'];
const LAST = ['de Vries', 'Jansen', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Rossi', 'Russo',
  'Ferrari', 'Martin', 'Bernard', 'Dubois', 'García', 'Fernández', 'López', 'Nowak', 'Kowalski', 'Wiśniewski', 'Smith', 'Jones', 'Taylor',
  'Brown', 'Williams', 'Peeters', 'Maes', 'Claes'];
const DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'ziggo.nl', 'kpnmail.nl', 'web.de', 'gmx.de', 'libero.it', 'orange.fr', 'wp.pl'];

async function fill(db: Db, poolId: number, siteId: number) {
  const batch = 50_000;
  for (let start = 0; start < N; start += batch) {
    const n = Math.min(batch, N - start);
    await db.query(
      `INSERT INTO members (site_id, email, name, gender, date_of_birth, city, country, status, signup_date)
       SELECT $3,
              lower(replace(f.v, ' ', '')) || '.' || lower(replace(l.v, ' ', '')) || s || '@' || d.v,
              f.v || ' ' || l.v,
              CASE WHEN s % 2 = 0 THEN 'female' ELSE 'male' END,
              current_date - (18 * 365 + (s * 7919) % (50 * 365)),
              'Utrecht', 'NL',
              CASE WHEN s % 37 = 0 THEN 'not_confirmed' ELSE 'active' END,
              now() - (s % 730) * interval '1 day'
         FROM generate_series($1::int + 1, $1::int + $2::int) s,
              LATERAL (SELECT ($4::text[])[1 + (s * 31) % cardinality($4::text[])] AS v) f,
              LATERAL (SELECT ($5::text[])[1 + (s * 17) % cardinality($5::text[])] AS v) l,
              LATERAL (SELECT ($6::text[])[1 + (s * 13) % cardinality($6::text[])] AS v) d`,
      [start, n, poolId, FIRST, LAST, DOMAINS],
    );
    process.stdout.write(`\r  filled ${(start + n).toLocaleString('en')} / ${N.toLocaleString('en')}`);
  }
  process.stdout.write('\n');
  // One member in ten has paid once.
  await db.query(
    `INSERT INTO payments (id, site_id, member_id, kind, provider_id, country, method, amount_cents, currency, list_cents, credits, status, paid_at)
     SELECT 'txn_' || md5('p' || m.id), $1, m.id, 'credits', 'tr_' || substr(md5('q' || m.id), 1, 12), 'NL', 'ideal', 1500, 'EUR', 1500, 1500, 'paid', now()
       FROM members m WHERE m.site_id = $2 AND m.id % 10 = 0`,
    [siteId, poolId],
  );
  await db.exec('VACUUM ANALYZE members');
  await db.exec('VACUUM ANALYZE payments');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-bench-'));
  const server = process.env.DATABASE_URL;
  const { db, drop } = server ? await scratchPostgres(server) : { db: await openPglite(dir), drop: async () => {} };
  try {
    await migrate(db);
    // Development settings (the development operator exists and the back office answers on localhost), limits off.
    const config = { ...loadConfig({}), dataDir: dir, rateLimits: false, demoPhotos: 'none' as const };
    useImageStore(new FsImageStore(imagesDir(config)));
    await seed(db, config);
    const site = (await findSiteByHost(db, 'localhost'))!;
    console.log(`member desk search: ${N.toLocaleString('en')} members, ${server ? 'PostgreSQL' : 'PGlite'}, Node ${process.version}, ${os.cpus().length} CPUs`);
    const t0 = performance.now();
    await fill(db, site.memberPoolId, site.id);
    console.log(`  fill (with the trigram indexes): ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Samples: a member near the end (the newest rows), their payment.
    const { rows: sample } = await db.query<{ id: number; email: string; name: string }>(
      `SELECT id, email, name FROM members WHERE site_id = $1 AND id % 10 = 0 ORDER BY id DESC LIMIT 1`,
      [site.memberPoolId],
    );
    const s = sample[0]!;
    const { rows: pay } = await db.query<{ id: string; provider_id: string }>('SELECT id, provider_id FROM payments WHERE member_id = $1', [s.id]);
    const scenarios: [string, string][] = [
      ['member id', String(s.id)],
      ['address, exact', s.email],
      ['address, other case', s.email.toUpperCase()],
      ['transaction id', pay[0]!.id],
      ['provider payment id', pay[0]!.provider_id],
      ['full name', s.name],
      ['part of a name (common)', 'jans'],
      ['part of a name (rare)', 'wiśniew'],
      ['part of an address', s.email.slice(0, s.email.indexOf('@') - 2)],
      ['first letters (2)', 'Lu'],
      ['nothing found', 'qqqzzzxxx'],
    ];

    const app = buildApp({ db, config });
    await app.ready();
    // The development operator (seeded outside production) logs in, as the back office does.
    const visit = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: HOST } });
    const csrf = visit.cookies.find((c) => c.name === 'csrf')!.value;
    const login = await app.inject({
      method: 'POST',
      url: '/api/operator/login.php',
      headers: { host: HOST, cookie: `csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: DEV_OPERATOR.email, password: DEV_OPERATOR.password }),
    });
    if (login.statusCode !== 200) throw new Error(`operator login answered ${login.statusCode}: ${login.body}`);
    const cookie = [`csrf=${csrf}`, ...login.cookies.map((c) => `${c.name}=${c.value}`)].join('; ');

    console.log(`median of ${RUNS} runs, ms        query alone   whole call   found`);
    for (const [label, q] of scenarios) {
      const alone: number[] = [];
      const call: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        let t = performance.now();
        found = (await searchMembers(db, site.memberPoolId, q)).length;
        alone.push(performance.now() - t);
        t = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/operator/members.php?q=${encodeURIComponent(q)}`, headers: { host: HOST, cookie } });
        call.push(performance.now() - t);
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      }
      console.log(`  ${label.padEnd(28)} ${median(alone).toFixed(2).padStart(10)} ${median(call).toFixed(2).padStart(12)} ${String(found).padStart(7)}`);
    }
    console.log(`  ${loadLine()}`);
    await app.close();
  } finally {
    await db.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
