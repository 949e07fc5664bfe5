// The renderer's memory: the front server (scripts/serve.mjs with its renderer, serve/render.mjs)
// in a child process of its own, renders public pages N times, then its remotes are pointed at
// another build K times (each time the renderer registers the new server entries with
// `registerRemotes(…, { force: true })` and loads them again). Prints the child's RSS and heap
// (after a full GC) after warm-up, after the renders and after the refreshes: medians of 3 runs,
// with the load average. Run against the production build (`npm run build` first):
//   node scripts/bench/render-memory.mjs [--requests 2000] [--refreshes 20] [--runs 3] [--control]
// (starts its own servers on ports 9379–9401; the API's data in BENCH_DATA_DIR or a temp folder).
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, SHELL } from '../packages.mjs';

const SELF = fileURLToPath(import.meta.url);

/** The child: the shell's front server, answering `mem` with its memory after a full GC. */
async function front(port, apiTarget) {
  const { serveStatic } = await import('../serve.mjs');
  await serveStatic({ root: path.join(ROOT, SHELL.dir, 'dist'), port, spa: true, apiTarget, host: '127.0.0.1' });
  process.on('message', (message) => {
    if (message !== 'mem') return;
    // Twice: what the first collection freed from finalizers goes in the second.
    globalThis.gc();
    globalThis.gc();
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    process.send({ rss, heapUsed, heapTotal, external });
  });
  process.send('ready');
}


function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}

/** Cookies of the API's answers, sent back (the operator's session and CSRF token). */
function cookieJar() {
  const jar = new Map();
  return {
    take(res) {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
      }
    },
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    get: (name) => jar.get(name),
  };
}

/** Logs in to the back office as the development operator; returns a function that points a remote at a manifest. */
async function operator(apiUrl) {
  const jar = cookieJar();
  jar.take(await fetch(`${apiUrl}/api/settings.php`, { headers: { 'x-original-host': 'localhost' } }));
  const headers = () => ({ 'content-type': 'application/json', cookie: jar.header(), 'x-csrf-token': jar.get('csrf') ?? '', 'x-original-host': 'localhost' });
  const login = await fetch(`${apiUrl}/api/operator/login.php`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ email: 'operator@example.com', password: 'operator1234' }),
  });
  if (!login.ok) throw new Error(`operator login: ${login.status} ${await login.text()}`);
  jar.take(login);
  return async (remote, url) => {
    const res = await fetch(`${apiUrl}/api/admin/remotes.php`, { method: 'PUT', headers: headers(), body: JSON.stringify({ remote, url }) });
    if (!res.ok) throw new Error(`pointing ${remote} at ${url}: ${res.status} ${await res.text()}`);
  };
}

/** Requests the paths, `concurrency` at a time; counts the answers by status and rendering. */
async function load(base, paths, concurrency = 8) {
  const counts = { rendered: 0, plain: 0, failed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const p = paths[next++];
      const res = await fetch(base + p, { headers: { 'accept-language': 'en' } }).catch(() => null);
      if (!res) {
        counts.failed++;
        continue;
      }
      await res.arrayBuffer();
      if (res.headers.get('x-rendered') === 'node') counts.rendered++;
      else counts.plain++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return counts;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const { startStack } = await import('./stack.mjs');
  const { importContract } = await import('../contract.mjs');
  const { serveStatic } = await import('../serve.mjs');
  if (!existsSync(path.join(ROOT, 'shell/dist/server/server.js'))) throw new Error('no server build: run `npm run build` first');
  const requests = arg('requests', 2000);
  const refreshes = arg('refreshes', 20);
  const runs = arg('runs', 3);
  const base = Number(process.env.BENCH_PORT ?? 9380);
  const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'dating-bench-render-memory');
  const stack = await startStack({ base, dataDir, front: false });
  // The refreshed remotes: the lander views and the signup form inside them, each also served from
  // a second origin, so that every refresh is a new entry URL for the renderer.
  const refreshed = [
    { name: 'mf_landers', dir: 'mf-landers' },
    { name: 'mf_auth_signup', dir: 'mf-auth-signup' },
  ];
  const { REMOTES } = await import('../packages.mjs');
  const [{ LANDER_KINDS }] = await importContract('routes');
  const second = [];
  const urls = {};
  for (const [i, r] of refreshed.entries()) {
    const port = base + 20 + i;
    second.push(await serveStatic({ root: path.join(ROOT, r.dir, 'dist'), port }));
    urls[r.name] = [`http://localhost:${base + 1 + REMOTES.findIndex((x) => x.name === r.name)}/mf-manifest.json`, `http://localhost:${port}/mf-manifest.json`];
  }
  const point = await operator(stack.apiUrl);

  const publicPaths = [
    '/',
    '/login',
    '/signup',
    '/match-finder',
    '/pages/terms',
    '/pages/faq',
    '/pages/privacy',
    ...LANDER_KINDS.map((kind) => `/landers/${kind}/summer-love`),
    '/no/such/page',
  ];
  const landerPaths = [...LANDER_KINDS.map((kind) => `/landers/${kind}/summer-love`), '/signup'];
  // Distinct queries (tracking parameters): most requests are renders, not hits of the render cache.
  const workload = Array.from({ length: requests }, (_, i) => `${publicPaths[i % publicPaths.length]}?ref=bench&sub1=${Math.floor(i / publicPaths.length) % 400}`);

  const rows = [];
  try {
    for (let run = 0; run < runs; run++) {
      for (const r of refreshed) await point(r.name, urls[r.name][0]);
      const child = fork(SELF, ['--front', String(base), stack.apiUrl], { execArgv: ['--expose-gc'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
      const mem = () =>
        new Promise((resolve) => {
          child.once('message', resolve);
          child.send('mem');
        });
      await new Promise((resolve, reject) => {
        child.once('message', resolve);
        child.once('exit', (code) => reject(new Error(`the front server exited (${code})`)));
      });
      const url = `http://127.0.0.1:${base}`;
      const warm = await load(url, [...publicPaths, ...publicPaths]);
      const warmed = await mem();
      const t0 = Date.now();
      const counts = await load(url, workload);
      const renderMs = Date.now() - t0;
      const rendered = await mem();
      let refreshCounts = { rendered: 0, plain: 0, failed: 0 };
      for (let k = 1; k <= refreshes; k++) {
        // --control: the same renders without pointing the remotes elsewhere (what the refreshes alone cost).
        if (!process.argv.includes('--control')) for (const r of refreshed) await point(r.name, urls[r.name][k % 2]);
        const c = await load(url, landerPaths.map((p) => `${p}?ref=refresh&sub1=${k}`));
        refreshCounts = { rendered: refreshCounts.rendered + c.rendered, plain: refreshCounts.plain + c.plain, failed: refreshCounts.failed + c.failed };
      }
      const refreshedMem = await mem();
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      rows.push({ warmed, rendered, refreshed: refreshedMem });
      console.log(
        `run ${run + 1}: warm-up ${warm.rendered}/${warm.rendered + warm.plain} rendered; ${requests} requests in ${(renderMs / 1000).toFixed(1)} s (${counts.rendered} rendered, ${counts.plain} plain, ${counts.failed} failed); ` +
          `${refreshes} refreshes (${refreshCounts.rendered} renders after them, ${refreshCounts.plain} plain, ${refreshCounts.failed} failed)`,
      );
      console.log(`  RSS ${mb(warmed.rss)} → ${mb(rendered.rss)} → ${mb(refreshedMem.rss)}; heap used ${mb(warmed.heapUsed)} → ${mb(rendered.heapUsed)} → ${mb(refreshedMem.heapUsed)}`);
    }
  } finally {
    for (const r of refreshed) await point(r.name, urls[r.name][0]).catch(() => {});
    for (const s of second) s.close();
    await stack.stop();
  }
  console.log(`\nthe front server's memory after a full GC, medians of ${runs} runs (${requests} requests over ${publicPaths.length} public paths, ${refreshes} refreshes of ${refreshed.map((r) => r.name).join(' and ')}):`);
  console.log('| when | RSS | heap used |');
  console.log('|---|---|---|');
  for (const [label, key] of [
    ['after warm-up', 'warmed'],
    [`after ${requests} requests`, 'rendered'],
    [`after ${refreshes} refreshes`, 'refreshed'],
  ]) {
    console.log(`| ${label} | ${mb(median(rows.map((r) => r[key].rss)))} | ${mb(median(rows.map((r) => r[key].heapUsed)))} |`);
  }
  console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
}

if (process.argv[2] === '--front') {
  await front(Number(process.argv[3]), process.argv[4]);
} else {
  await main();
}
