import { expect, test } from './test';

test('two templates from one build look and read differently by host name', async ({ page }) => {
  await page.goto('http://localhost:8080/');
  const amoraTitle = await page.title();
  const amoraColour = await page.locator('header').first().evaluate((el) => getComputedStyle(el).backgroundColor);

  await page.goto('http://velvet.localhost:8080/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const velvetTitle = await page.title();
  const velvetColour = await page.locator('header').first().evaluate((el) => getComputedStyle(el).backgroundColor);

  expect(velvetTitle).not.toBe(amoraTitle);
  expect(velvetColour).not.toBe(amoraColour);
});

test.describe('white-label templates', () => {
  test.use({ locale: 'ja-JP' }); // a language neither site offers: each falls back to its own default

  test('each host gets its own default language, company and navigation', async ({ page }) => {
    await page.goto('http://localhost:8080/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('contentinfo')).toContainText('Amora Online B.V.');

    await page.goto('http://velvet.localhost:8080/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Velvet Media GmbH');
    await expect(page.getByRole('link', { name: /Velvet/ }).first()).toBeVisible();
  });

  test('a feature flag turned off on one template removes it from that navigation only', async ({ page }) => {
    for (const [origin, notifications] of [['http://localhost:8080', 1], ['http://velvet.localhost:8080', 0]] as const) {
      await page.goto(`${origin}/login`);
      await page.getByLabel(/Email|E-mail/).fill('demo@example.com');
      await page.getByLabel(/Password|Wachtwoord/).fill('demo1234');
      await page.getByRole('button', { name: /Log in|Inloggen/ }).click();
      await expect(page.locator('#root')).toHaveClass(/logged-in/);
      const nav = page.getByRole('navigation').first();
      await expect(nav.getByRole('link', { name: /Chats/ })).toBeVisible();
      await expect(nav.getByRole('link', { name: /^(Notifications|Meldingen)$/ })).toHaveCount(notifications);
    }
  });

  test('each host is an installable app with its own name, colour and icons', async ({ page }) => {
    // Fetched by the browser, which resolves *.localhost (Node does not).
    const read = async (origin: string) => {
      await page.goto(`${origin}/`);
      return page.evaluate(async () => {
        const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
        const manifest = await (await fetch(href)).json();
        const icon = await fetch(manifest.icons[1].src);
        const bytes = new Uint8Array(await icon.arrayBuffer());
        return { href, manifest, iconType: icon.headers.get('content-type'), iconBytes: Array.from(bytes.slice(-64)).join(',') };
      });
    };
    const amora = await read('http://localhost:8080');
    const velvet = await read('http://velvet.localhost:8080');
    expect(amora.href).toBe('http://localhost:8080/manifest.webmanifest');
    expect([amora.manifest.name, amora.manifest.theme_color, amora.manifest.display, amora.manifest.start_url]).toEqual(['Amora', '#d6336c', 'standalone', '/']);
    expect([velvet.manifest.name, velvet.manifest.theme_color, velvet.manifest.lang]).toEqual(['Velvet', '#1c2a4a', 'nl']);
    expect([amora.iconType, velvet.iconType]).toEqual(['image/png', 'image/png']);
    expect(velvet.iconBytes).not.toBe(amora.iconBytes);
  });
});
