// Visual checks: the main member screens and the public pages at a phone (390×844) and a
// desktop (1280×800) size, in both site templates (amora on localhost, velvet on velvet.localhost),
// compared with committed baselines (toHaveScreenshot), and audited with axe (WCAG 2.1 AA, zero
// violations) on every screen at both sizes.
//
// Stable by design:
// - fixed data: the logged-in screens belong to members this file creates (same names, ages, city,
//   notes, photo and likes every run); lists the whole database feeds (search results) are masked;
// - no motion: Playwright disables animations and transitions and hides the caret; the service
//   worker is blocked (its "ready to work offline" pill comes and goes with time);
// - the viewport only (not the full page): what a person sees first, the same height every run.
// Update the baselines deliberately, after a change that is meant to move a screen:
//   flock /tmp/e2e.lock npx playwright test -c e2e/playwright.config.ts e2e/tests/visual.spec.ts --update-snapshots
import { expect, test, type Locator, type Page } from './test';
import { axe, headers, logInAs, member, settled, SITES, SIZES, uncovered, type Fixture, type Site, type Size } from './screens';

/**
 * Tight: 0.2 % of the pixels may differ, each by the default per-pixel colour threshold (0.2): a
 * moved button, a changed colour or a stale baseline fails; antialiasing of a few glyph edges does
 * not. Stable because the screens are: fixed data, no motion, the caret hidden, what the clock or the
 * whole database feeds masked (see settled() and the masks below).
 */
const TOLERANCE = { maxDiffPixelRatio: 0.002, threshold: 0.2, animations: 'disabled', caret: 'hide', scale: 'css' } as const;

/** Whatever the clock writes (times, dates, "last seen"): masked on every screen. */
const clock = (page: Page) => page.locator('time');

interface Screen {
  name: string;
  path: (f: { anna: Fixture }) => string;
  /** Content that the whole database or the clock feeds: masked (its box stays, so layout still counts). */
  mask?: (page: Page) => Locator[];
  /** Only where the template has the feature (velvet has no notifications). */
  sites?: Site[];
  /** What must be on screen before the picture (parts that arrive later, such as another remote's fragment). */
  ready?: (page: Page) => Locator;
}

const PUBLIC: Screen[] = [
  // The faces on a visitor's home are whoever the database has: masked (their frames keep the layout).
  { name: 'home', path: () => '/', mask: (p) => [p.locator('main article'), p.getByRole('list', { name: 'Some of our members' })] },
  { name: 'login', path: () => '/login' },
  { name: 'signup', path: () => '/signup' },
  { name: 'terms', path: () => '/pages/terms' },
  { name: 'not-found', path: () => '/no/such/page' },
];

const MEMBER: Screen[] = [
  { name: 'search', path: () => '/members', mask: (p) => [p.locator('main ul:has(article)')] },
  // The block and report buttons are mf-chat's fragment: they arrive after the page.
  { name: 'member-profile', path: (f) => `/members/${f.anna.id}`, ready: (p) => p.getByRole('button', { name: 'Report Anna' }) },
  { name: 'likes', path: () => '/likes' },
  { name: 'chats', path: () => '/chats' },
  { name: 'profile', path: () => '/profile' },
  { name: 'notifications', path: () => '/notifications', sites: ['amora'] },
  { name: 'credits', path: () => '/credits' },
];

test.describe('visual checks and axe', () => {
  // Fixtures once for the file: the viewer Mara, Anna who liked her (two photos), Sofia whom she liked.
  let fixtures: { mara: Fixture; anna: Fixture; sofia: Fixture };
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    const api = async () => playwright.request.newContext();
    const [m, a, s] = await Promise.all([api(), api(), api()]);
    const mara = await member(m, 'mara', { name: 'Mara', gender: 'female', age: 31, personal: 'Walks by the river, strong coffee and old films.', photos: 1 });
    const anna = await member(a, 'anna', { name: 'Anna', gender: 'female', age: 29, personal: 'Sea swimming all year and a kitchen full of plants.', photos: 2 });
    const sofia = await member(s, 'sofia', { name: 'Sofia', gender: 'female', age: 34, personal: 'Choir on Tuesdays, climbing on Sundays.', photos: 0 });
    const { origin, host } = SITES.amora;
    for (const [who, whom] of [[a, mara], [m, sofia]] as const) {
      const res = await who.post(`${origin}/api/likes.php`, { headers: await headers(who, origin, host), data: { profile: whom.id } });
      expect(res.status(), await res.text()).toBe(200);
    }
    await Promise.all([m.dispose(), a.dispose(), s.dispose()]);
    fixtures = { mara, anna, sofia };
  });

  for (const site of Object.keys(SITES) as Site[]) {
    for (const size of Object.keys(SIZES) as Size[]) {
      test(`${site} at ${size} size: public pages`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: SIZES[size], serviceWorkers: 'block', locale: 'en-US', reducedMotion: 'reduce' });
        const page = await context.newPage();
        const failures: string[] = [];
        for (const screen of PUBLIC.filter((s) => !s.sites || s.sites.includes(site))) {
          await page.goto(SITES[site].origin + screen.path(fixtures));
          await settled(page);
          failures.push(...(await axe(page)).map((v) => `${screen.name}: ${v}`));
          await expect.soft(page).toHaveScreenshot(`${site}-${size}-${screen.name}.png`, { ...TOLERANCE, mask: [...(screen.mask?.(page) ?? []), clock(page)] });
        }
        expect(failures).toEqual([]);
        await context.close();
      });

      test(`${site} at ${size} size: member screens`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: SIZES[size], serviceWorkers: 'block', locale: 'en-US', reducedMotion: 'reduce' });
        const page = await context.newPage();
        const { origin } = SITES[site];
        await logInAs(page, origin, fixtures.mara);
        const failures: string[] = [];
        for (const screen of MEMBER.filter((s) => !s.sites || s.sites.includes(site))) {
          await page.goto(origin + screen.path(fixtures));
          await settled(page);
          if (screen.ready) await expect(screen.ready(page)).toBeVisible();
          failures.push(...(await axe(page)).map((v) => `${screen.name}: ${v}`));
          if (screen.name === 'member-profile' && size === 'phone') {
            // In reach of the thumb: every action is on screen and nothing (the tab bar) lies over it.
            for (const name of [/like/i, /^chat/i, /^block anna/i, /^report anna/i]) {
              const action = page.getByRole('main').getByRole('button', { name }).or(page.getByRole('main').getByRole('link', { name })).first();
              await expect(action).toBeInViewport({ ratio: 1 });
              expect(await uncovered(action), `${site}: ${String(name)} is not covered`).toBe(true);
            }
          }
          // The navigation's badges (new likes, unread messages) arrive whenever the shell's live data does: masked.
          const badges = page.getByRole('banner').getByRole('navigation').or(page.getByRole('navigation', { name: 'Sections' }));
          await expect.soft(page).toHaveScreenshot(`${site}-${size}-${screen.name}.png`, { ...TOLERANCE, mask: [...(screen.mask?.(page) ?? []), badges, clock(page)] });
        }
        expect(failures).toEqual([]);
        await context.close();
      });
    }
  }
});
