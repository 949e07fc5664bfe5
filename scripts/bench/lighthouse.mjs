// npm run bench:lighthouse — Lighthouse 12 (node API, mobile preset, simulated throttling) on Debian's
// Chromium against the production build of every front-end package. It builds nothing:
// run `npm run build` first. It starts its own servers on private ports, like `npm start` (the API
// with its embedded database in .bench/data, each remote on its own origin, the shell with /api
// forwarded), so it does not need the fixed e2e ports; or it measures a running site with
// `--base http://localhost:8080`. Per page it prints performance, accessibility, SEO, best practices,
// LCP, TBT, JS boot-up time (Lighthouse's bootup-time, at its 4× CPU slowdown), transferred KiB and
// unused JS KiB of each run, then the medians of the runs (5 by default) with the load average before
// and after, and keeps every report (JSON + HTML) and a summary.json in .bench/lighthouse/<time>/
// (ignored by git). `/members` is measured logged in as the demo member (the seeded database's).
//
//   npm run bench:lighthouse                      # every page of the list, 5 runs each
//   npm run bench:lighthouse -- --runs 3          # fewer runs
//   npm run bench:lighthouse -- --only / --only /login   # some pages
//   npm run bench:lighthouse -- --host velvet.localhost  # the other template
//   npm run bench:lighthouse -- --serve           # only start the servers (to look at a page)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FRONTENDS, REMOTES, ROOT, SHELL } from '../packages.mjs';
import { serveStatic } from '../serve.mjs';

const LANDER_KINDS = ['video', 'gallery', 'maplanding', 'alonetonight', 'iconslanding', 'socialnetwork', 'collagelanding', 'transitionsvideolanding'];
/** The pages measured: every lander kind on the campaign both seeded sites run in all kinds. */
export const PAGES = ['/', '/login', '/signup', ...LANDER_KINDS.map((k) => `/landers/${k}/summer-love`), '/pages/terms', '/match-finder', '/members'];
/** Pages measured for a logged-in member (the demo member of the seeded database). */
const MEMBER_PAGES = new Set(['/members']);
const DEMO = { email: 'demo@example.com', password: 'demo1234' };

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    host: { type: 'string', default: 'localhost' },
    only: { type: 'string', multiple: true },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '18180' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    serve: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
  },
});

const pages = args.only?.length ? args.only : PAGES;
const basePort = Number(args.port);
const children = [];
const servers = [];

function stop() {
  for (const s of servers) s.close();
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
}
process.on('SIGINT', () => {
  stop();
  process.exit(130);
});

async function waitFor(url, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/** The API, the seven remotes and the shell of the production build, on basePort … basePort+7. */
async function startSite() {
  const missing = FRONTENDS.filter((f) => !existsSync(path.join(ROOT, f.dir, 'dist', f === SHELL ? 'index.html' : 'mf-manifest.json')));
  if (missing.length) throw new Error(`not built: ${missing.map((f) => f.dir).join(', ')} — run \`npm run build\` first`);
  const apiPort = basePort - 1;
  const remotePort = (i) => basePort + 1 + i;
  const remoteUrls = Object.fromEntries(REMOTES.map((r, i) => [r.name, `http://localhost:${remotePort(i)}/mf-manifest.json`]));
  const dataDir = path.join(ROOT, '.bench', `data-${basePort}`);
  const api = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: path.join(ROOT, 'api'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(apiPort), DATA_DIR: dataDir, REMOTE_URLS: JSON.stringify(remoteUrls), NODE_ENV: 'development', LOG_LEVEL: 'warn', RATE_LIMITS: 'off' },
  });
  children.push(api);
  api.on('exit', (code) => {
    if (code) console.error(`[bench] API exited with ${code}`);
  });
  for (const [i, r] of REMOTES.entries()) servers.push(await serveStatic({ root: path.join(ROOT, r.dir, 'dist'), port: remotePort(i), host: '127.0.0.1' }));
  const apiTarget = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${apiTarget}/api/settings.php`);
  servers.push(await serveStatic({ root: path.join(ROOT, SHELL.dir, 'dist'), port: basePort, spa: true, apiTarget, host: '127.0.0.1' }));
  return `http://${args.host}:${basePort}`;
}

const kib = (bytes) => (bytes == null ? '–' : (bytes / 1024).toFixed(0));
const score = (c) => (c?.score == null ? '–' : c.score.toFixed(2));
const ms = (v) => (v == null ? '–' : v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
const median = (xs) => {
  const v = xs.filter((x) => x != null).sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : null;
};

/** The demo member's session cookie, from the API's login (the same call the login form makes). */
async function memberCookie(base) {
  const first = await fetch(new URL('/api/settings.php', base));
  const csrf = /(?:^|;\s*)csrf=([^;]+)/.exec(first.headers.getSetCookie().join('; '))?.[1];
  const res = await fetch(new URL('/api/login.php', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(csrf ? { 'x-csrf-token': csrf, cookie: `csrf=${csrf}` } : {}) },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`demo login failed: ${res.status} ${await res.text()}`);
  const cookies = [...(csrf ? [`csrf=${csrf}`] : []), ...res.headers.getSetCookie().map((c) => c.split(';')[0])];
  return cookies.join('; ');
}

async function main() {
  const base = args.base ?? (await startSite());
  if (args.serve) {
    console.log(`[bench] serving ${base} until Ctrl-C (nothing measured)`);
    await new Promise(() => {});
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const outDir = path.join(ROOT, '.bench', 'lighthouse', stamp);
  mkdirSync(outDir, { recursive: true });
  const load = os.loadavg().map((l) => l.toFixed(2)).join(', ');
  console.log(`[bench] Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset, simulated throttling, ${base}; load average ${load} (${os.cpus().length} cores)`);
  const chrome = await chromeLauncher.launch({
    chromePath: args.chromium,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  const rows = [];
  const runs = Number(args.runs);
  const cookie = pages.some((p) => MEMBER_PAGES.has(p)) ? await memberCookie(base) : null;
  try {
    for (let run = 1; run <= runs; run++)
    for (const page of pages) {
      const url = new URL(page, base).href;
      // A public page is rendered in Node on its first request and kept a minute (scripts/serve/render.mjs): that
      // one is not measured, as a cache in front of a site would have it already.
      await fetch(url, { headers: { 'accept-language': 'en-US,en;q=0.9' } }).then((r) => r.arrayBuffer()).catch(() => null);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: ['json', 'html'],
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
        ...(MEMBER_PAGES.has(page) ? { extraHeaders: { cookie } } : {}),
      });
      if (!result) throw new Error(`no result for ${url}`);
      const { lhr, report } = result;
      const name = `${page === '/' ? 'home' : page.replace(/^\//, '').replace(/\//g, '_')}.${run}`;
      writeFileSync(path.join(outDir, `${name}.report.json`), report[0]);
      writeFileSync(path.join(outDir, `${name}.report.html`), report[1]);
      const a = lhr.audits;
      const row = {
        page,
        performance: lhr.categories.performance?.score,
        accessibility: lhr.categories.accessibility?.score,
        seo: lhr.categories.seo?.score,
        bestPractices: lhr.categories['best-practices']?.score,
        lcpMs: a['largest-contentful-paint']?.numericValue,
        tbtMs: a['total-blocking-time']?.numericValue,
        bootupMs: a['bootup-time']?.numericValue,
        run,
        transferredBytes: a['total-byte-weight']?.numericValue,
        unusedJsBytes: a['unused-javascript']?.details?.overallSavingsBytes ?? 0,
        runtimeError: lhr.runtimeError?.message,
        failed: Object.values(lhr.categories)
          .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 && a[r.id]?.score != null && a[r.id].score < 0.9 && c.id !== 'performance').map((r) => `${c.id}:${r.id}`)),
      };
      rows.push(row);
      console.log(
        `${page.padEnd(40)} run ${run}  perf ${score(lhr.categories.performance)}  a11y ${score(lhr.categories.accessibility)}  seo ${score(lhr.categories.seo)}  bp ${score(lhr.categories['best-practices'])}  LCP ${ms(row.lcpMs)}  TBT ${ms(row.tbtMs)}  boot-up ${ms(row.bootupMs)}  ${kib(row.transferredBytes)} KiB  unused JS ${kib(row.unusedJsBytes)} KiB${row.failed.length ? `  [${row.failed.join(' ')}]` : ''}${row.runtimeError ? `  ERROR ${row.runtimeError}` : ''}`,
      );
    }
  } finally {
    chrome.kill();
  }
  const medians = pages.map((page) => {
    const of = (key) => median(rows.filter((r) => r.page === page).map((r) => r[key]));
    return { page, ...Object.fromEntries(['performance', 'accessibility', 'seo', 'bestPractices', 'lcpMs', 'tbtMs', 'bootupMs', 'transferredBytes', 'unusedJsBytes'].map((k) => [k, of(k)])) };
  });
  const loadAfter = os.loadavg().map((l) => l.toFixed(2)).join(', ');
  writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify({ base, runs, loadAverage: { before: load, after: loadAfter }, lighthouse: 12, medians, rows }, null, 2));
  console.log(`\nmedians of ${runs} runs; load average ${load} before, ${loadAfter} after (${os.cpus().length} cores)`);
  console.log('| page | performance | accessibility | SEO | best practices | LCP | TBT | JS boot-up | transferred | unused JS |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of medians) {
    const s = (v) => (v == null ? '–' : v.toFixed(2));
    console.log(`| \`${r.page}\` | ${s(r.performance)} | ${s(r.accessibility)} | ${s(r.seo)} | ${s(r.bestPractices)} | ${ms(r.lcpMs)} | ${ms(r.tbtMs)} | ${ms(r.bootupMs)} | ${kib(r.transferredBytes)} KiB | ${kib(r.unusedJsBytes)} KiB |`);
  }
  console.log(`\n[bench] reports: ${path.relative(ROOT, outDir)}/`);
}

main()
  .catch((e) => {
    console.error(`[bench] ${e.message}`);
    process.exitCode = 1;
  })
  .finally(stop);
