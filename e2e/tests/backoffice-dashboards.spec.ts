// The dashboards in the back office (/backoffice/dashboards): the development admin reads the
// funnel; a visitor arrives on a lander from a partner's link and signs up; the dashboard's signup
// count grows by one and the partner's row shows the visit and the signup. axe at the desk sizes.
import { expect, test, type Page } from './test';
import { auditDesk, DESK_SIZES, DEV_OPERATOR } from './screens';

/** The funnel's total of signups (its columns: visits, signups, …, after the period). */
const signups = async (page: Page) => {
  const total = page.getByRole('table', { name: 'Funnel' }).locator('tfoot tr');
  return Number((await total.getByRole('cell').nth(1).innerText()).replace(/\D/g, ''));
};

test.describe('dashboards in the back office', () => {
  test('the dashboard’s signup count grows after a signup, under the partner’s traffic source', async ({ browser, page }) => {
    test.slow();
    const network = `dash-${Date.now().toString(36)}`;
    await page.setViewportSize(DESK_SIZES.desktop);
    await page.goto('/backoffice/login');
    await page.getByLabel('Email').fill(DEV_OPERATOR.email);
    await page.getByLabel('Password').fill(DEV_OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Dashboards' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Funnel' })).toBeVisible();
    // The charts arrive after the tables, in a chunk of their own.
    await expect(page.getByRole('img', { name: /^Chart: Funnel/ }).locator('svg')).toBeAttached();
    const before = await signups(page);
    expect(await auditDesk(page, 'dashboards')).toEqual([]);

    // A visitor comes from the partner's link to a lander and signs up there.
    const visitor = await browser.newContext({ baseURL: 'http://localhost:8080' });
    const lander = await visitor.newPage();
    await lander.goto(`/landers/gallery/women-nearby?network=${network}&ref=r1&sub1=banner`);
    const form = lander.getByRole('region', { name: 'Sign up for free' });
    await expect(form.getByRole('heading', { level: 2, name: 'Create your free account' })).toBeVisible({ timeout: 20_000 });
    await form.getByLabel('Email address').fill(`${network}@example.com`);
    await form.getByLabel('Name').fill('Lena');
    await form.getByLabel('Password').fill('dashboard-secret-1');
    await form.getByRole('checkbox', { name: 'I am 18 years or older' }).check();
    await form.getByRole('button', { name: 'Create my free account' }).click();
    await expect(lander.getByRole('heading', { level: 2, name: /Add a photo|Stay up to date/ })).toBeVisible({ timeout: 20_000 });
    await visitor.close();

    await page.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => signups(page), { timeout: 15_000 }).toBe(before + 1);
    const row = page.getByRole('table', { name: 'By traffic source and campaign' }).getByRole('row', { name: new RegExp(`^${network} r1 banner`) });
    await expect(row).toContainText('women-nearby');
    // Visits 1, signups 1.
    await expect(row.getByRole('cell').nth(5)).toHaveText('1');
    await expect(row.getByRole('cell').nth(6)).toHaveText('1');
  });
});
