import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { base } from '../playwright.base';

// The development mode smoke test: `npm run dev` (every package on its rspack dev server with HMR,
// the API under tsx watch), as a developer starts it from the README. Its own database; the same
// ports as `npm start` (8079–8086, 8088), so it never runs beside the e2e suite. Playwright stops the
// whole process group at the end, which frees the ports.
const root = path.resolve(__dirname, '..', '..');
// A fresh database each run, in one place (the previous run's is removed first). Playwright loads
// this file again in every worker process, after the API has opened the database: only the runner
// (the first load, which the workers inherit the marker from) may remove it, or the worker deletes
// the running API's files and its queries fail with "could not open file base/…".
const dataDir = path.join(os.tmpdir(), 'dating-dev-smoke-data');
if (!process.env.DEV_SMOKE_DATA_CLEARED) {
  rmSync(dataDir, { recursive: true, force: true });
  process.env.DEV_SMOKE_DATA_CLEARED = '1';
}

export default defineConfig({
  ...base,
  testDir: '.',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  webServer: {
    command: 'node scripts/start.mjs --dev',
    cwd: root,
    // The shell's dev server answers once it has compiled and the API behind it is up; the test
    // waits for the remotes' manifests itself.
    url: 'http://localhost:8080/api/settings.php',
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: { DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', DEMO_MEMBERS: '40', DEMO_PHOTOS: 'off', RATE_LIMITS: 'off' },
  },
});
