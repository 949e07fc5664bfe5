import { expect, test } from './test';
import { logInAsOperator } from './helpers';

const V1 = 'http://localhost:8086/mf-manifest.json';
/** Built as if against contract 2.0.0, an older minor than the page's 2.1 (e2e/serve-second-build.mjs). */
const V2 = 'http://localhost:8087/mf-manifest.json';
/** Built as if against contract 3.0.0, another major. */
const CONTRACT_3 = 'http://localhost:8089/mf-manifest.json';

/** As an admin operator of the site (the development operator, whose first site is amora on localhost). */
async function pointLandersAt(request: import('@playwright/test').APIRequestContext, url: string) {
  const headers = await logInAsOperator(request);
  const res = await request.put('/api/admin/remotes.php', { headers, data: { remote: 'mf_landers', url } });
  expect(res.status()).toBe(200);
}

test('changing a remote URL in the registry switches its version on reload, with no rebuild', async ({ page, request }) => {
  await page.goto('/pages/faq');
  const view = page.locator('[data-remote="mf_landers"]');
  await expect(view).toBeVisible();
  await expect(view).not.toHaveAttribute('data-build', 'v2');
  try {
    await pointLandersAt(request, V2);
    await page.reload();
    await expect(page.locator('[data-remote="mf_landers"]')).toHaveAttribute('data-build', 'v2');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await pointLandersAt(request, V1);
  }
  await page.reload();
  await expect(page.locator('[data-remote="mf_landers"]')).not.toHaveAttribute('data-build', 'v2');
});

test("a remote built against an older minor of the contract runs; one built against another major shows the fallback, says why in the log, and nothing else breaks", async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  const crashes: string[] = [];
  page.on('pageerror', (e) => crashes.push(e.message));
  try {
    // The v2 build asks for ^2.0.0; the page's contract is 2.1: it runs.
    await pointLandersAt(request, V2);
    await page.goto('/pages/faq');
    await expect(page.locator('[data-remote="mf_landers"][data-build="v2"]')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors.filter((e) => /does not satisfy/.test(e))).toEqual([]);

    await pointLandersAt(request, CONTRACT_3);
    await page.goto('/pages/faq');
    const fallback = page.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded' });
    await expect(fallback).toBeVisible();
    await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.locator('[data-build="contract-3"]')).toHaveCount(0);
    // The log line names the remote and the contract it wanted.
    await expect.poll(() => errors.find((e) => /remote mf_landers\/mount failed to load/.test(e) && /@dating\/shared/.test(e) && /\^3\.0\.0/.test(e))).toBeTruthy();
    // The rest of the site keeps working: the header's links still lead to another remote's page.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(crashes).toEqual([]);
  } finally {
    await pointLandersAt(request, V1);
  }
});

test('the registry cannot be changed without an operator session, nor with the old shared token', async ({ request }) => {
  const res = await request.put('/api/admin/remotes.php', { data: { remote: 'mf_landers', url: V2 } });
  expect(res.status()).toBe(403);
  const bearer = await request.put('/api/admin/remotes.php', { headers: { authorization: 'Bearer e2e-admin-token' }, data: { remote: 'mf_landers', url: V2 } });
  expect(bearer.status()).toBe(403);
});

test('manifests and remote entries are never cached; hashed chunks are immutable; remotes send CORS to the sites only', async ({ request }) => {
  const manifest = await request.get(V1, { headers: { origin: 'http://localhost:8080' } });
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  expect(manifest.headers()['access-control-allow-origin']).toBe('http://localhost:8080');
  const velvet = await request.get(V1, { headers: { origin: 'http://velvet.localhost:8080' } });
  expect(velvet.headers()['access-control-allow-origin']).toBe('http://velvet.localhost:8080');
  const stranger = await request.get(V1, { headers: { origin: 'https://evil.example' } });
  expect(stranger.headers()['access-control-allow-origin']).toBeUndefined();
  const entry = await request.get('http://localhost:8086/remoteEntry.js');
  expect(entry.headers()['cache-control']).toBe('no-cache');
  const body = await manifest.json();
  const chunk: string = body.exposes[0].assets.js.sync[0];
  const hashed = await request.get(`http://localhost:8086/${chunk}`);
  expect(hashed.headers()['cache-control']).toContain('immutable');
});
