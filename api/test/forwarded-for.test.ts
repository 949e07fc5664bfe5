import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@dating/shared';
import { REPO_ROOT } from '../src/config';
import { RATE_LIMITS } from '../src/http/ratelimit';
import { signupRequest } from './account-helpers';
import { listening, startTestApi, type TestApi } from './helpers';

/** The site's front server (scripts/serve.mjs) forwarding /api to the API under test. */
let t: TestApi;
let api: FastifyInstance;
let front: ChildProcess;
let frontPort = 0;
beforeAll(async () => {
  t = await startTestApi();
  api = await t.appWith({ rateLimits: true });
  const apiBase = await listening(api);
  const script = `import(${JSON.stringify(path.join(REPO_ROOT, 'scripts', 'serve.mjs'))}).then(async (m) => {
    const s = await m.serveStatic({ root: ${JSON.stringify(REPO_ROOT)}, port: 0, host: '127.0.0.1', apiTarget: '${apiBase}' });
    console.log('PORT ' + s.address().port);
  });`;
  front = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  frontPort = await new Promise<number>((resolve, reject) => {
    front.stdout!.on('data', (d: Buffer) => {
      const m = /PORT (\d+)/.exec(d.toString());
      if (m) resolve(Number(m[1]));
    });
    front.once('exit', () => reject(new Error('front server did not start')));
  });
}, 60_000);
afterAll(async () => {
  front?.kill();
  await t.close();
});

/** A browser's cookies and CSRF header, from a first visit. */
let visitHeaders: Record<string, string> = {};
beforeAll(async () => {
  const res = await api.inject({ method: 'GET', url: '/api/settings.php' });
  const cookies = [res.cookies].flat();
  visitHeaders = {
    cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    [CSRF_HEADER]: cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '',
  };
});

let account = 0;
/**
 * A login attempt through the front server, from a local address of its own (127.0.x.y), each at
 * another account (the per-account limits are not what these tests check).
 */
function login(from: string, extraHeaders: Record<string, string> = {}): Promise<number> {
  return post(from, '/api/login.php', { email: `guess${++account}@example.org`, password: 'wrong' }, extraHeaders);
}

/** A POST through the front server from a local address of its own; answers the status. */
function post(from: string, url: string, payload: object, extraHeaders: Record<string, string> = {}): Promise<number> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: frontPort,
        localAddress: from,
        method: 'POST',
        path: url,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...visitHeaders, ...extraHeaders },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the front server passes the real client address', () => {
  it('visitors coming through the site are limited as different addresses, not as one', async () => {
    const codes: number[] = [];
    // One more visitor than the limit allows one address: nobody is refused.
    for (let i = 0; i <= RATE_LIMITS.login.max; i++) codes.push(await login(`127.0.1.${i + 1}`));
    expect(codes).toEqual(Array(RATE_LIMITS.login.max + 1).fill(401));
  });

  it("a client's own X-Forwarded-For does not reset its login limit", async () => {
    const codes: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.login.max; i++) codes.push(await login('127.0.2.1', { 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(codes.slice(0, RATE_LIMITS.login.max)).toEqual(Array(RATE_LIMITS.login.max).fill(401));
    expect(codes.at(-1)).toBe(429);
  });

  it('six visitors signing up through the site are six addresses', async () => {
    const codes: number[] = [];
    // One more signup than one address may make: six people, six accounts.
    for (let i = 0; i <= RATE_LIMITS.signup.max; i++) codes.push(await post(`127.0.3.${i + 1}`, '/api/user.php?new=1', signupRequest()));
    expect(codes).toEqual(Array(RATE_LIMITS.signup.max + 1).fill(200));
  });
});
