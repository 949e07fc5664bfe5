import { expect, test, type Request } from './test';
import { DEMO, logIn } from './helpers';

// "No waterfall": the front server (scripts/serve/inject.mjs) puts the site settings, the
// remote registry and the member into the page and preloads what start-up loads. Cost: four page
// loads and four page requests, about 5 s.

const START_CALLS = /\/api\/(settings|remotes|user)\.php/;

test.describe('start-up without a request chain', () => {
  test('the first load of /login asks the API nothing, and every preloaded file is requested before the shell script has loaded, once', async ({ page }) => {
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    let shellScriptLoaded = -1;
    page.on('requestfinished', (r) => {
      if (/\/main\.[0-9a-f]+\.js$/.test(r.url()) && shellScriptLoaded === -1) shellScriptLoaded = requests.length;
    });
    const response = await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeEditable();
    expect(requests.map((r) => r.url()).filter((u) => START_CALLS.test(u))).toEqual([]);

    const html = await response!.text();
    const hints = [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => new URL(m[1], page.url()).href);
    // The shell's start-up chunks and the route's remote: manifest, entry, mount chunk, catalog.
    expect(hints.some((h) => /\/bootstrap\.[0-9a-f]+\.js$/.test(h))).toBe(true);
    expect(hints.filter((h) => h.startsWith('http://localhost:8081/')).map((h) => new URL(h).pathname)).toEqual(
      expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js', expect.stringMatching(/^\/__federation_expose_mount\.[0-9a-f]+\.js$/), expect.stringMatching(/^\/src_i18n_en_json\.[0-9a-f]+\.js$/)]),
    );
    expect(shellScriptLoaded).toBeGreaterThan(0);
    const before = requests.slice(0, shellScriptLoaded).map((r) => r.url());
    for (const hint of hints) {
      expect(before, `${hint} was requested before main.js had loaded`).toContain(hint);
      expect(requests.filter((r) => r.url() === hint), `${hint} was fetched once`).toHaveLength(1);
    }
  });

  test('a route preloads the libraries its remote\'s first view uses, not every one the remote shares', async ({ page }) => {
    const hintsOf = async (path: string) => [...(await (await page.request.get(path)).text()).matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1]);
    // The home view has no form: mf-search's react-hook-form chunk stays out of its start-up.
    const home = await hintsOf('/');
    expect(home.some((h) => h.startsWith('http://localhost:8082/'))).toBe(true);
    expect(home.filter((h) => /react-hook-form/.test(h))).toEqual([]);
    // The login view is a form: the remote's own react-hook-form comes with it, before the view renders.
    expect((await hintsOf('/login')).filter((h) => /^http:\/\/localhost:8081\/.*react-hook-form/.test(h))).toHaveLength(1);
    // A view its remote loads lazily (the complaint form) comes with its route, and only there.
    const complaints = await hintsOf('/complaints');
    expect(complaints.filter((h) => /^http:\/\/localhost:8086\/(view-complaints\.[0-9a-f]+\.js|.*react-hook-form)/.test(h))).toHaveLength(2);
    // A legal page brings its own texts, not the other pages'.
    const terms = await hintsOf('/pages/terms');
    expect(terms.filter((h) => /view-complaints|react-hook-form/.test(h))).toEqual([]);
    expect(terms.filter((h) => /\/view-page-[a-z-]+\.[0-9a-f]+\.js$/.test(h)).map((h) => /view-page-([a-z-]+)\./.exec(h)![1])).toEqual(['terms']);
  });

  test('the page is in the visitor\'s language and the site\'s name, from the language cookie or Accept-Language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    const response = await page.goto('/login');
    const html = await response!.text();
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain('<title>Amora</title>');
    expect(html).toMatch(/<link rel="preload" href="http:\/\/localhost:8081\/src_i18n_de_json\.[0-9a-f]+\.js"/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    // The language cookie wins over the browser's languages, as in the shell.
    await context.addCookies([{ name: 'locale', value: 'pl', url: 'http://localhost:8080' }]);
    const again = await page.request.get('/pages/terms', { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(await again.text()).toMatch(/^<!doctype html><html lang="pl">/);
    await context.close();
  });

  test('a member\'s page holds that member, is never cached, and the next visitor\'s page does not', async ({ page, browser }) => {
    await logIn(page);
    const mine = await page.request.get('/members');
    expect(mine.headers()['cache-control']).toBe('private, no-store');
    const state = JSON.parse(/<script type="application\/json" id="shell-start">(.*?)<\/script>/.exec(await mine.text())![1]);
    expect(state.user.user.profile.name).toBeTruthy();

    // The page the service worker keeps for offline use is the build's plain page, nobody's.
    const offlineCopy = await page.request.get('/index.html');
    expect(await offlineCopy.text()).not.toContain('shell-start');

    const visitor = await browser.newContext();
    const theirs = await visitor.request.get('/members');
    const theirState = JSON.parse(/<script type="application\/json" id="shell-start">(.*?)<\/script>/.exec(await theirs.text())![1]);
    expect(theirState.user).toEqual({ user: null });
    // A first visit gets the CSRF cookie the API gives, so that logging in works without a prior call.
    expect(theirs.headersArray().some((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('csrf='))).toBe(true);
    await visitor.close();
  });
});

test("a visitor's first page counts the visit without downloading the contract's schemas (none of its calls needs them)", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const visit = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/visit.php');
  await page.goto('/pages/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const sent = await visit;
  expect((await sent.response())?.status()).toBe(200);
  // A call checked against the contract asks for its chunk as it sends the request.
  expect(scripts.filter((p) => /\/contract\.[0-9a-f]+\.js$/.test(p))).toEqual([]);
  expect(scripts.some((p) => /\/main\.[0-9a-f]+\.js$/.test(p))).toBe(true);
});

test("a logged-out visitor's public page can be kept by a CDN: nothing of theirs in it, and logging in from it works", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = (await page.goto('/login'))!;
  expect(res.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60');
  expect(res.headers()['vary']).toContain('Cookie');
  // No cookie of its own: the API client asks for the CSRF token when it first needs it.
  expect((await res.headersArray()).filter((h) => h.name.toLowerCase() === 'set-cookie')).toEqual([]);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  // Now the page is the member's: private.
  expect((await page.request.get('/login')).headers()['cache-control']).toBe('private, no-store');
  await context.close();
});

test('route prefetch: pointing at a link loads its route\'s remote before the click; links out of view load nothing', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 480 } });
  const page = await context.newPage();
  const landers: { url: string; at: number; type: string }[] = [];
  /** Files of the other remotes downloaded ahead (rel=prefetch): the links in view. */
  const ahead: string[] = [];
  let clicked = Infinity;
  page.on('request', (r) => {
    if (r.url().startsWith('http://localhost:8086/')) landers.push({ url: r.url(), at: Date.now(), type: r.resourceType() });
    else if (/^http:\/\/localhost:808[1-8]\//.test(r.url()) && r.resourceType() === 'other') ahead.push(r.url());
  });
  // The page's clock flows as usual; it is run past the prefetch delay below instead of waiting it out.
  await page.clock.install();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms' });
  await expect(terms).not.toBeInViewport();
  // Links in view are prefetched 2 s after the page has loaded, all in one go (at most 5 at a time,
  // fewer than the remotes); the footer's are not in view.
  await page.clock.runFor(3_000);
  await expect.poll(() => ahead.length).toBeGreaterThan(0);
  expect(landers).toEqual([]);

  await terms.hover();
  // Loaded (run), not only downloaded: the mount chunk is asked for as a script. (Once the hover
  // scrolled the link into view, its files may also be downloaded: rel=prefetch, resource type 'other'.)
  const loaded = () => landers.filter((r) => r.type === 'script');
  await expect.poll(() => loaded().filter((r) => /\/__federation_expose_mount\.[0-9a-f]+\.js$/.test(r.url)).length).toBe(1);
  clicked = Date.now();
  await terms.click();
  await expect(page.getByRole('heading', { level: 1, name: /Terms|conditions/i })).toBeVisible();
  const mount = loaded().filter((r) => /\/(remoteEntry\.js|__federation_expose_mount\.[0-9a-f]+\.js)$/.test(r.url));
  expect(mount.map((r) => new URL(r.url).pathname.replace(/\.[0-9a-f]{8}\./, '.'))).toEqual(
    expect.arrayContaining(['/remoteEntry.js', '/__federation_expose_mount.js']),
  );
  expect(mount).toHaveLength(2);
  expect(mount.every((r) => r.at < clicked)).toBe(true);
  await context.close();
});
