import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ApiError, CSRF_COOKIE, CSRF_HEADER, createApiClient, type ApiClient, type OperatorRole } from '@dating/shared';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { migrate, type Db } from '../src/db';
import { Client } from 'pg';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { seed } from '../src/seed';
import { FsImageStore, imagesDir, useImageStore } from '../src/images/store';

import { DEV_OPERATOR } from '../src/operator/seed';
import { inviteOperator, totpCode } from '../src/operator/accounts';

/** The development operator the seed creates (admin of every site, no second factor). */
export { DEV_OPERATOR };

/** Puts a test app on a free port of 127.0.0.1 (for real HTTP: event streams, a front server) and answers its base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export interface TestApi {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** Another app on the same database, with other config (e.g. production, OPERATOR_HOSTS). */
  appWith(overrides: Partial<Config>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * With TEST_DATABASE_URL (a PostgreSQL server; CI sets it), every test file gets a database of its
 * own on that server, dropped afterwards: the same suite runs on PGlite and on PostgreSQL.
 */
async function openFreshPostgres(): Promise<Db> {
  const server = process.env.TEST_DATABASE_URL!;
  const name = `dating_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString());
  const close = db.close.bind(db);
  return Object.assign(db, {
    close: async () => {
      await close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  });
}

const defaultOpen: (dir: string) => Promise<Db> = process.env.TEST_DATABASE_URL ? openFreshPostgres : openPglite;

/**
 * The database as test code uses it: after a change made straight in the database (not a plain
 * SELECT), every app of the test has heard of it (src/cache: the triggers' announcements) before the
 * test goes on. On PostgreSQL an announcement reaches the API a moment after the commit; a test
 * that changes a row and calls the API at once would otherwise race it.
 */
function announced(db: Db, apps: FastifyInstance[]): Db {
  const settle = async () => {
    await Promise.all(apps.map((a) => a.cache.sync()));
  };
  return {
    ...db,
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await db.query<T>(sql, params);
      if (!/^\s*SELECT\b/i.test(sql)) await settle();
      return result;
    },
    exec: async (sql: string) => {
      await db.exec(sql);
      await settle();
    },
    transaction: async (fn) => {
      const result = await db.transaction(fn);
      await settle();
      return result;
    },
  };
}

/**
 * One seeded database and the app on it; use once per test file. PGlite in a temporary folder
 * unless another database is opened (see postgres.test.ts).
 */
export async function startTestApi(open: (dir: string) => Promise<Db> = defaultOpen): Promise<TestApi> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-api-test-'));
  const db = await open(dir).catch((err: unknown) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  await migrate(db);
  // Rate limits off: suites send hundreds of calls from one address; test/ratelimit.test.ts turns them on.
  const config: Config = { ...loadConfig({}), dataDir: dir, rateLimits: false };
  useImageStore(new FsImageStore(imagesDir(config))); // photos in the temporary folder, also while seeding
  await seed(db, config);
  const apps: FastifyInstance[] = [];
  const appWith = async (overrides: Partial<Config>) => {
    const app = buildApp({ db, config: { ...config, ...overrides } });
    apps.push(app);
    await app.ready();
    return app;
  };
  const app = await appWith({});
  return {
    app,
    db: announced(db, apps),
    config,
    appWith,
    close: async () => {
      for (const a of apps) await a.close();
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's cookie jar for one host: keeps what Set-Cookie says, sends it back. */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string | undefined {
    if (!this.cookies.size) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  take(setCookies: { name: string; value: string; maxAge?: number; expires?: Date }[]) {
    for (const c of setCookies) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

/**
 * The real browser client of @dating/shared, talking to the app through app.inject with a cookie
 * jar: what the shell and the remotes do, without a network.
 */
export function browser(app: FastifyInstance, host = 'localhost:8080') {
  const jar = new CookieJar();
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    const cookie = jar.header();
    if (cookie) headers.cookie = cookie;
    let payload = init.body as string | Buffer | undefined;
    if (init.body instanceof FormData) {
      // Encoded as a browser would: multipart/form-data with a boundary (photo uploads).
      const encoded = new Response(init.body);
      headers['content-type'] = encoded.headers.get('content-type')!;
      payload = Buffer.from(await encoded.arrayBuffer());
    }
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: String(input),
      headers,
      payload,
    });
    jar.take(res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]);
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: Object.entries(res.headers).flatMap(([k, v]) =>
        v === undefined ? [] : (Array.isArray(v) ? v : [String(v)]).map((x) => [k, x] as [string, string]),
      ),
    });
  };
  const api: ApiClient = createApiClient({
    packageName: 'api-test',
    originalHost: host,
    fetch: fetch as typeof globalThis.fetch,
    readCookie: (name) => jar.get(name),
  });
  /** Warms the jar the way a page load does: any GET hands out the csrf cookie. */
  const visit = async () => {
    await api.getSettings();
    if (!jar.get(CSRF_COOKIE)) throw new Error('no csrf cookie after a visit');
  };
  /** The headers a page sends with a write: its cookies and the csrf token (after visit()). */
  const headers = () => ({ cookie: jar.header()!, [CSRF_HEADER]: jar.get(CSRF_COOKIE)! });
  return { api, jar, visit, fetch, headers };
}

/** User-Agents of the devices tests log in from (sessions, login notices). */
export const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/**
 * Logs in through login.php from a device (its User-Agent) in browser `b` (a fresh one unless
 * given): the browser, now logged in, and the cookies the answer set.
 */
export async function loginFrom(app: FastifyInstance, email: string, password: string, userAgent: string, b = browser(app)) {
  if (!b.jar.get(CSRF_COOKIE)) await b.visit();
  const res = await app.inject({
    method: 'POST',
    url: '/api/login.php',
    headers: { ...b.headers(), 'user-agent': userAgent },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
  const cookies = res.cookies as { name: string; value: string; httpOnly?: boolean }[];
  b.jar.take(cookies);
  return { b, cookies };
}

/** The ApiError a call fails with; fails the test when the call succeeds. */
export async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('the call succeeded');
}

/**
 * A browser logged in to the back office as an operator (the development operator unless named):
 * `api` calls operator calls with the `osid` cookie and the CSRF header, as the back office does.
 * An operator with a second factor passes `totpSecret`.
 */
export async function operatorBrowser(
  app: FastifyInstance,
  { email = DEV_OPERATOR.email, password = DEV_OPERATOR.password, host = 'localhost:8080', totpSecret }: { email?: string; password?: string; host?: string; totpSecret?: string } = {},
) {
  const b = browser(app, host);
  await b.visit();
  const first = await b.api.operatorLogin({ email, password });
  if (first.step === 'totp') {
    if (!totpSecret) throw new Error(`${email} needs a TOTP code`);
    const done = await b.api.operatorLoginTotp({ challenge: first.challenge, code: totpCode(totpSecret) });
    if (done.step !== 'done') throw new Error('login did not finish');
    return { ...b, operator: done.operator };
  }
  return { ...b, operator: first.operator };
}

let operatorCount = 0;

/**
 * A new operator of `role` holding `sites` ('all', or template names such as ['velvet']), enrolled
 * through the real invite link (no second factor unless `totp`), logged in and acting on their first
 * site. For role × call and site isolation tests.
 */
export async function newOperator(
  t: TestApi,
  role: OperatorRole,
  sites: 'all' | string[] = 'all',
  { totp = false }: { totp?: boolean } = {},
) {
  const ids =
    sites === 'all'
      ? 'all'
      : (await t.db.query<{ id: number }>('SELECT id FROM sites WHERE template_name = ANY($1::text[]) ORDER BY id', [sites])).rows.map((r) => r.id);
  const email = `${role}-${++operatorCount}-${Date.now().toString(36)}@ops.example.com`;
  const { id, token } = await inviteOperator(t.db, { email, name: `${role} ${operatorCount}`, role, sites: ids });
  const b = browser(t.app);
  await b.visit();
  const info = await b.api.operatorEnrolInfo(token);
  const password = `${role}-password-${operatorCount}`;
  const enrolled = await b.api.operatorEnrol({ token, password, ...(totp ? { code: totpCode(info.totp.secret) } : {}) });
  return { ...b, id, email, password, totpSecret: totp ? info.totp.secret : undefined, operator: enrolled.operator, recoveryCodes: enrolled.recovery_codes };
}
