// Journeys of credits and premium through the shell, mf-commerce, the real API and the
// API's local Mollie sandbox (its hosted checkout page is where the payer chooses the outcome).
import { expect, test, type Browser, type BrowserContext, type Page } from './test';

const ORIGIN = 'http://localhost:8080';

interface Member {
  id: number;
  context: BrowserContext;
  page: Page;
}

/** A new Dutch member, signed up through the real signup call with gender and date of birth, logged in in a context of its own. */
async function newMember(browser: Browser): Promise<Member> {
  const context = await browser.newContext({ baseURL: ORIGIN, locale: 'en-US' });
  const request = context.request;
  await request.get('/api/settings.php', { headers: { 'x-original-host': 'localhost' } });
  const csrf = (await context.cookies(ORIGIN)).find((c) => c.name === 'csrf')?.value ?? '';
  const email = `e2e-buyer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await request.post('/api/user.php?new=1', {
    headers: { 'x-csrf-token': csrf, 'x-original-host': 'localhost', 'x-package': 'e2e' },
    data: { email, name: 'Koper', password: 'e2e-password-1', language: 'en', country: 'NL', timezone: 'Europe/Amsterdam', adult: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { user } = await created.json();
  // Gender and date of birth: without them a member cannot send messages (the chat asks for them).
  // The session's CSRF token is a new one since the account was created.
  const sessionCsrf = (await context.cookies(ORIGIN)).find((c) => c.name === 'csrf')?.value ?? '';
  const saved = await request.put('/api/user.php', {
    headers: { 'x-csrf-token': sessionCsrf, 'x-original-host': 'localhost', 'x-package': 'e2e' },
    data: { profile: { gender: 'male', date_of_birth: '1990-04-04' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { id: user.profile.id, context, page: await context.newPage() };
}

async function api(m: Member, method: 'GET' | 'POST', path: string, data?: unknown) {
  const csrf = (await m.context.cookies(ORIGIN)).find((c) => c.name === 'csrf')?.value ?? '';
  const res = await m.context.request.fetch(path, {
    method,
    headers: { 'x-csrf-token': csrf, 'x-original-host': 'localhost', 'x-package': 'e2e' },
    data,
    failOnStatusCode: false,
  });
  return { status: res.status(), json: await res.json().catch(() => null) };
}

const balance = async (m: Member) => (await api(m, 'GET', '/api/credits.php')).json.balance as number;

/** From /credits: buy a package with a method, choose the outcome on the sandbox's checkout page. */
async function buy(page: Page, packageCredits: RegExp, method: string, outcome: 'Paid' | 'Failed' | 'Expired' | 'Canceled') {
  await page.goto('/credits');
  const card = page.getByRole('listitem', { name: packageCredits });
  await card.getByRole('link', { name: 'Buy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByRole('radio', { name: method }).check();
  await page.getByRole('checkbox', { name: /right of withdrawal/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  // The provider's hosted page (the sandbox's, as Mollie's test mode).
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByRole('button', { name: outcome }).click();
  await expect(page).toHaveURL(/\/transactions\/txn_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your payment' })).toBeVisible();
}

test.describe('credits and premium', () => {
  test('a new member without credits goes from the chat to /credits, buys with iDEAL (paid), comes back and sends the message', async ({ browser }) => {
    const m = await newMember(browser);
    try {
      const { page } = m;
      const search = await api(m, 'GET', '/api/search.php?country=NL');
      const other = search.json.profiles.find((p: { id: number }) => p.id !== m.id);
      // The member's chat page (the conversation starts with the first message).
      const chatPath = `/members/${other.id}/chat`;

      // The chat screen sends a member without credits to /credits, with the way back.
      await page.goto(chatPath);
      await page.getByLabel('Your message').fill('Hallo!');
      // Without credits the chat says so and cannot send; its link leads to /credits with the way back.
      await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
      await page.getByRole('link', { name: 'Buy credits' }).click();
      await expect(page).toHaveURL(/\/credits\?next=/);
      await expect(page.getByText('You have no credits.')).toBeVisible();
      // The welcome code lowers the price shown (and paid): €24.99 less 25 %.
      await expect(page.getByText('WELCOME25')).toBeVisible();
      const card = page.getByRole('listitem', { name: /2,750 credits/ });
      await expect(card).toContainText('€18.74');
      await card.getByRole('link', { name: 'Buy' }).click();
      await page.getByRole('radio', { name: 'iDEAL' }).check();
      await page.getByRole('checkbox', { name: /right of withdrawal/ }).check();
      await page.getByRole('button', { name: 'Pay €18.74' }).click();
      await expect(page.getByText('TEST MODE')).toBeVisible();
      await page.getByRole('button', { name: 'Paid' }).click();
      await expect(page).toHaveURL(/\/transactions\/txn_/);
      await expect(page.getByText('Paid', { exact: true })).toBeVisible();
      await expect(page.getByRole('status')).toContainText('€18.74');
      // 2,750 + the 20 % welcome bonus of the first 72 hours.
      await expect(page.getByText('3,300 credits were added.')).toBeVisible();
      await expect(page.getByText('Your balance: 3,300 credits')).toBeVisible();
      expect(await balance(m)).toBe(3300);

      // Back to the conversation; the message goes out and costs 99 credits.
      await page.getByRole('link', { name: 'Back to where you were' }).click();
      await expect(page).toHaveURL(new RegExp(`${chatPath}$`));
      await page.getByLabel('Your message').fill('Hallo!');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => balance(m)).toBe(3300 - 99);

      await page.goto('/credits');
      await expect(page.getByText('You have 3,201 credits.')).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Purchase' })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Message sent' })).toBeVisible();
    } finally {
      await m.context.close();
    }
  });

  test('a failed and an expired payment add nothing', async ({ browser }) => {
    const m = await newMember(browser);
    try {
      await buy(m.page, /1,000 credits/, 'Credit or debit card', 'Failed');
      await expect(m.page.getByText('Failed', { exact: true })).toBeVisible();
      await expect(m.page.getByText('Nothing was charged and your balance did not change.')).toBeVisible();
      await buy(m.page, /1,000 credits/, 'PayPal', 'Expired');
      await expect(m.page.getByText('Expired', { exact: true })).toBeVisible();
      expect(await balance(m)).toBe(0);
    } finally {
      await m.context.close();
    }
  });

  test('a canceled and a failed payment offer to try again or pay another way, and the other way pays', async ({ browser }) => {
    const m = await newMember(browser);
    try {
      for (const [method, outcome] of [['Credit or debit card', 'Canceled'], ['PayPal', 'Failed']] as const) {
        await buy(m.page, /1,000 credits/, method, outcome);
        await expect(m.page.getByText(outcome, { exact: true })).toBeVisible();
        const again = m.page.getByRole('link', { name: 'Try again or pay another way' });
        await expect(again).toBeVisible();
        await again.click();
        // Back at the choice of package, from where another method is chosen.
        await expect(m.page).toHaveURL(/\/credits$/);
        await expect(m.page.getByRole('listitem', { name: /1,000 credits/ }).getByRole('link', { name: 'Buy' })).toBeVisible();
      }
      await buy(m.page, /1,000 credits/, 'iDEAL', 'Paid');
      await expect(m.page.getByRole('link', { name: 'Try again or pay another way' })).toHaveCount(0);
      await expect.poll(() => balance(m)).toBeGreaterThan(0);
    } finally {
      await m.context.close();
    }
  });

  test('a repeat order charges the last package through the mandate, after confirmation', async ({ browser }) => {
    const m = await newMember(browser);
    try {
      await buy(m.page, /1,000 credits/, 'iDEAL', 'Paid');
      await expect(m.page.getByText('Paid', { exact: true })).toBeVisible();
      const before = await balance(m);
      await m.page.goto('/credits');
      await m.page.getByRole('link', { name: 'Buy 1,000 credits again in one step' }).click();
      // Paid with iDEAL: the repeat is a direct debit from that bank account, and the page says so.
      await expect(m.page.getByText('1,000 credits for €9.99. The amount is collected by direct debit from the bank account you paid from last time; there is nothing to confirm in your banking app.')).toBeVisible();
      await m.page.getByRole('checkbox', { name: /right of withdrawal/ }).check();
      await m.page.getByRole('button', { name: 'Buy now for €9.99' }).click();
      await expect(m.page).toHaveURL(/\/transactions\/txn_/);
      await expect(m.page.getByText('Paid', { exact: true })).toBeVisible();
      // 1,000 + 20 % bonus again.
      expect(await balance(m)).toBe(before + 1200);
    } finally {
      await m.context.close();
    }
  });

  test('subscribing to premium makes the member paid; cancelling keeps premium until the period ends', async ({ browser }) => {
    const m = await newMember(browser);
    try {
      const { page } = m;
      await page.goto('/premium');
      await expect(page.getByText(/No webcam or partner ads/)).toBeVisible();
      await page.getByRole('listitem', { name: '1 month' }).getByRole('link', { name: 'Choose' }).click();
      await expect(page.getByText(/Premium for 1 month/)).toBeVisible();
      await page.getByRole('radio', { name: 'Credit or debit card' }).check();
      await page.getByRole('checkbox', { name: /right of withdrawal/ }).check();
      await page.getByRole('button', { name: 'Pay €19.99' }).click();
      await page.getByRole('button', { name: 'Paid' }).click();
      await expect(page.getByText('You are a Premium member now.')).toBeVisible();
      expect((await api(m, 'GET', '/api/user.php')).json.user.paid_user).toBe(true);

      await page.goto('/premium');
      await expect(page.getByText(/You are a Premium member\. Next renewal:/)).toBeVisible();
      await page.getByRole('button', { name: 'Cancel Premium' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel Premium' }).click();
      await expect(page.getByText(/Your Premium is canceled and stays active until/)).toBeVisible();
      expect((await api(m, 'GET', '/api/user.php')).json.user.paid_user).toBe(true);
    } finally {
      await m.context.close();
    }
  });

  test('a second checkout with the welcome code while the first is open is refused in the checkout; without the code it goes', async ({ browser }) => {
    const m = await newMember(browser);
    try {
      const { page } = m;
      const open = async () => {
        await page.goto('/credits');
        await page.getByRole('listitem', { name: /1,000 credits/ }).getByRole('link', { name: 'Buy' }).click();
        await expect(page.getByText('WELCOME25: 25% off.')).toBeVisible();
        await page.getByRole('radio', { name: 'iDEAL' }).check();
        await page.getByRole('checkbox', { name: /right of withdrawal/ }).check();
        await page.getByRole('button', { name: 'Pay €7.49' }).click();
      };
      // The first checkout reaches the provider's page; the member leaves it open.
      await open();
      await expect(page.getByText('TEST MODE')).toBeVisible();
      // A second one with the same code is refused, in words, and nothing is created.
      await open();
      await expect(page.getByRole('alert')).toHaveText(
        'This discount code is already in a payment you started and have not finished. Finish or cancel that payment, or pay without the code.',
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      // Without the code the member pays the full price.
      await page.getByLabel('Discount code').fill('');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('button', { name: 'Pay €9.99' }).click();
      await expect(page.getByText('TEST MODE')).toBeVisible();
    } finally {
      await m.context.close();
    }
  });

  test('a second Premium checkout while the first is open is refused with the reason', async ({ browser }) => {
    const m = await newMember(browser);
    try {
      const { page } = m;
      const open = async () => {
        await page.goto('/premium');
        await page.getByRole('listitem', { name: '1 month' }).getByRole('link', { name: 'Choose' }).click();
        await page.getByRole('radio', { name: 'Credit or debit card' }).check();
        await page.getByRole('checkbox', { name: /right of withdrawal/ }).check();
        await page.getByRole('button', { name: 'Pay €19.99' }).click();
      };
      await open();
      await expect(page.getByText('TEST MODE')).toBeVisible();
      await open();
      await expect(page.getByRole('alert')).toContainText('You have already started a Premium payment. Finish or cancel it first');
      expect((await api(m, 'GET', '/api/premium.php')).json.status).toBe('none');
    } finally {
      await m.context.close();
    }
  });

  test('the transaction page shows only status and amount to someone without the payer’s session', async ({ browser }) => {
    const m = await newMember(browser);
    const stranger = await browser.newContext({ baseURL: ORIGIN });
    try {
      await buy(m.page, /1,000 credits/, 'iDEAL', 'Paid');
      const url = m.page.url();
      const page = await stranger.newPage();
      await page.goto(url);
      await expect(page.getByText('Paid', { exact: true })).toBeVisible();
      await expect(page.getByText(/balance/i)).toHaveCount(0);
    } finally {
      await m.context.close();
      await stranger.close();
    }
  });
});
