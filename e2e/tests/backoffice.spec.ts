// The back office (mf-backoffice on /backoffice/*): operators sign in with their own accounts and a
// second factor, enrol from an invite link, and act on the site's queues. Operator calls are made
// by the browser through the screens; the test side only prepares what a screen cannot (an invite
// before the operators screen exists in a journey) and reads what a person would check.
import { TOTP } from 'otpauth';
import { expect, test, type APIRequestContext, type Page } from './test';
import { axe, headers, SITES } from './screens';

const DEV_OPERATOR = { email: 'operator@example.com', password: 'operator1234' };
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1280, height: 800 };

/** axe (WCAG 2.1 A/AA) at desktop and tablet size on what is on screen now. */
async function audit(page: Page, name: string, failures: string[]) {
  for (const [size, viewport] of Object.entries({ desktop: DESKTOP, tablet: TABLET })) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    failures.push(...(await axe(page)).map((v) => `${name} at ${size} size: ${v}`));
  }
  await page.setViewportSize(DESKTOP);
}

/** An API context signed in as the development admin (operator@example.com). */
async function adminApi(request: APIRequestContext) {
  const { origin, host } = SITES.amora;
  await request.get(`${origin}/api/settings.php`, { headers: { 'x-original-host': host } });
  const res = await request.post(`${origin}/api/operator/login.php`, { headers: await headers(request), data: DEV_OPERATOR });
  expect(res.status(), await res.text()).toBe(200);
  return request;
}

export async function signInAsAdmin(page: Page) {
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(DEV_OPERATOR.email);
  await page.getByLabel('Password').fill(DEV_OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome, Operator' })).toBeVisible();
}

/** The code an authenticator app shows now for `secret` (a fresh one when the current one was used). */
function totpCode(secret: string, offset = 0): string {
  return new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 });
}

test.describe('back office', () => {
  test('a page of the back office sends to the operator login and back; a member session is no operator', async ({ page }) => {
    await page.goto('/backoffice/sessions');
    await expect(page).toHaveURL(/\/backoffice\/login\?next=%2Fbackoffice%2Fsessions/);
    await expect(page.getByRole('heading', { level: 1, name: 'Operator login' })).toBeVisible();
    await page.getByLabel('Email').fill(DEV_OPERATOR.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('This email and password do not match an operator account.');
    await page.getByLabel('Password').fill(DEV_OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your sessions' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'This session' })).toBeVisible();
  });

  test('an admin invites a moderator, who enrols a second factor and signs in with it', async ({ page, playwright }) => {
    const admin = await adminApi(await playwright.request.newContext());
    const email = `moderator-${Date.now()}@example.com`;
    const invited = await admin.post(`${SITES.amora.origin}/api/operator/operators.php`, {
      headers: await headers(admin),
      data: { email, name: 'Mila Moderator', role: 'moderator', sites: 'all' },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    const link = new URL((await invited.json()).enrolment_link, SITES.amora.origin);
    await admin.dispose();

    const failures: string[] = [];
    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up your operator account' })).toBeVisible();
    await expect(page.getByText(`Mila Moderator (${email}), invited as moderator.`)).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await audit(page, 'enrolment', failures);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Choose a password').fill('moderator-password-1');
    await page.getByLabel('Six-digit code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your recovery codes' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).not.toHaveCount(0);
    await page.getByRole('button', { name: 'Continue to the back office' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome, Mila Moderator' })).toBeVisible();
    // A moderator's bar: the queues, not the operators or the audit log.
    const nav = page.getByRole('navigation', { name: 'Back office screens' });
    await expect(nav.getByRole('link', { name: 'Moderation' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Operators' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign out' }).click();

    // Signing in again takes the password and then the app's code.
    await expect(page.getByRole('heading', { level: 1, name: 'Operator login' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('moderator-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('Code from your authenticator app');
    await expect(code).toBeFocused();
    await audit(page, 'second factor', failures);
    // The code of the enrolment may not be used twice: the next period's is.
    await code.fill(totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome, Mila Moderator' })).toBeVisible();
    expect(failures).toEqual([]);
  });

  test('axe: the login, the start page and the sessions at desktop and tablet size', async ({ page }) => {
    const failures: string[] = [];
    await page.goto('/backoffice/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Operator login' })).toBeVisible();
    await audit(page, 'login', failures);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Fill this in.').first()).toBeVisible();
    await audit(page, 'login with errors', failures);
    await signInAsAdmin(page);
    await audit(page, 'start page', failures);
    await page.getByRole('link', { name: 'Sessions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your sessions' })).toBeVisible();
    await audit(page, 'sessions', failures);
    expect(failures).toEqual([]);
  });
});
