// Rough edges found walking every screen as a new member on a phone: page titles, not-found
// answers, Premium's message price, a member without gender and birth date (left out of search,
// prompted before a message), a second activation click, a mutual like and the warning before
// deleting an account with credits.
import { expect, test } from './test';
import { linkFromMail, signUpMember } from './helpers';
import { buyCredits, logInAs, member } from './screens';

test.use({ viewport: { width: 390, height: 844 } });

test('every page has its own title, a profile the name and age of its member', async ({ page }) => {
  await page.goto('/pages/faq');
  await expect(page).toHaveTitle(/^Frequently asked questions – \S/);
  await page.goto('/login');
  await expect(page).toHaveTitle(/^Log in – \S/);
  await page.goto('/members');
  const first = page.getByRole('link', { name: /^View profile of / }).first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page).toHaveURL(/\/members\/\d+/);
  const name = await page.getByRole('heading', { level: 1 }).innerText();
  expect(name).toMatch(/^.+, \d+$/);
  await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} – \\S`));
});

test('an unknown payment says it does not exist, not to check the connection', async ({ page }) => {
  await page.goto('/transactions/txn_aaaaaaaaaaaaaaaaaaaaaaaa');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This does not exist, or it is no longer here.');
  await expect(alert).not.toContainText('connection');
});

test('/premium says what a message costs with Premium and without', async ({ page }) => {
  await page.goto('/premium');
  await expect(page.getByText(/^With Premium a message costs .+ instead of .+: chat more for the same credits\.$/)).toBeVisible();
});

test('a member who skipped gender and date of birth is not found in search and is asked for them before the first message; once they are added, both change', async ({ browser }) => {
  test.setTimeout(120_000);
  const phone = { width: 390, height: 844 };
  const [femke, joost] = await Promise.all([
    signUpMember(browser, { name: 'Femke', gender: 'female', country: 'NL', viewport: phone }),
    signUpMember(browser, { name: 'Joost', gender: 'male', country: 'NL', viewport: phone, incomplete: true }),
  ]);
  try {
    // Femke looks for the newest members: Joost, who signed up a moment ago, is not among them.
    const search = await femke.context.newPage();
    const joostCards = () => search.getByRole('list', { name: 'Search results' }).getByRole('article').filter({ has: search.getByRole('heading', { name: /^Joost\b/ }) });
    await search.goto('/members?sort=newest');
    await expect(search.getByRole('list', { name: 'Search results' }).getByRole('article').first()).toBeVisible();
    await expect(joostCards()).toHaveCount(0);

    const page = await joost.context.newPage();
    await page.goto(`/members/${femke.id}/chat`);
    const note = page.getByRole('note');
    await expect(note).toContainText('Before you send messages, add your gender and date of birth to your profile.');
    await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveCount(0);
    await expect(note.getByRole('link', { name: 'Complete my profile' })).toHaveAttribute('href', '/profile#personal');

    // Added (as the profile page's personal section saves them): the composer is there.
    const csrf = (await joost.context.cookies()).find((c) => c.name === 'csrf')?.value ?? '';
    const saved = await joost.context.request.put('/api/user.php', {
      headers: { 'x-csrf-token': csrf, 'x-original-host': 'localhost', 'x-package': 'e2e' },
      data: { profile: { gender: 'male', date_of_birth: '1990-06-01' } },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Your message' })).toBeVisible();
    await expect(page.getByRole('note')).toHaveCount(0);
    // And Femke finds him among the newest members now.
    await search.reload();
    await expect(joostCards()).toHaveCount(1);
  } finally {
    await Promise.all([femke.context.close(), joost.context.close()]);
  }
});

test('the activation link clicked a second time says the address was already confirmed, not that activation failed', async ({ browser }) => {
  const m = await signUpMember(browser, { name: 'Sem', gender: 'male', country: 'NL' });
  try {
    const link = new URL(await linkFromMail(m.email, /\/api\/activate\.php\?token=/));
    const page = await m.context.newPage();
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(/\/activate\/done\?already=1$/);
    await expect(page.getByText('Your email address was already confirmed: you can log in and get started.')).toBeVisible();
    await expect(page.getByText('could not be activated')).toHaveCount(0);
  } finally {
    await m.context.close();
  }
});

test('the likes page says when a like is mutual: a match', async ({ browser }) => {
  test.setTimeout(120_000);
  const [ilse, daan] = await Promise.all([
    signUpMember(browser, { name: 'Ilse', gender: 'female', country: 'NL' }),
    signUpMember(browser, { name: 'Daan', gender: 'male', country: 'NL' }),
  ]);
  try {
    for (const [who, whom] of [[ilse, daan], [daan, ilse]] as const) {
      const csrf = (await who.context.cookies()).find((c) => c.name === 'csrf')?.value ?? '';
      const liked = await who.context.request.post('/api/likes.php', {
        headers: { 'x-csrf-token': csrf, 'x-original-host': 'localhost', 'x-package': 'e2e' },
        data: { profile: whom.id },
      });
      expect(liked.status(), await liked.text()).toBe(200);
    }
    const page = await ilse.context.newPage();
    await page.goto('/likes');
    const row = page.getByRole('listitem').filter({ hasText: 'Daan' }).first();
    await expect(row.getByText('It’s a match: you like each other')).toBeVisible();
  } finally {
    await Promise.all([ilse.context.close(), daan.context.close()]);
  }
});

test('deleting the account warns that the credits left are lost and not paid back', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext();
  const wim = await member(request, 'delete-warn', { name: 'Wim', gender: 'male', age: 40, personal: 'Sailing and stroopwafels.', photos: 0 });
  await buyCredits(request);
  await request.dispose();
  await logInAs(page, 'http://localhost:8080', wim);
  await page.goto('/profile#delete');
  const section = page.getByRole('region', { name: 'Delete account' });
  await expect(section.getByRole('note')).toContainText(/You still have [\d,]+ credits\. They are lost with the account and are not paid back\./);
});
