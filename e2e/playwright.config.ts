import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { base } from './playwright.base';

// One fresh database per run; workers inherit the variable from the runner. The runner removes it
// when it exits after a passing run (the servers have stopped by then); a failed run's stays, to look into.
if (!process.env.E2E_DATA_DIR) {
  const dir = path.join(os.tmpdir(), `dating-e2e-${Date.now()}`);
  process.env.E2E_DATA_DIR = dir;
  process.on('exit', (code) => {
    if (code === 0) rmSync(dir, { recursive: true, force: true });
  });
}
const root = path.resolve(__dirname, '..');
/** e2e/smtp-sink.mjs: the SMTP server the API sends to, and where journeys read the mail. */
export const SMTP_URL = 'smtp://127.0.0.1:8025';
export const SMTP_SINK_URL = 'http://127.0.0.1:8026';

/**
 * Journeys that change what every visitor of a site gets (its settings, the remotes' registry, the
 * prices, site-run profiles), count what every journey adds (the dashboards' signups) or compare
 * screens with baselines: one at a time, after the others.
 * Every other journey makes its own members and runs beside another (E2E_WORKERS, default 2).
 */
const ONE_AT_A_TIME = /\/(backoffice-sites|backoffice-prices|backoffice-dashboards|registry|security|site-run|visual|layout)\.spec\.ts$/;
/** A command that names spec files runs just those, without the whole 'journeys' project first. */
const namesFiles = process.argv.some((a) => /\.spec\.ts(:\d+)*$/.test(a));

export default defineConfig({
  ...base,
  testDir: './tests',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Screenshot baselines are named without the project: a spec keeps its baselines whichever project runs it.
  snapshotPathTemplate: '{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-snapshotSuffix}{ext}',
  projects: [
    { name: 'journeys', testIgnore: ONE_AT_A_TIME },
    { name: 'site-wide', testMatch: ONE_AT_A_TIME, workers: 1, dependencies: namesFiles ? [] : ['journeys'] },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The second builds of mf-landers start first and build while the site starts (the API's first
  // start migrates and seeds on one core, the builds use the other): its server is let go at once
  // (`wait` for its first line), and e2e/second-build-ready.ts waits for :8087 and :8089 before
  // any journey runs. Started one after the other, the two waits added up.
  globalSetup: './second-build-ready.ts',
  webServer: [
    {
      // Second builds of one remote, for the registry version switch and the contract's versions.
      command: 'node e2e/serve-second-build.mjs',
      cwd: root,
      wait: { stdout: /second builds of mf-landers: starting/ },
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: 'node scripts/start.mjs',
      cwd: root,
      url: 'http://localhost:8080/api/settings.php',
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      // Mail goes over real SMTP to e2e/smtp-sink.mjs and is listed in the API's development mailbox.
      // RATE_LIMITS off: every journey comes from 127.0.0.1 (api/src/http/ratelimit.ts).
      // PUSH_HOSTS: the journeys' browser subscribes with a stand-in push service (shell.spec.ts).
      // DEMO_PHOTOS=first: the demo members of the first search pages get their photos before the
      // site answers, the other ~2,600 none (their encoding in the background took ~200 s of CPU
      // from the journeys).
      // Public pages arrive rendered in Node and hydrate, as visitors get them (scripts/serve/render.mjs),
      // each render kept 5 s instead of a minute (RENDER_TTL_MS): a journey that changes what a public
      // page shows sees it within seconds.
      env: { DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: 'development', LOG_LEVEL: 'warn', DEMO_PHOTOS: 'first', SMTP_URL, RATE_LIMITS: 'off', PUSH_HOSTS: 'default,push.example.test', RENDER_TTL_MS: '5000' },
    },
    {
      // Where the API's mail arrives (SMTP 8025); journeys read it at SMTP_SINK_URL (8026).
      command: 'node e2e/smtp-sink.mjs',
      cwd: root,
      url: `${SMTP_SINK_URL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
  ],
});
