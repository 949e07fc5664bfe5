// A visitor's home shows faces: members of the site's target group with their photo, first name and
// age, as WebP, never larger than the file, their space kept while the photos load; a member the
// desk suspends is not among them. Through the shell, mf-search, the real API and the back office's
// desk call.
import sharp from 'sharp';
import { expect, test, type Page } from './test';
import { signUpMember } from './helpers';
import { axe, buyCredits, devOperatorApi, enlargements, headers, settled, SITES } from './screens';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const FACES = 'Some of our members';

/** Each face's box and its photo's box, rounded: what must not change when the files arrive. */
const boxes = (page: Page) =>
  page
    .getByRole('list', { name: FACES })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((li) => {
        const box = li.getBoundingClientRect();
        const img = li.querySelector('img')!.getBoundingClientRect();
        return [box.width, box.height, img.width, img.height].map(Math.round);
      }),
    );

test('a visitor’s home shows members’ faces as WebP, never enlarged, space kept while they load; a suspended member is not shown; at phone and desktop size', async ({ browser, playwright }) => {
  test.setTimeout(300_000);
  const name = `Noor ${Math.random().toString(36).slice(2, 6).replace(/\d/g, 'q')}`;
  // A new member in the site's first country with a photo, seen just now (the home puts those first).
  const noor = await signUpMember(browser, { name, gender: 'female', country: 'NL', date_of_birth: '1993-04-12' });
  const own = noor.context.request;
  const csrf = (await noor.context.cookies(SITES.amora.origin)).find((c) => c.name === 'csrf')?.value ?? '';
  const own_headers = { 'x-csrf-token': csrf, 'x-original-host': SITES.amora.host, 'x-package': 'e2e' };
  const photo = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#c06040' } }).jpeg().toBuffer();
  const uploaded = await own.post('/api/profileimage.php', { headers: own_headers, multipart: { file: { name: 'noor.jpg', mimeType: 'image/jpeg', buffer: photo } } });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  expect((await own.post('/api/page-hidden.php', { headers: own_headers, data: '' })).status()).toBe(204);

  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  // The photo files are held back, while `hold`, until the faces are measured without them.
  let hold = true;
  let held: { continue(): Promise<void> }[] = [];
  await page.route('**/api/images/**', (route) => (hold ? void held.push(route) : route.continue()));
  const faces = page.getByRole('list', { name: FACES });
  const hers = faces.getByRole('listitem').filter({ hasText: `${name}, ` });
  // The home is a public page, rendered in Node and kept a while (a minute, as a CDN may keep it:
  // s-maxage=60; 5 s in the journeys, RENDER_TTL_MS): she shows once the page is rendered again.
  hold = false;
  await expect
    .poll(
      async () => {
        await page.goto('/', { waitUntil: 'domcontentloaded' });
        await expect(faces.getByRole('listitem').first()).toBeVisible();
        return hers.count();
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(1);
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    hold = true;
    held = [];
    // Not waiting for `load`: the photos of the page's markup are held back.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(hers, `${label}: her face`).toBeVisible();
    // First name and age, nothing about where she lives.
    await expect(hers).toHaveText(new RegExp(`^${name}, \\d{2}\\s*$`));
    await expect(page.getByRole('link', { name: 'Sign up for free' })).toBeVisible();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const without = await boxes(page);
    for (const size of await faces.getByRole('img').evaluateAll((imgs) => imgs.map((i) => [i.getAttribute('width'), i.getAttribute('height')]))) {
      expect(size).toEqual(['320', '320']);
    }
    hold = false;
    await Promise.all(held.map((r) => r.continue()));
    await settled(page);
    // The photos arrived: no face changed its size.
    expect(await boxes(page)).toEqual(without);
    // One line per caption, a site-run profile's with its mark too: each row as tall as its loading frames.
    const captions = await faces.locator('figcaption').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(new Set(captions).size, `${label}: caption heights ${captions.join(', ')}`).toBe(1);
    const img = hers.getByRole('img', { name: `Photo of ${name}` });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.webp$/);
    const shown = await enlargements(page, 'main ul img');
    expect(shown.length).toBeGreaterThan(0);
    for (const [what, scale] of shown) expect(scale, `${label}: ${what}`).toBeLessThanOrEqual(1.01);
    // axe on a visitor's home at both sizes: visual.spec.ts.
  }

  // The desk suspends her: she leaves the home.
  const desk = await devOperatorApi(await playwright.request.newContext());
  const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const suspended = await desk.post(`${SITES.amora.origin}/api/operator/member.php`, {
    headers: await headers(desk),
    data: { id: noor.id, action: 'suspend', until, reason: `Home faces check (${noor.id})` },
  });
  expect(suspended.status(), await suspended.text()).toBe(200);
  // Within the time a public page is kept.
  await expect
    .poll(
      async () => {
        await page.goto('/', { waitUntil: 'domcontentloaded' });
        await expect(faces.getByRole('listitem').first()).toBeVisible();
        return faces.getByText(name).count();
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(0);
  await desk.dispose();
  await context.close();
  await noor.context.close();
});

test('a member’s home shows what is new: a like and an unread message from another member, each leading to its screen; nothing new once seen; at phone and desktop size', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = Math.random().toString(36).slice(2, 6).replace(/\d/g, 'x');
  const [anke, bram] = await Promise.all([
    signUpMember(browser, { name: `Anke ${tag}`, gender: 'female', country: 'NL' }),
    signUpMember(browser, { name: `Bram ${tag}`, gender: 'male', country: 'NL', viewport: PHONE }),
  ]);
  try {
    // Anke likes Bram and writes to him (credits bought in the payment sandbox).
    const a = anke.context.request;
    const liked = await a.post('/api/likes.php', { headers: await headers(a), data: { profile: bram.id } });
    expect(liked.status(), await liked.text()).toBe(200);
    await buyCredits(a);
    const text = `Hoi Bram, zin in koffie? ${tag}`;
    const sent = await a.post('/api/messages.php', { headers: await headers(a), data: { profile: bram.id, msg: text } });
    expect(sent.status(), await sent.text()).toBe(200);
    const conversation = (await sent.json()).message.conversation as number;

    const page = await bram.context.newPage();
    for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const news = page.getByRole('region', { name: 'What’s new' });
      const message = news.getByRole('link', { name: `1 new message from ${anke.name}` });
      const like = news.getByRole('link', { name: `${anke.name} likes you` });
      await expect(message, label).toBeVisible();
      await expect(like, label).toBeVisible();
      await expect(like, label).toHaveAttribute('href', `/likes/m/${anke.id}`);
      await expect(message, label).toHaveAttribute('href', `/chats/${conversation}`);
      expect(await axe(page), label).toEqual([]);
    }
    // The like opens her profile on the likes page.
    const news = page.getByRole('region', { name: 'What’s new' });
    await news.getByRole('link', { name: `${anke.name} likes you` }).click();
    await expect(page).toHaveURL(new RegExp(`/likes/m/${anke.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(anke.name) })).toBeVisible();
    // The message opens the conversation, with her message in it.
    await page.goto('/');
    await news.getByRole('link', { name: `1 new message from ${anke.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/chats/${conversation}$`));
    await expect(page.getByRole('log', { name: /Messages with/ }).getByText(text)).toBeVisible();
    // Read, and her like seen on her profile: back home, nothing is new.
    await page.goto('/');
    await expect(news.getByText('Nothing new right now: no new likes and no unread messages.')).toBeVisible({ timeout: 15_000 });
  } finally {
    await Promise.all([anke.context.close(), bram.context.close()]);
  }
});
