import { expect, test } from './test';
import { logInAsOperator } from './helpers';

const V1 = 'http://localhost:8086/mf-manifest.json';
const V2 = 'http://localhost:8087/mf-manifest.json';

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
