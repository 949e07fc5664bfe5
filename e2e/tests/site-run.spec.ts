// Profiles the site runs itself, disclosed by construction: marked wherever a member meets them
// (velvet too, whose fictional_icon is off), stated on the signup page before signup with a link
// to the explanation, and answered by an operator from the back office's console: the answer
// reaches the member's open conversation live, as the profile, never with the operator's name.
import { expect, test, type APIRequestContext, type Page } from './test';
import { buyCredits, headers, logInAs, member, SITES, auditDesk, DEV_OPERATOR, devOperatorApi as operatorApi } from './screens';

const audit = async (page: Page, name: string, failures: string[]) => failures.push(...(await auditDesk(page, name)));

/** A site-run profile of amora (in the pool velvet shares), made through the operator call. */
async function siteRunProfile(op: APIRequestContext, name: string): Promise<number> {
  const res = await op.post(`${SITES.amora.origin}/api/operator/site_run_profiles.php`, {
    headers: await headers(op),
    data: { name, gender: 'female', date_of_birth: '1993-06-14', country: 'NL', city: 'Utrecht', language: 'en', personal: 'Long walks along the canals.' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).profile.id as number;
}

async function signInAsOperator(page: Page) {
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(DEV_OPERATOR.email);
  await page.getByLabel('Password').fill(DEV_OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome, Operator' })).toBeVisible();
}

test.describe('site-run profiles', () => {
  test('the signup page states before signup that the site runs profiles, with the explanation one click away', async ({ page }) => {
    const failures: string[] = [];
    for (const { origin, brand } of [
      { origin: SITES.amora.origin, brand: 'Amora' },
      { origin: SITES.velvet.origin, brand: 'Velvet' },
    ]) {
      await page.goto(`${origin}/signup`);
      const disclosure = page.locator('[data-site-run-disclosure]');
      await expect(disclosure).toContainText(`${brand} also shows profiles that it runs itself`);
      await expect(disclosure).toContainText('They are always marked “Run by the site”');
      await expect(page.getByRole('button', { name: /Create my free account/ })).toBeVisible();
      if (origin === SITES.amora.origin) await audit(page, 'signup with the disclosure', failures);
    }
    await page.locator('[data-site-run-disclosure]').getByRole('link', { name: 'How profiles run by the site work' }).click();
    await expect(page).toHaveURL(/\/pages\/site-run$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profiles run by the site' })).toBeVisible();
    // velvet marks with words only: the page says so (and no setting hides the mark).
    await expect(page.getByText('Every such profile carries the words “Run by the site”')).toBeVisible();
    await audit(page, '/pages/site-run', failures);
    // In Dutch, on amora (the icon): the same page, translated.
    await page.context().addCookies([{ name: 'locale', value: 'nl', url: SITES.amora.origin }]);
    await page.goto(`${SITES.amora.origin}/pages/site-run`);
    await expect(page.getByRole('heading', { level: 1, name: 'Profielen van de site' })).toBeVisible();
    await expect(page.getByText('Elk van deze profielen draagt de markering “✦ Profiel van de site”')).toBeVisible();
    expect(failures).toEqual([]);
  });

  test('a site-run profile is marked on velvet too (fictional_icon off): profile page, conversation header and list', async ({ page, playwright }) => {
    const op = await operatorApi(await playwright.request.newContext());
    const name = `Vera ${Math.random().toString(36).slice(2, 6)}`;
    const profile = await siteRunProfile(op, name);
    const request = await playwright.request.newContext();
    const who = await member(request, 'site-run-velvet', { name: 'Jonas', gender: 'male', age: 44, personal: 'Sailing and old films.', photos: 0 });
    await buyCredits(request);
    const sent = await request.post(`${SITES.amora.origin}/api/messages.php`, { headers: await headers(request), data: { profile, msg: 'Hello Vera!' } });
    expect(sent.status(), await sent.text()).toBe(200);
    const conversation = (await sent.json()).message.conversation as number;

    await logInAs(page, SITES.velvet.origin, who);
    await page.goto(`${SITES.velvet.origin}/members/${profile}`);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
    const mark = page.locator('[data-site-run-mark]', { hasText: 'Run by the site' }).first();
    await expect(mark).toBeVisible();
    await expect(mark).toHaveAttribute('data-site-run-mark', 'words');
    await page.goto(`${SITES.velvet.origin}/chats/${conversation}`);
    const header = page.locator('header', { has: page.getByRole('heading', { level: 1, name: new RegExp(name) }) });
    await expect(header.locator('[data-site-run-mark]', { hasText: 'Run by the site' })).toBeVisible();
    await page.goto(`${SITES.velvet.origin}/chats`);
    await expect(page.getByRole('listitem').filter({ hasText: name }).locator('[data-site-run-mark]', { hasText: 'Run by the site' })).toBeVisible();
    // On amora the same profile carries the icon with the words.
    await page.goto(`${SITES.amora.origin}/members/${profile}`);
    await expect(page.locator('[data-site-run-mark]', { hasText: 'Run by the site' }).first()).toHaveAttribute('data-site-run-mark', 'icon');
    await Promise.all([op.dispose(), request.dispose()]);
  });

  test('an operator answers from the console and the answer reaches the member live, from the profile, with no operator name', async ({ page, browser, playwright }) => {
    // Two browsers, four screens audited at two sizes each.
    test.slow();
    const failures: string[] = [];
    const op = await operatorApi(await playwright.request.newContext());
    const name = `Sanne ${Math.random().toString(36).slice(2, 6)}`;
    const profile = await siteRunProfile(op, name);
    const request = await playwright.request.newContext();
    const memberName = `Bram ${Math.random().toString(36).slice(2, 6)}`;
    const who = await member(request, 'site-run-live', { name: memberName, gender: 'male', age: 47, personal: 'Cycling and jazz.', photos: 0 });
    await buyCredits(request);
    const sent = await request.post(`${SITES.amora.origin}/api/messages.php`, {
      headers: await headers(request),
      data: { profile, msg: 'Hi Sanne, are you real?' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const conversation = (await sent.json()).message.conversation as number;

    // The member has the conversation open, marked in its header. (Messages are looked for in the
    // conversation: on a desktop the chat list beside it shows the last message too.)
    await logInAs(page, SITES.amora.origin, who);
    await page.goto(`/chats/${conversation}`);
    await expect(page.getByRole('log', { name: `Messages with ${name}` }).getByText('Hi Sanne, are you real?')).toBeVisible();
    await expect(page.locator('[data-site-run-mark]', { hasText: 'Run by the site' }).first()).toBeVisible();

    // The operator, in another browser: the console's queue, the conversation, the honest answer.
    const desk = await browser.newContext();
    const operatorPage = await desk.newPage();
    await signInAsOperator(operatorPage);
    await operatorPage.getByRole('link', { name: 'Site-run chats' }).first().click();
    await expect(operatorPage.getByRole('heading', { level: 1, name: 'Site-run conversations' })).toBeVisible();
    await operatorPage.getByRole('button', { name: new RegExp(`${memberName} to ${name}`) }).click();
    const pane = operatorPage.getByRole('region', { name: `${memberName} writes to ${name}` });
    await expect(pane.getByText(/seems to ask whether this profile is real/)).toBeVisible();
    await audit(operatorPage, 'the site-run console', failures);
    await pane.getByRole('button', { name: 'Insert the honest answer (English)' }).click();
    const box = pane.getByRole('textbox', { name: `Your answer as ${name}` });
    await expect(box).toHaveValue(/An honest answer to your question: this profile is run by Amora itself/);
    await box.fill('An honest answer: this profile is run by Amora itself, and you cannot meet me in real life.');
    await pane.getByRole('button', { name: `Send as ${name}` }).click();
    await expect(operatorPage.getByRole('status').filter({ hasText: `Sent to ${memberName}.` })).toBeVisible();

    // Live: the member's open page shows it without a reload, from the profile, never the operator.
    await expect(
      page.getByRole('log', { name: `Messages with ${name}` }).getByText('An honest answer: this profile is run by Amora itself, and you cannot meet me in real life.'),
    ).toBeVisible();
    await expect(page.getByText(DEV_OPERATOR.name, { exact: true })).toHaveCount(0);

    // The profiles screen lists it; axe there too.
    await operatorPage.goto('/backoffice/site-run/profiles');
    await operatorPage.getByRole('searchbox', { name: 'Find a profile by name' }).fill(name);
    await expect(operatorPage.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
    await audit(operatorPage, 'the site-run profiles screen', failures);
    expect(failures).toEqual([]);
    await Promise.all([desk.close(), op.dispose(), request.dispose()]);
  });
});
