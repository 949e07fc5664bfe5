import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page, type Route } from './test';
import { REMOTE_ORIGINS } from './helpers';

// One test per way a remote can fail. Each shows the shell's localized fallback with Retry inside
// the content area while the header, navigation and other remotes keep working. Routes are set on
// the browser context so that they also see what the service worker fetches.

const fallback = (page: Page) => page.getByRole('alert').filter({ hasText: 'could not be loaded' });

async function expectShellWorks(page: Page) {
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.getByRole('link', { name: 'Premium' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /Premium/ })).toBeVisible();
}

test.describe('failure stays local', () => {
  test('a blocked remote origin shows a fallback with Retry; navigation and other remotes work', async ({ page }) => {
    let blocked = true;
    await page.route(`${REMOTE_ORIGINS.mf_landers}/**`, (route) => (blocked ? route.abort() : route.continue()));
    await page.goto('/pages/faq');
    await expect(fallback(page)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    await page.getByRole('link', { name: 'Premium' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Premium/ })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    blocked = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Frequently asked questions|FAQ/i })).toBeVisible();
  });

  test('a manifest answering 404 shows the localized fallback in the visitor\'s language', async ({ page, context }) => {
    await context.addCookies([{ name: 'locale', value: 'de', url: 'http://localhost:8080' }]);
    await context.route(`${REMOTE_ORIGINS.mf_commerce}/mf-manifest.json`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/pricing');
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    await expect(page.getByText('Dieser Teil der Seite konnte nicht geladen werden')).toBeVisible();
  });

  test('a view that throws while rendering is replaced by the fallback; the page keeps working', async ({ page, context }) => {
    const uncaught: Error[] = [];
    page.on('pageerror', (error) => uncaught.push(error));
    // The remote's code, changed on the way so that every element <h1> it renders throws.
    // Read from the build the remote's server serves (route.fetch of these files could hang until
    // the test ended on this machine).
    await context.route(`${REMOTE_ORIGINS.mf_landers}/*.js`, async (route) => {
      const file = path.join(__dirname, '../../mf-landers/dist', path.basename(new URL(route.request().url()).pathname));
      const text = await readFile(file, 'utf8').catch(() => null);
      if (text === null) return route.continue();
      const body = text.replace(/(["'])h1\1/g, '(()=>{throw new Error("e2e: this view throws")})()');
      await route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', headers: { 'access-control-allow-origin': '*' }, body });
    });
    await page.goto('/pages/faq');
    await expect(fallback(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The only h1 left is the fallback's own (a failed view's fallback is the page's heading).
    await expect(page.locator('[data-remote="mf_landers"] h1')).toHaveCount(1);
    await expect(fallback(page).getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(uncaught, 'nothing escapes the content area').toEqual([]);
    await expectShellWorks(page);
  });

  test('a remote that does not answer: skeleton at once, "still loading", then the fallback; Retry loads it', async ({ page, context }) => {
    let hanging = true;
    const held: Route[] = [];
    await context.route(`${REMOTE_ORIGINS.mf_commerce}/mf-manifest.json`, (route) => (hanging ? void held.push(route) : route.continue()));
    await page.goto('/premium');
    const loading = page.locator('[data-remote="mf_commerce"][aria-busy="true"]');
    await expect(loading).toBeVisible();
    await expect(page.getByText(/Still loading/)).toBeHidden();
    await expect(loading.getByRole('status')).toHaveText('Still loading… this part of the page is taking longer than usual.');
    await expect(fallback(page)).toBeVisible({ timeout: 15_000 });
    await expect(loading).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    // Retry asks anew while the first request still hangs.
    hanging = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Premium/ })).toBeVisible();
    expect(held.length, 'the first manifest request was held').toBeGreaterThan(0);
  });

  test('the remote registry down at start-up: fallback, and Retry reads the registry again', async ({ page, context }) => {
    let down = true;
    let asked = 0;
    await context.route('**/api/remotes.php', (route) => {
      asked++;
      return down ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' }) : route.continue();
    });
    // The front server puts the registry into the page; when the API did not give it, the page
    // comes without it (scripts/serve/inject.mjs) and the shell asks remotes.php itself. A page the
    // test hands over has no server address, so Chromium's local network access rule would treat
    // it as public and refuse the remotes on localhost: the test grants that permission.
    await context.grantPermissions(['local-network-access']);
    await page.route('**/pages/faq', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        /(<script type="application\/json" id="shell-start">)(.*?)(<\/script>)/,
        (_all, open: string, json: string, close: string) => {
          const { registry: _left, ...state } = JSON.parse(json) as Record<string, unknown>;
          return open + JSON.stringify(state).replace(/</g, '\\u003c') + close;
        },
      );
      await route.fulfill({ status: response.status(), contentType: 'text/html; charset=utf-8', body });
    });
    await page.goto('/pages/faq');
    await expect(fallback(page)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    const whileDown = asked;

    down = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Frequently asked questions|FAQ/i })).toBeVisible();
    expect(asked, 'Retry asked the registry again').toBeGreaterThan(whileDown);
    // Later routes use the registry read by Retry, with no reload.
    await page.getByRole('link', { name: 'Premium' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Premium/ })).toBeVisible();
  });

  test('a remote whose catalog chunk fails is retried, then shows the localized fallback, not English', async ({ page, context }) => {
    await context.addCookies([{ name: 'locale', value: 'de', url: 'http://localhost:8080' }]);
    let down = true;
    let tries = 0;
    await context.route(new RegExp(`^${REMOTE_ORIGINS.mf_landers}/src_i18n_de_json\\.[0-9a-f]+\\.js$`), (route) => {
      tries++;
      return down ? route.abort() : route.continue();
    });
    await page.goto('/pages/faq');
    await expect(page.getByText('Dieser Teil der Seite konnte nicht geladen werden')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toHaveCount(0);
    expect(tries, 'the catalog chunk was fetched again before giving up').toBeGreaterThan(1);

    down = false;
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.locator('[data-remote="mf_landers"]').getByRole('heading', { level: 1, name: /^Häufig/ })).toBeVisible();
  });
});
