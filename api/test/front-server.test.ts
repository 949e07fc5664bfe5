import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@dating/shared';
import { REPO_ROOT } from '../src/config';
import { RATE_LIMITS } from '../src/http/ratelimit';
import { signupRequest } from './account-helpers';
import { listening, startTestApi, type TestApi } from './helpers';
import { memberBrowser } from './social-helpers';
import { openStream } from './stream-helpers';

/**
 * The front server (scripts/serve.mjs) on its own, started in a child process with the given
 * serveStatic options; answers its port and a stop function.
 */
export async function startFront(options: Record<string, unknown>, env: Record<string, string> = {}): Promise<{ port: number; stop: () => void }> {
  const script = `import(${JSON.stringify(path.join(REPO_ROOT, 'scripts', 'serve.mjs'))}).then(async (m) => {
    const s = await m.serveStatic({ port: 0, host: '127.0.0.1', ...${JSON.stringify(options)} });
    console.log('PORT ' + s.address().port);
  });`;
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      const m = /PORT (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', () => reject(new Error('front server did not start')));
  });
  return { port, stop: () => child.kill() };
}

describe('the /api proxy', () => {
  let t: TestApi;
  let api: FastifyInstance;
  let front: { port: number; stop: () => void };
  beforeAll(async () => {
    t = await startTestApi();
    api = await t.appWith({});
    const apiBase = await listening(api);
    front = await startFront({ root: os.tmpdir(), apiTarget: apiBase });
  }, 60_000);
  afterAll(async () => {
    front?.stop();
    await t.close();
  });

  test("a member's event stream ends at the API when the tab closes (they do not stay online)", async () => {
    const { member, jar } = await memberBrowser(api, t.db, { name: 'Closing Tab' });
    const stream = await openStream(`http://127.0.0.1:${front.port}`, jar.header());
    expect(stream.res.status).toBe(200);
    await until(() => api.events.count(member.id) === 1);
    stream.close();
    await until(() => api.events.count(member.id) === 0);
    expect(api.events.count(member.id)).toBe(0);
  });
});

/** Waits (up to 3 s) until `ok` holds. */
async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 150 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
}

/** A request to the front server from a local address of its own; answers status, headers and body. */
function send(
  port: number,
  o: { from?: string; method?: string; path: string; headers?: Record<string, string>; body?: object },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  const body = o.body ? JSON.stringify(o.body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: o.from,
        method: o.method ?? 'GET',
        path: o.path,
        headers: { ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}), ...o.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('behind a trusted TLS proxy (FRONT_TRUST_PROXY)', () => {
  let t: TestApi;
  let api: FastifyInstance;
  let trusting: { port: number; stop: () => void };
  let plain: { port: number; stop: () => void };
  /** Cookies and CSRF header of a first visit. */
  let visit: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApi();
    api = await t.appWith({ rateLimits: true, production: true });
    const apiBase = await listening(api);
    // The proxy in front of this front server is on 127.0.0.1; 127.0.9.x are clients that connect directly.
    trusting = await startFront({ root: os.tmpdir(), apiTarget: apiBase, trustProxy: ['127.0.0.1'] });
    plain = await startFront({ root: os.tmpdir(), apiTarget: apiBase });
    const res = await send(trusting.port, { path: '/api/settings.php', headers: { 'x-forwarded-proto': 'https' } });
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
    visit = { cookie: cookies.join('; '), [CSRF_HEADER]: cookies.find((c) => c.startsWith(`${CSRF_COOKIE}=`))!.split('=')[1]! };
  }, 60_000);
  afterAll(async () => {
    trusting?.stop();
    plain?.stop();
    await t.close();
  });

  test('the session cookie is Secure and the activation mail links https when the proxy says https', async () => {
    const request = signupRequest();
    const res = await send(trusting.port, {
      from: '127.0.0.1',
      method: 'POST',
      path: '/api/user.php?new=1',
      headers: { ...visit, 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
      body: request,
    });
    expect(res.status).toBe(200);
    const sid = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='));
    expect(sid).toMatch(/;\s*Secure/i);
    const { rows } = await t.db.query<{ text_body: string }>('SELECT text_body FROM outbox WHERE to_email = $1', [request.email]);
    expect(rows[0]?.text_body).toMatch(/https:\/\/[^\s/]+\/api\/activate\.php/);
    expect(rows[0]?.text_body).not.toMatch(/http:\/\//);
  });

  test('clients behind the proxy each have their own login limit; a client of their own cannot pick one', async () => {
    const login = (port: number, from: string, forwardedFor?: string) =>
      send(port, {
        from,
        method: 'POST',
        path: '/api/login.php',
        headers: { ...visit, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
        body: { email: `nobody${Math.random()}@example.org`, password: 'wrong' },
      }).then((r) => r.status);
    const viaProxy: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.login.max; i++) viaProxy.push(await login(trusting.port, '127.0.0.1', `198.51.100.${i + 1}`));
    expect(viaProxy).toEqual(Array(RATE_LIMITS.login.max + 1).fill(401));
    // Not from the proxy: its X-Forwarded-For is its own word, and ignored.
    const direct: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.login.max; i++) direct.push(await login(plain.port, '127.0.9.1', `198.51.100.${i + 50}`));
    expect(direct.at(-1)).toBe(429);
  });
});

describe("a remote's files", () => {
  let front: { port: number; stop: () => void };
  const script = `console.log(${JSON.stringify('r'.repeat(4000))});`;
  beforeAll(async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'front-remote-'));
    writeFileSync(path.join(root, 'remoteEntry.js'), script);
    writeFileSync(path.join(root, 'remoteEntry.js.br'), zlib.brotliCompressSync(script));
    writeFileSync(path.join(root, 'remoteEntry.js.gz'), zlib.gzipSync(script));
    writeFileSync(path.join(root, 'mount.css'), 'p{color:red}');
    front = await startFront({ root, siteOrigins: 'http://localhost:8080' });
  }, 60_000);
  afterAll(() => front?.stop());

  const vary = (headers: http.IncomingHttpHeaders) => String(headers.vary ?? '').split(/,\s*/).map((v) => v.toLowerCase()).sort();

  test('a file with compressed variants varies by Origin and by Accept-Encoding, so a shared cache keeps each site and encoding apart', async () => {
    const res = await send(front.port, { path: '/remoteEntry.js', headers: { origin: 'http://localhost:8080', 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(vary(res.headers)).toEqual(['accept-encoding', 'origin']);
    // Another origin gets no CORS grant from the same file.
    const other = await send(front.port, { path: '/remoteEntry.js', headers: { origin: 'https://evil.example', 'accept-encoding': 'br' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(vary(other.headers)).toEqual(['accept-encoding', 'origin']);
  });

  test('a file without compressed variants varies by Origin too', async () => {
    const res = await send(front.port, { path: '/mount.css', headers: { origin: 'http://localhost:8080' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(vary(res.headers)).toContain('origin');
  });
});

describe('files and pages of the shell', () => {
  let t: TestApi;
  let api: FastifyInstance;
  let front: { port: number; stop: () => void };
  let upstream: http.Server;
  /** The API calls the front server made, by path (counted by a pass-through in front of the API). */
  const calls: string[] = [];
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeAll(async () => {
    t = await startTestApi();
    api = await t.appWith({});
    const apiBase = new URL(await listening(api));
    upstream = http.createServer((req, res) => {
      calls.push(String(req.url));
      const up = http.request({ host: apiBase.hostname, port: apiBase.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      req.pipe(up);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const root = mkdtempSync(path.join(os.tmpdir(), 'front-'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><html lang="en"><head><title>Loading…</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(root, 'main.0123abcd.js'), script);
    writeFileSync(path.join(root, 'main.0123abcd.js.br'), zlib.brotliCompressSync(script));
    writeFileSync(path.join(root, 'main.0123abcd.js.gz'), zlib.gzipSync(script));
    writeFileSync(path.join(root, 'routes.json'), JSON.stringify({ paths: ['/', '/login', '/members'], remotes: [null, null, null] }));
    const address = upstream.address() as { port: number };
    front = await startFront({ root, spa: true, apiTarget: `http://127.0.0.1:${address.port}` });
  }, 60_000);
  afterAll(async () => {
    front?.stop();
    upstream?.close();
    await t.close();
  });

  test('a content-hashed script is immutable, sent as the brotli or gzip file the build wrote, varying by Accept-Encoding', async () => {
    const br = await send(front.port, { path: '/main.0123abcd.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    const gz = await send(front.port, { path: '/main.0123abcd.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await send(front.port, { path: '/main.0123abcd.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(script);
    expect((await send(front.port, { path: '/missing.js' })).status).toBe(404);
  });

  test("a page is written with one call to the API: the visitor's start state, the registry its policy names, the CSRF cookie", async () => {
    calls.length = 0;
    const page = await send(front.port, { path: '/login', headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(calls).toEqual(['/api/start.php']);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/^<!doctype html><html lang="de">/);
    const state = JSON.parse(/<script type="application\/json" id="shell-start">(.*?)<\/script>/.exec(page.text)![1]!);
    expect(state.user).toEqual({ user: null });
    expect(Object.keys(state.registry.remotes).length).toBeGreaterThan(0);
    const csp = String(page.headers['content-security-policy']);
    for (const url of Object.values<string>(state.registry.remotes)) expect(csp).toContain(new URL(url).origin);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    // The member's page of a first visit holds the CSRF cookie: nobody else's.
    const members = await send(front.port, { path: '/members' });
    expect(members.headers['cache-control']).toBe('private, no-store');
    expect(([] as string[]).concat(members.headers['set-cookie'] ?? []).some((c) => c.startsWith(`${CSRF_COOKIE}=`))).toBe(true);
    // An unknown path is the same page with 404; a POST is no page.
    expect((await send(front.port, { path: '/no/such/page' })).status).toBe(404);
    expect((await send(front.port, { method: 'DELETE', path: '/login' })).status).toBe(405);
  });

  test("a logged-out visitor's public page holds nothing of theirs and may be kept a minute by a CDN; with a session cookie it is private", async () => {
    const page = await send(front.port, { path: '/login' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(String(page.headers.vary)).toMatch(/Cookie/);
    expect(page.headers['set-cookie']).toBeUndefined();
    const state = JSON.parse(/<script type="application\/json" id="shell-start">(.*?)<\/script>/.exec(page.text)![1]!);
    expect(state.user).toEqual({ user: null });
    const withSession = await send(front.port, { path: '/login', headers: { cookie: 'sid=ended-or-not' } });
    expect(withSession.headers['cache-control']).toBe('private, no-store');
    const { jar } = await memberBrowser(api, t.db, { name: 'Cached Not' });
    const member = await send(front.port, { path: '/', headers: { cookie: jar.header()! } });
    expect(member.headers['cache-control']).toBe('private, no-store');
    expect(member.text).toContain('Cached Not');
  });
});
