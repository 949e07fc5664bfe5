// The back office (mf-backoffice on /backoffice/*): operators sign in with their own accounts and a
// second factor, enrol from an invite link, and act on the site's queues. Operator calls are made
// by the browser through the screens; the test side only prepares what a screen cannot (a support
// operator for the refund journey, members and their purchases) and reads what a person would check.
import path from 'node:path';
import { TOTP } from 'otpauth';
import { expect, test, type APIRequestContext, type Page } from './test';
import { SMTP_SINK_URL } from '../playwright.config';
import { buyCredits, headers, logInAs, member, PASSWORD, SITES, type Fixture, auditDesk, DEV_OPERATOR, DESK_SIZES, devOperatorApi as adminApi, enlargements } from './screens';

const audit = async (page: Page, name: string, failures: string[]) => failures.push(...(await auditDesk(page, name)));

const PHOTO_FILE = path.join(__dirname, '../fixtures/photo.png');

export async function signInAsAdmin(page: Page) {
  await page.goto('/backoffice/login');
  await page.getByLabel('Email').fill(DEV_OPERATOR.email);
  await page.getByLabel('Password').fill(DEV_OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Welcome, Operator' })).toBeVisible();
}

/** The code an authenticator app shows now for `secret` (a fresh one when the current one was used). */
function totpCode(secret: string, offset = 0): string {
  return new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + offset * 30_000 });
}

/**
 * Skips (S) through the queue until the item named `heading` is on screen. The queue is the site's,
 * shared with the journeys running beside this one, so it may hold many items: the skips are
 * bounded by twice the count the screen shows ("N items waiting"), not by a fixed number.
 */
async function findInQueue(page: Page, heading: string) {
  const item = page.getByRole('heading', { level: 2, name: heading });
  await expect(page.getByText(/\d+ items? waiting/)).toBeVisible();
  const waiting = Number((await page.getByText(/\d+ items? waiting/).textContent())?.match(/(\d+) items? waiting/)?.[1]);
  for (let i = 0; i < 2 * waiting + 10 && !(await item.isVisible()); i++) {
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.keyboard.press('s');
    await page.waitForTimeout(50);
  }
  await expect(item).toBeVisible();
}

/**
 * The audit log screen (an admin's page) filtered on `action`: the newest row with `text` is there,
 * naming the action. Answers the row.
 */
async function audited(page: Page, action: string, text: string) {
  await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Action').fill(action);
  await page.getByRole('button', { name: 'Show' }).click();
  const row = page.getByRole('row').filter({ hasText: text }).filter({ hasText: action }).first();
  await expect(row).toBeVisible();
  return row;
}

/** The id of a member's first photo, as their own user.php lists it (also one in review). */
async function ownPhotoId(own: APIRequestContext): Promise<number> {
  const res = await own.get(`${SITES.amora.origin}/api/user.php`, { headers: await headers(own) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).user.profile.images as { id: number }[])[0]!.id;
}

/** Another member's photos as a member sees them on the profile page's call. */
async function photosSeenBy(viewer: APIRequestContext, of: Fixture): Promise<number> {
  const res = await viewer.get(`${SITES.amora.origin}/api/profile.php?id=${of.id}`, { headers: await headers(viewer) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).profile.images as unknown[]).length;
}

test.describe('back office', () => {
  test('a page of the back office sends to the operator login and back; a member session is no operator', async ({ page }) => {
    await page.goto('/backoffice/sessions');
    await expect(page).toHaveURL(/\/backoffice\/login\?next=%2Fbackoffice%2Fsessions/);
    await expect(page.getByRole('heading', { level: 1, name: 'Operator login' })).toBeVisible();
    await page.getByLabel('Email').fill(DEV_OPERATOR.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('This email and password do not match an operator account.');
    await page.getByLabel('Password').fill(DEV_OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your sessions' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'This session' })).toBeVisible();
  });

  test('an admin invites a moderator on the operators screen, who enrols TOTP and signs in; suspended, she is out at once; the audit log shows it', async ({ page, browser }) => {
    // Two operators in two browsers, enrolment, a suspension and axe at two sizes on four screens.
    test.slow();
    const failures: string[] = [];
    const email = `moderator-${Date.now()}@example.com`;
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Operators' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
    const invite = page.getByRole('region', { name: 'Invite an operator' });
    await invite.getByLabel('Name').fill('Mila Moderator');
    await invite.getByLabel('Email').fill(email);
    await invite.getByLabel('Role').selectOption('moderator');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await expect(invite.getByText('Mila Moderator is invited as moderator.')).toBeVisible();
    // The link is shown once, as a whole address to hand over.
    const link = new URL(await invite.getByLabel('Enrolment link').inputValue());
    expect(link.pathname).toBe('/backoffice/enrol');
    await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('invited');
    await audit(page, 'operators with an invite', failures);

    const milaContext = await browser.newContext();
    const mila = await milaContext.newPage();
    await mila.goto(link.pathname + link.search);
    await expect(mila.getByRole('heading', { level: 1, name: 'Set up your operator account' })).toBeVisible();
    await expect(mila.getByText(`Mila Moderator (${email}), invited as moderator.`)).toBeVisible();
    await expect(mila.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await audit(mila, 'enrolment', failures);
    const secret = (await mila.getByTestId('totp-secret').textContent())!.trim();
    await mila.getByLabel('Choose a password').fill('moderator-password-1');
    await mila.getByLabel('Six-digit code from the app').fill(totpCode(secret));
    await mila.getByRole('button', { name: 'Finish setup' }).click();
    await expect(mila.getByRole('heading', { level: 1, name: 'Your recovery codes' })).toBeVisible();
    await expect(mila.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')).not.toHaveCount(0);
    await mila.getByRole('button', { name: 'Continue to the back office' }).click();
    await expect(mila.getByRole('heading', { level: 2, name: 'Welcome, Mila Moderator' })).toBeVisible();
    // A moderator's bar: the queues, not the operators or the audit log.
    const nav = mila.getByRole('navigation', { name: 'Back office screens' });
    await expect(nav.getByRole('link', { name: 'Moderation' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Operators' })).toHaveCount(0);
    await mila.getByRole('button', { name: 'Sign out' }).click();

    // Signing in again takes the password and then the app's code.
    await expect(mila.getByRole('heading', { level: 1, name: 'Operator login' })).toBeVisible();
    await mila.getByLabel('Email').fill(email);
    await mila.getByLabel('Password').fill('moderator-password-1');
    await mila.getByRole('button', { name: 'Sign in' }).click();
    const code = mila.getByLabel('Code from your authenticator app');
    await expect(code).toBeFocused();
    await audit(mila, 'second factor', failures);
    // The code of the enrolment may not be used twice: the next period's is.
    await code.fill(totpCode(secret, 1));
    await mila.getByRole('button', { name: 'Verify' }).click();
    await expect(mila.getByRole('heading', { level: 2, name: 'Welcome, Mila Moderator' })).toBeVisible();

    // The admin suspends her: her session ends at once, and her password no longer signs her in.
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('active');
    await expect(row).toContainText('yes');
    await row.getByRole('button', { name: 'Change' }).click();
    const change = page.getByRole('region', { name: 'Change Mila Moderator' });
    await change.getByLabel('Reason (kept in the audit log)').fill(`Left the team (${email})`);
    await audit(page, 'operators with the change form', failures);
    await change.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await expect(change.getByText('Mila Moderator is suspended and signed out everywhere.')).toBeVisible();
    await expect(row).toContainText('suspended');
    await mila.reload();
    await expect(mila.getByRole('heading', { level: 1, name: 'Operator login' })).toBeVisible();
    await mila.getByLabel('Email').fill(email);
    await mila.getByLabel('Password').fill('moderator-password-1');
    await mila.getByRole('button', { name: 'Sign in' }).click();
    await expect(mila.getByRole('alert')).toHaveText('This email and password do not match an operator account.');
    await milaContext.close();

    const entry = await audited(page, 'operator.suspend', `Left the team (${email})`);
    await expect(entry).toContainText(DEV_OPERATOR.email);
    await audited(page, 'operator.invite', 'operator ');
    expect(failures).toEqual([]);
  });

  test('axe: the login, the start page and the sessions at desktop and tablet size', async ({ page }) => {
    const failures: string[] = [];
    await page.goto('/backoffice/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Operator login' })).toBeVisible();
    await audit(page, 'login', failures);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Fill this in.').first()).toBeVisible();
    await audit(page, 'login with errors', failures);
    await signInAsAdmin(page);
    await audit(page, 'start page', failures);
    await page.getByRole('link', { name: 'Sessions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your sessions' })).toBeVisible();
    await audit(page, 'sessions', failures);
    expect(failures).toEqual([]);
  });

  test('a moderator rejects a new member’s photo; the member sees it gone, with the reason in Dutch', async ({ page, browser, playwright }) => {
    // Three members, axe at two sizes on three screens, a mail and the audit log: slow on a loaded machine.
    test.slow();
    const [m, v, admin] = await Promise.all([0, 1, 2].map(() => playwright.request.newContext()));
    const femke = await member(m, 'bo-femke', { name: 'Femke', gender: 'female', age: 29, personal: 'Zeilen op het IJsselmeer.', photos: 1, language: 'nl' });
    await member(v, 'bo-viewer', { name: 'Pieter', gender: 'male', age: 31, personal: 'Fietsen en koken.', photos: 0 });
    expect(await photosSeenBy(v, femke)).toBe(1);
    const photoId = await ownPhotoId(m);
    await adminApi(admin);
    const { reasons } = await (await admin.get(`${SITES.amora.origin}/api/operator/moderation_reasons.php`, { headers: await headers(admin) })).json();
    const first = reasons.find((r: { active: boolean }) => r.active) as { texts: Record<string, string> };

    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Moderation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation queue' })).toBeVisible();
    await findInQueue(page, 'New photo of Femke');
    await expect(page.getByRole('heading', { level: 3, name: 'Femke, 29 years' })).toBeVisible();
    const failures: string[] = [];
    await audit(page, 'moderation', failures);
    await page.keyboard.press('r');
    await expect(page.getByRole('group', { name: 'Why is it rejected?' })).toBeVisible();
    await audit(page, 'moderation with the reasons', failures);
    await page.keyboard.press('1');
    await expect(page.getByText(`Rejected: Femke (${first.texts.en}).`)).toBeAttached();
    await expect(page.getByRole('heading', { level: 2, name: 'New photo of Femke' })).toHaveCount(0);

    // Gone for everybody else, at once.
    await expect.poll(() => photosSeenBy(v, femke)).toBe(0);
    // Femke reads why, in Dutch: on her notifications page and in a mail.
    const nl = await browser.newContext({ locale: 'nl-NL' });
    const her = await nl.newPage();
    await logInAs(her, SITES.amora.origin, femke);
    await her.goto('/notifications');
    await expect(her.getByText(`Je foto is niet goedgekeurd; je kunt een andere uploaden. Reden: ${first.texts.nl}`)).toBeVisible();
    await expect
      .poll(async () => {
        const mails = (await (await fetch(`${SMTP_SINK_URL}/messages?to=${encodeURIComponent(femke.email)}`)).json()) as { text: string }[];
        return mails.some((mail) => mail.text.includes(first.texts.nl));
      })
      .toBe(true);
    // Her own profile says so too, with the way to upload another photo.
    await her.goto('/profile');
    const review = her.getByRole('region', { name: 'Controle door onze moderators' });
    await expect(review).toContainText(`Je foto is niet goedgekeurd (reden: ${first.texts.nl}). Je kunt een andere foto uploaden.`);
    await expect(her.getByRole('region', { name: 'Foto', exact: true }).getByText('Kies een foto')).toBeVisible();
    await nl.close();

    // The audit log shows the decision.
    await audited(page, 'moderation.reject', `photo ${photoId}`);
    await audit(page, 'audit log', failures);
    expect(failures).toEqual([]);
    await Promise.all([m.dispose(), v.dispose(), admin.dispose()]);
  });

  test('the member desk and moderation show members’ photos as WebP, never larger than their file, at desktop and tablet size', async ({ page, playwright }) => {
    test.slow();
    const m = await playwright.request.newContext();
    const hanna = await member(m, 'bo-hanna', { name: 'Hanna', gender: 'female', age: 33, personal: 'Bergwandelen en jazz.', photos: 2 });
    await m.dispose();
    await signInAsAdmin(page);
    const check = async (where: string, selector: string) => {
      for (const [size, viewport] of Object.entries(DESK_SIZES)) {
        await page.setViewportSize(viewport);
        const imgs = page.locator(selector);
        await expect(imgs.first()).toBeVisible();
        await expect.poll(() => imgs.evaluateAll((els) => (els as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth > 0))).toBe(true);
        // WebP where the photo has it (every new upload does).
        expect(await imgs.evaluateAll((els) => (els as HTMLImageElement[]).map((i) => i.currentSrc.split('.').pop()))).toEqual(expect.arrayContaining(['webp']));
        const shown = await enlargements(page, selector);
        expect(shown.length).toBeGreaterThan(0);
        for (const [what, scale] of shown) expect(scale, `${where} at ${size} size: ${what}`).toBeLessThanOrEqual(1.01);
      }
      await page.setViewportSize(DESK_SIZES.desktop);
    };
    await page.goto(`/backoffice/members/${hanna.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Member ${hanna.id}` })).toBeVisible();
    await check('member page', 'main img[alt="Photo of Hanna"]');
    await page.goto('/backoffice/moderation');
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation queue' })).toBeVisible();
    await findInQueue(page, 'New photo of Hanna');
    await check('moderation, her other photo', 'img[alt="Other photo of Hanna"]');
  });

  test('pre-moderation hides a new photo from others until a moderator approves it; its member sees it in review', async ({ page, browser, playwright }) => {
    test.slow();
    const [m, v] = await Promise.all([0, 1].map(() => playwright.request.newContext()));
    await signInAsAdmin(page);
    await page.goto('/backoffice/moderation');
    await page.getByText('Moderation of this site').click();
    await page.getByLabel('When new photos and texts go live').selectOption('pre');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved. It applies to new photos and texts from now on.')).toBeVisible();
    try {
      const joris = await member(m, 'bo-joris', { name: 'Joris', gender: 'male', age: 35, personal: 'Wandelen in de duinen.', photos: 0 });
      await member(v, 'bo-viewer2', { name: 'Anouk', gender: 'female', age: 33, personal: 'Lezen en zwemmen.', photos: 0 });
      // Joris uploads a photo on his own profile: it is in review, and nobody else sees it yet.
      const his = await browser.newContext();
      const him = await his.newPage();
      await logInAs(him, SITES.amora.origin, joris);
      await him.goto('/profile');
      const photo = him.getByRole('region', { name: 'Photo', exact: true });
      await photo.locator('input[type="file"]').setInputFiles(PHOTO_FILE);
      await photo.getByRole('button', { name: 'Upload photo' }).click();
      await expect(photo.getByText('Your photo has been saved.')).toBeVisible();
      const review = him.getByRole('region', { name: 'Review by our moderators' });
      await expect(review).toContainText('Your photo is in review: others see it once a moderator has approved it.');
      // His texts, written after the switch, wait for a moderator too.
      await expect(review).toContainText('Your personal text is in review: others see it once a moderator has approved it. Wandelen in de duinen.');
      expect(await photosSeenBy(v, joris)).toBe(0);

      await page.reload();
      await findInQueue(page, 'New photo of Joris');
      await page.keyboard.press('a');
      await expect(page.getByText('Approved: Joris.')).toBeAttached();
      await expect.poll(() => photosSeenBy(v, joris)).toBe(1);
      // Approved: his photo is no longer in review on his profile (his texts still are).
      await him.reload();
      await expect(him.getByRole('region', { name: 'Review by our moderators' })).toContainText('Your personal text is in review');
      await expect(him.getByText('Your photo is in review', { exact: false })).toHaveCount(0);
      await his.close();
      await audited(page, 'moderation.approve', `photo ${await ownPhotoId(m)}`);
    } finally {
      await page.goto('/backoffice/moderation');
      await page.getByText('Moderation of this site').click();
      await page.getByLabel('When new photos and texts go live').selectOption('post');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Saved. It applies to new photos and texts from now on.')).toBeVisible();
      await Promise.all([m.dispose(), v.dispose()]);
    }
  });

  test('support refunds a purchase in full in the sandbox and the member’s balance drops; a member suspended by support cannot log in; the audit log shows both', async ({ page, playwright }) => {
    test.slow();
    const m = await playwright.request.newContext();
    const lotte = await member(m, 'bo-lotte', { name: 'Lotte', gender: 'female', age: 36, personal: 'Tuinieren en bordspellen.', photos: 0 });
    await buyCredits(m);
    const credits = async () => (await (await m.get(`${SITES.amora.origin}/api/user.php`, { headers: await headers(m) })).json()).user.credits as number;
    const before = await credits();
    expect(before).toBeGreaterThan(0);

    // A support operator (invited by the admin; in development a second factor is optional).
    const [admin, enrol] = await Promise.all([0, 1].map(() => playwright.request.newContext()));
    await adminApi(admin);
    const supportEmail = `support-${Date.now()}@example.com`;
    const invited = await admin.post(`${SITES.amora.origin}/api/operator/operators.php`, {
      headers: await headers(admin),
      data: { email: supportEmail, name: 'Sam Support', role: 'support', sites: 'all' },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    const token = new URL((await invited.json()).enrolment_link, SITES.amora.origin).searchParams.get('token');
    await enrol.get(`${SITES.amora.origin}/api/settings.php`, { headers: { 'x-original-host': SITES.amora.host } });
    const enrolled = await enrol.post(`${SITES.amora.origin}/api/operator/enrol.php`, { headers: await headers(enrol), data: { token, password: 'support-password-1' } });
    expect(enrolled.status(), await enrolled.text()).toBe(200);
    await Promise.all([admin.dispose(), enrol.dispose()]);

    const failures: string[] = [];
    await page.goto('/backoffice/login');
    await page.getByLabel('Email').fill(supportEmail);
    await page.getByLabel('Password').fill('support-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Welcome, Sam Support' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Back office screens' });
    // Support refunds from the member page; the payments desk and its payment details are finance's.
    await expect(nav.getByRole('link', { name: 'Payments' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('Find a member').fill(lotte.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('link', { name: new RegExp(`^Lotte \\(#${lotte.id}\\)$`) });
    await expect(found).toBeVisible();
    await audit(page, 'member search', failures);
    await found.click();
    await expect(page.getByRole('heading', { level: 1, name: `Member ${lotte.id}` })).toBeVisible();
    const payments = page.getByRole('region', { name: 'Payments' });
    await payments.getByRole('button', { name: 'Refund' }).click();
    await payments.getByLabel('Reason (kept in the audit log)').fill(`Bought by mistake (${lotte.id})`);
    await audit(page, 'member page with the refund form', failures);
    await payments.getByRole('button', { name: 'Refund' }).click();
    // Refunded in full: the form goes with its payment, the confirmation stays.
    await expect(payments.getByRole('status')).toContainText(/^Refunded .+\. The balance is now \d+ credits\.$/);
    await expect(payments.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'History' }).getByText(new RegExp(`refund — Bought by mistake \\(${lotte.id}\\)`))).toBeVisible();
    await expect.poll(credits).toBeLessThan(before);

    await page.getByLabel('Action').selectOption('suspend');
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Suspended until').fill(until);
    await page.getByLabel('Reason (kept in the audit log)').last().fill(`Rude messages after a warning (${lotte.id})`);
    await page.getByRole('button', { name: 'Carry out' }).click();
    await expect(page.getByText('Done.')).toBeVisible();
    await expect(page.getByTestId('member-status')).toContainText('suspended');
    await audit(page, 'member page', failures);
    const again = await playwright.request.newContext();
    await again.get(`${SITES.amora.origin}/api/settings.php`, { headers: { 'x-original-host': SITES.amora.host } });
    const login = await again.post(`${SITES.amora.origin}/api/login.php`, { headers: await headers(again), data: { email: lotte.email, password: PASSWORD } });
    expect(login.status()).not.toBe(200);

    // The admin's audit log: both, by the support operator, with their reasons.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInAsAdmin(page);
    await expect(await audited(page, 'payment.refund', `Bought by mistake (${lotte.id})`)).toContainText(supportEmail);
    await expect(await audited(page, 'member.suspend', `Rude messages after a warning (${lotte.id})`)).toContainText(supportEmail);
    expect(failures).toEqual([]);
    await Promise.all([m.dispose(), again.dispose()]);
  });

  test('a member’s report leads to a suspension from the reports screen; the member cannot log in; the audit log shows it', async ({ page, playwright }) => {
    // Two members signed up, a report, a suspension and axe at two sizes on three screens: longer than one minute on a loaded machine.
    test.slow();
    const m = await playwright.request.newContext();
    const reported = await member(m, 'bo-reported', { name: 'Ruben', gender: 'male', age: 41, personal: 'Stuur me geld voor een ticket.', photos: 1 });
    const r = await playwright.request.newContext();
    await member(r, 'bo-reporter', { name: 'Ilse', gender: 'female', age: 38, personal: 'Wandelen en koken.', photos: 0 });
    const sent = await r.post(`${SITES.amora.origin}/api/report.php`, {
      headers: await headers(r),
      data: { profile: reported.id, category: 'scam', text: `Asked me for money (${reported.id})` },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports and complaints' })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Open reports' });
    await list.getByRole('button', { name: /^About Ruben · / }).last().click();
    await expect(page.getByText(`Asked me for money (${reported.id})`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile of the reported member' }).getByRole('img', { name: 'Photo 1 of Ruben' })).toBeVisible();

    const failures: string[] = [];
    await audit(page, 'reports', failures);
    await page.keyboard.press('s');
    const form = page.getByRole('form', { name: 'Suspend' });
    await expect(form.getByLabel('Reason (kept in the audit log)')).toBeFocused();
    await page.keyboard.type(`Scam attempt reported (${reported.id})`);
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Suspended until').fill(until);
    await audit(page, 'reports with the suspend form', failures);
    await form.getByRole('button', { name: 'Carry out' }).click();
    await expect(page.getByText(/^Report .+ handled: suspended\.$/)).toBeAttached();
    await expect(page.getByText(`Asked me for money (${reported.id})`)).toHaveCount(0);

    const again = await playwright.request.newContext();
    await again.get(`${SITES.amora.origin}/api/settings.php`, { headers: { 'x-original-host': SITES.amora.host } });
    const login = await again.post(`${SITES.amora.origin}/api/login.php`, { headers: await headers(again), data: { email: reported.email, password: PASSWORD } });
    expect(login.status()).not.toBe(200);

    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByLabel('Action').fill('report.suspend');
    await page.getByRole('button', { name: 'Show' }).click();
    const row = page.getByRole('row').filter({ hasText: `Scam attempt reported (${reported.id})` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('report.suspend');
    await expect(row).toContainText(DEV_OPERATOR.email);
    await audit(page, 'audit log', failures);
    expect(failures).toEqual([]);
    await Promise.all([m.dispose(), r.dispose(), again.dispose()]);
  });

  test('a chargeback reported by the sandbox’s webhook shows apart on the payments desk; axe at desktop and tablet size', async ({ page, playwright }) => {
    const m = await playwright.request.newContext();
    const noor = await member(m, 'bo-payer', { name: 'Noor', gender: 'female', age: 33, personal: 'Fietsen en jazz.', photos: 0 });
    const providerId = await buyCredits(m);
    // The payer's bank takes the money back: the sandbox page's control, then its webhook.
    const charged = await m.post(`${SITES.amora.origin}/api/dev/mollie/payments/${providerId}/chargeback`, { maxRedirects: 0 });
    expect(charged.status(), await charged.text()).toBe(303);
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Payments' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payments desk' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Noor' }).first()).toBeVisible();
    await page.getByLabel('Only chargebacks').check();
    await page.getByRole('button', { name: 'Show' }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Noor' }) }).first();
    await expect(row).toBeVisible();
    // Charged back in full, nothing refunded: the Refunded cell is empty, the Charged back one is not.
    await expect(row.getByRole('cell').nth(4)).toHaveText('—');
    await expect(row.getByRole('cell').nth(5)).not.toHaveText('—');
    await expect(page.getByRole('region', { name: 'Totals per day' })).toContainText(/\d+ chargebacks?\)/);
    const failures: string[] = [];
    await audit(page, 'payments desk', failures);
    // The member page says it too, and offers no refund of what the bank took back.
    await row.getByRole('link', { name: 'Noor' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Member ${noor.id}` })).toBeVisible();
    const payments = page.getByRole('region', { name: 'Payments' });
    await expect(payments).toContainText('by the bank');
    await expect(payments.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    expect(failures).toEqual([]);
    await m.dispose();
  });
});
