/**
 * Opening a conversation of 10,000 messages: how long until the newest messages are painted, in a
 * real browser (Debian Chromium through Playwright) on the real site (`npm start`: the shell, the
 * remotes and the API on its embedded database), measured inside the page:
 *   - cold: a fresh page load of /chats/{id}, from navigation start to the frame after the newest
 *     message is in the page (shell, remote code, catalog, history call, render);
 *   - in the app: from a click on the conversation in /chats to that frame (what a member does).
 * Also the API's share: GET messages.php for the newest page, as the view asks for it.
 * A script that prints figures (p50 and max of RUNS runs), not a test: nothing is asserted. The
 * site runs on ports of its own (scripts/bench/stack.mjs: shell 9380, API 9379, remotes 9381–9386),
 * beside `npm start` and the e2e suite.
 *
 *   npm run build                          # once: the production build it serves
 *   npx tsx api/bench/chat-first-paint.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { loadConfig } from '../src/config';
import { migrate, openDb } from '../src/db';
import { seed } from '../src/seed';
import { addMember, openConversation, PASSWORD } from '../test/social-helpers';
import { fillConversation } from './chat-data';

const LONG = 10_000;
const RUNS = 5;
const BASE = Number(process.env.BENCH_PORT ?? 9380);
const NEWEST = `message number ${LONG}`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (xs: number[]) => `p50 ${median(xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;

/**
 * In the page, from its start: the time of the frame after the newest message is in the history.
 * A string, not a function: tsx's transform would put helpers into a function that the page lacks.
 */
const watchForNewest = (newest: string) => `(() => {
  const check = () => {
    if (window.__painted !== undefined) return;
    // The conversation's history (a page may have other live logs).
    const logs = [...document.querySelectorAll('[role=log]')];
    if (logs.some((log) => (log.textContent || '').includes(${JSON.stringify(newest)}))) {
      requestAnimationFrame(() => {
        if (window.__painted === undefined) window.__painted = performance.now();
      });
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

async function paintedAt(page: Page): Promise<number> {
  try {
    await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted !== undefined, null, { timeout: 60_000 });
  } catch (error) {
    console.error(`the newest message did not show on ${page.url()}:`, (await page.locator('body').innerText()).slice(0, 500));
    throw error;
  }
  return page.evaluate(() => (window as unknown as { __painted: number }).__painted);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-first-paint-'));
  // The data first, straight into the database the site then opens.
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development', DEMO: 'off' });
  const db = await openDb(config, () => undefined);
  await migrate(db);
  await seed(db, config);
  const reader = await addMember(db, { name: 'Reader', credits: 0 });
  const other = await addMember(db, { name: 'Writer' });
  const { id } = await openConversation(db, reader.id, other.id);
  await fillConversation(db, id, reader.id, other.id, LONG);
  await db.close();

  // An ES module with top-level await below it: imported, never required.
  const { startStack } = await import('../../scripts/bench/stack.mjs');
  const stack = await startStack({ base: BASE, dataDir, env: { DEMO: 'off' } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ baseURL: stack.url, locale: 'en-US', viewport: { width: 390, height: 844 } });
    await context.addInitScript(watchForNewest(NEWEST));
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(reader.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');

    const api: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const t0 = performance.now();
      const res = await context.request.get(`/api/messages.php?conversation=${id}&limit=50`, { headers: { 'x-original-host': 'localhost' } });
      if (!res.ok()) throw new Error(`messages.php: ${res.status()}`);
      await res.body();
      if (i > 0) api.push(performance.now() - t0);
    }

    const cold: number[] = [];
    const inApp: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      await page.goto(`/chats/${id}`);
      const at = await paintedAt(page);
      if (i > 0) cold.push(at); // the first load fills the browser's cache
      await page.goto('/chats');
      const row = page.getByRole('link', { name: /Writer/ }).first();
      await row.waitFor();
      const start = await page.evaluate(() => {
        delete (window as unknown as { __painted?: number }).__painted;
        return performance.now();
      });
      await row.click();
      inApp.push((await paintedAt(page)) - start);
    }
    const load = os.loadavg().map((l) => l.toFixed(2)).join(', ');
    console.log(`conversation of ${LONG.toLocaleString('en')} messages (PGlite, Chromium, ${RUNS} runs, load average ${load}):`);
    console.log(`  newest page from the API (GET messages.php, limit 50): ${fmt(api)}`);
    console.log(`  cold page load of /chats/{id} → newest messages painted: ${fmt(cold)}`);
    console.log(`  click in /chats → newest messages painted:             ${fmt(inApp)}`);
    await context.close();
  } finally {
    await browser.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
