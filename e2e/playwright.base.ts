import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * What every Playwright run of this repo shares (the journeys in e2e/tests, the dev-mode smoke test
 * in e2e/dev): one worker in order unless a config says otherwise (the site's fixed ports and one
 * database; the journeys' config runs two), Debian's Chromium, the site at http://localhost:8080,
 * English. Each config adds its tests, timeouts and servers.
 */
export const base = {
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
} satisfies PlaywrightTestConfig;
