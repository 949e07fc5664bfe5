/**
 * Erasure cost: how long the rewrite after an account deletion takes on the embedded
 * database (src/account/erase.ts: VACUUM FULL of members and every table referencing it, WAL switch,
 * CHECKPOINT), with MEMBERS demo members and their likes and conversations; and the cost of one
 * counted rate-limit hit (src/http/ratelimit-store.ts: one upsert), the price a limited call pays.
 *
 *   npx tsx api/bench/erasure.ts                 # 3000 members (the demo default)
 *   MEMBERS=1000 RUNS=5 npx tsx api/bench/erasure.ts
 *
 * A script that prints figures, not a test: nothing is asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eraseDeletedRows, memberTables } from '../src/account/erase';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { RateLimitCounters } from '../src/http/ratelimit-store';
import { seed } from '../src/seed';
import { seedDemo } from '../src/seed/demo';

const MEMBERS = Number(process.env.MEMBERS) || 3000;
const RUNS = Number(process.env.RUNS) || 3;
const HITS = Number(process.env.HITS) || 2000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-bench-erasure-'));
  const db = await openPglite(dir);
  try {
    await migrate(db);
    await seed(db, { ...loadConfig({}), demo: false });
    const started = performance.now();
    await seedDemo(db, { members: MEMBERS });
    console.log(`seeded ${MEMBERS} demo members in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const sizes = await db.query<{ rows: number }>(
      `SELECT (SELECT count(*) FROM members)::int + (SELECT count(*) FROM likes)::int + (SELECT count(*) FROM messages)::int AS rows`,
    );
    console.log(`member tables: ${(await memberTables(db)).length}; members + likes + messages rows: ${sizes.rows[0]!.rows}`);

    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { rows } = await db.query<{ id: number }>('SELECT id FROM members ORDER BY id DESC LIMIT 1');
      await db.query('DELETE FROM members WHERE id = $1', [rows[0]!.id]);
      const t0 = performance.now();
      await eraseDeletedRows(db);
      times.push(performance.now() - t0);
    }
    console.log(`erasure after one deletion: median ${median(times).toFixed(0)} ms (runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms)`);

    const counters = new RateLimitCounters(db);
    const t1 = performance.now();
    for (let i = 0; i < HITS; i++) await counters.hit('bench', `203.0.113.${i % 250}`, 60_000);
    const perHit = (performance.now() - t1) / HITS;
    console.log(`rate-limit hit (one upsert): ${(perHit * 1000).toFixed(0)} µs mean over ${HITS}`);
    console.log(`load average: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
