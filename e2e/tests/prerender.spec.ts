// Public pages reach a logged-out visitor as HTML already rendered in their language and
// their site's template (scripts/serve/prerender.mjs); the client then takes over without a visible
// change (shell/src/prerender/takeover.ts); a member never gets a visitor's snapshot.
// The suite's own servers run with PRERENDER=off; these journeys start a second front server with
// prerendering on (port 8097) over the same API and remotes. Cost: about 10 renders of a page in
// headless Chromium (1–3 s each), some 30–40 s in all.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type APIRequestContext } from './test';
import { DEMO } from './helpers';

const ROOT = path.resolve(__dirname, '..', '..');
const PORT = 8097;
const AMORA = `http://localhost:${PORT}`;
/** velvet.localhost: browsers resolve *.localhost to loopback, Node does not, so the Host header says it. */
const VELVET_HOST = { host: `velvet.localhost:${PORT}` };
const LANDER = '/landers/gallery/summer-love';

let server: { close: (cb?: () => void) => void } | undefined;

test.beforeAll(async () => {
  const { serveStatic } = await import(pathToFileURL(path.join(ROOT, 'scripts/serve.mjs')).href);
  server = await serveStatic({ root: path.join(ROOT, 'shell', 'dist'), port: PORT, spa: true, apiTarget: 'http://127.0.0.1:8079', prerender: true });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** The page as a client without JavaScript gets it (a crawler, or before any script ran). */
async function html(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  const res = await request.get(url, { headers: { 'accept-language': 'en-US,en;q=0.9', ...headers }, maxRedirects: 0 });
  return { status: res.status(), headers: res.headers(), body: await res.text() };
}

test.describe('prerendered public pages', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the home page arrives with its heading and content in the HTML, in the visitor’s language', async ({ request }) => {
    const en = await html(request, `${AMORA}/`);
    expect(en.status).toBe(200);
    expect(en.body).toContain('data-prerendered');
    expect(en.body).toMatch(/<html lang="en"/);
    expect(en.body).toMatch(/<h1[^>]*>Welcome to Amora/);
    expect(en.body).toContain('href="/signup"');

    const de = await html(request, `${AMORA}/`, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(de.body).toMatch(/<html lang="de"/);
    expect(de.body).toMatch(/<h1[^>]*>Willkommen bei Amora/);

    // The language cookie wins over the browser's languages.
    const fr = await html(request, `${AMORA}/`, { 'accept-language': 'de-DE', cookie: 'locale=fr' });
    expect(fr.body).toMatch(/<html lang="fr"/);
    expect(fr.body).toMatch(/<h1[^>]*>Bienvenue sur Amora/);
  });

  test('a lander arrives with its heading, member photos and signup form in the HTML, per site', async ({ request }) => {
    const amora = await html(request, `${AMORA}${LANDER}`);
    expect(amora.status).toBe(200);
    expect(amora.body).toMatch(/<h1[^>]*>Fall in love this summer/);
    // The largest paint of a lander is a member photo: in the HTML, not fetched by a script first.
    expect(amora.body).toMatch(/<img[^>]+alt="Photo of [^"]+"[^>]+src="\/api\/images\//);
    expect(amora.body).toContain('data-fragment="mf_auth_signup/signup-form"');
    expect(amora.body).toContain('Amora');
    // It paints before any of the app's files load: its one script is the small starter; the
    // shell's script and the preload hints wait in an inert template until the page has painted.
    const held = /<template id="startup-hints">([^]*?)<\/template>/.exec(amora.body)?.[1] ?? '';
    expect(held).toMatch(/<script defer src="\/main\.[0-9a-f]{8}\.js"><\/script>/);
    expect(held).toMatch(/<link rel="preload" href="[^"]+remoteEntry\.js" as="script">/);
    const outside = amora.body.replace(held, '');
    expect(outside.match(/<script\b[^>]*\bsrc="[^"]*"/g)).toEqual([expect.stringMatching(/src="\/prerender-start\.[0-9a-f]{8}\.js"/)]);
    expect(outside).not.toContain('rel="preload"');

    // velvet.localhost is the other template: its brand, colours and default language (nl).
    const velvet = await html(request, `${AMORA}${LANDER}`, { ...VELVET_HOST, 'accept-language': 'nl-NL,nl;q=0.9' });
    expect(velvet.body).toMatch(/<html lang="nl"/);
    // The page's own title, with the template's brand.
    expect(velvet.body).toMatch(/<title>[^<]+ – Velvet<\/title>/);
    expect(velvet.body).toContain('--brand-primary: #1c2a4a');
    expect(velvet.body).not.toContain('Amora Online B.V.');
    expect(amora.body).toContain('--brand-primary: #d6336c');
  });

  test('unknown paths keep their 404, prerendered too', async ({ request }) => {
    const missing = await html(request, `${AMORA}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatch(/<h1[^>]*>Page not found/);
    const bogus = await html(request, `${AMORA}/landers/gallery/no-such-campaign`);
    expect(bogus.status).toBe(404);
    expect(bogus.body).toMatch(/<h1[^>]*>Page not found/);
    // A person's 404 page offers the signup form; a crawler's is the bot version, without (spec §2).
    expect(missing.body).toContain('data-fragment="mf_auth_signup/signup-form"');
    const crawler = await html(request, `${AMORA}/no/such/page`, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(crawler.status).toBe(404);
    expect(crawler.body).toMatch(/<h1[^>]*>Page not found/);
    expect(crawler.body).not.toContain('signup-form');
  });

  test('a logged-in member gets the plain shell, never a visitor’s snapshot', async ({ playwright }) => {
    const member = await playwright.request.newContext({ baseURL: AMORA });
    try {
      await member.get('/api/settings.php');
      const csrf = (await member.storageState()).cookies.find((c) => c.name === 'csrf')?.value ?? '';
      const login = await member.post('/api/login.php', { headers: { 'x-csrf-token': csrf }, data: DEMO });
      expect(login.status()).toBe(200);
      for (const page of ['/', LANDER, '/pages/terms']) {
        const res = await member.get(page);
        const body = await res.text();
        expect(res.headers()['x-prerendered']).toBeUndefined();
        expect(body).not.toContain('data-prerendered');
        expect(body).toContain('<div id="root"></div>');
      }
    } finally {
      await member.dispose();
    }
  });

  test('a form sent before the app has started is sent by the app once it has taken over, never by the browser with the password in the URL', async ({ page }) => {
    // The app's scripts wait until the visitor has sent the form of the prerendered page.
    let release = () => {};
    const appScriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/(main|bootstrap|startup)\.[0-9a-f]+\.js$/, async (route) => {
      await appScriptsMayLoad;
      await route.continue();
    });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto(`${AMORA}/login`);
    await expect(page.locator('#root[data-prerendered]')).toBeAttached();
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByLabel('Password').press('Enter');
    // Held: the page stays, with what was typed, and nothing went anywhere.
    await expect(page.locator('#root[data-pending-submit="0"]')).toBeAttached();
    await expect(page.getByLabel('Password')).toHaveValue(DEMO.password);
    release();
    // The app takes over and sends the same form: the member is logged in.
    await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible({ timeout: 20_000 });
    expect(visited.filter((u) => new URL(u).search !== '')).toEqual([]);
  });

  test('without its script, a prerendered form is posted to the page and answered with the page again, its fields never in the URL', async ({ request }) => {
    const page = await html(request, `${AMORA}/login`);
    expect(page.body).toMatch(/<form[^>]*method="post"/);
    const res = await request.post(`${AMORA}/login`, { form: { email: DEMO.email, password: DEMO.password }, maxRedirects: 0 });
    expect(res.status()).toBe(303);
    expect(res.headers().location).toBe('/login');
  });

  test('the client takes over without a visible “Loading…”: the signup form takes input, links work', async ({ page }) => {
    // Every frame: is any loading indicator visible? (The client renders hidden until it has settled.)
    await page.addInitScript(() => {
      const w = window as unknown as { seenLoading: string[] };
      w.seenLoading = [];
      const look = () => {
        for (const el of document.querySelectorAll('[aria-busy="true"]')) {
          if (el.checkVisibility({ visibilityProperty: true }) && el.closest('main')) w.seenLoading.push(el.textContent ?? '');
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(`${AMORA}${LANDER}`);
    const heading = page.getByRole('heading', { level: 1, name: 'Fall in love this summer' });
    await expect(heading).toBeVisible();
    await expect(page.locator('html[data-view-settled]')).toBeAttached({ timeout: 20_000 });
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(heading).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { seenLoading: string[] }).seenLoading)).toEqual([]);

    const form = page.getByRole('region', { name: 'Sign up for free' });
    await form.getByLabel('Email address').fill('takeover@example.com');
    await expect(form.getByLabel('Email address')).toHaveValue('takeover@example.com');
    await form.getByLabel('Name').fill('Lena');
    await expect(form.getByLabel('Name')).toHaveValue('Lena');

    // A link is the client's own navigation now (one page, no reload).
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${AMORA}/login`);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });
});
