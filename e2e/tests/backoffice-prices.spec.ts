// Prices and codes kept in the back office (/backoffice/prices) reach the member's checkout: a
// finance operator changes a package's price and new checkouts pay it while a checkout opened
// before keeps its price; a welcome code made in the desk lowers a new member's checkout. Each
// journey puts the site's prices and welcome code back afterwards (the suite shares one database).
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from './test';
import { headers, SITES, auditDesk as audit, DESK_SIZES, DEV_OPERATOR, devOperatorApi as adminApi } from './screens';

const { desktop: DESKTOP } = DESK_SIZES;

const ORIGIN = SITES.amora.origin;

async function call(request: APIRequestContext, method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`${ORIGIN}${path}`, { method, headers: await headers(request), data, failOnStatusCode: false });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** A finance operator of amora, invited by the admin and enrolled (no second factor in development); answers email and password. */
async function financeOperator(admin: APIRequestContext, request: APIRequestContext) {
  const email = `finance-${Date.now()}@ops.example.com`;
  const password = 'finance-password-1';
  const amora = (await call(admin, 'GET', '/api/operator/me.php')).operator.sites.find((s: { name: string }) => s.name === 'amora').id;
  const invited = await call(admin, 'POST', '/api/operator/operators.php', { email, name: 'Femke Finance', role: 'finance', sites: [amora] });
  const token = new URL(invited.enrolment_link, ORIGIN).searchParams.get('token');
  await request.get(`${ORIGIN}/api/settings.php`, { headers: { 'x-original-host': SITES.amora.host } });
  await call(request, 'POST', '/api/operator/enrol.php', { token, password });
  return { email, password };
}

/** A new Dutch member signed up through the real call, logged in in a context of its own. */
async function newMember(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: ORIGIN, locale: 'en-US' });
  await context.request.get('/api/settings.php', { headers: { 'x-original-host': 'localhost' } });
  const email = `e2e-prices-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await context.request.post('/api/user.php?new=1', {
    headers: await headers(context.request),
    data: { email, name: 'Koper', password: 'e2e-password-1', language: 'en', country: 'NL', timezone: 'Europe/Amsterdam', adult: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { context, page: await context.newPage() };
}

/** From /credits to the checkout of the 1,000-credit package. */
async function openCheckout(page: Page) {
  await page.goto('/credits');
  await page.getByRole('listitem', { name: /1,000 credits/ }).getByRole('link', { name: 'Buy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

/** Pays the checkout on screen with iDEAL at `price` on the sandbox's page; answers the amount the API recorded. */
async function pay(page: Page, price: string): Promise<number> {
  await page.getByRole('radio', { name: 'iDEAL' }).check();
  await page.getByRole('checkbox', { name: /right of withdrawal/ }).check();
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByRole('button', { name: 'Paid' }).click();
  await expect(page).toHaveURL(/\/transactions\/txn_/);
  const id = new URL(page.url()).pathname.split('/').pop();
  const txn = await (await page.request.get(`/api/transactions.php?id=${id}`, { headers: { 'x-original-host': 'localhost' } })).json();
  return txn.amount_cents as number;
}

/** Puts the NL starter package back at `cents` (the journeys share the database with the rest of the suite). */
async function restoreStarter(admin: APIRequestContext, cents: number) {
  const prices = await call(admin, 'GET', '/api/operator/prices.php');
  const starter = prices.book.countries.NL.packages.find((p: { id: string }) => p.id === 'starter');
  if (starter.amount_cents === cents) return;
  starter.amount_cents = cents;
  await call(admin, 'PUT', '/api/operator/prices.php', { version: prices.version, book: prices.book, reason: 'e2e: back to the default' });
}

test.describe('prices and codes in the back office', () => {
  test('finance changes the NL starter package: the preview shows it, a new checkout pays the new price, a checkout opened before keeps the old', async ({ browser, playwright }) => {
    test.slow();
    const admin = await adminApi(await playwright.request.newContext());
    const buyer = await newMember(browser);
    const later = await newMember(browser);
    const financeContext = await browser.newContext({ baseURL: ORIGIN, locale: 'en-US', viewport: DESKTOP });
    try {
      // A member opens the checkout of the starter package (with the welcome code: €7.49) and leaves it open.
      await openCheckout(buyer.page);
      await expect(buyer.page.getByRole('button', { name: 'Pay €7.49' })).toBeVisible();

      // Finance (enrolled from the invite, which signs in) changes the NL starter package from €9.99 to €12.99.
      await financeOperator(admin, financeContext.request);
      const page = await financeContext.newPage();
      await page.goto('/backoffice');
      await expect(page.getByText('Femke Finance (finance)')).toBeVisible();
      await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Prices' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Prices, packages and codes' })).toBeVisible();
      await expect(page.getByLabel('Country', { exact: true })).toHaveValue('NL');
      await page.getByLabel('Price of starter').fill('12.99');
      // The effect before saving: members in NL and BE pay the NL prices.
      const preview = page.getByRole('region', { name: 'What members pay after this change' });
      await expect(preview.getByRole('table', { name: 'A member in NL pays the NL prices (EUR)' }).getByRole('row', { name: /1,000 credits €9\.99 €12\.99 \(changed\)/ })).toBeVisible();
      await expect(preview.getByRole('table', { name: /A member in PL pays/ })).toBeVisible();
      await page.getByRole('form', { name: 'Save prices' }).getByLabel('Why (kept in the audit log)').fill('NL starter to 12.99');
      expect(await audit(page, 'prices')).toEqual([]);
      await page.getByRole('button', { name: 'Save prices' }).click();
      await expect(page.getByText(/^Saved as version \d+\. New checkouts pay these prices now\.$/)).toBeVisible();
      await expect(page.getByRole('row', { name: /NL starter to 12\.99/ })).toBeVisible();

      // Another member sees the new price at once.
      await openCheckout(later.page);
      await expect(later.page.getByRole('button', { name: 'Pay €9.74' })).toBeVisible();
      await later.page.goto('/credits');
      await expect(later.page.getByRole('listitem', { name: /1,000 credits/ })).toContainText('€12.99');

      // The checkout opened before the change is paid at the price it showed.
      expect(await pay(buyer.page, '€7.49')).toBe(749);
    } finally {
      await restoreStarter(admin, 999);
      await Promise.all([buyer.context.close(), later.context.close(), financeContext.close()]);
      await admin.dispose();
    }
  });

  test('a welcome code created in the desk lowers a new member’s checkout', async ({ browser, page, playwright }) => {
    test.slow();
    const admin = await adminApi(await playwright.request.newContext());
    const buyer = await newMember(browser);
    try {
      await page.goto('/backoffice/login');
      await page.getByLabel('Email').fill(DEV_OPERATOR.email);
      await page.getByLabel('Password').fill(DEV_OPERATOR.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Prices' }).click();
      const form = page.getByRole('form', { name: 'New code' });
      await form.getByLabel('Code', { exact: true }).fill('HELLO40');
      await form.getByLabel('Percent off').fill('40');
      await form.getByRole('checkbox', { name: /^Welcome code/ }).check();
      await form.getByLabel('Days after signup').fill('7');
      await form.getByLabel('Only billing countries').fill('NL, BE');
      await form.getByLabel('Why (kept in the audit log)').fill('Autumn welcome');
      expect(await audit(page, 'codes')).toEqual([]);
      await form.getByRole('button', { name: 'Create code' }).click();
      await expect(page.getByRole('row', { name: /HELLO40/ })).toContainText('40% off; welcome code, first 7 days');
      await expect(page.getByRole('row', { name: /WELCOME25/ })).toContainText('off');

      // A new Dutch member's checkout offers the new welcome code by itself: €9.99 less 40 %.
      await openCheckout(buyer.page);
      await expect(buyer.page.getByText('HELLO40: 40% off.')).toBeVisible();
      expect(await pay(buyer.page, '€5.99')).toBe(599);
    } finally {
      // WELCOME25 back on (it switches HELLO40 off).
      const { codes } = await call(admin, 'GET', '/api/operator/discount_codes.php');
      const old = codes.find((c: { code: string }) => c.code === 'WELCOME25');
      if (old && !old.active) {
        const { id, percentage, extra_credits, welcome, welcome_days, starts_at, expires_at, max_uses, networks, countries } = old;
        await call(admin, 'PUT', '/api/operator/discount_codes.php', {
          id, percentage, extra_credits, welcome, welcome_days, starts_at, expires_at, max_uses, networks, countries, active: true, reason: 'e2e: back to the default',
        });
      }
      await buyer.context.close();
      await admin.dispose();
    }
  });
});
