import { expect, test } from '@playwright/test';
import { REMOTE_ORIGINS } from './helpers';

test.describe('failure stays local', () => {
  test('a blocked remote origin shows a fallback with Retry; navigation and other remotes work', async ({ page }) => {
    let blocked = true;
    await page.route(`${REMOTE_ORIGINS.mf_landers}/**`, (route) => (blocked ? route.abort() : route.continue()));
    await page.goto('/pages/faq');
    const fallback = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(fallback).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    await page.getByRole('link', { name: 'Premium' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: /Premium/ })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    blocked = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Frequently asked questions|FAQ/i })).toBeVisible();
  });

  test('an unreachable manifest shows the localized fallback in the visitor\'s language', async ({ page, context }) => {
    await context.addCookies([{ name: 'locale', value: 'de', url: 'http://localhost:8080' }]);
    await page.route(`${REMOTE_ORIGINS.mf_commerce}/mf-manifest.json`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/pricing');
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    await expect(page.getByText('Dieser Teil der Seite konnte nicht geladen werden')).toBeVisible();
  });
});
