// A desktop that uses its width, and rough edges of the phone layout found walking every screen,
// each as a person would notice it: the chats as two panes at 1024 px and wider (the list beside
// the open conversation, by mouse and keyboard, the address still /chats/:chatId), the search in
// three and four columns, a profile's photos beside its details; and on a phone the offline notice
// beside (not over) the composer, a long email address inside the lander's card, notifications
// arriving live, no worker notice over a first visit's form, velvet's bars and progress dot in its
// dark theme and the map's labels apart (axe on the video lander's slideshow: a11y.spec.ts).
// Screenshot baselines: the two-pane chat and the first message beside the list here; the desktop profile in visual.spec.ts.
//   flock /tmp/e2e.lock npx playwright test -c e2e/playwright.config.ts e2e/tests/layout.spec.ts --update-snapshots
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { axe, buyCredits, headers, logInAs, member, settled, SITES, SIZES, uncovered, type Fixture, type Site } from './screens';

const TOLERANCE = { maxDiffPixelRatio: 0.002, threshold: 0.2, animations: 'disabled', caret: 'hide', scale: 'css' } as const;

/** WCAG relative luminance and contrast of CSS rgb() colours, computed in the page. */
async function colours(el: Locator): Promise<{ fg: string; bg: string; contrast: number; bgLuminance: number }> {
  return el.evaluate((node) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) =>
      [r!, g!, b!].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    // The surface behind: the nearest element (itself first) with a background that is not transparent.
    let at: Element | null = node;
    let bg = 'rgb(255, 255, 255)';
    while (at) {
      const c = getComputedStyle(at).backgroundColor;
      const parts = rgb(c);
      if (parts.length === 3 || (parts.length === 4 && parts[3]! > 0.5)) {
        bg = c;
        break;
      }
      at = at.parentElement;
    }
    const own = getComputedStyle(node).backgroundColor;
    const ownParts = rgb(own);
    const fg = ownParts.length === 3 || (ownParts.length === 4 && ownParts[3]! > 0.5) ? own : getComputedStyle(node).color;
    if (fg === bg && at) {
      // The element's own fill (a dot): compare with what lies behind it.
      let up: Element | null = at.parentElement;
      while (up) {
        const c = getComputedStyle(up).backgroundColor;
        const parts = rgb(c);
        if (parts.length === 3 || (parts.length === 4 && parts[3]! > 0.5)) {
          bg = c;
          break;
        }
        up = up.parentElement;
      }
    }
    const [a, b] = [lum(rgb(fg)), lum(rgb(bg))].sort((x, y) => y - x) as [number, number];
    return { fg, bg, contrast: (a + 0.05) / (b + 0.05), bgLuminance: lum(rgb(bg)) };
  });
}

/** How many cards the first row of the results holds. */
async function cardsInFirstRow(page: Page): Promise<number> {
  const cards = page.locator('main ul:has(article) > li');
  await expect(cards.nth(4)).toBeVisible();
  return cards.evaluateAll((items) => {
    const top = items[0]!.getBoundingClientRect().top;
    return items.filter((li) => Math.abs(li.getBoundingClientRect().top - top) < 2).length;
  });
}

test.describe('layout', () => {
  // Mara (credits, conversations with Anna and Sofia), Anna (two photos), Sofia; fixed data.
  let mara: Fixture, anna: Fixture, sofia: Fixture;
  let annaApi: APIRequestContext;
  const conversations: Record<'anna' | 'sofia', number> = { anna: 0, sofia: 0 };
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(150_000);
    const [m, a, s] = await Promise.all([playwright.request.newContext(), playwright.request.newContext(), playwright.request.newContext()]);
    [mara, anna, sofia] = await Promise.all([
      member(m, 'mara2', { name: 'Mara', gender: 'female', age: 31, personal: 'Walks by the river, strong coffee and old films.', photos: 1 }),
      member(a, 'anna2', { name: 'Anna', gender: 'female', age: 29, personal: 'Sea swimming all year and a kitchen full of plants.', photos: 2 }),
      member(s, 'sofia2', { name: 'Sofia', gender: 'female', age: 34, personal: 'Choir on Tuesdays, climbing on Sundays.', photos: 0 }),
    ]);
    await buyCredits(m);
    const { origin, host } = SITES.amora;
    for (const [who, text] of [[sofia, 'Hi Sofia, which choir do you sing in?'], [anna, 'Hi Anna! Sea swimming in winter too?']] as const) {
      const res = await m.post(`${origin}/api/messages.php`, { headers: await headers(m, origin, host), data: { profile: who.id, msg: text } });
      expect(res.status(), await res.text()).toBe(200);
    }
    const chats = (await (await m.get(`${origin}/api/chats.php`, { headers: await headers(m, origin, host) })).json()) as {
      chats: { conversation: { id: number }; profile: { id: number } }[];
    };
    for (const c of chats.chats) {
      if (c.profile.id === anna.id) conversations.anna = c.conversation.id;
      if (c.profile.id === sofia.id) conversations.sofia = c.conversation.id;
    }
    expect(conversations.anna && conversations.sofia).toBeTruthy();
    await Promise.all([m.dispose(), s.dispose()]);
    annaApi = a;
  });
  test.afterAll(async () => annaApi?.dispose());

  for (const site of Object.keys(SITES) as Site[]) {
    test(`${site}: on a desktop the chats are two panes, the list beside the open conversation, by mouse and keyboard`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: SIZES.desktop, serviceWorkers: 'block', locale: 'en-US', reducedMotion: 'reduce' });
      const page = await context.newPage();
      const { origin } = SITES[site];
      await logInAs(page, origin, mara);
      await page.goto(`${origin}/chats`);
      const list = page.getByRole('list', { name: 'Your conversations' });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(page.getByText('Choose a conversation to read it here.')).toBeVisible();

      // A click opens the conversation beside the list; the address is the conversation's.
      await list.getByRole('link', { name: /Anna, 29/ }).click();
      await expect(page).toHaveURL(`${origin}/chats/${conversations.anna}`);
      const heading = page.getByRole('heading', { level: 1, name: 'Anna, 29' });
      await expect(heading).toBeVisible();
      await expect(list).toBeVisible();
      const [listBox, headingBox] = [await list.boundingBox(), await heading.boundingBox()];
      expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(headingBox!.x);
      await expect(list.getByRole('link', { name: /Anna, 29/ })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('textbox', { name: 'Your message' })).toBeVisible();

      // By keyboard: Enter on Sofia's row opens her conversation; the focus stays in the list.
      const sofiaLink = list.getByRole('link', { name: /Sofia, 34/ });
      await sofiaLink.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${origin}/chats/${conversations.sofia}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Sofia, 34' })).toBeVisible();
      await expect(sofiaLink).toHaveAttribute('aria-current', 'page');
      await expect(sofiaLink).toBeFocused();
      await expect(page.getByRole('log').getByText('Hi Sofia, which choir do you sing in?')).toBeVisible();

      // Back goes back to Anna's, as anywhere else.
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Anna, 29' })).toBeVisible();
      // axe on a conversation at desktop size: a11y.spec.ts.
      await settled(page);
      const badges = page.getByRole('banner').getByRole('navigation');
      await expect(page).toHaveScreenshot(`${site}-desktop-two-pane-chat.png`, {
        ...TOLERANCE,
        mask: [badges, page.locator('time'), page.getByText(/^(Online now|Last seen)/)],
      });
      await context.close();
    });
  }

  test('the first message to someone: on a desktop beside the list of conversations, on a phone alone; sent, the new conversation opens in its row', async ({ browser, playwright }) => {
    test.setTimeout(150_000); // two members made, a desktop and a phone session
    // One request context each: a signup logs its context in as the new member.
    const [n, l] = await Promise.all([playwright.request.newContext(), playwright.request.newContext()]);
    const [nina, lotte] = await Promise.all([
      member(n, 'nina', { name: 'Nina', gender: 'female', age: 27, personal: 'Board games and long bike rides.', photos: 0 }),
      member(l, 'lotte', { name: 'Lotte', gender: 'female', age: 33, personal: 'Jazz, rowing and bad puns.', photos: 0 }),
    ]);
    await Promise.all([n.dispose(), l.dispose()]);
    const { origin } = SITES.amora;

    const desk = await browser.newContext({ viewport: SIZES.desktop, serviceWorkers: 'block', locale: 'en-US', reducedMotion: 'reduce' });
    const page = await desk.newPage();
    await logInAs(page, origin, mara);
    await page.goto(`${origin}/members/${nina.id}/chat`);
    const list = page.getByRole('list', { name: 'Your conversations' });
    await expect(list.getByRole('link', { name: /Anna, 29/ })).toBeVisible();
    await expect(list.getByRole('link', { name: /Sofia, 34/ })).toBeVisible();
    await expect(list.locator('[aria-current]')).toHaveCount(0);
    await expect(page.getByText('No messages yet. Say hello to Nina!')).toBeVisible();
    const box = page.getByRole('textbox', { name: 'Your message' });
    const [listBox, composerBox] = [await list.boundingBox(), await box.boundingBox()];
    expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(composerBox!.x);
    await expect(page.getByRole('link', { name: 'Back to all chats' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: /^Nina/ })).toBeVisible();
    await settled(page);
    expect(await axe(page)).toEqual([]);
    // Masked: the balance, and the name's age (profile.php answers a member just made sometimes without it).
    await expect(page).toHaveScreenshot('amora-desktop-two-pane-first-message.png', {
      ...TOLERANCE,
      mask: [
        page.getByRole('banner').getByRole('navigation'),
        page.locator('time'),
        page.getByText(/^(Online now|Last seen)/),
        page.getByText(/Your balance/),
        page.getByRole('heading', { level: 1, name: /^Nina/ }),
      ],
    });

    // The first message makes the conversation: it opens at its own address, its row beside it.
    await box.fill('Hi Nina, which board game first?');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(new RegExp(`${origin}/chats/\\d+$`));
    await expect(list.getByRole('link', { name: /Nina, 27/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('log', { name: /Messages with/ }).getByText('Hi Nina, which board game first?')).toBeVisible();
    await desk.close();

    const phone = await browser.newContext({ viewport: SIZES.phone, serviceWorkers: 'block', locale: 'en-US' });
    const small = await phone.newPage();
    await logInAs(small, origin, mara);
    await small.goto(`${origin}/members/${lotte.id}/chat`);
    await expect(small.getByText('No messages yet. Say hello to Lotte!')).toBeVisible();
    await expect(small.getByRole('textbox', { name: 'Your message' })).toBeVisible();
    await expect(small.getByRole('list', { name: 'Your conversations' })).toHaveCount(0);
    await expect(small.getByRole('link', { name: 'Back to all chats' })).toBeVisible();
    await phone.close();
  });

  test('on a phone a conversation keeps the whole screen; the list is its own page', async ({ browser }) => {
    const context = await browser.newContext({ viewport: SIZES.phone, serviceWorkers: 'block', locale: 'en-US' });
    const page = await context.newPage();
    await logInAs(page, SITES.amora.origin, mara);
    await page.goto(`/chats/${conversations.anna}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Anna, 29' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Your message' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your conversations' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to all chats' })).toBeVisible();
    await context.close();
  });

  test('search shows three cards a row at 1024 px, four at 1280 px, two on a phone', async ({ browser }) => {
    const context = await browser.newContext({ viewport: SIZES.desktop, serviceWorkers: 'block', locale: 'en-US' });
    const page = await context.newPage();
    await logInAs(page, SITES.amora.origin, mara);
    await page.goto('/members');
    expect(await cardsInFirstRow(page)).toBe(4);
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect.poll(() => cardsInFirstRow(page)).toBe(3);
    await page.setViewportSize(SIZES.phone);
    await expect.poll(() => cardsInFirstRow(page)).toBe(2);
    await context.close();
  });

  test('a profile on a desktop: the photos beside the details, over the width of the page', async ({ browser }) => {
    const context = await browser.newContext({ viewport: SIZES.desktop, serviceWorkers: 'block', locale: 'en-US' });
    const page = await context.newPage();
    await logInAs(page, SITES.amora.origin, mara);
    await page.goto(`/members/${anna.id}`);
    const name = page.getByRole('heading', { level: 1, name: 'Anna, 29' });
    await expect(name).toBeVisible();
    const photo = page.getByRole('main').getByRole('img').first();
    await expect(photo).toBeVisible();
    const [p, n] = [(await photo.boundingBox())!, (await name.boundingBox())!];
    expect(n.x).toBeGreaterThan(p.x + p.width);
    expect(n.y).toBeLessThan(p.y + p.height);
    // The page spreads over the content area (1280 px less its margins), not a 704 px column.
    const article = (await page.getByRole('article', { name: 'Anna, 29' }).boundingBox())!;
    expect(article.width).toBeGreaterThan(1000);
    await context.close();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: SIZES.phone });

    test('offline, the notice lies beside the chat composer: the message box and Send stay in reach', async ({ page, context }) => {
      await logInAs(page, SITES.amora.origin, mara);
      await page.goto(`/chats/${conversations.anna}`);
      const box = page.getByRole('textbox', { name: 'Your message' });
      await expect(box).toBeVisible();
      await context.setOffline(true);
      await expect(page.getByText(/^You are offline\./)).toBeVisible();
      await box.fill('Back in a minute');
      const send = page.getByRole('button', { name: 'Send' });
      for (const control of [box, send]) {
        await expect(control).toBeInViewport({ ratio: 1 });
        expect(await uncovered(control)).toBe(true);
      }
      await context.setOffline(false);
    });

    test('a long email address stays inside the lander\'s card on the last signup step', async ({ page }) => {
      // No hyphen or dot before the domain: nothing where a line may break.
      const email = `aratherlongaddressforthelandercardonaphone${Date.now()}@examplemaildomain.com`;
      await page.goto('/landers/video/summer-love');
      const card = page.getByRole('region', { name: 'Sign up for free' });
      await card.getByLabel('Email address').fill(email);
      await card.getByLabel('Name').fill('Lena');
      await card.getByLabel('Password').fill('lander-secret-1');
      await card.getByRole('checkbox', { name: 'I am 18 years or older' }).check();
      await card.getByRole('button', { name: 'Create my free account' }).click();
      const done = card.getByRole('heading', { level: 2, name: 'Check your email' });
      for (let i = 0; i < 8 && !(await done.isVisible()); i++) {
        const skip = card.getByRole('button', { name: /^(Skip|Not now)$/ });
        await expect(skip.or(done).first()).toBeVisible({ timeout: 30_000 });
        if (await skip.first().isVisible()) await skip.first().click();
      }
      await expect(done).toBeVisible({ timeout: 30_000 });
      const address = card.getByText(email);
      await expect(address).toBeVisible();
      const [c, a] = [(await card.boundingBox())!, (await address.boundingBox())!];
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.x + c.width).toBeLessThanOrEqual(390);
      expect(a.x + a.width).toBeLessThanOrEqual(c.x + c.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });

    test('the notifications list shows a new like while it is open, as the badge does', async ({ page }) => {
      await logInAs(page, SITES.amora.origin, mara);
      await page.goto('/notifications');
      const list = page.getByRole('main');
      await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
      await expect(list.getByText('Anna liked you')).toHaveCount(0);
      const { origin, host } = SITES.amora;
      const res = await annaApi.post(`${origin}/api/likes.php`, { headers: await headers(annaApi, origin, host), data: { profile: mara.id } });
      expect(res.status(), await res.text()).toBe(200);
      await expect(list.getByText('Anna liked you')).toBeVisible({ timeout: 15_000 });
    });

    test('a first visit: no notice about offline use lies over the signup form', async ({ browser }) => {
      // Service workers allowed, a fresh profile: the worker installs during this visit.
      const context = await browser.newContext({ viewport: SIZES.phone, locale: 'en-US' });
      await context.addInitScript(() => {
        const seen: string[] = ((window as unknown as { __statusSeen: string[] }).__statusSeen = []);
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[data-status]')) seen.push(el.getAttribute('data-status') ?? '');
        }).observe(document, { childList: true, subtree: true });
      });
      const page = await context.newPage();
      await page.goto('/signup');
      const email = page.getByLabel('Email address');
      await expect(email).toBeVisible();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.swState), { timeout: 30_000 }).toMatch(/^(offline_ready|activated)$/);
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __statusSeen: string[] }).__statusSeen)).toEqual([]);
      for (const field of [email, page.getByLabel('Password'), page.getByRole('button', { name: 'Create my free account' })]) {
        await field.scrollIntoViewIfNeeded();
        expect(await uncovered(field)).toBe(true);
      }
      await context.close();
    });

    test('velvet: the action bar and the tab bar are of its dark theme, their words readable; the first progress dot shows', async ({ page, browser }) => {
      const { origin } = SITES.velvet;
      await logInAs(page, origin, mara);
      await page.goto(`${origin}/members/${anna.id}`);
      const like = page.getByRole('main').getByRole('button', { name: /like/i }).first();
      await expect(like).toBeVisible();
      const bar = await colours(like);
      expect(bar.bgLuminance, `action bar ${bar.bg}`).toBeLessThan(0.2);
      expect(bar.contrast, `Like ${bar.fg} on ${bar.bg}`).toBeGreaterThanOrEqual(4.5);
      const tabs = page.getByRole('navigation', { name: 'Sections' });
      for (const tab of await tabs.getByRole('link').all()) {
        const t = await colours(tab);
        expect(t.bgLuminance, `tab bar ${t.bg}`).toBeLessThan(0.2);
        expect(t.contrast, `tab ${t.fg} on ${t.bg}`).toBeGreaterThanOrEqual(4.5);
      }
      // axe on a member's profile in velvet at desktop size: visual.spec.ts.

      const visitor = await browser.newContext({ viewport: SIZES.phone, serviceWorkers: 'block', locale: 'en-US' });
      const signup = await visitor.newPage();
      await signup.goto(`${origin}/signup`);
      const dot = signup.getByTestId('signup-dots').locator('li').first();
      await expect(dot).toBeVisible();
      const d = await colours(dot);
      // Non-text contrast (WCAG 1.4.11): 3 to 1 against the page.
      expect(d.contrast, `dot ${d.fg} on ${d.bg}`).toBeGreaterThanOrEqual(3);
      await visitor.close();
    });
  });

  test('the map lander on a desktop: no city label lies over another', async ({ page }) => {
    await page.setViewportSize(SIZES.desktop);
    await page.goto('/landers/maplanding/summer-love');
    const labels = page.locator('[data-template="maplanding"] svg text');
    await expect(labels.first()).toBeVisible();
    const boxes = await labels.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ l: r.left, t: r.top, r: r.right, b: r.bottom })));
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        const overlap = a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;
        expect(overlap, `labels ${i} and ${j} overlap`).toBe(false);
      }
    }
  });
});
