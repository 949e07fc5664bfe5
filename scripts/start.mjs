// npm start: builds what is missing, then serves the site at http://localhost:8080 (the shell,
// with /api forwarded to the member API), each remote from its own origin (8081–8086, the back office 8088), and the
// API with its embedded database. npm run dev: the same in watch mode with HMR.
// npm run start:cluster (--cluster): the same with API_PROCESSES (default 2) API processes on
// PostgreSQL (DATABASE_URL) + Redis (REDIS_URL; unset: a redis-server started here) with photos in
// S3_URL (unset: the API's local S3 endpoint), behind a balancer on the API port (docs/scaling.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build, isBuilt } from './build.mjs';
import { API_PORT, FRONTENDS, REMOTES, ROOT, SHELL } from './packages.mjs';
import { serveStatic } from './serve.mjs';
import { parseFrontTrustProxy } from './serve/forwarded.mjs';
import { balance } from './serve/balance.mjs';

const dev = process.argv.includes('--dev');
const cluster = process.argv.includes('--cluster');
const children = [];
const servers = [];
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

function run(label, cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts, env: { ...process.env, ...opts.env } });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => `[${label}] ${l}`)
      .join('\n');
  child.stdout.on('data', (c) => console.log(prefix(c)));
  child.stderr.on('data', (c) => console.error(prefix(c)));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${label}] exited (${signal ?? code}); stopping`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const s of servers) s.close();
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() =>
    process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// A first start creates the database, migrates it and seeds 3,000 demo members: on a busy machine that
// takes minutes, so the wait is long; an API that exits stops everything at once (run()).
async function waitForApi(url, ms = 300_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${url}/api/settings.php`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API did not answer at ${url} within ${ms} ms`);
}

const apiUrl = `http://127.0.0.1:${API_PORT}`;
const apiEnv = { PORT: String(API_PORT) };

if (dev) {
  run('api', bin('tsx'), ['watch', 'src/main.ts'], { cwd: path.join(ROOT, 'api'), env: { ...apiEnv, NODE_ENV: 'development' } });
  for (const f of FRONTENDS) {
    run(f.dir, bin('rspack'), ['serve', '--mode', 'development'], { cwd: path.join(ROOT, f.dir), env: { API_URL: apiUrl } });
  }
  console.log(`dev: http://localhost:${SHELL.port} (HMR); remotes on ${REMOTES.map((r) => r.port).join(', ')}`);
} else {
  const missing = FRONTENDS.map((f) => f.dir).filter((d) => !isBuilt(d));
  if (missing.length) {
    console.log(`[start] building ${missing.join(', ')}`);
    build(missing);
  }
  // On a developer's machine the API runs in development mode (the dev mailbox at /api/dev/mailbox
  // lets a person activate an account); a deployment sets NODE_ENV=production.
  if (cluster) await startCluster();
  else {
    run('api', bin('tsx'), ['src/main.ts'], {
      cwd: path.join(ROOT, 'api'),
      env: { ...apiEnv, NODE_ENV: process.env.NODE_ENV || 'development' },
    });
  }
  for (const r of REMOTES) servers.push(await serveStatic({ root: path.join(ROOT, r.dir, 'dist'), port: r.port }));
  await waitForApi(apiUrl);
  // Public pages reach logged-out visitors rendered in Node (scripts/serve/render.mjs) and hydrate.
  // HSTS on the site's pages only in production (scripts/serve/headers.mjs); remotes send CORS to SITE_ORIGINS.
  const production = process.env.NODE_ENV === 'production';
  // Behind a TLS proxy or load balancer: FRONT_TRUST_PROXY names it, so the API learns each client's
  // own address and https (scripts/serve/forwarded.mjs).
  const trustProxy = parseFrontTrustProxy(process.env.FRONT_TRUST_PROXY);
  servers.push(
    await serveStatic({ root: path.join(ROOT, SHELL.dir, 'dist'), port: SHELL.port, spa: true, apiTarget: apiUrl, production, trustProxy }),
  );
  console.log(`[start] site: http://localhost:${SHELL.port}  (remotes: ${REMOTES.map((r) => `${r.dir} :${r.port}`).join(', ')})`);
  console.log('[start] Ctrl-C stops everything');
}

/**
 * API_PROCESSES API processes on ports API_PORT+101 …, one after the other (the first applies the
 * migrations and seeds), and the balancer on API_PORT that the front server forwards /api to.
 */
async function startCluster() {
  const processes = Number(process.env.API_PROCESSES || 2);
  if (!Number.isInteger(processes) || processes < 1 || processes > 64) throw new Error('API_PROCESSES must be 1 to 64');
  if (!process.env.DATABASE_URL) {
    console.error('[cluster] DATABASE_URL is required: the processes share one PostgreSQL server (docs/scaling.md)');
    process.exit(2);
  }
  let redisUrl = process.env.REDIS_URL;
  if (!redisUrl) {
    const port = API_PORT + 100;
    run('redis', 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    redisUrl = `redis://127.0.0.1:${port}`;
  }
  const env = {
    NODE_ENV: process.env.NODE_ENV || 'development',
    REDIS_URL: redisUrl,
    // Development: the API's local S3 endpoint, on one folder every process shares.
    S3_URL: process.env.S3_URL || 'sandbox',
    DATA_DIR: process.env.DATA_DIR || path.join(ROOT, '.data', 'cluster'),
  };
  const targets = [];
  for (let i = 0; i < processes; i++) {
    const port = API_PORT + 101 + i;
    run(`api-${i + 1}`, bin('tsx'), ['src/main.ts'], { cwd: path.join(ROOT, 'api'), env: { ...env, PORT: String(port) } });
    await waitForApi(`http://127.0.0.1:${port}`);
    targets.push({ host: '127.0.0.1', port });
  }
  servers.push(await balance({ port: API_PORT, targets }));
  console.log(`[cluster] ${processes} API processes on ${targets.map((t) => t.port).join(', ')} behind :${API_PORT}; Redis ${redisUrl}; photos ${env.S3_URL === 'sandbox' ? 'local S3 endpoint' : 'S3_URL'}`);
}
