import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './test';

const ROOT = path.resolve(__dirname, '../..');
const PORT = 8095;
let harness: ChildProcess;

test.beforeAll(async () => {
  // The team's own command (npm start -w mf-commerce), on a spare port, against the running API.
  harness = spawn(process.execPath, ['scripts/standalone.mjs', 'mf-commerce'], {
    cwd: ROOT,
    env: { ...process.env, STANDALONE_PORT: String(PORT), API_URL: 'http://127.0.0.1:8079' },
    stdio: 'ignore',
  });
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://localhost:${PORT}/mf-manifest.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('standalone harness did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(() => {
  harness?.kill('SIGTERM');
});

test('a remote runs alone in its harness, through the same contract, against the API', async ({ page }) => {
  await page.goto(`http://localhost:${PORT}/`);
  await expect(page.getByText('mf-commerce harness')).toBeVisible();
  await page.getByLabel('View').selectOption({ label: 'pricing' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Locale').selectOption('de');
  await expect(page.locator('[data-remote="mf_commerce"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
});
