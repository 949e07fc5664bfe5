// The 404 page as a phone gets it: its Largest Contentful Paint (the element and the time) and its
// layout shift (CLS: every layout-shift entry until the page has hydrated and gone quiet), in
// Chromium with the CPU slowed 4× and DevTools' "Slow 4G" through CDP, for a person (with the
// signup form) and a bot (without); and the front server's render of it (serve/render.mjs's
// renderer, each render a fresh one: no render-cache hit). Medians of N runs, with the load average.
//
//   npm run build && node scripts/bench/not-found.mjs [--runs 5] [--renders 30]
//
// Starts its own servers on ports 9479–9487 (the API's data in BENCH_DATA_DIR or a temp folder).
/* global document -- the waitForFunction callbacks run in the page */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { ROOT, SHELL } from '../packages.mjs';
import { createRenderer } from '../serve/render.mjs';
import { CPU_SLOWDOWN, throttle } from './phone.mjs';
import { startStack } from './stack.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    renders: { type: 'string', default: '30' },
    path: { type: 'string', default: '/no/such/page' },
  },
});
const RUNS = Number(args.runs);
const RENDERS = Number(args.renders);
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** One throttled load of the page: the LCP entry's element and time, and the sum of layout shifts once hydrated and quiet. */
async function measure(browser, url, userAgent) {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await page.addInitScript(`
    globalThis.__lcp = null;
    globalThis.__cls = 0;
    globalThis.__shifts = [];
    const describe = (el) => el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + (el.textContent || '').trim().slice(0, 30) + '"' : '(gone)';
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) globalThis.__lcp = { time: e.startTime, element: describe(e.element) };
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        globalThis.__cls += e.value;
        globalThis.__shifts.push({ at: Math.round(e.startTime), value: e.value, sources: (e.sources || []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  `);
  await throttle(context, page);
  await page.goto(url, { timeout: 120_000 });
  await page.locator('main h1').first().waitFor({ timeout: 120_000 });
  if (!userAgent) await page.getByRole('region', { name: 'Sign up for free' }).getByLabel('Email').waitFor({ timeout: 120_000 });
  // Functions, not strings: the page's CSP has no 'unsafe-eval' for Playwright's polling.
  await page.waitForFunction(() => !document.querySelector('[data-mounting]'), null, { timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => {});
  await page.waitForTimeout(1_000);
  await page.waitForFunction(() => globalThis.__lcp !== null, null, { timeout: 30_000 });
  const r = await page.evaluate(() => ({ lcp: globalThis.__lcp, cls: globalThis.__cls, shifts: globalThis.__shifts }));
  await context.close();
  return r;
}

const stack = await startStack({ base: 9480, dataDir: process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'dating-bench-not-found') });
const loadBefore = load();
const rows = { person: [], bot: [] };
const renderMs = { person: [], bot: [] };
try {
  // The renderer as the front server makes it; a new state digest per call is a new cache key (a render).
  const renderer = createRenderer({ root: path.join(ROOT, SHELL.dir, 'dist'), apiTarget: stack.apiUrl });
  const start = await fetch(`${stack.apiUrl}/api/start.php`, { headers: { 'x-original-host': 'localhost' } }).then((r) => r.json());
  const url = new URL(args.path, 'http://localhost');
  for (const who of ['person', 'bot']) {
    const req = { headers: { host: 'localhost', 'user-agent': who === 'bot' ? BOT_UA : 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile' }, socket: { remoteAddress: '127.0.0.1' } };
    for (let i = -3; i < RENDERS; i++) {
      const t0 = performance.now();
      const r = await renderer.page(req, url, { locale: 'en', state: `bench-${who}-${i}`, start, notFound: true });
      const ms = performance.now() - t0;
      if (!r) throw new Error(`the 404 page was not rendered (${who})`);
      // The first ones load the remotes' server containers: warm-up, not counted.
      if (i >= 0) renderMs[who].push(ms);
    }
  }

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await measure(browser, stack.url + args.path).catch(() => {});
    for (let i = 0; i < RUNS; i++) {
      for (const who of ['person', 'bot']) {
        const r = await measure(browser, stack.url + args.path, who === 'bot' ? BOT_UA : undefined);
        rows[who].push(r);
        console.log(`  ${who.padEnd(6)} run ${i + 1}: LCP ${r.lcp.time.toFixed(0)} ms on ${r.lcp.element}; CLS ${r.cls.toFixed(4)}${r.shifts.length ? ` (${r.shifts.map((s) => `${s.value.toFixed(4)} at ${s.at} ms: ${s.sources.join(', ')}`).join('; ')})` : ''}`);
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await stack.stop();
}

console.log(`\n${args.path}: CPU ${CPU_SLOWDOWN}× slower, Slow 4G, 412×823; medians of ${RUNS} loads; renders: medians of ${RENDERS}; load average ${loadBefore} before, ${load()} after (${os.cpus().length} cores)`);
console.log('| visitor | LCP | LCP element (most runs) | CLS | render in the front server |');
console.log('|---|---|---|---|---|');
for (const who of ['person', 'bot']) {
  const elements = rows[who].map((r) => r.lcp.element);
  const common = [...new Set(elements)].sort((a, b) => elements.filter((e) => e === b).length - elements.filter((e) => e === a).length)[0];
  console.log(`| ${who} | ${(median(rows[who].map((r) => r.lcp.time)) / 1000).toFixed(2)} s | ${common} | ${median(rows[who].map((r) => r.cls)).toFixed(4)} | ${median(renderMs[who]).toFixed(1)} ms |`);
}
