// Journeys of account safety: a logged-in member changes the password on /profile with the current
// one (other devices are logged out, a notice is mailed); after an email change the old address
// gets a notice whose link puts the address back. Through the shell, mf-auth-signup, the real API
// and real SMTP (e2e/smtp-sink.mjs).
import { expect, test, type Browser, type BrowserContext } from './test';
import { linkFromMail } from './helpers';

const ORIGIN = 'http://localhost:8080';

async function csrfOf(context: BrowserContext) {
  return (await context.cookies(ORIGIN)).find((c) => c.name === 'csrf')?.value ?? '';
}

/** A new member signed up through the real signup call, logged in in a context of its own. */
async function newMember(browser: Browser, password: string) {
  const context = await browser.newContext({ baseURL: ORIGIN, locale: 'en-US' });
  await context.request.get('/api/settings.php', { headers: { 'x-original-host': 'localhost' } });
  const email = `e2e-safe-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await context.request.post('/api/user.php?new=1', {
    headers: { 'x-csrf-token': await csrfOf(context), 'x-original-host': 'localhost', 'x-package': 'e2e' },
    data: { email, name: 'Veilig', password, language: 'en', country: 'NL', timezone: 'Europe/Amsterdam', adult: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { email, context, page: await context.newPage() };
}

/** Another device of the member: a context logged in through the real login call. */
async function otherDevice(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ baseURL: ORIGIN });
  await context.request.get('/api/settings.php', { headers: { 'x-original-host': 'localhost' } });
  const res = await context.request.post('/api/login.php', {
    headers: { 'x-csrf-token': await csrfOf(context), 'x-original-host': 'localhost', 'x-package': 'e2e' },
    data: { email, password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

const loggedIn = async (context: BrowserContext) =>
  (await (await context.request.get('/api/user.php', { headers: { 'x-original-host': 'localhost' } })).json()).user !== null;

test.describe('account safety', () => {
  test('a member changes the password on /profile with the current one; the other device is logged out and a notice is mailed', async ({ browser }) => {
    const m = await newMember(browser, 'first-secret-1');
    const laptop = await otherDevice(browser, m.email, 'first-secret-1');
    try {
      const { page } = m;
      const since = Date.now();
      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Password' });
      await section.getByLabel('Current password').fill('not-my-password');
      await section.getByLabel('New password', { exact: true }).fill('second-secret-2');
      await section.getByLabel('New password again').fill('second-secret-2');
      await section.getByRole('button', { name: 'Change my password', exact: true }).click();
      await expect(section.getByText('This is not your current password.')).toBeVisible();
      expect(await loggedIn(laptop)).toBe(true);

      await section.getByLabel('Current password').fill('first-secret-1');
      await section.getByRole('button', { name: 'Change my password', exact: true }).click();
      await expect(section.getByRole('status')).toHaveText('Your password was changed. One other device was logged out.');
      expect(await loggedIn(laptop)).toBe(false);
      // This device stays logged in; the notice went to the account's address.
      await page.reload();
      await expect(page.getByRole('region', { name: 'Password' })).toBeVisible();
      expect(await linkFromMail(m.email, /\/reset-password$/, since - 1000)).toMatch(/\/reset-password$/);
    } finally {
      await m.context.close();
      await laptop.close();
    }
  });

  test('after an email change the old address gets a notice whose link puts it back and logs out everywhere', async ({ browser }) => {
    const m = await newMember(browser, 'first-secret-1');
    const fresh = `e2e-new-${Date.now()}@example.com`;
    const stranger = await browser.newContext({ baseURL: ORIGIN, locale: 'en-US' });
    try {
      const { page } = m;
      const since = Date.now();
      await page.goto('/profile');
      const section = page.getByRole('region', { name: 'Email address' });
      await section.getByLabel('New email address').fill(fresh);
      await section.getByLabel('Your current password').fill('first-secret-1');
      await section.getByRole('button', { name: 'Change my email address' }).click();
      await expect(section.getByRole('status')).toContainText(`We sent a confirmation link to ${fresh}.`);
      await page.goto(await linkFromMail(fresh, /\/mail-change\/do\?token=/, since - 1000));
      await expect(page.getByText(`Done: your email address is now ${fresh}.`)).toBeVisible();

      // The old address's notice: opening its link undoes the change.
      const undo = await linkFromMail(m.email, /\/mail-change\/undo\?token=/, since - 1000);
      const other = await stranger.newPage();
      await other.goto(undo);
      await expect(other.getByRole('heading', { level: 1, name: 'Undo the email address change' })).toBeVisible();
      await expect(other.getByText(`Done: your email address is ${m.email} again, and every device was logged out.`)).toBeVisible();
      await expect(other.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute('href', '/reset-password');
      expect(await loggedIn(m.context)).toBe(false);
    } finally {
      await m.context.close();
      await stranger.close();
    }
  });
});
