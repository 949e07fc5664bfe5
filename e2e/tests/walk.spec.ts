// Rough edges found walking every screen as a new member on a phone: page titles, not-found
// answers, and Premium's message price, each as a person would notice it.
import { expect, test } from './test';

test.use({ viewport: { width: 390, height: 844 } });

test('every page has its own title, a profile the name and age of its member', async ({ page }) => {
  await page.goto('/pages/faq');
  await expect(page).toHaveTitle(/^Frequently asked questions – \S/);
  await page.goto('/login');
  await expect(page).toHaveTitle(/^Log in – \S/);
  await page.goto('/members');
  const first = page.getByRole('link', { name: /^View profile of / }).first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/members\/\d+/);
  const name = await page.getByRole('heading', { level: 1 }).innerText();
  expect(name).toMatch(/^.+, \d+$/);
  await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} – \\S`));
});

test('an unknown payment says it does not exist, not to check the connection', async ({ page }) => {
  await page.goto('/transactions/txn_aaaaaaaaaaaaaaaaaaaaaaaa');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This does not exist, or it is no longer here.');
  await expect(alert).not.toContainText('connection');
});

test('/premium says what a message costs with Premium and without', async ({ page }) => {
  await page.goto('/premium');
  await expect(page.getByText(/^With Premium a message costs .+ instead of .+: chat more for the same credits\.$/)).toBeVisible();
});
