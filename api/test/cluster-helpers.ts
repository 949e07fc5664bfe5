/**
 * Several API processes on one PostgreSQL server and one Redis server, as `npm run start:cluster`
 * runs them (the cluster tests and api/bench/cluster.ts): a fresh database, the local S3 endpoint,
 * API processes started from api/src/main.ts, and browsers that talk to them over real HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createApiClient, CSRF_COOKIE, type ApiClient } from '@dating/shared';
import { REPO_ROOT } from '../src/config';
import { migrate } from '../src/db';
import { openPostgres } from '../src/db/postgres';
import { seed } from '../src/seed';
import { loadConfig } from '../src/config';
import { S3Sandbox } from '../src/images/s3-sandbox';
import type { Db } from '../src/db';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A fresh database on the server of `serverUrl`, migrated and seeded; dropped by `drop`. */
export async function freshDatabase(serverUrl: string, label: string): Promise<{ url: string; db: Db; drop: () => Promise<void> }> {
  const name = `dating_${label}_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (sql: string) => {
    const c = new Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  await migrate(db);
  await seed(db, { ...loadConfig({}), demo: false });
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.close().catch(() => {});
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export interface ApiProcess {
  name: string;
  base: string;
  child: ChildProcess;
  /** What it printed (for a failing test's message). */
  output: () => string;
  /** SIGTERM, and waits for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL: the process dies at once, as on a crash. */
  kill: () => Promise<void>;
}

/** One API process (api/src/main.ts, NODE_ENV=production) on the given environment; resolves once it answers. */
export async function startApiProcess(name: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `dating-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`API ${name} stopped (exit ${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${base}/api/settings.php`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 1200) throw new Error(`API ${name} did not start within 120 s:\n${output}`);
    await sleep(100);
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { name, base, child, output: () => output, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

/** The local S3-compatible endpoint in a temporary folder (src/images/s3-sandbox.ts). */
export async function startS3Sandbox(): Promise<{ sandbox: S3Sandbox; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-s3-'));
  const sandbox = new S3Sandbox(dir, 'photos');
  await sandbox.start();
  return {
    sandbox,
    stop: async () => {
      await sandbox.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A browser over real HTTP: the shared API client with a cookie jar, sent to `base()` — which the
 * caller may change, as a load balancer sends a client to another process. `address`: the client
 * address the front server forwards (X-Forwarded-For), so that browsers count apart on rate limits.
 */
export function httpBrowser(initialBase: string, address?: string) {
  let base = initialBase;
  const cookies = new Map<string, string>();
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const doFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', header());
    // The client's address as a front server (a trusted proxy on loopback) tells it: rate limits count per address.
    if (address) headers.set('x-forwarded-for', address);
    const res = await fetch(`${base}${String(input)}`, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (gone) cookies.delete(name);
      else cookies.set(name, value);
    }
    return res;
  };
  const api: ApiClient = createApiClient({
    packageName: 'cluster-test',
    originalHost: 'localhost:8080',
    fetch: doFetch as typeof fetch,
    readCookie: (name) => cookies.get(name),
  });
  return {
    api,
    cookie: header,
    base: () => base,
    /** Sends the next calls to another process. */
    moveTo: (next: string) => {
      base = next;
    },
    /** A page load: the csrf cookie. */
    visit: async () => {
      await api.getSettings();
      if (!cookies.get(CSRF_COOKIE)) throw new Error('no csrf cookie after a visit');
    },
  };
}
