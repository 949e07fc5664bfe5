import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { SMTP_SINK_URL } from '../playwright.config';

export const DEMO = { email: 'demo@example.com', password: 'demo1234' };
/** The development operator the API seeds (admin of every site, no second factor). */
export const OPERATOR = { email: 'operator@example.com', password: 'operator1234' };

/**
 * Logs the request context in to the back office as the development operator (the `osid` cookie
 * stays in the context) and answers the headers a write needs: the CSRF token of the context's
 * csrf cookie, as the back office sends it.
 */
export async function logInAsOperator(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get('/api/settings.php');
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'csrf')?.value;
  if (!csrf) throw new Error('no csrf cookie');
  const headers = { 'x-csrf-token': csrf };
  const res = await request.post('/api/operator/login.php', { headers, data: OPERATOR });
  expect(res.status()).toBe(200);
  expect((await res.json()).step).toBe('done');
  return headers;
}

export const REMOTE_ORIGINS = {
  mf_auth_signup: 'http://localhost:8081',
  mf_search: 'http://localhost:8082',
  mf_chat: 'http://localhost:8083',
  mf_likes_notifications: 'http://localhost:8084',
  mf_commerce: 'http://localhost:8085',
  mf_landers: 'http://localhost:8086',
} as const;
/** The back office's remote: operators' pages only; no member page ever loads a file from it. */
export const BACKOFFICE_ORIGIN = 'http://localhost:8088';

/** Every request the page makes, to check which origin served what. */
export function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return seen;
}

export async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
}

/** The first link matching `pattern` in the newest mail to `to`, waiting for the mail to arrive. */
export async function linkFromMail(to: string, pattern: RegExp, notBefore = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${SMTP_SINK_URL}/messages?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as { text: string; receivedAt: string }[];
        for (const mail of mails) {
          if (Date.parse(mail.receivedAt) < notBefore) continue;
          const link = mail.text.match(/https?:\/\/\S+/g)?.find((l) => pattern.test(l));
          if (link) {
            found = link;
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000, message: `a mail to ${to} with a link like ${pattern}` },
    )
    .toBe(true);
  return found!;
}

/**
 * Activates a member signed up through the API with the link of their activation mail (e2e's SMTP
 * sink): only activated members are found by others (search, profiles).
 */
export async function activateByMail(request: APIRequestContext, email: string) {
  const link = new URL(await linkFromMail(email, /\/api\/activate\.php\?token=/));
  // The link names the site's host as the calls gave it (x-original-host); open it on this server.
  const res = await request.get(link.pathname + link.search);
  expect(res.ok(), `activation of ${email}`).toBe(true);
}

/** Answers the match finder's four questions (a man looking for a woman of 20–70 in NL) and waits for the results. */
export async function answerMatchFinder(page: Page) {
  // The quiz arrives rendered in Node: a click before the remote has hydrated it is lost (seen under
  // load), so the first answer is given again until the second question shows.
  await expect(async () => {
    if (await page.getByText('Question 1 of 4').isVisible()) await page.getByRole('button', { name: 'a man' }).click();
    await expect(page.getByText('Question 2 of 4')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: 'a woman' }).click();
  await page.getByLabel('From').selectOption('20');
  await page.getByLabel('To').selectOption('70');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Country').selectOption('NL');
  await page.getByRole('button', { name: 'Show my matches' }).click();
  await expect(page.getByRole('heading', { name: /members? match(es)? your answers/ })).toBeVisible();
}

/** A member made by signUpMember: logged in in `context`, activated. */
export interface NewMember {
  id: number;
  name: string;
  email: string;
  password: string;
  context: BrowserContext;
}

/**
 * Signs a new member up through the real signup call (POST user.php?new=1) in a browser context of
 * its own on amora (the member is logged in there), saves the place if given, then gender and date
 * of birth (PUT user.php), and activates the account by mail: only activated members are found by
 * others (search, profiles).
 */
export async function signUpMember(
  browser: Browser,
  m: {
    name: string;
    gender: 'male' | 'female';
    country: string;
    date_of_birth?: string;
    timezone?: string;
    place?: { country: string; countryregion: string; city: string };
    viewport?: { width: number; height: number };
    /** Skip gender and date of birth, as a member who skipped those signup steps. */
    incomplete?: boolean;
  },
): Promise<NewMember> {
  const origin = 'http://localhost:8080';
  const context = await browser.newContext({ baseURL: origin, ...(m.viewport ? { viewport: m.viewport } : {}) });
  const request = context.request;
  const headers = async () => {
    const csrf = (await context.cookies(origin)).find((c) => c.name === 'csrf')?.value ?? '';
    return { 'x-csrf-token': csrf, 'x-original-host': 'localhost', 'x-package': 'e2e' };
  };
  await request.get('/api/settings.php', { headers: { 'x-original-host': 'localhost' } });
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'e2e-password-1';
  const created = await request.post('/api/user.php?new=1', {
    headers: await headers(),
    data: { email, name: m.name, password, language: 'en', country: m.country, timezone: m.timezone ?? 'Europe/Amsterdam', adult: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { user } = await created.json();
  const profile = { profile: { gender: m.gender, date_of_birth: m.date_of_birth ?? '1993-04-12' } };
  for (const data of [...(m.place ? [m.place] : []), ...(m.incomplete ? [] : [profile])]) {
    const saved = await request.put('/api/user.php', { headers: await headers(), data });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  await activateByMail(request, email);
  return { id: user.profile.id, name: m.name, email, password, context };
}
