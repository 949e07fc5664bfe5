// Journeys around Premium: a member shares a photo with Premium members only and another
// member subscribes to see it; subscribing takes the webcam tiles away. Members of their own, signed
// up through the real API (the shared demo logins stay untouched for the search journeys); the
// payment goes through the API's local Mollie sandbox.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { activateByMail } from './helpers';
import { enlargements } from './screens';

const ORIGIN = 'http://localhost:8080';
const PHOTO = path.join(__dirname, '..', 'fixtures', 'photo.png');

interface Member {
  id: number;
  name: string;
  context: BrowserContext;
  page: Page;
}

async function headers(context: BrowserContext) {
  const csrf = (await context.cookies(ORIGIN)).find((c) => c.name === 'csrf')?.value ?? '';
  return { 'x-csrf-token': csrf, 'x-original-host': 'localhost', 'x-package': 'e2e' };
}

/** A new Dutch member (signup call, gender and date of birth saved, activated by mail), logged in in a context of its own. */
async function newMember(browser: Browser, name: string, gender: 'male' | 'female'): Promise<Member> {
  const context = await browser.newContext({ baseURL: ORIGIN, locale: 'en-US' });
  const request = context.request;
  await request.get('/api/settings.php', { headers: { 'x-original-host': 'localhost' } });
  const email = `e2e-premium-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await request.post('/api/user.php?new=1', {
    headers: await headers(context),
    data: { email, name, password: 'e2e-password-1', language: 'en', country: 'NL', timezone: 'Europe/Amsterdam', adult: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { user } = await created.json();
  const saved = await request.put('/api/user.php', {
    headers: await headers(context),
    data: { profile: { gender, date_of_birth: '1990-04-04' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await activateByMail(request, email);
  return { id: user.profile.id, name, context, page: await context.newPage() };
}

async function uploadPhoto(m: Member, filename: string) {
  const res = await m.context.request.post('/api/profileimage.php', {
    headers: await headers(m.context),
    multipart: { file: { name: filename, mimeType: 'image/png', buffer: fs.readFileSync(PHOTO) } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** /premium → 1 month → card → paid on the sandbox's checkout page. */
async function subscribe(page: Page) {
  await page.goto('/premium');
  await page.getByRole('listitem', { name: '1 month' }).getByRole('link', { name: 'Choose' }).click();
  await page.getByRole('radio', { name: 'Credit or debit card' }).check();
  await page.getByRole('checkbox', { name: /right of withdrawal/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByRole('button', { name: 'Paid' }).click();
  await expect(page.getByText('You are a Premium member now.')).toBeVisible();
}

test.describe('premium', () => {
  // Two members, a checkout and several page loads each: more than the default minute on a busy machine.
  test.setTimeout(150_000);

  test('a member marks a photo Premium-only on /profile; a member without Premium sees it blurred with the offer, subscribes, then sees it', async ({ browser }) => {
    const owner = await newMember(browser, 'Fenna', 'female');
    const viewer = await newMember(browser, 'Bram', 'male');
    try {
      await uploadPhoto(owner, 'main.png');
      await uploadPhoto(owner, 'beach.png');

      // The owner marks the second photo on their profile page (mf-commerce's fragment in the photo section).
      await owner.page.goto('/profile');
      const photoSection = owner.page.getByRole('region', { name: 'Photo' });
      await expect(photoSection.getByText('Main photo: seen by everyone')).toBeVisible();
      const second = photoSection.getByRole('switch', { name: 'Photo 2: Premium members only' });
      await expect(second).not.toBeChecked();
      await second.check();
      await expect(photoSection.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
      // It stays so after a reload (stored, not only shown).
      await owner.page.reload();
      await expect(owner.page.getByRole('switch', { name: 'Photo 2: Premium members only' })).toBeChecked();
      // Her photos there (the list with the switches) are WebP and never shown larger than their file.
      const mine = 'ul:has([role="switch"]) img';
      const own = owner.page.locator(mine);
      await expect(own).toHaveCount(2);
      await expect.poll(() => own.evaluateAll((els) => (els as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth > 0))).toBe(true);
      expect(await own.evaluateAll((els) => (els as HTMLImageElement[]).map((i) => i.currentSrc.split('.').pop()))).toEqual(['webp', 'webp']);
      for (const [what, scale] of await enlargements(owner.page, mine)) expect(scale, what).toBeLessThanOrEqual(1.01);

      // The viewer, without Premium: the second photo is the blurred stand-in; opening it offers Premium.
      const page = viewer.page;
      await page.goto(`/members/${owner.id}`);
      await page.getByRole('button', { name: 'Next photo' }).click();
      await page.getByRole('button', { name: 'Premium photo 2 of Fenna' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(/Fenna shares this photo with Premium members only/)).toBeVisible();
      await dialog.getByRole('button', { name: 'See Premium' }).click();
      await expect(page).toHaveURL(/\/premium/);

      await subscribe(page);

      // With Premium the photo is there.
      await page.goto(`/members/${owner.id}`);
      await page.getByRole('button', { name: 'Next photo' }).click();
      await expect(page.getByRole('img', { name: 'Photo 2 of Fenna' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Premium photo 2 of Fenna' })).toHaveCount(0);
    } finally {
      await owner.context.close();
      await viewer.context.close();
    }
  });

  test('a member who signed up over 4 days ago sees webcam tiles; after subscribing they are gone', async ({ browser }) => {
    const m = await newMember(browser, 'Joris', 'male');
    try {
      // A member of its own, signed up 5 days ago (development-only call; the demo logins stay as they are).
      const backdated = await m.context.request.put('/api/dev/signup_date.php', { headers: await headers(m.context), data: { days_ago: 5 } });
      expect(backdated.status(), await backdated.text()).toBe(200);
      const page = m.page;
      const results = page.getByRole('list', { name: 'Search results' });
      const tiles = results.getByRole('link', { name: /^Live webcam: / });
      await page.goto('/members');
      await expect(results.getByRole('article').first()).toBeVisible();
      await expect(tiles).toHaveCount(2);

      await subscribe(page);

      await page.goto('/members');
      await expect(results.getByRole('article').first()).toBeVisible();
      await expect(tiles).toHaveCount(0);
      const user = await (await m.context.request.get('/api/user.php', { headers: { 'x-original-host': 'localhost' } })).json();
      expect(user.user.paid_user).toBe(true);
    } finally {
      await m.context.close();
    }
  });
});
