// npm start -w <remote>: the remote alone, in its standalone harness, against the real API.
// Uses a running API (API_URL, default http://127.0.0.1:8079) or starts one.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build, isBuilt } from './build.mjs';
import { API_PORT, REMOTES, ROOT } from './packages.mjs';
import { serveStatic } from './serve.mjs';

const dir = process.argv[2];
const remote = REMOTES.find((r) => r.dir === dir);
if (!remote) {
  console.error(`usage: node scripts/standalone.mjs <${REMOTES.map((r) => r.dir).join('|')}>`);
  process.exit(2);
}
const apiUrl = process.env.API_URL || `http://127.0.0.1:${API_PORT}`;
const alive = async () => {
  try {
    return (await fetch(`${apiUrl}/api/settings.php`)).ok;
  } catch {
    return false;
  }
};

let api = null;
if (!(await alive())) {
  console.log(`[standalone] no API at ${apiUrl}; starting one`);
  api = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: path.join(ROOT, 'api'),
    stdio: 'inherit',
    env: { ...process.env, PORT: String(new URL(apiUrl).port) },
  });
  const until = Date.now() + 60000;
  while (!(await alive())) {
    if (Date.now() > until) throw new Error('API did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}
if (!isBuilt(remote.dir)) build([remote.dir]);
const port = Number(process.env.STANDALONE_PORT || remote.port);
const server = await serveStatic({ root: path.join(ROOT, remote.dir, 'dist'), port, spa: true, apiTarget: apiUrl });
console.log(`[standalone] ${remote.dir} harness: http://localhost:${port}/  (Ctrl-C stops)`);
const stop = () => {
  server.close();
  api?.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
