import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REPO_ROOT } from '../src/config';
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

/** A GET to the front server; answers status and headers. */
function get(port: number, url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
      .on('error', reject);
  });
}

describe("a remote's files", () => {
  let dir: string;
  let front: { port: number; stop: () => void };
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'front-remote-'));
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'remoteEntry.js.br'), 'br');
    fs.writeFileSync(path.join(dir, 'remoteEntry.js.gz'), 'gz');
    front = await startFront({ root: dir, siteOrigins: 'http://localhost:8080' });
  }, 30_000);
  afterAll(() => {
    front?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a file with compressed variants varies by Origin and by Accept-Encoding (a shared cache keeps them apart)', async () => {
    const res = await get(front.port, '/remoteEntry.js', { origin: 'http://localhost:8080', 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    const vary = String(res.headers.vary).split(/,\s*/).map((v) => v.toLowerCase());
    expect(vary).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });
});

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
