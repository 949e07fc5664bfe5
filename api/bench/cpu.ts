/**
 * CPU per request of the API process: process.cpuUsage() around N requests of each call, through
 * app.inject and through real HTTP on loopback, on a seeded database of 3,000 demo members, next to
 * a bare node:http answer measured the same way in the same process (the baseline; the ratio says
 * how many bare answers one call costs; settings.php, 10 kB, is set beside a bare answer of the same
 * bytes, which shows what moving them costs by itself). The app runs as in production (NODE_ENV=production:
 * production logging, written to /dev/null here).
 *
 *   npx tsx api/bench/cpu.ts                          # embedded PGlite: the database's CPU is in this process
 *   npx tsx api/bench/cpu.ts --n 500                  # fewer requests per call (default 2000)
 *   DATABASE_URL=postgres://… npx tsx api/bench/cpu.ts   # a scratch database on that server (its CPU is not counted)
 *
 * The HTTP figures include the client's own CPU (keep-alive node:http requests in this process), the
 * same for the baseline. A script that prints figures, not a test: nothing is asserted. The machine's
 * load average is printed with them: figures from a busy machine are skewed.
 */
import fs from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { inject as injectBare } from 'light-my-request';
import { buildApp } from '../src/app';
import { productionLogger } from '../src/http/logging';
import { benchConfig, cookiesFor, HOST, loadLine, seededDatabase } from './setup';

interface Call {
  name: string;
  /** The URL, or one per request (n: the requests so far). */
  url: string | ((n: number) => string);
  member: boolean;
}

/**
 * A search nobody asked before on every request (1,600 age spans, pages 1–3): what is kept per query
 * does not help; profile rows (per member) and count parts (per end of an age range, 80 here) do.
 */
const newSearch = (n: number) => `/api/search.php?min_age=${18 + (n % 40)}&max_age=${60 + (Math.floor(n / 40) % 40)}&page=${1 + (Math.floor(n / 1600) % 3)}`;

const CALLS: Call[] = [
  { name: 'user.php (logged out)', url: '/api/user.php', member: false },
  { name: 'settings.php', url: '/api/settings.php', member: false },
  { name: 'user.php (member)', url: '/api/user.php', member: true },
  { name: 'chats.php', url: '/api/chats.php', member: true },
  { name: 'likes.php', url: '/api/likes.php', member: true },
  { name: 'search.php (visitor)', url: '/api/search.php', member: false },
  { name: 'search.php (member)', url: '/api/search.php', member: true },
  { name: 'search.php (member, new query each)', url: newSearch, member: true },
];

/** Width of the call column. */
const W = 36;

const cpuMicros = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return d.user + d.system;
};

/** µs of CPU per call of fn, over n calls after n/10 warm-up calls. */
async function measure(n: number, fn: () => Promise<void>): Promise<number> {
  for (let i = 0; i < Math.max(20, n / 10); i++) await fn();
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  return cpuMicros(start) / n;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(port: number, url: string, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, agent, headers: { host: HOST, ...(cookie ? { cookie } : {}) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      n: { type: 'string', default: '2000' },
      members: { type: 'string', default: '3000' },
      only: { type: 'string' },
    },
  });
  const N = Number(args.n);
  const MEMBERS = Number(args.members);
  const started = performance.now();
  const { db, dir, label, done } = await seededDatabase(MEMBERS);
  const seededIn = performance.now() - started;
  const logFile = fs.createWriteStream('/dev/null');
  const app = buildApp({ db, config: benchConfig(dir), logger: productionLogger(logFile) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  const BARE_BODY = JSON.stringify({ user: null });
  // The same bare answer with the bytes of settings.php (the largest polled answer): what moving 10 kB costs by itself.
  const LARGE_BODY = Buffer.from((await app.inject({ method: 'GET', url: '/api/settings.php', headers: { host: HOST } })).rawPayload);
  const bareHandler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(req.url === '/large' ? LARGE_BODY : BARE_BODY);
  };
  const bare = http.createServer(bareHandler);
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const barePort = (bare.address() as { port: number }).port;

  try {
    const cookies = { visitor: await cookiesFor(app, false), member: await cookiesFor(app, true) };
    console.log(`API CPU per request: ${label}, ${MEMBERS.toLocaleString('en')} members (seeded in ${(seededIn / 1000).toFixed(1)} s), ` +
      `${N} requests per call, Node ${process.version}`);
    console.log(`before: ${loadLine()}`);

    const baseInject = await measure(N, async () => {
      await injectBare(bareHandler, { method: 'GET', url: '/api/user.php', headers: { host: HOST } });
    });
    const baseHttp = await measure(N, async () => {
      await get(barePort, '/api/user.php');
    });
    const largeInject = await measure(N, async () => {
      await injectBare(bareHandler, { method: 'GET', url: '/large', headers: { host: HOST } });
    });
    const largeHttp = await measure(N, async () => {
      await get(barePort, '/large');
    });
    console.log(`\n${'call'.padEnd(W)} | inject µs  ×bare | HTTP µs  ×bare | status, bytes`);
    console.log(`${'bare node:http answer'.padEnd(W)} | ${baseInject.toFixed(0).padStart(9)}  ${'1.0'.padStart(5)} | ${baseHttp.toFixed(0).padStart(7)}  ${'1.0'.padStart(5)} |`);
    console.log(`${`bare node:http answer, ${LARGE_BODY.length} B`.padEnd(W)} | ${largeInject.toFixed(0).padStart(9)}  ${'1.0'.padStart(5)} | ${largeHttp.toFixed(0).padStart(7)}  ${'1.0'.padStart(5)} | (×bare of settings.php)`);
    for (const call of CALLS) {
      if (args.only && !call.name.includes(args.only)) continue;
      const cookie = call.member ? cookies.member : cookies.visitor;
      const headers = { host: HOST, cookie };
      let sent = 0;
      const url = () => (typeof call.url === 'string' ? call.url : call.url(sent++));
      const probe = await app.inject({ method: 'GET', url: url(), headers });
      if (probe.statusCode !== 200) throw new Error(`${call.name} answered ${probe.statusCode}: ${probe.body.slice(0, 200)}`);
      const n = call.name.startsWith('search') ? Math.max(50, Math.round(N / 10)) : N;
      const [bInject, bHttp] = call.url === '/api/settings.php' ? [largeInject, largeHttp] : [baseInject, baseHttp];
      const viaInject = await measure(n, async () => {
        await app.inject({ method: 'GET', url: url(), headers });
      });
      const viaHttp = await measure(n, async () => {
        const status = await get(port, url(), cookie);
        if (status !== 200) throw new Error(`${call.name} answered ${status}`);
      });
      console.log(
        `${call.name.padEnd(W)} | ${viaInject.toFixed(0).padStart(9)} ${(viaInject / bInject).toFixed(1).padStart(5)}× | ` +
          `${viaHttp.toFixed(0).padStart(7)} ${(viaHttp / bHttp).toFixed(1).padStart(5)}× | ${probe.statusCode}, ${probe.body.length} B`,
      );
    }
    console.log(`\nafter: ${loadLine()}`);
  } finally {
    agent.destroy();
    await new Promise((resolve) => bare.close(resolve));
    await app.close();
    await done();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
