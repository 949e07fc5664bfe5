// Public pages arrive rendered in Node (scripts/serve/render.mjs) and hydrate: what visitors get.
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from './test';

const PUBLIC_PAGES: { path: string; heading: RegExp; form?: boolean }[] = [
  { path: '/', heading: /Welcome to Amora/ },
  { path: '/login', heading: /Log in/, form: true },
  { path: '/signup', heading: /Sign up/, form: true },
  { path: '/match-finder', heading: /Find your match/ },
  { path: '/pages/terms', heading: /Terms and conditions/ },
];

/** React's hydration warnings and page errors the page reports from now on (expected empty). */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (/hydrat|did not match|Minified React error #4(18|19|20|21|22|23|25)/i.test(msg.text())) problems.push(msg.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Holds back the page's scripts matching `url` (the server's markup stays on screen, not hydrated) until the returned function is called. */
async function holdScripts(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * The signup form inside a page, typed into while its remote's scripts (mf-auth-signup) are held
 * back: once they run, the text is kept and the field has not moved (the form's own hints below it
 * may follow what was typed), hydrated in place rather than a second form. `open` loads the page.
 */
async function typedBeforeHydration(page: Page, open: () => Promise<void>, text: string) {
  const release = await holdScripts(page, /:8081\/.*\.js$/);
  await open();
  const region = page.getByRole('region', { name: 'Sign up for free' });
  await expect(region).toHaveAttribute('data-mounting', '');
  // The page's stylesheets (the fragment's among them) have applied: the form as it first shows.
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet));
  const email = region.getByLabel('Email');
  await email.fill(text);
  const before = await email.boundingBox();
  release();
  await expect(page.locator('[data-mounting]')).toHaveCount(0);
  await expect(email).toHaveValue(text);
  await expect(page.locator('[data-fragment="mf_auth_signup/signup-form"]')).toHaveCount(1);
  expect(await email.boundingBox()).toEqual(before);
}

test.describe('public pages rendered in Node', () => {
  for (const { path, heading, form } of PUBLIC_PAGES) {
    test(`${path} has its heading${form ? ' and form' : ''} without JavaScript`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const res = await page.goto(path);
      expect(res?.headers()['x-rendered']).toBe('node');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (form) await expect(page.locator('main form')).toHaveCount(1);
      await context.close();
    });

    test(`${path} hydrates without a React warning or mismatch`, async ({ page }) => {
      const problems = hydrationProblems(page);
      await page.goto(path);
      await expect(page.locator('[data-mounting]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(problems).toEqual([]);
    });
  }

  test('a form typed into before hydration keeps its text', async ({ page }) => {
    // The remote's files are held back: the server's form is on screen, not yet hydrated.
    const release = await holdScripts(page, /:8081\/.*\.js$/);
    // Not waiting for `load`: the held files are preloaded by the page.
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-mounting]')).toHaveCount(1);
    const email = page.getByLabel(/e-?mail/i).first();
    await email.fill('early@example.test');
    release();
    await expect(page.locator('[data-mounting]')).toHaveCount(0);
    await expect(email).toHaveValue('early@example.test');
  });

  test('an address typed into the signup form before hydration: once it runs, the name follows it as when typing', async ({ page }) => {
    const release = await holdScripts(page, /:8081\/.*\.js$/);
    await page.goto('/signup', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-mounting]')).toHaveCount(1);
    await page.getByLabel('Email address').fill('early-bird@example.com');
    release();
    await expect(page.locator('[data-mounting]')).toHaveCount(0);
    await expect(page.getByLabel('Email address')).toHaveValue('early-bird@example.com');
    await expect(page.getByLabel('Name')).toHaveValue('early-bird');
  });

  test('a language chosen while the view is still starting reaches the view once it has hydrated', async ({ page }) => {
    // The view's English messages are held back: its parcel is mounting, the server's form on screen.
    const release = await holdScripts(page, /:8081\/src_i18n_en_json\.[0-9a-f]+\.js$/);
    await page.goto('/signup', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('[data-mounting]')).toHaveCount(1);
    await page.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Suche' })).toBeVisible();
    release();
    await expect(page.locator('[data-mounting]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Erstelle dein kostenloses Konto' })).toBeVisible();
    await expect(page.getByLabel('E-Mail-Adresse', { exact: true })).toBeVisible();
  });

  test("a lander's signup form (another remote's fragment) is in the server's page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto('/landers/video/summer-love');
    expect(res?.headers()['x-rendered']).toBe('node');
    const form = page.getByRole('region', { name: 'Sign up for free' });
    await expect(form.getByLabel('Email')).toBeVisible();
    await expect(form.locator('form')).toHaveCount(1);
    await context.close();
  });

  test("a lander's signup form typed into before hydration keeps its text, in place, without a warning", async ({ page }) => {
    const problems = hydrationProblems(page);
    await typedBeforeHydration(page, async () => void (await page.goto('/landers/video/summer-love', { waitUntil: 'domcontentloaded' })), 'early-lander@example.test');
    expect(problems).toEqual([]);
  });

  test('an unknown path is the 404 page rendered in Node, with the signup form for a person, and hydrates without a warning', async ({ browser, page }) => {
    const off = await browser.newContext({ javaScriptEnabled: false });
    const plain = await off.newPage();
    const res = await plain.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    expect(res?.headers()['x-rendered']).toBe('node');
    // It differs for bots: no shared cache keeps it, any other cache keeps it per User-Agent.
    expect(res?.headers()['vary']).toMatch(/User-Agent/);
    expect(res?.headers()['cache-control']).not.toMatch(/s-maxage|public/);
    await expect(plain.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(plain.getByRole('region', { name: 'Sign up for free' })).toHaveCount(1);
    // The form's JavaScript loads with the page, not once the shell hydrates: the head preloads it.
    await expect(plain.locator('head link[rel="preload"][as="script"][href*="__federation_expose_signup_form"]')).toHaveCount(1);
    await off.close();

    const problems = hydrationProblems(page);
    expect((await page.goto('/another/made-up/path'))?.status()).toBe(404);
    await expect(page.getByRole('region', { name: 'Sign up for free' }).getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("the 404 page's signup form is in the server's page, typed into before hydration keeps its text, in place, without a warning", async ({ browser, page }) => {
    // As served, without any script: the form's fields, not a loading placeholder.
    const off = await browser.newContext({ javaScriptEnabled: false });
    const plain = await off.newPage();
    expect((await plain.goto('/no/such/page'))?.status()).toBe(404);
    const served = plain.getByRole('region', { name: 'Sign up for free' });
    await expect(served.getByLabel('Email')).toBeVisible();
    await expect(served.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(served.locator('form')).toHaveCount(1);
    await expect(served.locator('[aria-busy="true"]')).toHaveCount(0);
    await off.close();

    const problems = hydrationProblems(page);
    await typedBeforeHydration(
      page,
      async () => expect((await page.goto('/a/made-up/path', { waitUntil: 'domcontentloaded' }))?.status()).toBe(404),
      'early-404@example.test',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a bot gets the 404 page rendered in Node without the signup form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    const page = await context.newPage();
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    expect(res?.headers()['x-rendered']).toBe('node');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('region', { name: /Sign up for free|Members you may like/ })).toHaveCount(0);
    await expect(page.locator('main form')).toHaveCount(0);
    await expect(page.locator('head link[rel="preload"][href*="__federation_expose_signup_form"]')).toHaveCount(0);
    await context.close();
  });

  test('an unknown lander is a 404 without a render of its own', async ({ request }) => {
    const res = await request.get('/landers/video/no-such-campaign-xyz');
    expect(res.status()).toBe(404);
    expect(res.headers()['x-rendered']).toBeUndefined();
  });

  test('no Chromium process runs under npm start', () => {
    // The started tree: every process whose command line names this checkout's start script or servers.
    const ps = execFileSync('ps', ['-eo', 'pid,ppid,args'], { encoding: 'utf8' }).split('\n');
    const start = ps.find((line) => /node scripts\/start\.mjs/.test(line));
    expect(start).toBeTruthy();
    const byParent = new Map<string, string[]>();
    for (const line of ps.slice(1)) {
      const [pid, ppid, ...args] = line.trim().split(/\s+/);
      if (!pid) continue;
      byParent.set(ppid, [...(byParent.get(ppid) ?? []), `${pid} ${args.join(' ')}`]);
    }
    const tree: string[] = [];
    const walk = (pid: string) => {
      for (const child of byParent.get(pid) ?? []) {
        tree.push(child);
        walk(child.split(' ')[0]);
      }
    };
    walk(start!.trim().split(/\s+/)[0]);
    expect(tree.length).toBeGreaterThan(0);
    expect(tree.filter((p) => /chrom/i.test(p))).toEqual([]);
  });
});
