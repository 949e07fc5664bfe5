// Members' photos: a member orders her photos and chooses the main one on her profile page (with
// the keyboard), and others see that photo on her card in search; cards get WebP and never show a
// photo larger than the file; /members reserves the photos' space (no layout shift). Through the
// shell, the remotes and the real API.
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from './test';
import { logIn, signUpMember } from './helpers';
import { axe, enlargements, settled } from './screens';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** A place few demo members live, so her card is on the first page of a search there. */
const PLACE = { country: 'NZ', countryregion: 'West Coast', city: 'Greymouth' };

/** A new woman in PLACE, with gender and date of birth, activated by mail: found by others' searches. */
const signUp = (browser: Browser, name: string) =>
  signUpMember(browser, { name, gender: 'female', country: PLACE.country, timezone: 'Pacific/Auckland', place: PLACE, viewport: DESKTOP });

/** A photo of one colour, `width`×`height`. */
const photo = (background: string, width = 900, height = 900) => sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();

async function upload(page: Page, file: Buffer, name: string) {
  await page.getByLabel('Choose a photo').setInputFiles({ name, mimeType: 'image/jpeg', buffer: file });
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('Your photo has been saved.')).toBeVisible();
}

/** A new woman in PLACE (`first` her first name) who uploads `photos` in order on her profile page, left open as `own`. */
async function withPhotos(browser: Browser, first: string, photos: [file: Promise<Buffer>, name: string][]) {
  const name = `${first} ${Math.random().toString(36).slice(2, 6).replace(/\d/g, 'x')}`;
  const member = await signUp(browser, name);
  const own = await member.context.newPage();
  await own.goto('/profile');
  for (const [file, fileName] of photos) await upload(own, await file, fileName);
  return { ...member, name, own };
}

/** The 32-character base of a photo file's name in a URL (the same for its JPEG and WebP). */
const base = (url: string) => /([0-9a-f]{32})(_t)?\.(jpg|webp)$/.exec(url)?.[1];

/**
 * Every loaded photo in `scope`, as [description, how many times its own pixel size it is shown]:
 * the file the browser chose (currentSrc) measured on its own; object-fit: cover scales by the
 * larger of the two ratios. Above 1, a photo is enlarged (blurry).
 */
test.describe('ordering photos and the main photo', () => {
  test('a member reorders her photos and makes another the main one, with the keyboard; others see it on her card in search', async ({ browser, page }) => {
    // Three uploads, two axe runs over the whole profile page and a search.
    test.setTimeout(180_000);
    const lotte = await withPhotos(browser, 'Lotte', [[photo('#b03030'), 'red.jpg'], [photo('#30b030'), 'green.jpg'], [photo('#3030b0', 600, 900), 'blue.jpg']]);
    const { name, own } = lotte;

    const list = own.getByRole('list', { name: 'Order of your photos' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    // Each photo by its thumbnail's name (the <img>'s src; the browser may choose the WebP of it).
    const order = async () => (await list.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''))).map(base);
    const [red, green, blue] = await order();
    await expect(list.getByRole('listitem').first()).toContainText('Main photo');

    // The blue photo becomes the main one: Tab to its button, Enter.
    const makeMain = list.getByRole('button', { name: 'Photo 3: make main photo' });
    await makeMain.focus();
    await own.keyboard.press('Enter');
    const status = own.getByRole('status').filter({ hasText: /^Saved: this photo/ });
    await expect(status).toHaveText('Saved: this photo is now your main photo.');
    await expect.poll(order).toEqual([blue, red, green]);
    // The focus stays with the blue photo; one Tab back to "move earlier"… which goes no further.
    await expect(list.getByRole('button', { name: 'Photo 1: move later' })).toBeFocused();
    await own.keyboard.press('Shift+Tab');
    await expect(list.getByRole('button', { name: 'Photo 1: move earlier' })).toBeFocused();
    await expect(list.getByRole('button', { name: 'Photo 1: move earlier' })).toHaveAttribute('aria-disabled', 'true');
    // The green photo one place earlier: Space on its button.
    await list.getByRole('button', { name: 'Photo 3: move earlier' }).focus();
    await own.keyboard.press('Space');
    await expect(status).toHaveText('Saved: this photo is now photo 2 of 3.');
    await expect.poll(order).toEqual([blue, green, red]);
    await expect(list.getByRole('button', { name: 'Photo 2: move earlier' })).toBeFocused();
    // Kept: after a reload, the same order.
    await own.reload();
    await expect.poll(order).toEqual([blue, green, red]);
    // Nothing on the profile page fails axe (photo section included), at desktop and phone size.
    expect(await axe(own)).toEqual([]);
    await own.setViewportSize(PHONE);
    expect(await axe(own)).toEqual([]);
    await lotte.context.close();

    // Another member finds her in search: her card shows the blue photo, as WebP.
    await logIn(page);
    await page.goto(`/members?gender=female&country=${PLACE.country}&countryregion=${encodeURIComponent(PLACE.countryregion)}`);
    const card = page.getByRole('list', { name: 'Search results' }).getByRole('article').filter({ has: page.getByRole('heading', { name: new RegExp(`^${name},`) }) });
    await expect(card).toBeVisible();
    const img = card.getByRole('img', { name: `Photo of ${name}` });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const src = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    expect(base(src)).toBeDefined();
    expect(src).toMatch(/\.webp$/);
    // The blue photo's thumbnail or its large version (their names, as others' profile answer has them).
    const seen = await (await page.request.get(`/api/profile.php?id=${lotte.id}`, { headers: { 'x-original-host': 'localhost' } })).json();
    const main = seen.profile.main_image as { thumb_filename: string; large: { filename: string } };
    expect(base(main.thumb_filename)).toBe(blue);
    expect([blue, base(main.large.filename)]).toContain(base(src));
    expect(seen.profile.images.map((i: { thumb_filename: string }) => base(i.thumb_filename))).toEqual([blue, green, red]);
  });
});

test.describe('photos on cards', () => {
  test('card photos keep their space while they load, are never shown larger than their file, WebP where they have it; axe finds nothing; at phone and desktop size', async ({ browser, page }) => {
    test.setTimeout(150_000);
    // A member of her own with a photo in PLACE, so that the search there shows at least one photo
    // whichever demo members have theirs yet: a portrait one, whose large version (in srcset) is
    // not square, as members' photos seldom are.
    const mira = await withPhotos(browser, 'Mira', [[photo('#b07030', 600, 900), 'amber.jpg']]);
    await mira.context.close();
    await logIn(page);
    // Layout shifts of the whole page (CLS), with what moved, for the record (not all are photos').
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number; shifts: string[] };
      w.cls = 0;
      w.shifts = [];
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Shift[]) {
          if (e.hadRecentInput) continue;
          w.cls += e.value;
          const what = e.sources.map((src) => (src.node instanceof Element ? `${src.node.tagName.toLowerCase()}.${src.node.className}` : String(src.node?.nodeName)));
          w.shifts.push(`${e.value.toFixed(3)} at ${Math.round(e.startTime)} ms: ${what.join(', ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The photo files are held back, while `hold`, until the cards are measured without them.
    let hold = true;
    let held: { continue(): Promise<void> }[] = [];
    await page.route('**/api/images/**', (route) => (hold ? void held.push(route) : route.continue()));
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      await page.setViewportSize(viewport);
      hold = true;
      held = [];
      await page.goto(`/members?gender=female&country=${PLACE.country}&countryregion=${encodeURIComponent(PLACE.countryregion)}`);
      const cards = page.getByRole('list', { name: 'Search results' }).getByRole('article');
      await expect(cards.first()).toBeVisible();
      await expect.poll(() => held.length).toBeGreaterThan(0);
      const photos = page.locator('article img');
      expect(await photos.count()).toBeGreaterThan(0);
      const sizes = () =>
        cards.evaluateAll((els) =>
          els.map((card) => {
            const img = card.querySelector('img')?.getBoundingClientRect();
            const box = card.getBoundingClientRect();
            return [Math.round(box.width), Math.round(box.height), Math.round(img?.width ?? 0), Math.round(img?.height ?? 0)];
          }),
        );
      const without = await sizes();
      // Each reserves its square before its file arrives.
      for (const size of await photos.evaluateAll((imgs) => imgs.map((i) => [i.getAttribute('width'), i.getAttribute('height')]))) expect(size).toEqual(['320', '320']);
      hold = false;
      await Promise.all(held.map((r) => r.continue()));
      await settled(page);
      // The photos arrived: no card and no photo changed its size.
      expect(await sizes()).toEqual(without);

      const shown = await enlargements(page, 'article img');
      expect(shown.length).toBeGreaterThan(0);
      for (const [what, scale] of shown) expect(scale, what).toBeLessThanOrEqual(1.01);
      // WebP where the photo has it (every photo stored since WebP was made).
      expect((await photos.evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => i.currentSrc))).filter((src) => src.endsWith('.webp')).length).toBeGreaterThan(0);
      const { cls, shifts } = await page.evaluate(() => {
        const w = window as unknown as { cls: number; shifts: string[] };
        return { cls: w.cls, shifts: w.shifts };
      });
      // None of the page's layout shifts is a photo's.
      expect(shifts.filter((line) => /\b(img|picture)\./.test(line))).toEqual([]);
      console.log(`/members at ${label} size: CLS ${cls.toFixed(3)}${shifts.length ? ` (${shifts.join('; ')})` : ''}`);
      // axe over the page, but for the partner webcam tiles (links to the partner's site, not photos of
      // members; their label-content-name-mismatch is theirs to fix).
      expect(await axe(page, { exclude: 'a[target="_blank"][rel="noopener"]' })).toEqual([]);
    }
  });
});
