/**
 * Password-reset timing: does POST /api/password_reset.php, plus the request right
 * after it, take longer for an address that has an account than for one that has none? n pairs,
 * interleaved (existing, unknown, existing, …), each timed from the reset's start to the end of the
 * next request (GET /api/settings.php) — what an attacker measuring the response would see.
 * Prints the mean and median of both paths, their difference and a z value (Welch).
 *
 *   npx tsx api/bench/password-reset-timing.ts          # n = 200
 *   N=1000 npx tsx api/bench/password-reset-timing.ts
 *
 * A script that prints figures, not a test: nothing is asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER } from '@dating/shared';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { migrate } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { seed } from '../src/seed';
import { FsImageStore, imagesDir, useImageStore } from '../src/images/store';
import { addMember } from '../test/social-helpers';

const N = Math.max(200, Number(process.env.N) || 200);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const variance = (xs: number[]) => {
  const m = mean(xs);
  return xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-bench-reset-'));
  const db = await openPglite(dir);
  await migrate(db);
  const config: Config = { ...loadConfig({}), dataDir: dir, rateLimits: false, demoMembers: 0 };
  useImageStore(new FsImageStore(imagesDir(config)));
  await seed(db, config);
  const app = buildApp({ db, config });
  await app.ready();
  try {
    const visit = await app.inject({ method: 'GET', url: '/api/settings.php' });
    const cookies = [visit.cookies].flat().map((c) => `${c.name}=${c.value}`).join('; ');
    const csrf = [visit.cookies].flat().find((c) => c.name === CSRF_COOKIE)?.value ?? '';
    const headers = { cookie: cookies, [CSRF_HEADER]: csrf };
    // Existing addresses: a fresh member per try (one reset mail a minute per member).
    const existing: string[] = [];
    for (let i = 0; i < N; i++) existing.push((await addMember(db)).email);
    const time = async (email: string) => {
      const start = performance.now();
      await app.inject({ method: 'POST', url: '/api/password_reset.php', headers, payload: { email } });
      await app.inject({ method: 'GET', url: '/api/settings.php', headers });
      return performance.now() - start;
    };
    for (let i = 0; i < 20; i++) await time(`warmup${i}@nowhere.example`); // JIT and caches
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < N; i++) {
      known.push(await time(existing[i]!));
      unknown.push(await time(`nobody.${i}.${Date.now()}@nowhere.example`));
    }
    const diff = mean(known) - mean(unknown);
    const z = diff / Math.sqrt(variance(known) / N + variance(unknown) / N);
    const f = (x: number) => x.toFixed(3);
    console.log(`password reset + next request, n=${N} each (PGlite)`);
    console.log(`  existing address: mean ${f(mean(known))} ms, median ${f(median(known))} ms`);
    console.log(`  unknown address:  mean ${f(mean(unknown))} ms, median ${f(median(unknown))} ms`);
    console.log(`  difference of means: ${f(diff)} ms, z = ${z.toFixed(2)} (|z| < 2: no difference to tell)`);
  } finally {
    await app.close();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
