// The request chain of a first page load: every request the page makes until its view's heading
// shows, in order, and the number of sequential round trips (the longest chain of requests each
// started only after the previous one had answered). Run against the production build:
//   node scripts/bench/waterfall.mjs [/login] [/members …]
// (starts its own servers on ports 9279–9286; `npm run build` first).
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startStack } from './stack.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Records a page load; resolves with its requests once the first heading of the view shows. */
export async function recordLoad(browser, url, { cookies = [], locale = 'en-US' } = {}) {
  const context = await browser.newContext({ locale, serviceWorkers: 'block' });
  if (cookies.length) await context.addCookies(cookies);
  const page = await context.newPage();
  const requests = [];
  const t0 = Date.now();
  page.on('request', (req) => requests.push({ req, url: req.url(), start: Date.now() - t0, end: null }));
  const done = (req) => {
    const r = requests.find((x) => x.req === req);
    if (r) r.end = Date.now() - t0;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto(url);
  await page.locator('main h1, main h2').first().waitFor({ timeout: 30_000 });
  const ready = Date.now() - t0;
  await context.close();
  return { ready, requests: requests.filter((r) => r.start <= ready).map(({ url, start, end }) => ({ url, start, end: end ?? ready })) };
}

/** Longest chain of requests where each starts after the one before it has answered. */
export function roundTrips(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const depth = new Map();
  const prev = new Map();
  for (const r of sorted) {
    let best = 0;
    let parent = null;
    for (const q of sorted) {
      if (q === r || q.end > r.start || !depth.has(q)) continue;
      if (depth.get(q) > best) {
        best = depth.get(q);
        parent = q;
      }
    }
    depth.set(r, best + 1);
    prev.set(r, parent);
  }
  let last = null;
  for (const r of sorted) if (!last || depth.get(r) > depth.get(last)) last = r;
  const chain = [];
  for (let r = last; r; r = prev.get(r)) chain.unshift(r);
  return { count: chain.length, chain };
}

const short = (u) => {
  const url = new URL(u);
  return `${url.port ? `:${url.port}` : ''}${url.pathname}`;
};

export function printLoad(label, { ready, requests }) {
  const { count, chain } = roundTrips(requests);
  console.log(`\n${label}: heading after ${ready} ms, ${requests.length} requests, ${count} sequential round trips`);
  console.log('  chain:');
  for (const r of chain) console.log(`    ${String(r.start).padStart(5)}–${String(r.end).padEnd(5)} ms  ${short(r.url)}`);
  const api = requests.filter((r) => /\/api\/(settings|remotes|user)\.php/.test(r.url)).map((r) => short(r.url));
  console.log(`  start-up API calls from the page: ${api.length ? api.join(', ') : 'none'}`);
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const paths = process.argv.slice(2).filter((a) => a.startsWith('/'));
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'dating-bench-data');
  if (!existsSync(path.resolve('shell/dist/index.html'))) throw new Error('no build: run `npm run build` first');
  const stack = await startStack({ base: Number(process.env.BENCH_PORT ?? 9280), dataDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    console.log(`load average: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const p of paths.length ? paths : ['/login']) {
      await recordLoad(browser, stack.url + p); // warm the servers' caches and the OS file cache
      printLoad(p, await recordLoad(browser, stack.url + p));
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}
