// The shell's platform services in Chromium: service worker (offline, updates), push, locale,
// error page fragments and accessibility of the shell's pages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from './test';
import { logIn } from './helpers';
import { axe } from './screens';

const ROOT = path.resolve(__dirname, '../..');

/** Every URL in the page's Cache Storage (what the service worker keeps). */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) out.push(request.url);
    }
    return out;
  });
}

async function controlledBy(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { scope: reg.scope, script: reg.active?.scriptURL };
  });
}

test.describe('service worker', () => {
  test('registers /sw.js with scope /, and the site opens offline after one visit', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A first visit installs the worker quietly (no notice over the page: layout.spec.ts); the root says its state.
    await expect(page.locator('html')).toHaveAttribute('data-sw-state', /^(offline_ready|activated)$/, { timeout: 20_000 });
    expect(await controlledBy(page)).toEqual({ scope: 'http://localhost:8080/', script: 'http://localhost:8080/sw.js' });

    // Remote chunks loaded under the worker are cached; manifests, entries and API answers never.
    await page.getByRole('link', { name: 'Premium' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Premium/ })).toBeVisible();
    await expect.poll(async () => (await cachedUrls(page)).some((u) => u.startsWith('http://localhost:8085/'))).toBe(true);
    const cached = await cachedUrls(page);
    expect(cached.filter((u) => /mf-manifest\.json|remoteEntry\.js|\/api\//.test(u))).toEqual([]);
    expect(cached.some((u) => u.startsWith('http://localhost:8080/index.html'))).toBe(true);

    await context.setOffline(true);
    try {
      await page.reload();
      // The precached shell answers instead of the browser's error page, and says what is going on.
      await expect(page.getByRole('link', { name: /Amora/ })).toBeVisible();
      await expect(page.getByText(/You are offline/)).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      // A deep link works too; the remote that cannot load says so in the content area.
      await page.goto('/pages/faq');
      await expect(page.getByText(/You are offline/)).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test.describe('a new build of the shell', () => {
    // A second shell server whose root is a symbolic link: swapping the link deploys another build.
    const PORT = 8096;
    const V2 = path.join(ROOT, 'shell', 'dist-sw-v2');
    let tmp = '';
    let server: { close(): void } | undefined;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      const built = spawnSync(path.join(ROOT, 'node_modules/.bin/rspack'), ['build', '--mode', 'production'], {
        cwd: path.join(ROOT, 'shell'),
        env: { ...process.env, BUILD_LABEL: 'sw-v2', OUT_DIR: V2 },
        stdio: 'ignore',
      });
      if (built.status !== 0) throw new Error('second shell build failed');
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-builds-'));
      fs.symlinkSync(path.join(ROOT, 'shell', 'dist'), path.join(tmp, 'current'));
      const { serveStatic } = await import(pathToFileURL(path.join(ROOT, 'scripts/serve.mjs')).href);
      server = await serveStatic({ root: path.join(tmp, 'current'), port: PORT, spa: true, apiTarget: 'http://127.0.0.1:8079' });
    });

    test.afterAll(() => {
      server?.close();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    });

    test('is offered to the member and, once taken, reloads the page exactly once', async ({ page }) => {
      await page.goto(`http://localhost:${PORT}/`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await controlledBy(page);
      await expect(page.locator('html')).not.toHaveAttribute('data-build', 'sw-v2');

      let loads = 0;
      page.on('load', () => loads++);
      // What the page said (the registration's warnings and errors), for the failure message.
      const said: string[] = [];
      page.on('console', (msg) => said.push(`${msg.type()}: ${msg.text()}`));
      // Deploy: the server now serves the second build.
      fs.symlinkSync(V2, path.join(tmp, 'next'));
      fs.renameSync(path.join(tmp, 'next'), path.join(tmp, 'current'));
      // The browser's own update check (it also runs on navigations and when the page comes back into view).
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

      const offer = page.getByRole('status').filter({ hasText: 'A new version of Amora is available.' });
      await expect(offer).toBeVisible();
      expect(loads).toBe(0);
      await offer.getByRole('button', { name: 'Reload' }).click();
      // The waiting worker activates, takes control, and the page reloads from the new build: on a
      // busy machine (two journeys and their browsers on two cores) that took more than 10 s once.
      await expect(page.locator('html'))
        .toHaveAttribute('data-build', 'sw-v2', { timeout: 30_000 })
        .catch((error: Error) => {
          throw new Error(`${error.message}\nWhat the page said:\n${said.join('\n')}`);
        });
      await expect(page.getByRole('status').filter({ hasText: 'Updated to the latest version.' })).toBeVisible();
      await page.waitForTimeout(2500);
      expect(loads).toBe(1);
    });
  });
});

test('push: a member turns notifications on and the subscription reaches the API', async ({ page, context, browserName }) => {
  await context.grantPermissions(['notifications'], { origin: 'http://localhost:8080' });
  await page.goto('/');
  await controlledBy(page);
  // Headless Chromium here has no push service to register with (it would need the network of a
  // browser vendor). Only that registration is stood in for: the page still asks the real
  // permission, gets the site's VAPID key and posts what pushManager.subscribe() returns.
  const real = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const attempt = reg.pushManager
      .subscribe({ userVisibleOnly: true, applicationServerKey: new Uint8Array([4, ...new Array(64).fill(1)]) })
      .then(async (sub) => (await sub.unsubscribe(), true), () => false);
    // Without a reachable push service the registration may also never settle.
    return Promise.race([attempt, new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
  });
  if (!real) {
    await context.addInitScript(() => {
      let current: PushSubscription | null = null;
      const make = (key: BufferSource) => {
        const endpoint = 'https://push.example.test/send/e2e-' + Math.random().toString(36).slice(2);
        const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };
        return {
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: key instanceof ArrayBuffer ? key : (key as Uint8Array).buffer, userVisibleOnly: true },
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => ((current = null), true),
        } as unknown as PushSubscription;
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        if (Notification.permission !== 'granted') throw new DOMException('permission denied', 'NotAllowedError');
        current = make(options!.applicationServerKey as BufferSource);
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    });
  }
  test.info().annotations.push({ type: 'push service', description: real ? `real (${browserName})` : 'stood in (no push service reachable)' });

  await logIn(page);
  const settings = await (await page.request.get('/api/settings.php')).json();
  expect(settings.settings.push_pub).toMatch(/^[A-Za-z0-9_-]{80,}$/);

  const turnOn = page.getByRole('button', { name: 'Turn on push notifications' });
  await expect(turnOn).toHaveAttribute('aria-pressed', 'false');
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/user.php?push=1') && r.request().method() === 'POST');
  await turnOn.click();
  const answer = await posted;
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ subscribed: true });
  const sent = answer.request().postDataJSON();
  const inBrowser = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.toJSON());
  expect(sent).toEqual(expect.objectContaining({ endpoint: inBrowser?.endpoint, keys: inBrowser?.keys }));
  const on = page.getByRole('button', { name: 'Push notifications are on' });
  await expect(on).toHaveAttribute('aria-pressed', 'true');

  // Turning it off asks first, in the shell's modal: focus inside, Escape closes, focus returns.
  await on.click();
  const dialog = page.getByRole('dialog', { name: 'Turn off push notifications?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Turn off' })).toBeFocused();
  expect(await axe(page, { include: '[role="dialog"]' })).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(on).toBeFocused();
  await expect(on).toHaveAttribute('aria-pressed', 'true');
});

test('popovers: the bell\'s tooltip shows 6 px below it, inside the window, and Escape hides it', async ({ page }) => {
  await logIn(page);
  const bell = page.locator('header button[aria-label]').filter({ has: page.locator('svg') }).first();
  const name = await bell.getAttribute('aria-label');
  await bell.hover();
  const tip = page.getByRole('tooltip');
  await expect(tip).toHaveText(name!);
  // Shown only once placed: never seen in the window's corner while its positioning code loads.
  await expect(tip).toBeVisible();
  const anchor = (await bell.boundingBox())!;
  const box = (await tip.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.round(box.y - (anchor.y + anchor.height)), 'tooltip offset (spec §9)').toBe(6);
  expect(box.x).toBeGreaterThanOrEqual(4);
  expect(box.x + box.width).toBeLessThanOrEqual(width - 4);
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
});

test.describe('locale', () => {
  test('switching language re-renders the shell and every visible remote, sets <html lang>, and survives a reload', async ({ page }) => {
    await page.goto('/no/such/page');
    const fragment = page.getByRole('region', { name: 'Sign up for free' });
    await expect(fragment.locator('[data-remote]')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const before = await fragment.innerText();
    let loads = 0;
    page.on('load', () => loads++);

    await page.getByLabel('Language').selectOption('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    const region = page.getByRole('region', { name: 'Kostenlos registrieren' });
    await expect.poll(() => region.innerText()).not.toBe(before);
    expect(loads).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/no/such/page');

    await page.goto('/');
    const home = page.locator('[data-remote="mf_search"]').getByRole('heading', { level: 1 });
    await expect(home).toBeVisible();
    const germanHome = await home.innerText();
    await page.getByLabel('Sprache').selectOption('en');
    await expect.poll(() => home.innerText()).not.toBe(germanHome);
    await page.getByLabel('Language').selectOption('de');
    await expect.poll(() => home.innerText()).toBe(germanHome);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('de');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  });
});

test.describe('error page', () => {
  test('a visitor sees the status, the message and the signup form', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Error 404')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    const form = page.getByRole('region', { name: 'Sign up for free' });
    await expect(form.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Members you may like' })).toHaveCount(0);
  });

  test('a member sees the members grid instead', async ({ page }) => {
    await logIn(page);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    const grid = page.getByRole('region', { name: 'Members you may like' });
    await expect(grid.locator('[data-remote]')).toBeVisible();
    await expect(grid.getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sign up for free' })).toHaveCount(0);
  });

  test('a bot sees neither', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    const page = await context.newPage();
    await page.goto('http://localhost:8080/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('region', { name: /Sign up for free|Members you may like/ })).toHaveCount(0);
    await context.close();
  });
});

