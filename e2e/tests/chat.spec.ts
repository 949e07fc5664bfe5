// Chat journeys in two browser contexts, through the shell, mf-chat, mf-search and
// the real API on a fresh database: live delivery, unread badge, read receipts, typing, delete,
// credits, block, a visitor who logs in or signs up and lands in the chat, and German and Polish
// screens.
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from './test';
import { activateByMail, DEMO } from './helpers';

const ORIGIN = 'http://localhost:8080';

interface Member {
  id: number;
  name: string;
  email: string;
  password: string;
  context: BrowserContext;
  page: Page;
}

async function csrfHeaders(context: BrowserContext) {
  const csrf = (await context.cookies(ORIGIN)).find((c) => c.name === 'csrf')?.value ?? '';
  return { 'x-csrf-token': csrf, 'x-original-host': 'localhost', 'x-package': 'e2e', 'content-type': 'application/json' };
}

/** A new member, signed up through the real signup call, logged in in a browser context of their own. */
async function signUp(browser: Browser, name: string, locale = 'en-US'): Promise<Member> {
  const context = await browser.newContext({ baseURL: ORIGIN, locale });
  const request = context.request;
  await request.get('/api/settings.php', { headers: { 'x-original-host': 'localhost' } });
  const email = `chat-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'e2e-password-1';
  const created = await request.post('/api/user.php?new=1', {
    headers: await csrfHeaders(context),
    data: { email, name, password, language: locale.slice(0, 2), country: 'NL', timezone: 'Europe/Amsterdam', adult: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { user } = await created.json();
  const saved = await request.put('/api/user.php', {
    headers: await csrfHeaders(context),
    data: { profile: { gender: 'female', date_of_birth: '1992-04-04' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // Only activated members are found by others (profiles follow search's visibility).
  await activateByMail(request, email);
  return { id: user.profile.id, name, email, password, context, page: await context.newPage() };
}

/** The demo member (2,500 credits), logged in in a context of their own. */
async function demo(browser: Browser): Promise<Member> {
  const context = await browser.newContext({ baseURL: ORIGIN });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  const me = await (await context.request.get('/api/user.php', { headers: { 'x-original-host': 'localhost' } })).json();
  return { id: me.user.profile.id, name: me.user.profile.name, email: DEMO.email, password: DEMO.password, context, page };
}

const chatsLink = (page: Page) => page.getByRole('link', { name: /^Chats/ }).first();
const composer = (page: Page) => page.getByRole('textbox', { name: 'Your message' });

test.describe('chat', () => {
  test('A writes from B\'s profile; B sees it live, opens it (badge 0), A sees read; typing; A deletes the chat', async ({ browser }) => {
    const a = await demo(browser);
    const b = await signUp(browser, `Bram ${Date.now() % 10000}`);
    await b.page.goto('/chats');
    await expect(b.page.getByText('No conversations yet. Say hello to someone you like!')).toBeVisible();

    // A: B's profile → Chat → the member's chat page (nothing exists yet) → first message.
    await a.page.goto(`/members/${b.id}`);
    await a.page.getByRole('button', { name: `Chat with ${b.name}` }).click();
    await expect(a.page).toHaveURL(new RegExp(`/members/${b.id}/chat$`));
    await expect(a.page.getByText(/A message costs \d+ credits/)).toBeVisible();
    await composer(a.page).fill('Hoi! <img src=x onerror=alert(1)>');
    await composer(a.page).press('Enter');
    await expect(a.page).toHaveURL(/\/chats\/\d+$/);
    await expect(a.page.getByRole('log').getByText('sent')).toBeVisible();

    // B: the row appears without a reload, the header badge rises.
    await expect(b.page.getByRole('list', { name: 'Your conversations' }).getByText('Hoi! <img src=x onerror=alert(1)>')).toBeVisible();
    await expect(chatsLink(b.page)).toContainText('1');
    await b.page.getByRole('link', { name: new RegExp(a.name) }).first().click();
    await expect(b.page.getByRole('log').getByText('Hoi! <img src=x onerror=alert(1)>')).toBeVisible();
    await expect(b.page.getByRole('log').locator('img')).toHaveCount(0);
    await expect(chatsLink(b.page)).not.toContainText('1');

    // A sees "read"; B types (B has no credits to send; typing costs nothing) and A sees it.
    await expect(a.page.getByRole('log').getByText('read')).toBeVisible();
    await composer(b.page).pressSequentially('Hallo');
    await expect(a.page.getByText(`${b.name} is typing…`)).toBeVisible();

    // A deletes the conversation from the list: gone at once.
    await a.page.goto('/chats');
    await a.page.getByRole('button', { name: `Delete the conversation with ${b.name}` }).click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(a.page.getByRole('button', { name: `Delete the conversation with ${b.name}` })).toHaveCount(0);
    await a.page.reload();
    await expect(a.page.getByRole('button', { name: `Delete the conversation with ${b.name}` })).toHaveCount(0);
  });

  test('with too few credits the send is refused with a link to /credits that comes back with the text kept', async ({ browser }) => {
    const poor = await signUp(browser, 'Petra');
    const other = await signUp(browser, 'Olaf');
    await poor.page.goto(`/members/${other.id}/chat`);
    await expect(poor.page.getByRole('alert')).toContainText('You do not have enough credits to send a message.');
    await composer(poor.page).fill('Bewaar deze tekst');
    await expect(poor.page.getByRole('button', { name: 'Send' })).toBeDisabled();
    const buy = poor.page.getByRole('link', { name: 'Buy credits' });
    await expect(buy).toHaveAttribute('href', `/credits?next=${encodeURIComponent(`/members/${other.id}/chat`)}`);
    await buy.click();
    await expect(poor.page).toHaveURL(/\/credits/);
    await poor.page.goBack();
    await expect(composer(poor.page)).toHaveValue('Bewaar deze tekst');
  });

  test('block: the blocked member cannot send (403) and the pair no longer find each other', async ({ browser }) => {
    const a = await demo(browser);
    const b = await signUp(browser, `Bea ${Date.now() % 10000}`);
    await a.page.goto(`/members/${b.id}/chat`);
    await composer(a.page).fill('Hallo Bea');
    await composer(a.page).press('Enter');
    await expect(a.page).toHaveURL(/\/chats\/(\d+)$/);
    const conversation = Number(/\/chats\/(\d+)$/.exec(a.page.url())![1]);

    await b.page.goto(`/chats/${conversation}`);
    await b.page.getByRole('button', { name: 'Block' }).click();
    await b.page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
    await expect(b.page).toHaveURL(/\/chats$/);

    const res = await a.context.request.post('/api/messages.php', {
      headers: await csrfHeaders(a.context),
      data: { conversation, msg: 'Nog steeds?' },
    });
    expect(res.status()).toBe(403);
    const search = await b.context.request.get('/api/search.php?searchAllCountries=1&pp=48', { headers: { 'x-original-host': 'localhost' } });
    expect(((await search.json()).profiles as { id: number }[]).map((p) => p.id)).not.toContain(a.id);
    // B can unblock on A's profile.
    await b.page.goto(`/members/${a.id}`);
    await expect(b.page.getByRole('button', { name: `Unblock ${a.name}` })).toBeVisible();
  });

  test('a visitor on /members/{id}/chat sees the member and, after logging in, lands in the chat', async ({ browser }) => {
    const b = await signUp(browser, `Vera ${Date.now() % 10000}`);
    const context = await browser.newContext({ baseURL: ORIGIN });
    const page = await context.newPage();
    await page.goto(`/members/${b.id}/chat`);
    await expect(page.getByRole('heading', { level: 1, name: `Chat with ${b.name}` })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(new RegExp(`/members/${b.id}/chat$`));
    await expect(composer(page)).toBeVisible();
  });

  test('a visitor on /members/{id}/chat signs up through the steps and comes back into that chat', async ({ browser }) => {
    // Costs ~15 s: the four signup steps through the real API, then the conversation page.
    test.setTimeout(90_000);
    const b = await signUp(browser, `Mila ${Date.now() % 10000}`);
    const context = await browser.newContext({
      baseURL: ORIGIN,
      geolocation: { latitude: 52.3728, longitude: 4.8936 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto(`/members/${b.id}/chat`);
    await expect(page.getByRole('heading', { level: 1, name: `Chat with ${b.name}` })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign up for free' }).click();
    await expect(page).toHaveURL(new RegExp(`/members/${b.id}/signup\\?next=`));

    const heading2 = (name: string) => page.getByRole('heading', { level: 2, name });
    const email = `visitor-${Date.now()}@example.com`;
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Name').fill('Vincent');
    await page.getByLabel('Password').fill('visitor-secret-1');
    await page.getByRole('checkbox', { name: 'I am 18 years or older' }).check();
    await page.getByRole('button', { name: 'Create my free account' }).click();
    const photoStep = heading2('Add a photo');
    const pushStep = heading2('Stay up to date');
    await expect(photoStep.or(pushStep)).toBeVisible();
    if (await pushStep.isVisible()) await page.getByRole('button', { name: 'Not now' }).click();
    await expect(photoStep).toBeVisible();
    await page.getByLabel('Choose a photo').setInputFiles(path.join(__dirname, '..', 'fixtures', 'photo.png'));
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(heading2('Where do you live?')).toBeVisible();
    await expect(page.getByLabel('Country')).toHaveValue('NL');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(heading2('About you')).toBeVisible();
    await page.getByRole('radio', { name: 'Man', exact: true }).check();
    const dob = page.getByRole('group', { name: 'Date of birth' });
    await dob.getByRole('combobox', { name: 'Day' }).selectOption('3');
    await dob.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'March' });
    await dob.getByRole('combobox', { name: 'Year' }).selectOption('1990');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(heading2('Describe yourself')).toBeVisible();
    await page.getByLabel('About me').fill('Sailing and bread baking.');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(heading2('Check your email')).toBeVisible({ timeout: 30_000 });
    // The app lets a member who has not opened the activation mail yet chat (the mail is there all
    // the same); the link back leads into the conversation with the member.
    await page.getByRole('button', { name: 'Continue where you were' }).click();
    await expect(page).toHaveURL(new RegExp(`/members/${b.id}/chat$`));
    const title = page.getByRole('heading', { level: 1, name: new RegExp(`^${b.name}, \\d+$`) });
    await expect(title).toBeVisible();
    await expect(title.getByRole('link')).toHaveAttribute('href', `/members/${b.id}`);
    await expect(composer(page)).toBeVisible();
    // A new member has no credits yet: the composer says so and leads to /credits and back here.
    await expect(page.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', `/credits?next=${encodeURIComponent(`/members/${b.id}/chat`)}`);
    await context.close();
  });

  test('German and Polish chat screens have no English left', async ({ browser }) => {
    for (const [locale, title, empty, label] of [
      ['de', 'Chats', 'Noch keine Gespräche. Sag jemandem Hallo, der dir gefällt!', 'Deine Nachricht'],
      ['pl', 'Czaty', 'Nie masz jeszcze rozmów. Przywitaj się z kimś, kto Ci się podoba!', 'Twoja wiadomość'],
    ] as const) {
      const m = await signUp(browser, `Lena ${locale}`);
      const other = await signUp(browser, `Other ${locale}`);
      await m.context.addCookies([{ name: 'locale', value: locale, url: ORIGIN }]);
      await m.page.goto('/chats');
      await expect(m.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(m.page.getByText(empty)).toBeVisible();
      await m.page.goto(`/members/${other.id}/chat`);
      await expect(m.page.getByRole('textbox', { name: label })).toBeVisible();
      const text = await m.page.locator('main').innerText();
      for (const english of ['Your message', 'Send', 'No messages yet', 'Buy credits', 'Report', 'Block', 'Loading']) {
        expect(text).not.toMatch(new RegExp(`\\b${english}\\b`));
      }
    }
  });
});
