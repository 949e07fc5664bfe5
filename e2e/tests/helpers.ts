import { expect, type Page, type Request } from '@playwright/test';

export const DEMO = { email: 'demo@example.com', password: 'demo1234' };

export const REMOTE_ORIGINS = {
  mf_auth_signup: 'http://localhost:8081',
  mf_search: 'http://localhost:8082',
  mf_chat: 'http://localhost:8083',
  mf_likes_notifications: 'http://localhost:8084',
  mf_commerce: 'http://localhost:8085',
  mf_landers: 'http://localhost:8086',
} as const;

/** Every request the page makes, to check which origin served what. */
export function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return seen;
}

export async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
}
