// What a phone's main thread runs while a page starts, by source file: a CPU profile of each load
// (Chromium with the CPU slowed 4× and Slow 4G through CDP, scripts/bench/phone.mjs), from the
// navigation until the page has hydrated and run no long task for 3 s, its samples mapped
// through the build's source maps to the original files (`node_modules/zod/...`,
// `shared/src/schemas/...`, `react-dom-client.production.js`). Prints, per page, the self time per
// source file (median of the runs, at 4×) and the whole profile's busy time, with the load average.
// Where the blocking time (Lighthouse's TBT) comes from, before deciding what to load later.
//
//   npm run build && npm run bench:startup-profile [-- --runs 3] [-- --only /login --only /]
//
// Starts its own servers on ports 9579–9587 (the API's data in BENCH_DATA_DIR or a temp folder).
/* global document -- the waitForFunction callbacks run in the page */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { REMOTES, ROOT, SHELL } from '../packages.mjs';
import { CPU_SLOWDOWN, throttle } from './phone.mjs';
import { startStack } from './stack.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string', multiple: true },
    top: { type: 'string', default: '18' },
  },
});
const PAGES = args.only?.length ? args.only : ['/', '/login', '/landers/video/summer-love', '/pages/terms'];
const RUNS = Number(args.runs);
const BASE = 9580;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** The build folder that serves a URL's port (the shell on BASE, remote i on BASE+1+i). */
function distOf(url) {
  const port = Number(new URL(url).port);
  if (port === BASE) return path.join(ROOT, SHELL.dir, 'dist');
  const remote = REMOTES[port - BASE - 1];
  return remote ? path.join(ROOT, remote.dir, 'dist') : null;
}

const maps = new Map();
/** The source map of a served script, or null (the page itself, an inline script). */
function mapOf(url) {
  if (maps.has(url)) return maps.get(url);
  let map = null;
  try {
    const dist = distOf(url);
    const file = dist && path.join(dist, new URL(url).pathname);
    if (file && existsSync(`${file}.map`)) map = new TraceMap(readFileSync(`${file}.map`, 'utf8'));
  } catch {
    map = null;
  }
  maps.set(url, map);
  return map;
}

/** A readable name for where a sample's function is: its original file, else the script. */
function placeOf(frame) {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : `(${frame.functionName || 'program'})`;
  const map = mapOf(frame.url);
  if (map) {
    const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    if (pos.source) return pos.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/');
  }
  const u = new URL(frame.url);
  return `${u.port === String(BASE) ? '' : `:${u.port}`}${u.pathname}`;
}

/** One throttled load: self time (ms) per source file, and the profile's busy time. */
async function profile(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US', viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  // The end of the last long task, to tell when the start-up is over (a video keeps the network busy).
  await page.addInitScript(`
    globalThis.__lastLong = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) globalThis.__lastLong = Math.max(globalThis.__lastLong, e.startTime + e.duration);
    }).observe({ type: 'longtask', buffered: true });
  `);
  const cdp = await throttle(context, page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { timeout: 120_000 });
  await page.waitForFunction(() => document.readyState === 'complete' && !document.querySelector('[data-mounting]'), null, { timeout: 120_000 });
  // Quiet: no long task for 3 s (at most 30 s more).
  await page.waitForFunction(() => performance.now() - globalThis.__lastLong > 3_000, null, { timeout: 30_000, polling: 250 }).catch(() => {});
  const { profile: p } = await cdp.send('Profiler.stop');
  await context.close();

  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let busy = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const node = byId.get(p.samples[i]);
    const ms = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') continue;
    busy += ms;
    const key = placeOf(frame);
    self.set(key, (self.get(key) ?? 0) + ms);
  }
  return { self, busy };
}

const stack = await startStack({ base: BASE, dataDir: process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'dating-bench-startup-profile') });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
console.log(`[bench] start-up CPU profiles, CPU ${CPU_SLOWDOWN}× slower, Slow 4G, ${RUNS} runs per page; load average ${load()} before (${os.cpus().length} cores)`);
try {
  for (const pagePath of PAGES) {
    await profile(browser, stack.url + pagePath).catch(() => {}); // a first load warms the server's render cache
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await profile(browser, stack.url + pagePath));
    const keys = new Set(runs.flatMap((r) => [...r.self.keys()]));
    const rows = [...keys].map((k) => [k, median(runs.map((r) => r.self.get(k) ?? 0))]).sort((a, b) => b[1] - a[1]);
    console.log(`\n${pagePath}: busy ${median(runs.map((r) => r.busy)).toFixed(0)} ms (median; runs ${runs.map((r) => r.busy.toFixed(0)).join(', ')})`);
    for (const [k, ms] of rows.slice(0, Number(args.top))) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
  }
} finally {
  console.log(`\nload average ${load()} after`);
  await browser.close();
  await stack.stop();
}
