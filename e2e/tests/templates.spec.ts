import { expect, test } from '@playwright/test';

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
