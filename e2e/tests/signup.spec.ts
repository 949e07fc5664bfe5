// Journeys of mf-auth-signup: a visitor signs up through every step with a photo and a
// location, activates with the link from the mail, lands in the members area; logs out and in;
// resets the password; the form in other languages; an invite-only site. Every step goes through
// the shell, the remote and the real API on a fresh database. Mail arrives over real SMTP at
// e2e/smtp-sink.mjs; the signup journey opens its activation mail in the development mailbox.
import path from 'node:path';
import { expect, test, type Page } from './test';
import { linkFromMail } from './helpers';
import { axe } from './screens';

const PHOTO = path.join(__dirname, '..', 'fixtures', 'photo.png');
/** Amsterdam: what the browser reports; the API turns it into NL / Noord-Holland / Amsterdam. */
const AMSTERDAM = { latitude: 52.3728, longitude: 4.8936 };


const heading2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

async function logInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe.serial('signing up and the account', () => {
  const eva = {
    email: `eva-${Date.now()}@example.com`,
    password: 'first-secret-1',
    newPassword: 'second-secret-2',
  };

  test.use({ geolocation: AMSTERDAM, permissions: ['geolocation'] });

  test('a visitor signs up through all steps, activates with the mailed link and lands among the members', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign up for free' })).toBeVisible();
    await expect(heading2(page, 'Create your free account')).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toBeAttached();

    // Step 0: the name follows the address until typed; submit waits for the server check.
    await page.getByLabel('Email address').fill(eva.email);
    await expect(page.getByLabel('Name')).toHaveValue(eva.email.split('@')[0]!);
    await page.getByLabel('Name').fill('Eva');
    await page.getByLabel('Password').fill(eva.password);
    const create = page.getByRole('button', { name: 'Create my free account' });
    // No account without the confirmation of being 18 or older.
    const adult = page.getByRole('checkbox', { name: 'I am 18 years or older' });
    await expect(adult).not.toBeChecked();
    await expect(create).toBeDisabled();
    await adult.check();
    await adult.uncheck();
    await expect(page.getByText('Confirm that you are 18 or older to create an account')).toBeVisible();
    await expect(create).toBeDisabled();
    expect(await axe(page)).toEqual([]);
    await adult.check();
    await expect(create).toBeEnabled();
    await create.click();

    // Step 1 only where push is offered (VAPID key and a browser that can); declining moves on.
    const photoStep = heading2(page, 'Add a photo');
    const pushStep = heading2(page, 'Stay up to date');
    await expect(photoStep.or(pushStep)).toBeVisible();
    if (await pushStep.isVisible()) await page.getByRole('button', { name: 'Not now' }).click();

    // Step 2: a real PNG through the file picker.
    await expect(photoStep).toBeVisible();
    await expect(page.getByText('Step 2 of 4')).toBeAttached();
    await page.getByLabel('Choose a photo').setInputFiles(PHOTO);
    await expect(page.getByText('photo.png')).toBeVisible();
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 3: entering it looked the browser's position up and geocoded it.
    await expect(heading2(page, 'Where do you live?')).toBeVisible();
    await expect(page.getByLabel('City (optional)')).toHaveValue('Amsterdam');
    await expect(page.getByLabel('Country')).toHaveValue('NL');
    await expect(page.getByLabel('Region (optional)')).toHaveValue('Noord-Holland');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 4: gender, date of birth in three selectors, a configurable field.
    await expect(heading2(page, 'About you')).toBeVisible();
    await expect(page.getByText('Step 3 of 4')).toBeAttached();
    await page.getByRole('radio', { name: 'Woman' }).check();
    const dob = page.getByRole('group', { name: 'Date of birth' });
    await dob.getByRole('combobox', { name: 'Day' }).selectOption('14');
    await dob.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'February' });
    await dob.getByRole('combobox', { name: 'Year' }).selectOption('1992');
    await page.getByLabel('Looking for').selectOption({ label: 'A relationship' });
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 5: notes.
    await expect(heading2(page, 'Describe yourself')).toBeVisible();
    await page.getByLabel('About me').fill('Cycling along the Amstel, then pancakes.');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 6 polls activate.php until the mail is out; step 7 says where it went.
    await expect(heading2(page, 'Check your email')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Step 4 of 4')).toBeAttached();
    await expect(page.getByText(`We sent an email to ${eva.email}.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Wrong address? Change your email address' })).toHaveAttribute('href', '/profile#email');

    // The activation mail, opened in the development mailbox as a person would, activates the account.
    await page.goto('/api/dev/mailbox');
    await page.getByLabel('Recipient').fill(eva.email);
    await page.getByRole('button', { name: 'Filter' }).click();
    const mail = page.getByRole('article').filter({ hasText: eva.email }).first();
    await expect(mail).toBeVisible();
    await mail.getByRole('link', { name: /\/api\/activate\.php\?token=/ }).click();
    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account is active' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the members' }).click();
    await expect(page).toHaveURL(/\/members$/);

    // What was saved on the way is the member's profile now.
    await page.goto('/profile');
    await expect(page.getByText(/^Eva, \d+ years · Amsterdam$/)).toBeVisible();
    const personal = page.getByRole('region', { name: 'Personal information' });
    await expect(personal.getByRole('radio', { name: 'Woman' })).toBeChecked();
    await expect(page.getByRole('region', { name: 'About me' }).getByLabel('About me')).toHaveValue('Cycling along the Amstel, then pancakes.');
    await expect(page.getByRole('region', { name: 'Photo' }).getByRole('img', { name: 'Your photo' })).toBeVisible();
  });

  test('a used activation link lands on the activation error page', async ({ page }) => {
    await page.goto('/api/activate.php?token=not-a-real-token-0123456789');
    await expect(page).toHaveURL(/\/activate\/error$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your account could not be activated' })).toBeVisible();
  });

  test('bad credentials show the error; the member logs in, logs out and is back at the login', async ({ page }) => {
    await logInAs(page, eva.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Email address or password is incorrect.');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password').fill(eva.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a member resets the password with the mailed link and logs in with the new one only', async ({ page }) => {
    const asked = Date.now();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email address').fill(eva.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByText(`If there is an account for ${eva.email}`)).toBeVisible();

    const link = await linkFromMail(eva.email, /\/reset-password\/do\?token=/, asked - 1000);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(eva.newPassword);
    await page.getByLabel('New password again').fill(eva.newPassword);
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page.getByText('Your password has been changed. You can log in with it now.')).toBeVisible();

    await logInAs(page, eva.email, eva.password);
    await expect(page.getByRole('alert')).toHaveText('Email address or password is incorrect.');
    await page.getByLabel('Password').fill(eva.newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).not.toHaveURL(/\/login/);

    // The same link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('third-secret-3');
    await page.getByLabel('New password again').fill('third-secret-3');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('This link has expired or was used already. Ask for a new one.');
  });
});

test.describe('the signup form in other languages', () => {
  const languages = (page: Page) => page.getByRole('banner').getByRole('combobox');

  test('step 0 is labelled and its errors are worded in German, Polish and Dutch', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByLabel('Email address')).toBeVisible();
    const cases = [
      { locale: 'de', title: 'Erstelle dein kostenloses Konto', email: 'E-Mail-Adresse', name: 'Name', password: 'Passwort', invalid: 'Das ist keine gültige E-Mail-Adresse', required: 'Dieses Feld ist erforderlich', month: 'Februar' },
      { locale: 'pl', title: 'Załóż darmowe konto', email: 'Adres e-mail', name: 'Imię', password: 'Hasło', invalid: 'To nie jest prawidłowy adres e-mail', required: 'To pole jest wymagane', month: 'luty' },
      { locale: 'nl', title: 'Maak je gratis account aan', email: 'E-mailadres', name: 'Naam', password: 'Wachtwoord', invalid: 'Dit is geen geldig e-mailadres', required: 'Dit veld is verplicht', month: 'februari' },
    ];
    for (const c of cases) {
      await languages(page).selectOption(c.locale);
      await expect(heading2(page, c.title)).toBeVisible();
      const email = page.getByLabel(c.email, { exact: true });
      await email.fill('anna@');
      await page.getByLabel(c.password, { exact: true }).fill('x');
      await page.getByLabel(c.password, { exact: true }).fill('');
      await page.getByLabel(c.name, { exact: true }).click();
      await expect(page.getByText(c.invalid)).toBeVisible();
      await expect(page.getByText(c.required)).toBeVisible();
    }
  });
});

test.describe('an invite-only site', () => {
  /** The seeded invite-only site (api/src/seed/sites.ts, VELVET_CLUB): signups 'other'. */
  const HOST = 'invite.localhost';

  test('shows the invite-only notice with a link to log in instead of the form', async ({ page, request }) => {
    const settings = await (await request.get('/api/settings.php', { headers: { 'x-original-host': HOST } })).json();
    expect(settings.settings.signups).toBe('other');
    await page.goto(`http://${HOST}:8080/signup`);
    await expect(page.getByText('Signing up for this site is by invitation only.')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(page.getByLabel('Email address')).toHaveCount(0);
  });
});
