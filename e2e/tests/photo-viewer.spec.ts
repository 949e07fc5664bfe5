// The full-screen photo viewer of a member's page (mf-search PhotoViewer): opened from the photo (a
// tap, or "Full screen"), a labelled modal dialog; arrow keys (both sizes) and a finger's swipe (a
// touch phone) go to the next and the previous photo, whose position ("2 of 3") is said; Escape
// closes it and gives focus back to what opened it. Each photo is its large stored version, never shown larger than its file.
// Through the shell, mf-search and the real API, at 390×844 (touch) and 1280×800.
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from './test';
import { logIn, signUpMember, type NewMember } from './helpers';
import { enlargements } from './screens';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Three photos, each its own colour and shape: the large versions are these sizes (under 1280 px). */
const PHOTOS = [
  { width: 900, height: 600, background: '#2f6f8f' },
  { width: 640, height: 960, background: '#8f4f2f' },
  { width: 1000, height: 1000, background: '#3f8f3f' },
];

/** A member with the three photos, uploaded as her phone would (multipart, JPEG). */
async function memberWithPhotos(browser: Browser): Promise<NewMember> {
  const ines = await signUpMember(browser, { name: 'Ines', gender: 'female', country: 'NL', viewport: PHONE });
  const csrf = (await ines.context.cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  for (const [i, p] of PHOTOS.entries()) {
    const buffer = await sharp({ create: { width: p.width, height: p.height, channels: 3, background: p.background } }).jpeg().toBuffer();
    const res = await ines.context.request.post('/api/profileimage.php', {
      headers: { 'x-csrf-token': csrf, 'x-original-host': 'localhost', 'x-package': 'e2e' },
      multipart: { file: { name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return ines;
}

/** A finger drawn sideways across the screen's middle (touchstart, touchmoves, touchend), as Chromium gets it from a touch screen. */
async function swipe(page: Page, direction: 'left' | 'right') {
  const cdp = await page.context().newCDPSession(page);
  const y = 400;
  const [from, to] = direction === 'left' ? [320, 70] : [70, 320];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * step) / 5, y: y + step }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The viewer shows photo n (1-based): its position in words, its picture, the large version's file at its own size or smaller. */
async function showsPhoto(page: Page, n: number) {
  const viewer = page.getByRole('dialog', { name: 'Photos of Ines' });
  await expect(viewer.getByText(`${n} of 3`)).toBeVisible();
  const img = viewer.getByRole('img', { name: `Photo ${n} of Ines` });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  // The large stored version (not the 320 px thumbnail), as large as it was stored.
  const { src, natural } = await img.evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, natural: [el.naturalWidth, el.naturalHeight] }));
  expect(src).not.toMatch(/_t\.(jpg|webp)$/);
  expect(natural).toEqual([PHOTOS[n - 1]!.width, PHOTOS[n - 1]!.height]);
  const shown = await enlargements(page, 'dialog img');
  expect(shown).toHaveLength(1);
  for (const [what, scale] of shown) expect(scale, what).toBeLessThanOrEqual(1.01);
  return src;
}

test.describe('the full-screen photo viewer', () => {
  let ines: NewMember;
  test.beforeAll(async ({ browser }) => {
    ines = await memberWithPhotos(browser);
  });
  test.afterAll(async () => {
    await ines.context.close();
  });

  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    test(`${size}: opened from the photo, the arrow keys${size === 'phone' ? ' and a swipe' : ''} page through the photos, Escape gives focus back`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, ...(size === 'phone' ? { hasTouch: true, isMobile: true } : {}) });
      const page = await context.newPage();
      try {
        await logIn(page);
        await page.goto(`/members/${ines.id}`);
        const gallery = page.getByRole('region', { name: 'Photos of Ines' });
        await expect(gallery.getByRole('img', { name: 'Photo 1 of Ines' })).toBeVisible();
        // On the phone a tap on the photo opens it (the focus is then on the photo's frame); on the
        // desktop the "Full screen" button over it.
        const photo = gallery.getByRole('img', { name: 'Photo 1 of Ines' });
        const open = size === 'phone' ? gallery.getByRole('group', { name: 'Photos of Ines' }) : gallery.getByRole('button', { name: 'Full screen' });
        if (size === 'phone') await photo.tap();
        else await open.click();

        // A modal dialog named for the member, over an inert page.
        const viewer = page.getByRole('dialog', { name: 'Photos of Ines' });
        await expect(viewer).toBeVisible();
        expect(await viewer.evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(true);
        const first = await showsPhoto(page, 1);

        // The keyboard: → the next photo, ← the previous one; the photo itself changes, not only the counter.
        await page.keyboard.press('ArrowRight');
        const second = await showsPhoto(page, 2);
        expect(second).not.toBe(first);
        await page.keyboard.press('ArrowRight');
        await showsPhoto(page, 3);
        await page.keyboard.press('ArrowLeft');
        expect(await showsPhoto(page, 2)).toBe(second);
        await page.keyboard.press('ArrowLeft');
        expect(await showsPhoto(page, 1)).toBe(first);

        if (size === 'phone') {
          // A finger: drawn to the left, the next photo; to the right, the previous one.
          await swipe(page, 'left');
          await showsPhoto(page, 2);
          await swipe(page, 'left');
          await showsPhoto(page, 3);
          await swipe(page, 'right');
          await showsPhoto(page, 2);
        } else {
          await page.keyboard.press('ArrowRight');
          await showsPhoto(page, 2);
        }

        // Escape closes it; the focus is back on what opened it, and the page shows the photo last seen.
        await page.keyboard.press('Escape');
        await expect(viewer).toBeHidden();
        await expect(open).toBeFocused();
        await expect(gallery.getByText('2 of 3')).toBeVisible();
      } finally {
        await context.close();
      }
    });
  }
});
