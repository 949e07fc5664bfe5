import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh database per run; workers inherit the variable from the runner.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `dating-e2e-${Date.now()}`);
export const ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token';
const root = path.resolve(__dirname, '..');

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: (process.env.PW_REPORTERS ?? 'list').split(',').map((r) => [r] as [string]),
  use: {
    baseURL: 'http://localhost:8080',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
    },
    trace: 'off',
    locale: 'en-US',
  },
  webServer: [
    {
      command: 'node scripts/start.mjs',
      cwd: root,
      url: 'http://localhost:8080/api/settings.php',
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { DATA_DIR: process.env.E2E_DATA_DIR, ADMIN_TOKEN, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    },
    {
      // A second build of one remote, for the registry version switch.
      command: 'node e2e/serve-second-build.mjs',
      cwd: root,
      url: 'http://localhost:8087/mf-manifest.json',
      timeout: 240_000,
      reuseExistingServer: false,
    },
  ],
});
