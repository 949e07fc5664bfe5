// The production build served the way `npm start` serves it, on ports of its own (default 9279 for
// the API, 9280 for the shell, 9281–9287 for the remotes), so that a benchmark runs beside the e2e
// suite and others' servers without the port lock. Builds nothing: run `npm run build` first.
//   const stack = await startStack({ base: 9280, dataDir });  …  await stack.stop();
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REMOTES, ROOT, SHELL } from '../packages.mjs';
import { serveStatic } from '../serve.mjs';

/**
 * @param {object} o
 * @param {number} [o.base]     the shell's port; the API listens on base-1, remote i on base+1+i
 * @param {string} o.dataDir    the API's embedded database (created and seeded on first start)
 * @param {Record<string,string>} [o.roots]  folder served per package dir (default `<dir>/dist`)
 * @param {Record<string,string>} [o.env]    extra API environment
 * @param {boolean} [o.front]  the shell's front server too (default); without it the caller starts
 *   its own on `base` (the render memory benchmark, in a child process of its own)
 */
export async function startStack({ base = 9280, dataDir, roots = {}, env = {}, front = true }) {
  const apiPort = base - 1;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const remoteUrls = Object.fromEntries(REMOTES.map((r, i) => [r.name, `http://localhost:${base + 1 + i}/mf-manifest.json`]));
  const api = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: path.join(ROOT, 'api'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      REMOTE_URLS: JSON.stringify(remoteUrls),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      ...env,
    },
  });
  const servers = [];
  const root = (dir) => roots[dir] ?? path.join(ROOT, dir, 'dist');
  for (const [i, r] of REMOTES.entries()) servers.push(await serveStatic({ root: root(r.dir), port: base + 1 + i }));
  const until = Date.now() + 180_000;
  for (;;) {
    if (api.exitCode !== null) throw new Error(`the API exited (${api.exitCode})`);
    const ok = await fetch(`${apiUrl}/api/settings.php`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > until) throw new Error('the API did not start within 180 s');
    await new Promise((r) => setTimeout(r, 300));
  }
  if (front) servers.push(await serveStatic({ root: root(SHELL.dir), port: base, spa: true, apiTarget: apiUrl }));
  return {
    url: `http://localhost:${base}`,
    apiUrl,
    async stop() {
      for (const s of servers) s.close();
      api.kill('SIGTERM');
      await new Promise((r) => (api.exitCode !== null ? r() : api.once('exit', r)));
    },
  };
}

