// Sites and remote versions kept in the back office: an admin makes the site invite-only in
// /backoffice/site and the signup page says so on the next load; in /backoffice/remotes a canary
// of mf_landers at 50 % (its second build on :8087) serves both versions to different visitors,
// each keeping theirs, both versions' loads reach the screen, and rolling the canary back returns
// everyone to the old version. axe on both screens at the desk sizes.
import { expect, test, type Browser, type Page } from './test';
import { auditDesk as audit, DESK_SIZES, DEV_OPERATOR, devOperatorApi, headers, SITES } from './screens';

const { desktop: DESKTOP } = DESK_SIZES;
const ORIGIN = SITES.amora.origin;
const V1 = 'http://localhost:8086/mf-manifest.json';
const V2 = 'http://localhost:8087/mf-manifest.json';

async function signIn(page: Page, screen: 'Site' | 'Versions') {
  await page.setViewportSize(DESKTOP);
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(DEV_OPERATOR.email);
  await page.getByLabel('Password').fill(DEV_OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: screen, exact: true }).click();
}

/** The build of mf_landers a page shows (`v2` for the second build, '' for the first). */
async function landersBuild(page: Page): Promise<string> {
  const view = page.locator('[data-remote="mf_landers"]');
  await expect(view).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return (await view.getAttribute('data-build')) ?? '';
}

async function visitors(browser: Browser, n: number) {
  return Promise.all(Array.from({ length: n }, async () => {
    const context = await browser.newContext({ baseURL: ORIGIN, locale: 'en-US' });
    return { context, page: await context.newPage() };
  }));
}

test.describe('sites and remote versions in the back office', () => {
  test('an admin makes the site invite-only: the next load of the signup page says so; put back, signups are open again', async ({ page, browser, playwright }) => {
    test.slow();
    const admin = await devOperatorApi(await playwright.request.newContext());
    const before = await (await admin.get(`${ORIGIN}/api/operator/site_settings.php`, { headers: await headers(admin) })).json();
    const visitor = await browser.newContext({ baseURL: ORIGIN, locale: 'en-US' });
    const signup = await visitor.newPage();
    try {
      await signup.goto('/signup');
      await expect(signup.getByLabel('Email')).toBeVisible();

      await signIn(page, 'Site');
      const form = page.getByRole('form', { name: 'Site and flags' });
      await expect(form.getByRole('radio', { name: 'Every visitor' })).toBeChecked();
      expect(await audit(page, 'site')).toEqual([]);
      await form.getByRole('radio', { name: /invite only/ }).check();
      await form.getByRole('button', { name: 'Save site' }).click();
      await expect(page.getByText('Saved. Visitors see it on their next page load.')).toBeVisible();

      await signup.reload();
      await expect(signup.getByText('Signing up for this site is by invitation only.')).toBeVisible();
      await expect(signup.getByLabel('Email')).toHaveCount(0);

      // The audit log has the change.
      const log = await (await admin.get(`${ORIGIN}/api/operator/audit.php?action=site.update`, { headers: await headers(admin) })).json();
      expect(log.entries[0]).toMatchObject({ site: 'amora', after: { signups: 'other' } });
    } finally {
      const now = await (await admin.get(`${ORIGIN}/api/operator/site_settings.php`, { headers: await headers(admin) })).json();
      const res = await admin.put(`${ORIGIN}/api/operator/site_settings.php`, { headers: await headers(admin), data: { site: before.site, updated_at: now.updated_at } });
      expect(res.status(), await res.text()).toBe(200);
    }
    await signup.reload();
    await expect(signup.getByLabel('Email')).toBeVisible();
    await visitor.close();
  });

  test('a canary at 50 % serves both versions to different visitors, each keeps theirs, and a rollback returns everyone to the old version', async ({ page, browser, playwright }) => {
    test.slow();
    const admin = await devOperatorApi(await playwright.request.newContext());
    await signIn(page, 'Versions');
    const panel = page.getByRole('region', { name: 'mf_landers' });
    await expect(panel.getByRole('definition')).toHaveText(V1);
    const people = await visitors(browser, 12);
    try {
      const form = panel.getByRole('form', { name: 'New version of mf_landers' });
      await form.getByLabel('Manifest address (mf-manifest.json)').fill(V2);
      await form.getByLabel('Share of visitors (percent)').fill('50');
      await form.getByRole('button', { name: 'Start canary' }).click();
      await expect(panel.getByText(/Canary: 50 % of visitors/)).toBeVisible();
      expect(await audit(page, 'remotes')).toEqual([]);

      // Twelve visitors: both builds are served; each visitor gets the same one on the next load.
      const first: string[] = [];
      for (const p of people) {
        await p.page.goto('/pages/faq');
        first.push(await landersBuild(p.page));
      }
      expect(new Set(first)).toEqual(new Set(['', 'v2']));
      for (const [i, p] of people.entries()) {
        await p.page.reload();
        expect(await landersBuild(p.page)).toBe(first[i]);
      }
      // What their browsers reported reaches the screen: loads of both versions, side by side.
      await expect
        .poll(async () => {
          const registry = await (await admin.get(`${ORIGIN}/api/operator/registry.php`, { headers: await headers(admin) })).json();
          const landers = registry.remotes.find((r: { remote: string }) => r.remote === 'mf_landers');
          return landers.stats.map((s: { loads: number }) => s.loads > 0);
        }, { timeout: 15_000 })
        .toEqual([true, true]);
      await page.reload();
      const figures = page.getByRole('region', { name: 'mf_landers' }).getByRole('table', { name: /What visitors’ browsers reported of mf_landers/ });
      await expect(figures.getByRole('row', { name: /canary/ }).getByRole('cell').first()).toHaveText(/^[1-9]/);

      // One click rolls the canary back: everyone is on the first build again.
      await page.getByRole('region', { name: 'mf_landers' }).getByRole('button', { name: 'Roll back the canary of mf_landers' }).click();
      await expect(page.getByRole('region', { name: 'mf_landers' }).getByText('No canary runs.')).toBeVisible();
      for (const p of people) {
        await p.page.reload();
        expect(await landersBuild(p.page)).toBe('');
      }
    } finally {
      await Promise.all(people.map((p) => p.context.close()));
      // Whatever happened, amora's mf_landers is the first build for everyone again.
      const registry = await (await admin.get(`${ORIGIN}/api/operator/registry.php`, { headers: await headers(admin) })).json();
      const landers = registry.remotes.find((r: { remote: string }) => r.remote === 'mf_landers');
      if (landers.canary) await admin.post(`${ORIGIN}/api/operator/registry.php`, { headers: await headers(admin), data: { action: 'canary_stop', remote: 'mf_landers' } });
      if (landers.url !== V1) await admin.post(`${ORIGIN}/api/operator/registry.php`, { headers: await headers(admin), data: { action: 'point', remote: 'mf_landers', url: V1 } });
    }
  });
});
