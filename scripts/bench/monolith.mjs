// The cost of runtime composition: this federated build against a single-bundle
// ("monolith") build of the same shell and remotes (rspack.base.js, MONOLITH=1: the remotes'
// exposed modules imported directly, no federation runtime, no remote entries), on `/` and
// `/members`, served the same way (scripts/serve.mjs with the same page injection and preloads, the
// same API and database). Per page and build: JS bytes transferred (compressed, as downloaded) and
// LCP, in Chromium with the CPU slowed 4× and DevTools' "Slow 4G" network (562.5 ms latency,
// 1.44 Mbit/s down, 675 kbit/s up) through CDP; the median of N loads each, alternating; then the
// ratios federated / monolith (target: LCP ≤ 1.15×).
//
//   npm run build && node scripts/bench/monolith.mjs [--runs 5] [--rebuild]
//
// Builds the monolith into .bench/monolith/shell when it is missing (or with --rebuild); starts its
// own servers on ports 9279–9286 (federated) and 9290 (monolith), so it runs beside `npm start`.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { build } from '../build.mjs';
import { ROOT } from '../packages.mjs';
import { serveStatic } from '../serve.mjs';
import { CPU_SLOWDOWN, throttle } from './phone.mjs';
import { startStack } from './stack.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    rebuild: { type: 'boolean', default: false },
    pages: { type: 'string', multiple: true },
  },
});
const RUNS = Number(args.runs);
const PAGES = args.pages?.length ? args.pages : ['/', '/members'];
const MONOLITH_DIR = path.join(ROOT, '.bench/monolith/shell');

/** One throttled load: JS bytes downloaded and the LCP time, once the page has gone quiet. */
async function measure(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  // Runs in the page: the latest largest-contentful-paint entry.
  await page.addInitScript(`
    globalThis.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globalThis.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  `);
  const cdp = await throttle(context, page);
  const scripts = new Set();
  let jsBytes = 0;
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') scripts.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (scripts.has(e.requestId)) jsBytes += e.encodedDataLength;
  });
  await page.goto(url, { timeout: 120_000 });
  await page.locator('main h1').first().waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => {});
  // The entry is delivered with a later frame: wait for it rather than read 0.
  await page.waitForFunction('globalThis.__lcp > 0', null, { timeout: 30_000 }).catch(() => {});
  const lcp = await page.evaluate('globalThis.__lcp');
  if (!lcp) throw new Error(`no largest-contentful-paint entry on ${url}`);
  await context.close();
  return { jsBytes, lcp };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (!existsSync(path.join(ROOT, 'shell/dist/startup.json'))) throw new Error('no production build: run `npm run build` first');
if (args.rebuild || !existsSync(path.join(MONOLITH_DIR, 'startup.json'))) {
  console.log('[bench] building the monolith into .bench/monolith/shell');
  build(['shell'], { env: { MONOLITH: '1', OUT_DIR: MONOLITH_DIR } });
}

const stack = await startStack({ base: 9280, dataDir: process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'dating-bench-data') });
const monolithServer = await serveStatic({ root: MONOLITH_DIR, port: 9290, spa: true, apiTarget: stack.apiUrl });
const builds = { federated: stack.url, monolith: 'http://localhost:9290' };
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const loadBefore = load();
const results = {};
try {
  for (const p of PAGES) {
    // Warm the servers (manifest cache, file cache), unthrottled and unmeasured.
    for (const base of Object.values(builds)) await measure(browser, base + p).catch(() => {});
    results[p] = { federated: [], monolith: [] };
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 ? ['monolith', 'federated'] : ['federated', 'monolith'];
      for (const name of order) {
        const r = await measure(browser, builds[name] + p).catch(() => measure(browser, builds[name] + p));
        results[p][name].push(r);
        console.log(`  ${p} ${name.padEnd(9)} run ${i + 1}: JS ${(r.jsBytes / 1024).toFixed(1)} kB, LCP ${r.lcp.toFixed(0)} ms`);
      }
    }
  }
} finally {
  await browser.close();
  monolithServer.close();
  await stack.stop();
}

console.log(`\nCPU ${CPU_SLOWDOWN}× slower, Slow 4G; median of ${RUNS} loads; load average ${loadBefore} before, ${load()} after (${os.cpus().length} cores)`);
console.log('| page | JS federated | JS monolith | JS ratio | LCP federated | LCP monolith | LCP ratio |');
console.log('|---|---|---|---|---|---|---|');
for (const [p, r] of Object.entries(results)) {
  const js = (name) => median(r[name].map((x) => x.jsBytes));
  const lcp = (name) => median(r[name].map((x) => x.lcp));
  console.log(
    `| \`${p}\` | ${(js('federated') / 1024).toFixed(1)} kB | ${(js('monolith') / 1024).toFixed(1)} kB | ${(js('federated') / js('monolith')).toFixed(2)}× | ` +
      `${(lcp('federated') / 1000).toFixed(2)} s | ${(lcp('monolith') / 1000).toFixed(2)} s | ${(lcp('federated') / lcp('monolith')).toFixed(2)}× |`,
  );
}
console.log('target: LCP ratio ≤ 1.15×');
