// Whole profiles: the "about you" answers a member gives (signup step 4, or their profile page) are
// shown on their profile to others, as the site shows them (settings.visible_profile_fields), in
// the reader's language, at phone and desktop size. Through the shell, the remotes and the real API.
import sharp from 'sharp';
import { expect, test, type Browser, type Locator, type Page } from './test';
import { answerMatchFinder, logIn, signUpMember } from './helpers';
import { enlargements, photos, settled } from './screens';

const ORIGIN = 'http://localhost:8080';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A new member (NL) through the real signup call, with gender and date of birth saved, activated by mail. */
const signUp = (browser: Browser, name: string, gender: 'male' | 'female' = 'female') => signUpMember(browser, { name, gender, country: 'NL', viewport: PHONE });

/** WCAG's relative luminance of an sRGB pixel. */
const luminance = (r: number, g: number, b: number) =>
  [r, g, b].map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);

/**
 * The contrast of white text against the brightest pixel behind it: the text is made transparent
 * for the picture (its box and the layout stay), and restored after.
 */
async function whiteTextContrast(text: Locator): Promise<number> {
  await text.evaluate((el: HTMLElement) => el.style.setProperty('color', 'transparent', 'important'));
  const png = await text.screenshot({ animations: 'disabled' });
  await text.evaluate((el: HTMLElement) => el.style.removeProperty('color'));
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let brightest = 0;
  for (let i = 0; i < data.length; i += info.channels) brightest = Math.max(brightest, luminance(data[i], data[i + 1], data[i + 2]));
  return 1.05 / (brightest + 0.05);
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

/** The member photos in `selector` once the page has settled (at least one), as photos() measures them. */
async function landerPhotos(page: Page, selector: string) {
  await settled(page);
  expect(await page.locator(selector).count(), selector).toBeGreaterThan(0);
  return photos(page, selector);
}

test.describe('photos on a profile', () => {
  test('no photo is shown larger than its own size; a wide frame gets the large version; space is reserved before it loads', async ({ browser, page }) => {
    const ruben = await signUp(browser, 'Ruben', 'male');
    const own = await ruben.context.newPage();
    await own.goto('/profile');
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2f6f8f' } }).jpeg().toBuffer();
    await own.getByLabel('Choose a photo').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
    await own.getByRole('button', { name: 'Upload photo' }).click();
    await expect(own.getByText('Your photo has been saved.')).toBeVisible();
    const portrait = await sharp({ create: { width: 640, height: 960, channels: 3, background: '#8f4f2f' } }).jpeg().toBuffer();
    await own.getByLabel('Choose a photo').setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: portrait });
    await own.getByRole('button', { name: 'Upload photo' }).click();
    await expect(own.getByText('Your photo has been saved.')).toBeVisible();
    await ruben.context.close();

    await logIn(page);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/members/${ruben.id}`);
      const img = page.getByRole('img', { name: 'Photo 1 of Ruben' });
      await expect(img).toBeVisible();
      // The frame is square before the file arrives (width and height attributes, aspect-ratio).
      expect(await img.evaluate((el) => [el.getAttribute('width'), el.getAttribute('height')])).toEqual(['320', '320']);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const shown = await enlargements(page, 'main img');
      expect(shown.length).toBeGreaterThan(0);
      for (const [what, scale] of shown) expect(scale, what).toBeLessThanOrEqual(1.01);
      // Wider than the 320 px thumbnail on both (358 px on the phone, 448 px on the desktop): the large version.
      expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).not.toMatch(/_t\.(jpg|webp)$/);

      // Full screen: a modal dialog with the large version, at its own size or smaller.
      const open = page.getByRole('button', { name: 'Full screen' });
      await open.click();
      const viewer = page.getByRole('dialog', { name: 'Photos of Ruben' });
      await expect(viewer).toBeVisible();
      await expect(viewer.getByText('1 of 2')).toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(viewer.getByText('2 of 2')).toBeVisible();
      const big = viewer.getByRole('img', { name: 'Photo 2 of Ruben' });
      await expect.poll(() => big.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const box = (await big.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(640);
      expect(box.height).toBeLessThanOrEqual(Math.min(960, viewport.height));
      // Not smaller than needed either: it fills the screen's height or its own size.
      expect(box.height).toBeGreaterThan(viewport.height * 0.6);
      for (const [what, scale] of await enlargements(page, 'main img')) expect(scale, what).toBeLessThanOrEqual(1.01);
      // Escape closes it; focus goes back to the button that opened it, and the gallery stays at photo 2.
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
      await expect(open).toBeFocused();
      await expect(page.getByRole('region', { name: 'Photos of Ruben' }).getByText('2 of 2')).toBeVisible();
    }
  });

  test('landing 2 keeps its white greeting readable over the brightest photo: at least 4.5:1 behind the text, 3:1 behind the heading, at phone and desktop size', async ({ browser, page }) => {
    const wit = await signUp(browser, 'Wietske');
    const csrf = (await wit.context.cookies()).find((c) => c.name === 'csrf')?.value ?? '';
    const white = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#fafafa' } }).jpeg().toBuffer();
    const res = await wit.context.request.post('/api/profileimage.php', {
      headers: { 'x-csrf-token': csrf, 'x-original-host': 'localhost', 'x-package': 'e2e' },
      multipart: { file: { name: 'white.jpg', mimeType: 'image/jpeg', buffer: white } },
    });
    expect(res.status(), await res.text()).toBe(200);
    await wit.context.close();
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`/members/${wit.id}/landing2/spring`);
      await settled(page);
      const greeting = page.locator('[data-template="member-landing2"]');
      const heading = greeting.getByRole('heading', { level: 1 });
      await expect(heading).toContainText('Wietske');
      for (const [what, text, least] of [
        ['heading', heading, 3],
        ['reply line', heading.locator('xpath=following-sibling::p[1]'), 4.5],
      ] as const) {
        expect(await whiteTextContrast(text), `${viewport.width} px: ${what}`).toBeGreaterThanOrEqual(least);
      }
    }
  });

  test('nor on the landers\' photo reels, the member landing pages and the match finder: responsive WebP pictures, their space reserved', async ({ browser, page }) => {
    test.setTimeout(120_000);
    const lotte = await signUp(browser, 'Lotte');
    const csrf = (await lotte.context.cookies()).find((c) => c.name === 'csrf')?.value ?? '';
    for (const [i, [width, height, background]] of ([[900, 600, '#2f6f8f'], [640, 960, '#8f4f2f'], [500, 500, '#3f8f3f']] as const).entries()) {
      const buffer = await sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();
      const res = await lotte.context.request.post('/api/profileimage.php', {
        headers: { 'x-csrf-token': csrf, 'x-original-host': 'localhost', 'x-package': 'e2e' },
        multipart: { file: { name: `lotte-${i}.jpg`, mimeType: 'image/jpeg', buffer } },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await lotte.context.close();

    const pages: [string, string][] = [
      ['/landers/video/summer-love', '[data-template] img'],
      ['/landers/transitionsvideolanding/summer-love', '[data-template] img'],
      [`/members/${lotte.id}/landing`, '[data-template] img'],
      [`/members/${lotte.id}/landing2/spring`, '[data-template] img'],
      [`/members/${lotte.id}/landing3/spring`, '[data-template] img'],
    ];
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      const check = async (where: string, selector: string) => {
        const shown = await landerPhotos(page, selector);
        expect(shown.length, where).toBeGreaterThan(0);
        for (const photo of shown) {
          expect(photo.picture, `${where}: ${photo.what} in a <picture> with WebP`).toBe(true);
          expect(photo.reserved, `${where}: ${photo.what} has width and height`).toBe(true);
          expect(photo.scale, `${where} at ${viewport.width} px: ${photo.what}`).toBeLessThanOrEqual(1.01);
          expect(photo.scale * photo.zoom, `${where} at ${viewport.width} px, with its drift: ${photo.what}`).toBeLessThanOrEqual(1.01);
        }
        expect(shown.some((p) => p.webp), `${where}: WebP chosen`).toBe(true);
      };
      for (const [path, selector] of pages) {
        await page.goto(path);
        await check(path, selector);
      }
      // The match finder's results: real members' photos.
      await page.goto('/match-finder');
      await answerMatchFinder(page);
      await expect(page.getByRole('list').getByRole('link').first()).toBeVisible();
      await check('/match-finder', 'main li a img');
    }
  });
});
