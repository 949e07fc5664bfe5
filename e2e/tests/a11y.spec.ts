// Accessibility sweep: axe (WCAG 2.1 A/AA, zero violations) on every screen of the site
// at a phone (390×844) and a desktop (1280×800) size, in both templates (amora and velvet: their
// colours differ, so contrast does too), logged out and logged in as each screen is meant to be
// seen; the open states too (phone menu, the match celebration, a confirm dialog, toasts, form
// errors). The main screens' pictures are visual.spec.ts's; this file takes none: a baseline of a
// legal text adds nothing, and axe reads the page, not pixels.
//
// Cheap by design: each screen is loaded once and audited at both sizes (the viewport is resized in
// place, which is what a rotating tablet does too), axe-core put into each page once (axe() in
// screens.ts), one browser context per template and role, and the tests run side by side (the
// file's tests are parallel: each worker makes the members it needs). A screen visual.spec.ts
// audits beside its screenshots (home, login, signup, terms, 404; the main member screens) is not
// audited again here.
import { expect, test, type APIRequest, type Browser, type Page } from './test';
import { answerMatchFinder } from './helpers';
import { axe, buyCredits, headers, logInAs, member, settled, SITES, SIZES, uncovered, type Fixture, type Site, type Size } from './screens';

const LANDER_KINDS = ['video', 'gallery', 'maplanding', 'alonetonight', 'iconslanding', 'socialnetwork', 'collagelanding', 'transitionsvideolanding'];
/** The legal pages but the terms, which visual.spec.ts audits beside its screenshots. */
const LEGAL = ['privacy', 'cookies', 'faq', 'service', 'return-policy', 'ban'];

/** Two frames: the resized layout (media queries and the listeners on them) has been painted. */
const painted = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** axe at both sizes (or the ones given) on what is on screen now; the page is left at the phone size. */
async function audit(page: Page, name: string, failures: string[], sizes: readonly Size[] = ['desktop', 'phone']) {
  for (const size of sizes) {
    await page.setViewportSize(SIZES[size]);
    await painted(page);
    failures.push(...(await axe(page)).map((v) => `${name} at ${size} size: ${v}`));
  }
}

/** An open screen at one size only (a state that exists at that size, such as the phone menu). */
async function auditAt(page: Page, size: keyof typeof SIZES, name: string, failures: string[]) {
  await page.setViewportSize(SIZES[size]);
  await painted(page);
  failures.push(...(await axe(page)).map((v) => `${name} at ${size} size: ${v}`));
}

async function openMenu(page: Page) {
  await page.setViewportSize(SIZES.phone);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'More' })).toBeVisible();
}

interface Cast {
  viewer: Fixture;
  liker: Fixture;
  blocked: Fixture;
  conversation: number;
}

test.describe('axe on every screen, both sizes', () => {
  test.describe.configure({ mode: 'parallel' });
  // Per template: a viewer (Noor), a member who liked her (Eva, two photos) and one she will block
  // (Lotte). Made in a worker at the first test that needs them: the tests spread over two workers,
  // and the one of forms and pages needs none.
  const casts: Partial<Record<Site, Promise<Cast>>> = {};
  const castOf = (request: APIRequest, site: Site) => (casts[site] ??= makeCast(request, site));
  async function makeCast(request: APIRequest, site: Site): Promise<Cast> {
    const [v, l, b] = await Promise.all([0, 1, 2].map(() => request.newContext()));
    const [viewer, liker, blocked] = await Promise.all([
      member(v, `a11y-noor-${site}`, { name: 'Noor', gender: 'female', age: 33, personal: 'Cycling to the coast and cooking for friends.', photos: 1 }),
      member(l, `a11y-eva-${site}`, { name: 'Eva', gender: 'female', age: 30, personal: 'Bookshops, long walks and jazz on Fridays.', photos: 2 }),
      member(b, `a11y-lotte-${site}`, { name: 'Lotte', gender: 'female', age: 36, personal: 'Gardens and board games.', photos: 0 }),
    ]);
    const liked = await l.post(`${SITES.amora.origin}/api/likes.php`, { headers: await headers(l), data: { profile: viewer.id } });
    expect(liked.status(), await liked.text()).toBe(200);
    // A conversation with messages from both: Eva buys credits (sandbox) and writes first.
    await buyCredits(l);
    const sent = await l.post(`${SITES.amora.origin}/api/messages.php`, {
      headers: await headers(l),
      data: { profile: viewer.id, msg: 'Hi Noor! I saw you like cycling to the coast. Which route do you take?' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const conversation = (await sent.json()).message.conversation as number;
    await buyCredits(v);
    const reply = await v.post(`${SITES.amora.origin}/api/messages.php`, {
      headers: await headers(v),
      data: { conversation, msg: 'Along the dunes to the lighthouse, usually on Sunday mornings.' },
    });
    expect(reply.status(), await reply.text()).toBe(200);
    await Promise.all([v.dispose(), l.dispose(), b.dispose()]);
    return { viewer, liker, blocked, conversation };
  }

  test('a conversation on a phone: the composer and the newest message stay in view above the keyboard; nothing scrolls sideways from 320 px', async ({ browser, playwright }) => {
    const { origin } = SITES.amora;
    const context = await browser.newContext({ viewport: SIZES.phone, serviceWorkers: 'block', locale: 'en-US', reducedMotion: 'reduce' });
    const page = await context.newPage();
    const { viewer, conversation } = await castOf(playwright.request, 'amora');
    await logInAs(page, origin, viewer);
    await page.goto(`${origin}/chats/${conversation}`);
    const composer = page.getByRole('textbox', { name: 'Your message' });
    const send = page.getByRole('button', { name: /^Send/ });
    const newest = page.getByTestId('message').filter({ hasText: 'Along the dunes to the lighthouse' });
    await expect(newest).toBeVisible();
    const history = page.getByRole('log');
    /** Fully in view: inside the window and inside the scrolling history, and nothing lies over it. */
    const fullyVisible = async () => {
      for (const el of [composer, send, newest]) {
        await expect(el).toBeInViewport({ ratio: 1 });
        expect(await uncovered(el), 'not covered by the tab bar or anything else').toBe(true);
      }
      const [bubble, log] = await Promise.all([newest.boundingBox(), history.boundingBox()]);
      expect(bubble!.y).toBeGreaterThanOrEqual(log!.y - 1);
      expect(bubble!.y + bubble!.height).toBeLessThanOrEqual(log!.y + log!.height + 1);
      // The page itself does not scroll: only the history does.
      expect(await page.evaluate(() => document.documentElement.scrollHeight <= innerHeight + 1 && scrollY === 0)).toBe(true);
    };
    await fullyVisible();
    // The on-screen keyboard opens: with interactive-widget=resizes-content the page gets 500 px of 844.
    await composer.focus();
    await page.setViewportSize({ width: 390, height: 500 });
    await expect(composer).toBeFocused();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--shell-viewport-height'))).toBe('500px');
    await fullyVisible();
    // Keyboard closed again, then the narrowest phones up to a desktop: never sideways scrolling.
    for (const width of [320, 360, 390, 768, 1280]) {
      await page.setViewportSize({ width, height: 640 });
      await expect(composer).toBeInViewport({ ratio: 1 });
      const [scrollWidth, clientWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect(scrollWidth, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(clientWidth);
    }
    await context.close();
  });

  for (const site of Object.keys(SITES) as Site[]) {
    const { origin } = SITES[site];

    // The public screens in two tests, beside each other on two workers.
    const publicScreens = async (browser: Browser, visit: (screen: (name: string, path: string) => Promise<void>, page: Page, failures: string[]) => Promise<void>) => {
      const context = await browser.newContext({ viewport: SIZES.phone, serviceWorkers: 'block', locale: 'en-US', reducedMotion: 'reduce' });
      const page = await context.newPage();
      const failures: string[] = [];
      // Both sizes in both templates (every screen at both sizes): the layouts differ by
      // width (tab bar, menus, columns), so a landmark or a contrast on a wider surface can too.
      const sizes: readonly Size[] = ['desktop', 'phone'];
      const screen = async (name: string, path: string) => {
        await page.goto(origin + path);
        await settled(page);
        await audit(page, name, failures, sizes);
      };
      await visit(screen, page, failures);
      expect(failures).toEqual([]);
      await context.close();
    };

    test(`${site}: public screens, landers and the match finder`, async ({ browser, playwright }) => {
      test.setTimeout(180_000);
      const eva = (await castOf(playwright.request, site)).liker.id;
      await publicScreens(browser, async (screen, page, failures) => {
        await page.goto(origin + '/');
        await settled(page);
        await openMenu(page);
        await auditAt(page, 'phone', 'phone menu (visitor)', failures);

        for (const kind of LANDER_KINDS) await screen(`lander ${kind}`, `/landers/${kind}/summer-love`);
        // Member landings are campaign pages: their visitors come with a traffic source (velvet shows
        // profiles to visitors only then).
        await screen('member landing', `/members/${eva}/landing?network=affiliate`);
        await screen('member landing 2', `/members/${eva}/landing2/spring?network=affiliate`);
        await screen('member landing 3', `/members/${eva}/landing3/spring?network=affiliate`);

        await screen('match finder', '/match-finder');
        await answerMatchFinder(page);
        await settled(page);
        await audit(page, 'match finder results', failures);
        await screen('signup matches', '/signup-matches');
      });
    });

    test(`${site}: public screens, forms and pages`, async ({ browser }) => {
      test.setTimeout(180_000);
      await publicScreens(browser, async (screen, page, failures) => {
        await screen('complaints', '/complaints');
        await page.getByRole('button', { name: 'Send complaint' }).click();
        await expect(page.getByText('Choose what your complaint is about.')).toBeVisible();
        await audit(page, 'complaints with errors', failures);

        for (const name of LEGAL) await screen(`legal ${name}`, `/pages/${name}`);
        await screen('premium (visitor)', '/premium');
        await screen('pricing (visitor)', '/pricing');
        await screen('reset password', '/reset-password');
        await screen('reset password, new password', '/reset-password/do?token=a11y-token-0123456789');
        await screen('account deleted', '/account-deleted');
        await screen('activation done', '/activate/done');
        await screen('activation error', '/activate/error');
      });
    });

    test(`${site}: member screens`, async ({ browser, playwright }) => {
      test.setTimeout(180_000);
      const { viewer, blocked, conversation } = await castOf(playwright.request, site);
      const context = await browser.newContext({ viewport: SIZES.phone, serviceWorkers: 'block', locale: 'en-US', reducedMotion: 'reduce' });
      const page = await context.newPage();
      await logInAs(page, origin, viewer);
      const failures: string[] = [];
      const screen = async (name: string, path: string) => {
        await page.goto(origin + path);
        await settled(page);
        await audit(page, name, failures);
      };

      // The members' page behind the menu has arrived (its heading too) before axe reads it.
      await settled(page);
      await openMenu(page);
      await auditAt(page, 'phone', 'phone menu (member)', failures);

      await screen('premium', '/premium');
      await screen('pricing', '/pricing');

      // Credits: the checkout of the first package with a method, paid in the sandbox, the transaction.
      await page.goto(`${origin}/credits`);
      await settled(page);
      const buy = page.getByRole('main').getByRole('link', { name: 'Buy' }).first();
      const checkout = new URL((await buy.getAttribute('href'))!, origin);
      await screen('credits checkout', `${checkout.pathname}/creditcard${checkout.search}`);
      await page.getByRole('checkbox', { name: /right of withdrawal/ }).check();
      await page.getByRole('button', { name: /^Pay / }).click();
      await expect(page.getByText('TEST MODE')).toBeVisible();
      await page.getByRole('button', { name: 'Paid' }).click();
      await expect(page).toHaveURL(/\/transactions\/txn_/);
      await settled(page);
      await audit(page, 'transaction', failures);

      // A conversation with a day separator, Eva's message and Noor's reply.
      await screen('conversation', `/chats/${conversation}`);
      await expect(page.getByRole('separator')).toHaveCount(1);
      await expect(page.getByRole('textbox', { name: 'Your message' })).toBeVisible();

      // The match celebration: liking back a member who liked her.
      await screen('likes, liked me', '/likes/received');
      await page.getByRole('button', { name: 'Like Eva back' }).click();
      const dialog = page.getByRole('dialog', { name: 'It’s a match!' });
      await expect(dialog).toBeVisible();
      await audit(page, 'match celebration', failures);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // A confirm dialog and toasts: block Lotte (success), then an unblock that fails (danger).
      await screen('member profile', `/members/${blocked.id}`);
      await page.getByRole('button', { name: 'Block Lotte' }).click();
      const confirm = page.getByRole('dialog', { name: 'Block Lotte?' });
      await expect(confirm).toBeVisible();
      await audit(page, 'block confirmation', failures);
      await confirm.getByRole('button', { name: 'Block' }).click();
      const success = page.getByRole('status').filter({ hasText: 'You blocked Lotte.' });
      await expect(success).toBeVisible();
      await success.hover();
      await audit(page, 'success toast', failures);
      await page.route('**/api/block.php', (route) => route.fulfill({ status: 503, body: '{}' }));
      await page.getByRole('button', { name: /Unblock Lotte/ }).click();
      const danger = page.getByRole('alert').filter({ hasText: 'That did not work. Please try again.' });
      await expect(danger).toBeVisible();
      await danger.hover();
      await audit(page, 'danger toast', failures);
      await page.unroute('**/api/block.php');

      // The error page as a member (with the members grid), and a part of the site that cannot load.
      await screen('error page (member)', '/no/such/page');
      await page.route('http://localhost:8085/**', (route) => route.abort());
      await page.goto(`${origin}/pricing`);
      await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 20_000 });
      await audit(page, 'remote failure', failures);

      expect(failures).toEqual([]);
      await context.close();
    });
  }
});
