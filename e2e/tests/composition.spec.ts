import { expect, test } from './test';
import { createRequire } from 'node:module';
import { BACKOFFICE_ORIGIN, logIn, recordRequests, REMOTE_ORIGINS } from './helpers';

/** The singletons the build shares (rspack.base.js): the test follows the list, not a copy of it. */
const { SINGLETONS } = createRequire(__filename)('../../rspack.base.js') as { SINGLETONS: string[] };

test.describe('runtime composition', () => {
  test('each of the six remotes loads from its own origin', async ({ page }) => {
    const requests = recordRequests(page);
    const visits: Array<[keyof typeof REMOTE_ORIGINS, string, RegExp]> = [
      ['mf_search', '/', /Welcome/],
      ['mf_commerce', '/premium', /Premium/],
      ['mf_landers', '/pages/faq', /Frequently asked questions|FAQ/i],
      ['mf_chat', '/members/3/chat', /^Chat with /],
      ['mf_auth_signup', '/login', /Log in/],
    ];
    for (const [, path, heading] of visits) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await logIn(page);
    // The main navigation's Likes, not a "… likes you" card other journeys may have put on the home page.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Likes\b/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Likes', exact: true })).toBeVisible();
    for (const [remote, origin] of Object.entries(REMOTE_ORIGINS)) {
      const fromOrigin = requests.filter((r) => r.url().startsWith(`${origin}/`));
      expect(fromOrigin.map((r) => new URL(r.url()).pathname), `${remote} from ${origin}`).toEqual(
        expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']),
      );
    }
    // Members' pages never load the back office: not its manifest, entry, chunks or catalogs.
    expect(requests.filter((r) => r.url().startsWith(`${BACKOFFICE_ORIGIN}/`)).map((r) => r.url())).toEqual([]);
  });

  test('the back office loads from its own origin, and only on its own pages', async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto('/backoffice/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Operator login' })).toBeVisible();
    const paths = requests.filter((r) => r.url().startsWith(`${BACKOFFICE_ORIGIN}/`)).map((r) => new URL(r.url()).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
  });

  test('every shared singleton of the build is loaded once, from one provider', async ({ page, request }) => {
    const requests = recordRequests(page);
    // Every remote on one page visit each: each brings its own copy of the singletons it uses.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await page.getByRole('link', { name: 'Premium' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Premium/ })).toBeVisible();
    await page.getByRole('link', { name: 'Terms' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Terms/ })).toBeVisible();
    await logIn(page);
    // The main navigation's Likes, not a "… likes you" card other journeys may have put on the home page.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Likes\b/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/members/3/chat');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A form page (its remote's own react-hook-form; the contract and React from the shell).
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Which copy of each singleton the federation runtime loaded, across every container.
    const loaded = await page.evaluate((names) => {
      /** The runtime's share scopes: container → scope → package → version → what was shared. */
      type Shared = { from: string; loaded?: boolean; lib?: unknown };
      type ShareScopes = Record<string, Record<string, Record<string, Record<string, Shared>>>>;
      const share = (globalThis as { __FEDERATION__?: { __SHARE__?: ShareScopes } }).__FEDERATION__?.__SHARE__ ?? {};
      const out: Record<string, string[]> = Object.fromEntries(names.map((n) => [n, []]));
      for (const scopes of Object.values(share)) {
        for (const [pkg, byVersion] of Object.entries(scopes.default ?? {})) {
          if (!(pkg in out)) continue;
          for (const [version, info] of Object.entries(byVersion)) {
            const copy = `${version} from ${info.from}`;
            if ((info.loaded || info.lib) && !out[pkg].includes(copy)) out[pkg].push(copy);
          }
        }
      }
      return out;
    }, SINGLETONS);

    // What each remote would fetch for its own copy (its manifest lists the files per package).
    const fetched = new Set(requests.map((r) => r.url()));
    const manifests = await Promise.all(
      Object.entries(REMOTE_ORIGINS).map(async ([remote, origin]) => ({
        remote,
        origin,
        shared: (await (await request.get(`${origin}/mf-manifest.json`)).json()).shared as Array<{
          name: string;
          assets: { js: { sync: string[]; async: string[] } };
        }>,
      })),
    );
    /**
     * The remotes whose own copy of `name` the page fetched. A chunk named after several modules
     * ("vendors-…-node_modules_zod…", "shared_src_locales_ts-shared_src_rules_ts-…", which a form's
     * schemas need too) also carries the remote's other code: fetching it says nothing.
     */
    const fetchedFrom = (name: string) =>
      manifests
        .filter(({ origin, shared }) => {
          const own = shared.find((s) => s.name === name);
          const files = own ? [...own.assets.js.sync, ...own.assets.js.async].filter((f) => !/-node_modules_|_(?:ts|tsx|js|mjs|cjs|json)-/.test(f)) : [];
          return files.some((f) => fetched.has(`${origin}/${f}`));
        })
        .map(({ remote }) => remote);
    const unused: string[] = [];
    for (const name of SINGLETONS) {
      expect(loaded[name].length, `${name}: at most one copy in the share scope`).toBeLessThanOrEqual(1);
      if (loaded[name].length === 0) {
        // No view on these pages imports it yet (e.g. just added to the build); the runtime may
        // have preloaded one remote's copy, never two.
        expect(fetchedFrom(name).length, `${name}: fetched from at most one remote`).toBeLessThanOrEqual(1);
        unused.push(name);
        continue;
      }
      const provider = loaded[name][0].split(' from ')[1];
      const others = fetchedFrom(name).filter((r) => r !== provider);
      if (provider === 'shell') {
        // Loaded by the shell before any remote: no remote may fetch a copy of its own.
        expect(others, `${name}: no remote fetched a copy of its own`).toEqual([]);
      } else if (others.length) {
        // Loaded from a remote: a remote visited before it may have preloaded its own copy (the
        // runtime preloads shared files not loaded yet); fetched, never run. Reported, not failed.
        test.info().annotations.push({ type: `${name} preloaded but not used`, description: others.join(', ') });
      }
    }
    if (unused.length) test.info().annotations.push({ type: 'singletons not used on these pages', description: unused.join(', ') });
    expect(unused.length, 'the journey loads most singletons').toBeLessThan(SINGLETONS.length / 2);
  });

  test('a deep link reloads into the right remote', async ({ page }) => {
    await page.goto('/members/7');
    const view = page.locator('[data-remote="mf_search"][data-view="member"]');
    // The member's profile ("Name, age"), not its "Profile not found" or error state.
    await expect(view.getByRole('heading', { level: 1 })).toHaveText(/^[^,]+, \d+$/);
    const heading = await view.getByRole('heading', { level: 1 }).textContent();
    await page.reload();
    await expect(view.getByRole('heading', { level: 1 })).toHaveText(heading!);
    await expect(page.locator('#root')).toHaveClass(/page-members-memberId/);
  });

  test('back and forward move across remotes', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await page.getByRole('link', { name: 'Premium' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Premium/ })).toBeVisible();
    await page.getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL(/\/pages\/terms$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/premium$/);
    await expect(page.getByRole('heading', { level: 1, name: /Premium/ })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: /Premium/ })).toBeVisible();
  });

  test('navigating between two routes of one remote updates it without remounting', async ({ page }) => {
    await page.goto('/pages/faq');
    await expect(page.getByRole('heading', { level: 1, name: /Frequently asked questions|FAQ/i })).toBeVisible();
    // Mark the parcel's DOM node; a remount would replace it.
    await page.locator('#content > div').first().evaluate((el) => el.setAttribute('data-marker', 'same'));
    await page.getByRole('link', { name: 'Terms' }).click();
    await expect(page).toHaveURL(/\/pages\/terms$/);
    await expect(page.locator('#content > div[data-marker="same"]')).toHaveCount(1);
  });
});

test('scripts and styles are sent precompressed: brotli where accepted, else gzip, with Vary', async ({ page, request }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(3);
  for (const url of scripts.slice(0, 4)) {
    const plain = await request.get(url, { headers: { 'accept-encoding': 'identity' } });
    const br = await request.get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gz = await request.get(url, { headers: { 'accept-encoding': 'gzip' } });
    const size = Number(plain.headers()['content-length']);
    if (size < 512) continue; // tiny files go as they are
    expect([br.headers()['content-encoding'], gz.headers()['content-encoding'], plain.headers()['content-encoding']]).toEqual(['br', 'gzip', undefined]);
    // Remote files also vary by Origin (CORS for the sites' origins only).
    expect(br.headers()['vary']?.split(/,\s*/)).toContain('Accept-Encoding');
    expect(Number(br.headers()['content-length'])).toBeLessThan(size);
    // Scripts of some size shrink to well under half.
    if (size > 8192) expect(Number(br.headers()['content-length'])).toBeLessThan(size / 2);
    expect(await br.text()).toBe(await plain.text());
  }
});

test.describe('routing', () => {
  test('an unknown path shows 404 Page not found, and answers HTTP 404', async ({ page, request }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // The server knows the contract's route table: real pages are 200, a lander kind that does not exist is 404.
    expect((await request.get('/members/12/landing2/spring')).status()).toBe(200);
    expect((await request.get('/landers/video/summer-love')).status()).toBe(200);
    expect((await request.get('/landers/bogus/summer-love')).status()).toBe(404);
    expect((await request.get('/pages/nope')).status()).toBe(404);
    await expect(page.getByText('Error 404')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  });

  test('a required route sends a logged-out visitor to /login', async ({ page }) => {
    await page.goto('/likes');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { level: 1, name: /Log in/ })).toBeVisible();
  });

  test('developer pages redirect to the home page', async ({ page }) => {
    await page.goto('/_dev/dialogs');
    await expect(page).toHaveURL('http://localhost:8080/');
  });

  test('the root element names the page and the login state', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#root')).toHaveClass(/page-index/);
    await expect(page.locator('#root')).toHaveClass(/is-index/);
    await expect(page.locator('#root')).toHaveClass(/logged-out/);
    await logIn(page);
    await expect(page.locator('#root')).toHaveClass(/logged-in/);
  });
});
