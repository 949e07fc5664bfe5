// Lander campaigns kept in the back office (/backoffice/campaigns): an admin creates a campaign
// with its texts side by side in seven languages, it is live at /landers/{kind}/{slug} in the
// visitor's language, and its figures count the visit; the tracking link carries network, ref and
// sub1–sub3. axe on the screen.
import { expect, test } from './test';
import { auditDesk as audit, DESK_SIZES, DEV_OPERATOR } from './screens';

const { desktop: DESKTOP } = DESK_SIZES;

test.describe('campaigns in the back office', () => {
  test('a campaign created in the desk renders at /landers/gallery/{slug} in Polish and counts its visitor', async ({ browser, page }) => {
    test.slow();
    const slug = `jesien-${Date.now().toString(36)}`;
    await page.setViewportSize(DESKTOP);
    await page.goto('/backoffice/login');
    await page.getByLabel('Email').fill(DEV_OPERATOR.email);
    await page.getByLabel('Password').fill(DEV_OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Campaigns' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns and landers' })).toBeVisible();

    const form = page.getByRole('form', { name: 'New campaign' });
    await form.getByLabel('Slug').fill(slug);
    await form.getByRole('checkbox', { name: 'video', exact: true }).check();
    await form.getByLabel('Headline (EN)').fill('Autumn walks together');
    await form.getByLabel('Text (EN)').fill('Meet singles who love long walks in the park.');
    await form.getByLabel('Headline (PL)').fill('Jesienne spacery we dwoje');
    await form.getByLabel('Text (PL)').fill('Poznaj singli, którzy kochają długie spacery po parku.');
    await form.getByLabel('Shows').selectOption('female');
    await form.getByLabel('From age').fill('25');
    await form.getByLabel('To age').fill('60');
    expect(await audit(page, 'campaigns')).toEqual([]);
    await form.getByRole('button', { name: 'Create campaign' }).click();
    const row = page.getByRole('row', { name: new RegExp(slug) });
    await expect(row).toContainText('gallery, video');
    await expect(row).toContainText('live');

    // Its tracking link, with a network, ref and sub1 chosen.
    const tracking = page.getByRole('region', { name: 'Tracking link' });
    await tracking.getByLabel('ref').fill('banner-7');
    await tracking.getByLabel('sub1').fill('autumn');
    await expect(tracking.getByLabel('Link to give the partner')).toHaveValue(`http://localhost:8080/landers/gallery/${slug}?ref=banner-7&sub1=autumn`);

    // A Polish visitor opens the gallery lander.
    const visitor = await browser.newContext({ locale: 'pl-PL', baseURL: 'http://localhost:8080' });
    await visitor.addCookies([{ name: 'locale', value: 'pl', url: 'http://localhost:8080' }]);
    const lander = await visitor.newPage();
    await lander.goto(`/landers/gallery/${slug}?sub1=autumn`);
    await expect(lander.getByRole('heading', { level: 1, name: 'Jesienne spacery we dwoje' })).toBeVisible();
    await expect(lander.getByText('Poznaj singli, którzy kochają długie spacery po parku.')).toBeVisible();
    await visitor.close();

    // The campaign's figures count the visit.
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(slug) }).getByRole('cell').nth(2)).toHaveText(/^[1-9]/);
  });
});
