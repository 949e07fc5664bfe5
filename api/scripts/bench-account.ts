/**
 * Figures for the member-account features, printed, not asserted:
 *   npx tsx api/scripts/bench-account.ts
 * - password reset: answer time for an address with an account and one without (no enumeration by timing)
 * - geocode: index build, lookups per second
 * - photos: processing time of a 12-megapixel JPEG
 * - signup: answer time (scrypt dominates)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { CSRF_COOKIE, CSRF_HEADER } from '@dating/shared';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { migrate } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { nearestPlace } from '../src/geocode';
import { processImage } from '../src/images/pipeline';
import { FsImageStore, imagesDir, useImageStore } from '../src/images/store';
import { seed } from '../src/seed';

const ms = (ns: bigint) => Number(ns) / 1e6;
function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return `median ${q(0.5).toFixed(2)} ms, p90 ${q(0.9).toFixed(2)} ms, max ${s.at(-1)!.toFixed(2)} ms (n=${s.length})`;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-bench-account-'));
  const db = await openPglite(dir);
  try {
    await migrate(db);
    const config: Config = { ...loadConfig({}), dataDir: dir, rateLimits: false };
    useImageStore(new FsImageStore(imagesDir(config)));
    await seed(db, config);
    const app = buildApp({ db, config });
    await app.ready();

    const visit = await app.inject({ method: 'GET', url: '/api/settings.php' });
    const csrf = visit.cookies.find((c) => c.name === CSRF_COOKIE)!.value;
    const headers = { cookie: `${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf, 'content-type': 'application/json' };

    // Signup
    const signup: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = process.hrtime.bigint();
      const res = await app.inject({
        method: 'POST',
        url: '/api/user.php?new=1',
        headers,
        payload: { email: `bench${i}@example.org`, name: 'Bench', password: 'benchmark password', adult: true, language: 'en' },
      });
      signup.push(ms(process.hrtime.bigint() - t0));
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    console.log(`signup answer:                         ${stats(signup)}`);

    // Password reset, interleaved so that both see the same machine load.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 200; i++) {
      for (const [email, into] of [[`bench${i % 10}@example.org`, known], [`nobody${i}@example.org`, unknown]] as const) {
        const t0 = process.hrtime.bigint();
        await app.inject({ method: 'POST', url: '/api/password_reset.php', headers, payload: { email } });
        into.push(ms(process.hrtime.bigint() - t0));
      }
    }
    console.log(`password reset, address with account:  ${stats(known)}`);
    console.log(`password reset, address without:       ${stats(unknown)}`);

    // Geocode
    let t0 = process.hrtime.bigint();
    nearestPlace(52.37, 4.89);
    console.log(`geocode index build + first lookup:    ${ms(process.hrtime.bigint() - t0).toFixed(0)} ms`);
    const n = 20_000;
    t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) nearestPlace(36 + ((i * 7) % 25), -10 + ((i * 13) % 35));
    const total = ms(process.hrtime.bigint() - t0);
    console.log(`geocode lookups (Europe):              ${((n / total) * 1000).toFixed(0)} per second, ${(total / n).toFixed(3)} ms each`);

    // Photos
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      t0 = process.hrtime.bigint();
      await processImage(photo);
      times.push(ms(process.hrtime.bigint() - t0));
    }
    console.log(`photo 4000×3000 JPEG (${(photo.length / 1048576).toFixed(1)} MB) → large + thumb: ${stats(times)}`);
    await app.close();
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
