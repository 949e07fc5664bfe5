// Journeys of mf-landers: every lander kind is its own page with the signup form of
// mf-auth-signup mounted as a fragment; a visitor signs up from a lander and the tracking
// parameters of the address travel in the signup; unknown kinds and campaigns are the 404 page;
// the match-finder quiz shows real members and signs up; a complaint reaches the development
// mailbox; the legal pages carry each template's company. Real shell, remotes and API.
import { expect, test, type Page } from './test';
import { REMOTE_ORIGINS, answerMatchFinder, logIn } from './helpers';
import { enlargements, settled } from './screens';

const LANDER_KINDS = ['video', 'gallery', 'maplanding', 'alonetonight', 'iconslanding', 'socialnetwork', 'collagelanding', 'transitionsvideolanding'];
const signupRegion = (page: Page) => page.getByRole('region', { name: 'Sign up for free' });

async function createAccount(page: Page, email: string) {
  const form = signupRegion(page);
  await expect(form.getByRole('heading', { level: 2, name: 'Create your free account' })).toBeVisible({ timeout: 20_000 });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Name').fill('Lena');
  await form.getByLabel('Password').fill('lander-secret-1');
  await form.getByRole('checkbox', { name: 'I am 18 years or older' }).check();
  const create = form.getByRole('button', { name: 'Create my free account' });
  await expect(create).toBeEnabled();
  await create.click();
}

test.describe('landers', () => {
  for (const kind of LANDER_KINDS) {
    test(`${kind}: its own template with the campaign and the signup fragment`, async ({ page }) => {
      await page.goto(`/landers/${kind}/summer-love?network=e2e`);
      await expect(page.getByRole('heading', { level: 1, name: 'Fall in love this summer' })).toBeVisible();
      await expect(page.locator(`[data-template="${kind}"]`)).toBeVisible();
      await expect(page.locator('[data-template]')).toHaveCount(1);
      // The form is mf-auth-signup's own, mounted inside the lander (not a link away).
      await expect(signupRegion(page).getByRole('button', { name: 'Create my free account' })).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('[data-fragment="mf_auth_signup/signup-form"]')).toBeAttached();
    });
  }

  test('member tiles are WebP, never shown larger than their file, and keep their space, at phone and desktop size', async ({ page }) => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(viewport);
      for (const kind of ['gallery', 'collagelanding', 'alonetonight']) {
        await page.goto(`/landers/${kind}/summer-love`);
        const tiles = page.locator('[data-template] figure img');
        await expect(tiles.first()).toBeVisible();
        await settled(page);
        // Each reserves its frame before its file arrives (width and height), as every SquarePhoto does.
        for (const size of await tiles.evaluateAll((imgs) => imgs.map((i) => [i.getAttribute('width'), i.getAttribute('height')]))) expect(size).toEqual(['320', '320']);
        expect(await tiles.evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((i) => i.currentSrc).filter((src) => src.endsWith('.webp')).length)).toBeGreaterThan(0);
        // By layout size, not the bounding box: the collage's polaroids are turned a few degrees.
        const shown = await enlargements(page, '[data-template] figure img');
        expect(shown.length).toBeGreaterThan(0);
        for (const [what, scale] of shown) expect(scale, `${kind} at ${viewport.width} px: ${what}`).toBeLessThanOrEqual(1.01);
      }
    }
  });

  test('a visitor signs up on a lander; network, ref and sub1–sub3 travel with the signup', async ({ page }) => {
    await page.goto('/landers/gallery/women-nearby?network=partner-7&ref=r-12&sub1=a1&sub2=b2&sub3=c3');
    await expect(page.getByRole('heading', { level: 1, name: 'Women near you want to meet' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Just joined near you' }).getByRole('img').first()).toBeVisible();
    const signup = page.waitForRequest((r) => r.url().includes('/api/user.php?new=1') && r.method() === 'POST');
    await createAccount(page, `lander-${Date.now()}@example.com`);
    const body = (await signup).postDataJSON() as { trafficsource: Record<string, string>; form_path: string };
    expect(body.trafficsource).toEqual({ network: 'partner-7', ref: 'r-12', sub1: 'a1', sub2: 'b2', sub3: 'c3' });
    expect(body.form_path).toBe('/landers/gallery/women-nearby');
    const next = page.getByRole('heading', { level: 2, name: /Add a photo|Stay up to date/ });
    await expect(next).toBeVisible({ timeout: 20_000 });
  });

  test('a visitor who fills the signup form before its code has arrived creates the account all the same', async ({ page }) => {
    // The form is in the page the server sent; its code (mf-auth-signup's files) is held back until
    // the visitor has filled it in, as on a slow phone. Nothing typed is lost and the form then checks it.
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${REMOTE_ORIGINS.mf_auth_signup}/**/*.js`, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto('/landers/gallery/women-nearby', { waitUntil: 'commit' });
    const form = signupRegion(page);
    await expect(form.getByRole('heading', { level: 2, name: 'Create your free account' })).toBeVisible({ timeout: 20_000 });
    const email = `lander-early-${Date.now()}@example.com`;
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Name').fill('Lena');
    await form.getByLabel('Password').fill('lander-secret-1');
    await form.getByRole('checkbox', { name: 'I am 18 years or older' }).check();
    release();
    const create = form.getByRole('button', { name: 'Create my free account' });
    await expect(create).toBeEnabled({ timeout: 20_000 });
    await expect(form.getByLabel('Email address')).toHaveValue(email);
    await create.click();
    await expect(form.getByRole('heading', { level: 2, name: /Add a photo|Stay up to date/ })).toBeVisible({ timeout: 20_000 });
  });

  test('the signup card says "Already a member? Log in" once, and not after the account exists', async ({ page }) => {
    await page.goto('/landers/gallery/women-nearby');
    const card = signupRegion(page);
    await expect(card.getByRole('heading', { level: 2, name: 'Create your free account' })).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText('Already a member?')).toHaveCount(1);
    await expect(card.getByRole('link', { name: 'Log in' })).toHaveCount(1);
    await expect(card.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await createAccount(page, `lander-once-${Date.now()}@example.com`);
    await expect(card.getByRole('heading', { level: 2, name: /Add a photo|Stay up to date/ })).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText('Already a member?')).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  });

  test('an unknown kind or campaign is the 404 page', async ({ page }) => {
    await page.goto('/landers/bogus/summer-love');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Error 404')).toBeVisible();
    await page.goto('/landers/video/no-such-campaign');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // A campaign shown with a kind it does not allow is no page either.
    await page.goto('/landers/socialnetwork/women-nearby');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('a made-up campaign is a 404 for visitors and members alike', async ({ page }) => {
    const visitor = await page.goto('/landers/video/no-such-campaign');
    expect(visitor?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await logIn(page);
    const member = await page.goto('/landers/video/no-such-campaign');
    expect(member?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // A real campaign is still a page for a member.
    expect((await page.goto('/landers/video/summer-love'))?.status()).toBe(200);
  });

  test('maplanding: the visitor’s country with member counts per city', async ({ page }) => {
    await page.goto('/landers/maplanding/summer-love');
    const map = page.getByRole('img', { name: /^Map of .* with the number of members per city$/ });
    await expect(map).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: /: \d+ members?$/ }).first()).toBeVisible();
  });
});

test('match finder: four questions, real members, then signup', async ({ page }) => {
  await page.goto('/match-finder');
  await expect(page.getByText('Question 1 of 4')).toBeVisible();
  await answerMatchFinder(page);
  const first = page.getByRole('list').getByRole('link').first();
  await expect(first).toHaveAttribute('href', /^\/members\/\d+$/);
  const signup = page.waitForRequest((r) => r.url().includes('/api/user.php?new=1') && r.method() === 'POST');
  await createAccount(page, `finder-${Date.now()}@example.com`);
  expect((await signup).postDataJSON().form_path).toBe('/match-finder');
  await expect(page.getByRole('heading', { level: 2, name: /Add a photo|Stay up to date/ })).toBeVisible({ timeout: 20_000 });
});

test('a visitor’s complaint is confirmed on screen and by mail, and reaches customer service', async ({ page }) => {
  const email = `complainer-${Date.now()}@example.com`;
  await page.goto('/complaints');
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page.getByText('Choose what your complaint is about.')).toBeVisible();
  await page.getByRole('radio', { name: 'A message' }).check();
  await page.getByLabel('What happened?').fill('A member keeps sending me messages after I asked him to stop.');
  await page.getByLabel('Your email address').fill(email);
  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, we received your complaint' })).toBeVisible();
  const confirmation = page.getByText(/^Your reference is C-\d{6}\./);
  await expect(confirmation).toContainText(`We sent a confirmation to ${email}`);
  const reference = (await confirmation.textContent())!.match(/C-\d{6}/)![0];

  await page.goto('/api/dev/mailbox');
  await page.getByLabel('Recipient').fill(email);
  await page.getByRole('button', { name: 'Filter' }).click();
  const mail = page.getByRole('article').filter({ hasText: `We received your complaint (${reference})` });
  await expect(mail).toBeVisible({ timeout: 30_000 });
  // The confirmation goes to any address typed in: it carries the reference and fixed words, never
  // the visitor's text (the form would otherwise relay anybody's words and links to anybody).
  await expect(mail).not.toContainText('A member keeps sending me messages');
  await page.getByLabel('Recipient').fill('support@amora.example');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByRole('article').filter({ hasText: reference }).first()).toBeVisible();
});

test.describe('legal pages carry each template’s company', () => {
  test('amora: Dutch B.V. with its KvK number', async ({ page }) => {
    await page.goto('/pages/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
    await expect(page.getByText(/is a service of Amora Online B\.V\., Herengracht 420, Amsterdam/)).toBeVisible();
    const facts = page.getByRole('region', { name: 'Company details' });
    await expect(facts.getByText('KvK', { exact: true })).toBeVisible();
    await expect(facts.getByText('81234567')).toBeVisible();
    await page.goto('/pages/cookies');
    await expect(page.getByRole('table')).toContainText('client_state');
  });

  test('velvet: German GmbH with its Handelsregister number', async ({ page }) => {
    await page.goto('http://velvet.localhost:8080/pages/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
    await expect(page.getByText(/is a service of Velvet Media GmbH, Friedrichstraße 68, Berlin, Germany \(Handelsregister HRB 219876 B/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Company details' }).getByText('Handelsregister', { exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Handelsregister HRB 219876 B');
    await page.goto('http://velvet.localhost:8080/pages/faq');
    await expect(page.locator('details')).toHaveCount(14);
  });

  test('/favicon.ico is the site’s icon', async ({ request }) => {
    const res = await request.get('/favicon.ico');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  });
});
