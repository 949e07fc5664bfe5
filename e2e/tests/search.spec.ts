// Journeys of search with filters and paging, likes seen by the liked member, webcam
// tiles by the 4-day and paid rules, and what a visitor may search. Every step goes through the
// shell, the remotes and the real API on a fresh database.
import { expect, test, type Browser, type Page } from './test';
import { FREE_USER_ADS_AFTER_MS, SEARCH_PAGE_SIZE, VISITOR_SEARCH_MAX_PAGE } from '../../shared/src/rules';
import { logIn, signUpMember } from './helpers';
import { axe } from './screens';

const ORIGIN = 'http://localhost:8080';
/** The seeded paid member, signed up long ago (README: paid@example.com / demo1234). */
const PAID = { email: 'paid@example.com', password: 'demo1234' };

/** A new member in a browser context of their own (logged in there), activated (helpers.ts). */
const signUp = (browser: Browser, profile: { name: string; gender: 'male' | 'female'; date_of_birth: string; country: string }) => signUpMember(browser, profile);

const results = (page: Page) => page.getByRole('list', { name: 'Search results' });
const cards = (page: Page) => results(page).getByRole('article');

test.describe('search', () => {
  test('a member filters by gender, country and age, pages twice, opens a profile, likes it and finds it under likes', async ({ page }) => {
    await logIn(page);
    await page.goto('/members');
    await expect(cards(page).first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Looking for', exact: true }).selectOption({ label: 'Men' });
    await page.getByRole('combobox', { name: 'Country', exact: true }).selectOption({ label: 'Netherlands' });
    await page.getByRole('combobox', { name: 'Age', exact: true }).selectOption({ label: '26–35' });
    await expect(page).toHaveURL(/gender=male/);
    await expect(page).toHaveURL(/country=NL/);
    await expect(page).toHaveURL(/age=26-35/);
    await expect(page.getByText(/^Showing 12 of \d+ members$/)).toBeVisible();
    await expect(cards(page)).toHaveCount(SEARCH_PAGE_SIZE);

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards(page)).toHaveCount(24);
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards(page)).toHaveCount(36);
    await expect(page).toHaveURL(/page=3/);

    // Every result matches the filter.
    for (const text of await cards(page).locator('h3').allTextContents()) {
      const age = Number(text.split(', ').at(-1));
      expect(age).toBeGreaterThanOrEqual(26);
      expect(age).toBeLessThanOrEqual(35);
    }
    await expect(cards(page).filter({ hasText: 'Netherlands' })).toHaveCount(36);

    // A reload keeps the filter and every page loaded so far.
    await page.reload();
    await expect(cards(page)).toHaveCount(36);
    await expect(page.getByRole('combobox', { name: 'Looking for', exact: true })).toHaveValue('male');

    const last = cards(page).nth(35);
    const heading = (await last.getByRole('heading').first().textContent())!;
    const name = heading.split(', ')[0];
    await last.getByRole('link', { name: `View profile of ${name}` }).click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByRole('button', { name: `Like ${name}` }).click();
    await expect(page.getByRole('button', { name: `Unlike ${name}` })).toHaveAttribute('aria-pressed', 'true');

    // Back returns to the same results.
    await page.goBack();
    await expect(cards(page)).toHaveCount(36);

    await page.goto('/likes/given');
    await expect(page.getByRole('list', { name: 'I liked' }).getByRole('link', { name: heading })).toBeVisible();
  });

  test('a liked member sees the like as new, opens it, and it is no longer new', async ({ page, browser }) => {
    const liked = await signUp(browser, { name: 'Roos', gender: 'female', date_of_birth: '1993-04-02', country: 'NL' });
    try {
      // The demo member likes the new member's profile.
      await logIn(page);
      await page.goto(`/members/${liked.id}`);
      await expect(page.getByRole('heading', { level: 1, name: /^Roos, \d+$/ })).toBeVisible();
      await page.getByRole('button', { name: 'Like Roos' }).click();
      await expect(page.getByRole('button', { name: 'Unlike Roos' })).toHaveAttribute('aria-pressed', 'true');

      // The liked member sees it, marked new.
      const theirs = await liked.context.newPage();
      await theirs.goto('/likes');
      const received = theirs.getByRole('list', { name: /Liked me/ });
      const demoLike = received.getByRole('listitem').filter({ hasText: 'Demo' });
      await expect(demoLike.getByText('New', { exact: true })).toBeVisible();

      const seen = theirs.waitForResponse((r) => r.url().includes('/api/likes.php') && r.request().method() === 'PUT');
      await demoLike.getByRole('link', { name: /^Demo/ }).click();
      await expect(theirs).toHaveURL(/\/likes\/m\/\d+$/);
      expect((await seen).ok()).toBe(true);
      await expect(theirs.getByRole('heading', { level: 1, name: /^Demo/ })).toBeVisible();
      await theirs.getByRole('link', { name: 'Back to likes' }).click();
      await expect(received.getByRole('listitem').filter({ hasText: 'Demo' })).toBeVisible();
      await expect(received.getByRole('listitem').filter({ hasText: 'Demo' }).getByText('New', { exact: true })).toHaveCount(0);

      // Still seen after a reload: the server knows.
      await theirs.reload();
      await expect(theirs.getByRole('list', { name: /Liked me/ }).getByRole('listitem').filter({ hasText: 'Demo' })).toBeVisible();
      await expect(
        theirs.getByRole('list', { name: /Liked me/ }).getByRole('listitem').filter({ hasText: 'Demo' }).getByText('New', { exact: true }),
      ).toHaveCount(0);
    } finally {
      await liked.context.close();
    }
  });
});

test.describe('the order of search', () => {
  /** The part of the personal order a card is in, for the demo member in Amsterdam: the Netherlands, Belgium (its neighbour), the rest. */
  const part = (text: string) => (text.includes('Netherlands') ? 0 : text.includes('Belgium') ? 1 : 2);

  test('a member in Amsterdam sees the Netherlands first, then Belgium, then other countries; no one twice across pages', async ({ page }) => {
    test.setTimeout(90_000);
    await logIn(page);
    await page.goto('/members');
    await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Order' }).locator('option:checked')).toHaveText('Near you first');
    // Narrowed so that a few pages reach past the Netherlands and Belgium.
    await page.getByRole('combobox', { name: 'Looking for', exact: true }).selectOption({ label: 'Women' });
    await page.getByRole('combobox', { name: 'Age', exact: true }).selectOption({ label: '56–65' });
    await expect(page).toHaveURL(/age=56-65/);
    await expect(cards(page).first()).toBeVisible();
    for (let i = 0; i < 6 && (await page.getByRole('button', { name: 'Load more' }).isVisible()); i++) {
      const before = await cards(page).count();
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect.poll(() => cards(page).count()).toBeGreaterThan(before);
    }
    const texts = await cards(page).allTextContents();
    const parts = texts.map(part);
    expect(parts[0]).toBe(0);
    expect(parts).toEqual([...parts].sort((a, b) => a - b));
    expect(new Set(parts)).toEqual(new Set([0, 1, 2]));
    const ids = await cards(page)
      .getByRole('link', { name: /^View profile of / })
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(ids).toHaveLength(texts.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('newest members first on request, and "online now only" finds who has the site open', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const fresh = await signUp(browser, { name: 'Noor', gender: 'female', date_of_birth: '1992-05-04', country: 'NL' });
    try {
      await logIn(page);
      await page.goto('/members');
      await expect(cards(page).first()).toBeVisible();
      await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Newest members' });
      await expect(page).toHaveURL(/sort=newest/);
      // Noor signed up a moment ago: at the top, or just below a member a journey beside this one
      // signed up since.
      await expect
        .poll(async () => {
          const top = await Promise.all([0, 1, 2].map((i) => cards(page).nth(i).getByRole('heading').first().textContent()));
          return top.findIndex((name) => /^Noor, \d+$/.test(name ?? ''));
        })
        .toBeGreaterThanOrEqual(0);

      // Noor has the site open (an open event stream): online now.
      const theirs = await fresh.context.newPage();
      await theirs.goto('/chats');
      await expect(theirs.getByRole('heading', { level: 1 })).toBeVisible();
      const online = page.getByRole('checkbox', { name: 'Online now only' });
      await expect.poll(async () => {
        if (await online.isChecked()) await online.uncheck();
        await online.check();
        await expect(cards(page).first().or(page.getByText(/No members/))).toBeVisible();
        return cards(page).filter({ hasText: 'Noor' }).count();
      }, { timeout: 30_000 }).toBe(1);
      await expect(page).toHaveURL(/online=1/);
      // Only members online now: Noor closes the site and is gone from the list.
      await theirs.close();
      await expect.poll(async () => {
        await page.reload();
        await expect(online).toBeChecked();
        await page.waitForLoadState('networkidle');
        return cards(page).filter({ hasText: 'Noor' }).count();
      }, { timeout: 30_000 }).toBe(0);
      expect(await axe(page)).toEqual([]);
    } finally {
      await fresh.context.close();
    }
  });
});

test.describe('webcam tiles', () => {
  const tiles = (page: Page) => results(page).getByRole('link', { name: /^Live webcam: / });

  test('a free member who signed up more than 4 days ago sees tiles at positions 1 and 5 of each block of 12', async ({ page }) => {
    await logIn(page);
    await page.goto('/members');
    await expect(cards(page)).toHaveCount(SEARCH_PAGE_SIZE);
    await expect(tiles(page)).toHaveCount(2);
    const items = results(page).getByRole('listitem');
    await expect(items.nth(1).getByRole('link', { name: /^Live webcam: / })).toBeVisible();
    await expect(items.nth(5).getByRole('link', { name: /^Live webcam: / })).toBeVisible();
    await expect(items.nth(0).getByRole('article')).toBeVisible();
    const tile = tiles(page).first();
    await expect(tile).toHaveAttribute('href', /\/api\/xcams\/redirect\.php\?account=/);
    await expect(tile).toHaveAttribute('target', '_blank');

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards(page)).toHaveCount(24);
    await expect(tiles(page)).toHaveCount(4);
    await expect(items.nth(15).getByRole('link', { name: /^Live webcam: / })).toBeVisible();
    await expect(items.nth(19).getByRole('link', { name: /^Live webcam: / })).toBeVisible();
  });

  test('a member who signed up today sees no tiles', async ({ browser }) => {
    const fresh = await signUp(browser, { name: 'Nieuw', gender: 'male', date_of_birth: '1990-01-01', country: 'NL' });
    try {
      const page = await fresh.context.newPage();
      await page.goto('/members');
      await expect(cards(page)).toHaveCount(SEARCH_PAGE_SIZE);
      await expect(tiles(page)).toHaveCount(0);
    } finally {
      await fresh.context.close();
    }
  });

  test('a paid member sees no tiles', async ({ page }) => {
    // The seeded paid login (README: paid@example.com / demo1234). The probe logs the page's context in.
    await page.request.get('/api/settings.php', { headers: { 'x-original-host': 'localhost' } });
    const csrf = (await page.context().cookies(ORIGIN)).find((c) => c.name === 'csrf')?.value ?? '';
    const probe = await page.request.post('/api/login.php', {
      headers: { 'x-original-host': 'localhost', 'x-csrf-token': csrf },
      data: PAID,
      failOnStatusCode: false,
    });
    expect(probe.status(), `the seed has no paid member ${PAID.email} / ${PAID.password}`).toBe(200);
    const { user } = await probe.json();
    expect(user.paid_user, `${PAID.email} is not a paid member`).toBe(true);
    expect(Date.now() - Date.parse(user.signup_date)).toBeGreaterThan(FREE_USER_ADS_AFTER_MS);
    await page.goto('/members');
    await expect(page.locator('#root')).toHaveClass(/logged-in/);
    await expect(cards(page)).toHaveCount(SEARCH_PAGE_SIZE);
    await expect(tiles(page)).toHaveCount(0);
  });
});

test.describe('visitors', () => {
  test('see results without like or chat buttons where logged_out_search allows it', async ({ page }) => {
    await page.goto('/members');
    await expect(cards(page)).toHaveCount(SEARCH_PAGE_SIZE);
    await expect(cards(page).first().getByRole('link', { name: /^View profile of / })).toBeVisible();
    await expect(results(page).getByRole('button', { name: /^Like / })).toHaveCount(0);
    await expect(results(page).getByRole('button', { name: /^Start a conversation/ })).toHaveCount(0);
    await expect(results(page).getByRole('link', { name: /^Live webcam: / })).toHaveCount(0);
  });

  test(`after ${VISITOR_SEARCH_MAX_PAGE} pages a visitor is invited to sign up, not shown an error`, async ({ page }) => {
    await page.goto('/members');
    await expect(cards(page)).toHaveCount(SEARCH_PAGE_SIZE);
    for (let p = 2; p <= VISITOR_SEARCH_MAX_PAGE; p++) {
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect(cards(page)).toHaveCount(SEARCH_PAGE_SIZE * p);
    }
    await expect(page.getByRole('heading', { name: 'Want to see everyone?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign up for free' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('velvet, logged out: a member profile asks the visitor to log in (not to check the connection); the three member landing pages are public, from a campaign on velvet and always on amora', async ({ browser }) => {
    test.setTimeout(120_000);
    const firstMember = async (origin: string, query: string) => {
      const finder = await browser.newPage();
      await finder.goto(`${origin}/members${query}`);
      const first = finder.getByRole('article').first();
      await expect(first).toBeVisible();
      const name = (await first.getByRole('heading').textContent())!.split(',')[0]!.trim();
      const path = new URL((await first.getByRole('link', { name: /^View profile of / }).getAttribute('href'))!, finder.url()).pathname;
      await finder.close();
      return { name, path };
    };
    const { path: memberPath } = await firstMember('http://velvet.localhost:8080', '?network=affiliate');

    // A visitor without a campaign opens the profile: asked to log in, nothing about the connection.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://velvet.localhost:8080${memberPath}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('alert')).toContainText('Log in to see this.');
    await expect(main.getByText(/connection|not allowed/i)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await context.close();

    // The member landing pages: no login on the way, the member shown.
    for (const [origin, query] of [['http://velvet.localhost:8080', '?network=affiliate'], [ORIGIN, '']] as const) {
      const { name, path: memberPath } = await firstMember(origin, query);
      const pages = [
        ['landing', name],
        ['landing2/spring', new RegExp(name)],
        ['landing3/spring', new RegExp(name)],
      ] as const;
      const visitor = await browser.newContext();
      const p = await visitor.newPage();
      for (const [path, heading] of pages) {
        const res = await p.goto(`${origin}${memberPath}/${path}${query}`);
        expect(res?.status(), `${origin} ${path}`).toBe(200);
        await expect(p.getByRole('heading', { level: 1, name: heading }), `${origin} ${path}`).toBeVisible();
        await expect(p, `${origin} ${path}`).not.toHaveURL(/\/login/);
      }
      await visitor.close();
    }
  });

  test('go to login where logged-out search is off, unless they come from a traffic source the site knows', async ({ page }) => {
    await page.goto('http://velvet.localhost:8080/members');
    await expect(page).toHaveURL(/velvet\.localhost:8080\/login\?next=%2Fmembers/);

    await page.goto('http://velvet.localhost:8080/members?network=affiliate');
    await expect(page).toHaveURL(/\/members\?network=affiliate/);
    await expect(page.getByRole('list').filter({ has: page.getByRole('article') }).getByRole('article').first()).toBeVisible();
    const name = (await page.getByRole('article').first().getByRole('heading').textContent())!.split(',')[0]!.trim();
    const memberPath = new URL((await page.getByRole('article').first().getByRole('link', { name: /^View profile of / }).getAttribute('href'))!, page.url()).pathname;

    // The member's landing page follows the same rule: from a campaign it shows the member…
    await page.goto(`http://velvet.localhost:8080${memberPath}/landing?network=affiliate`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // …and without one the visitor logs in first, then comes back to it (not "could not be loaded").
    await page.goto(`http://velvet.localhost:8080${memberPath}/landing`);
    await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(`${memberPath}/landing`)}`));
    await expect(page.getByRole('heading', { level: 1, name: /Inloggen|Log in/ })).toBeVisible();
    // A traffic source the site does not know opens nothing: the visitor logs in first there too.
    await page.goto(`http://velvet.localhost:8080${memberPath}/landing?network=made-up`);
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.goto('http://velvet.localhost:8080/members?network=made-up');
    await expect(page).toHaveURL(/\/login\?next=%2Fmembers%3Fnetwork%3Dmade-up/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
