/** What the API benchmarks share: a seeded database, the production app's settings, logged-in cookies, the load line. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config';
import { migrate, type Db } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { seed } from '../src/seed';
import { seedDemo } from '../src/seed/demo';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/members';
import { FsImageStore, imagesDir, useImageStore } from '../src/images/store';

/** The host every benchmark request names (the default site, amora). */
export const HOST = 'localhost:8080';

/**
 * A scratch database on a PostgreSQL server, dropped afterwards; or, given a name, that database,
 * created unless it exists (`reused` says it did).
 */
export async function scratchPostgres(server: string, keep?: string): Promise<{ db: Db; url: string; reused: boolean; drop: () => Promise<void> }> {
  const name = keep ?? `cpu_bench_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const c = new Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  let reused = false;
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch (err) {
    // 42P04: duplicate_database
    if (!keep || (err as { code?: string }).code !== '42P04') throw err;
    reused = true;
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  return { db, url: url.toString(), reused, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The database with the sites, the demo logins and MEMBERS demo members (no photos). */
export async function seededDatabase(
  members: number,
): Promise<{ db: Db; dir: string; label: string; url?: string; done: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-bench-'));
  const server = process.env.DATABASE_URL;
  const { db, url, drop } = server ? await scratchPostgres(server) : { db: await openPglite(dir), url: undefined, drop: async () => {} };
  await migrate(db);
  const config = benchConfig(dir);
  useImageStore(new FsImageStore(imagesDir(config)));
  // Seeded as in development, so the demo member has the README's password and the bench can log in.
  await seed(db, { ...config, production: false });
  await seedDemo(db, { members });
  return {
    db,
    dir,
    url,
    label: server ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)',
    done: async () => {
      await db.close();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Production settings (demo data on, so the demo member can log in), limits off: one address sends everything. */
export function benchConfig(dir: string): Config {
  return { ...loadConfig({ NODE_ENV: 'production', DEMO: 'on' }), dataDir: dir, rateLimits: false, demoPhotos: 'none' as const };
}

/** The cookies of a browser that visited the site (csrf) and, for a member, logged in as the demo member. */
export async function cookiesFor(app: FastifyInstance, member: boolean, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<string> {
  const visit = await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: HOST } });
  const csrf = visit.cookies.find((c) => c.name === 'csrf')!.value;
  if (!member) return `csrf=${csrf}`;
  const login = await app.inject({
    method: 'POST',
    url: '/api/login.php',
    headers: { host: HOST, cookie: `csrf=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password }),
  });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  const jar = new Map<string, string>([['csrf', csrf]]);
  for (const c of login.cookies) jar.set(c.name, c.value);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** The machine's load, printed beside every figure. */
export function loadLine(): string {
  const [a, b, c] = os.loadavg();
  return `load average ${a!.toFixed(2)}, ${b!.toFixed(2)}, ${c!.toFixed(2)} on ${os.cpus().length} CPUs`;
}


/** The median time in ms of `runs` calls of `fn`, after one call that warms caches and plans. */
export async function medianTime(fn: () => Promise<unknown>, runs: number): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}
