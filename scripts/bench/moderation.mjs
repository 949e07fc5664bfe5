// Moderator throughput in a real browser: photos queued by real members (signup and upload calls),
// decided in the back office with the keyboard (A approves), and per decision the time the
// interface adds: from the key press to the next item on screen with its photo loaded. Prints the
// median, p90 and worst of each run, the median of the runs' medians, and the load average.
//   node scripts/bench/moderation.mjs            (RUNS=3 runs of DECISIONS=100; `npm run build` first)
// Starts its own servers (scripts/bench/stack.mjs, ports 9379–9387) and database in a temp folder;
// run it inside a private network namespace like the e2e suite.
/* global document, window, requestAnimationFrame -- install() and the evaluate callbacks run in the page */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, request as playwrightRequest } from '@playwright/test';
import { ROOT } from '../packages.mjs';
import { startStack } from './stack.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const DECISIONS = Number(process.env.DECISIONS ?? 100);
const PER_MEMBER = 20; // the API's most photos per member (MAX_IMAGES_PER_MEMBER)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PHOTO = readFileSync(path.join(ROOT, 'e2e/fixtures/photo.png'));
const OPERATOR = { email: 'operator@example.com', password: 'operator1234' };

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** A member who signs up and uploads `photos` photos: each photo enters the site's moderation queue. */
async function memberWithPhotos(url, i, photos) {
  const ctx = await playwrightRequest.newContext({ baseURL: url });
  await ctx.get('/api/settings.php');
  // The CSRF cookie changes with the session (signup starts one): read it before every call.
  const h = async () => ({ 'x-csrf-token': (await ctx.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '', 'x-package': 'bench' });
  const email = `bench-mod-${Date.now()}-${i}@example.com`;
  const created = await ctx.post('/api/user.php?new=1', {
    headers: await h(),
    data: { email, name: 'Bench', password: 'bench-password-1', language: 'en', country: 'NL', timezone: 'Europe/Amsterdam', adult: true },
  });
  if (!created.ok()) throw new Error(`signup: ${created.status()} ${await created.text()}`);
  for (let p = 0; p < photos; p++) {
    const res = await ctx.post('/api/profileimage.php', { headers: await h(), multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: PHOTO } } });
    if (!res.ok()) throw new Error(`upload: ${res.status()} ${await res.text()}`);
  }
  await ctx.dispose();
}

/** In the page: after a key press, resolves with the ms until the next item (and its photo) is on screen. */
function install() {
  window.__presses = 0;
  document.addEventListener(
    'keydown',
    () => {
      window.__keyAt = performance.now();
      window.__presses += 1;
    },
    true,
  );
  // `presses`: the count before the key was sent (the key may arrive before this call runs).
  window.__nextItem = (prev, presses) =>
    new Promise((resolve) => {
      const tick = () => {
        const a = document.querySelector('article[data-item]');
        const img = a?.querySelector('img[data-testid="moderation-photo"]');
        const pressed = window.__presses > presses;
        if (pressed && a && a.dataset.item !== prev && (!img || (img.complete && img.naturalWidth > 0))) resolve(performance.now() - window.__keyAt);
        else requestAnimationFrame(tick);
      };
      tick();
    });
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-moderation-'));
const stack = await startStack({ base: 9380, dataDir, env: { DEMO_MEMBERS: '0', DEMO_PHOTOS: 'off' } });
const browser = await chromium.launch({ executablePath: CHROMIUM });
try {
  const members = Math.ceil((RUNS * DECISIONS + 5) / PER_MEMBER);
  const seedStart = Date.now();
  for (let i = 0; i < members; i++) await memberWithPhotos(stack.url, i, PER_MEMBER);
  console.log(`queued ${members * PER_MEMBER} photos of ${members} members in ${((Date.now() - seedStart) / 1000).toFixed(0)} s`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${stack.url}/backoffice/login`);
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 2, name: /Welcome/ }).waitFor();
  await page.goto(`${stack.url}/backoffice/moderation`);
  await page.waitForSelector('article[data-item]');
  await page.evaluate(install);

  const medians = [];
  for (let run = 1; run <= RUNS; run++) {
    const times = [];
    while (times.length < DECISIONS) {
      const item = page.locator('article[data-item]');
      const prev = await item.getAttribute('data-item');
      const photo = (await item.locator('img[data-testid="moderation-photo"]').count()) > 0;
      const presses = await page.evaluate(() => window.__presses);
      const next = page.evaluate(([p, n]) => window.__nextItem(p, n), [prev, presses]);
      await page.keyboard.press('a');
      const ms = await Promise.race([next, new Promise((_, reject) => setTimeout(() => reject(new Error(`no next item within 20 s after item ${prev}`)), 20_000))]);
      if (photo) times.push(ms); // the members' names queue too; only photo decisions count
    }
    medians.push(median(times));
    console.log(
      `run ${run}: ${DECISIONS} decisions, key to next item loaded: median ${median(times).toFixed(1)} ms, p90 ${pct(times, 0.9).toFixed(1)} ms, worst ${Math.max(...times).toFixed(1)} ms (load ${load()})`,
    );
  }
  console.log(`median of ${RUNS} runs: ${median(medians).toFixed(1)} ms per decision (target ≤ 300 ms); load average ${load()}`);
  await context.close();
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
