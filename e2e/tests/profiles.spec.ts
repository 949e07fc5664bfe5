// Whole profiles: the "about you" answers a member gives (signup step 4, or their profile page) are
// shown on their profile to others, as the site shows them (settings.visible_profile_fields), in
// the reader's language, at phone and desktop size. Through the shell, the remotes and the real API.
import { expect, test, type Browser, type BrowserContext, type Page } from './test';
import { activateByMail, logIn } from './helpers';

const ORIGIN = 'http://localhost:8080';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A new member through the real signup call, with gender and date of birth saved, activated by mail. */
async function signUp(browser: Browser, name: string): Promise<{ id: number; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: PHONE });
  const request = context.request;
  const headers = async () => {
    const csrf = (await context.cookies(ORIGIN)).find((c) => c.name === 'csrf')?.value ?? '';
    return { 'x-csrf-token': csrf, 'x-original-host': 'localhost', 'x-package': 'e2e' };
  };
  await request.get('/api/settings.php', { headers: { 'x-original-host': 'localhost' } });
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await request.post('/api/user.php?new=1', {
    headers: await headers(),
    data: { email, name, password: 'e2e-password-1', language: 'en', country: 'NL', timezone: 'Europe/Amsterdam' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { user } = await created.json();
  const saved = await request.put('/api/user.php', { headers: await headers(), data: { profile: { gender: 'female', date_of_birth: '1993-04-12' } } });
  expect(saved.status(), await saved.text()).toBe(200);
  await activateByMail(request, email);
  return { id: user.profile.id, context };
}

/** The "About …" facts of a profile page as [label, value] pairs, in order. */
async function facts(page: Page, heading: string | RegExp): Promise<string[][]> {
  const about = page.getByRole('region', { name: heading });
  await expect(about).toBeVisible();
  return about.locator('dt').evaluateAll((dts) => dts.map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']));
}

test.describe('whole profiles', () => {
  test('a member answers the "about you" questions on her profile page; others see them on her profile, at phone and desktop size and in Dutch', async ({ browser, page }) => {
    const maud = await signUp(browser, 'Maud');
    const own = await maud.context.newPage();
    await own.goto('/profile');
    const personal = own.getByRole('region', { name: 'Personal information' });
    await personal.getByRole('combobox', { name: 'Relationship status' }).selectOption({ label: 'Divorced' });
    await personal.getByRole('combobox', { name: 'Looking for' }).selectOption({ label: 'A relationship' });
    await personal.getByRole('combobox', { name: 'Height' }).selectOption({ label: '170–179 cm' });
    await personal.getByRole('combobox', { name: 'Eye colour' }).selectOption({ label: 'Hazel' });
    await personal.getByRole('combobox', { name: 'Smoking' }).selectOption({ label: 'Never' });
    // Hair colour skipped: it is left out of her profile.
    await personal.getByRole('button', { name: 'Save' }).click();
    await expect(personal.getByRole('status')).toHaveText('Saved.');
    await maud.context.close();

    // The demo member reads her profile on a phone…
    await page.setViewportSize(PHONE);
    await logIn(page);
    await page.goto(`/members/${maud.id}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Maud, \d+$/ })).toBeVisible();
    const expected = [
      ['Relationship status', 'Divorced'],
      ['Looking for', 'A relationship'],
      ['Height', '170–179 cm'],
      ['Eye colour', 'Hazel'],
      ['Smoking', 'Never'],
    ];
    const shown = await facts(page, 'About Maud');
    expect(shown.filter(([label]) => expected.some(([l]) => l === label))).toEqual(expected);
    expect(shown.map(([label]) => label)).not.toContain('Hair colour');

    // …and on a desktop: the same answers, all in view without scrolling sideways.
    await page.setViewportSize(DESKTOP);
    await page.reload();
    expect((await facts(page, 'About Maud')).filter(([label]) => expected.some(([l]) => l === label))).toEqual(expected);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // In Dutch, the answers are Dutch.
    await page.context().addCookies([{ name: 'locale', value: 'nl', url: ORIGIN }]);
    await page.reload();
    const dutch = await facts(page, 'Over Maud');
    expect(dutch).toEqual(expect.arrayContaining([['Relatiestatus', 'Gescheiden'], ['Roken', 'Nooit']]));
  });
});
