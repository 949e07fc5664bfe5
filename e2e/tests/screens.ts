// What the visual checks (visual.spec.ts) and the accessibility sweep (a11y.spec.ts) share: the two
// site templates, the two screen sizes, members with fixed data made through the real calls, the
// wait for a settled screen, and axe with the WCAG 2.1 A/AA rules.
import axeCore, { type ElementContext, type RunOptions } from 'axe-core';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { activateByMail } from './helpers';

export const SITES = {
  amora: { origin: 'http://localhost:8080', host: 'localhost' },
  velvet: { origin: 'http://velvet.localhost:8080', host: 'velvet.localhost' },
} as const;
export type Site = keyof typeof SITES;
export const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type Size = keyof typeof SIZES;

export const PASSWORD = 'visual-password-1';
const PHOTO = path.join(__dirname, '../fixtures/photo.png');

/** A date of birth that makes `age` today, every day the suite runs. */
function bornYearsAgo(age: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - age);
  d.setUTCDate(d.getUTCDate() - 100);
  return d.toISOString().slice(0, 10);
}

export interface Fixture {
  id: number;
  email: string;
}

export async function headers(request: APIRequestContext, origin: string = SITES.amora.origin, host: string = SITES.amora.host) {
  const state = await request.storageState();
  const csrf = state.cookies.find((c) => c.name === 'csrf' && origin.includes(c.domain.replace(/^\./, '')))?.value ?? '';
  return { 'x-csrf-token': csrf, 'x-original-host': host, 'x-package': 'e2e', 'content-type': 'application/json' };
}

/** A member with fixed data, signed up and activated through the real calls (amora's pool, shared by velvet). */
export async function member(
  request: APIRequestContext,
  tag: string,
  profile: { name: string; gender: 'female' | 'male'; age: number; personal: string; photos: number; language?: string },
): Promise<Fixture> {
  const { origin, host } = SITES.amora;
  await request.get(`${origin}/api/settings.php`, { headers: { 'x-original-host': host } });
  const email = `visual-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await request.post(`${origin}/api/user.php?new=1`, {
    headers: await headers(request, origin, host),
    data: { email, name: profile.name, password: PASSWORD, language: profile.language ?? 'en', country: 'IE', timezone: 'Europe/Dublin', adult: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { user } = await created.json();
  for (const data of [
    { country: 'IE', countryregion: 'Leinster', city: 'Kilkenny' },
    { profile: { gender: profile.gender, date_of_birth: bornYearsAgo(profile.age), personal: profile.personal, lastSignupStep: 7 } },
  ]) {
    const saved = await request.put(`${origin}/api/user.php`, { headers: await headers(request, origin, host), data });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const { 'content-type': _json, ...upload } = await headers(request, origin, host);
  for (let i = 0; i < profile.photos; i++) {
    const res = await request.post(`${origin}/api/profileimage.php`, {
      headers: upload,
      multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: await fs.readFile(PHOTO) } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await activateByMail(request, email);
  return { id: user.profile.id as number, email };
}

/** Logs a fixture member in through the site's own login form. */
export async function logInAs(page: Page, origin: string, who: Fixture) {
  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: /mail/i }).fill(who.email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('main form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Everything on screen has arrived: a heading, no remote still loading, no loading state, fonts ready. */
export async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[role="status"][data-remote]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  // Images in view have loaded (a half-loaded photo is not a layout change); lazy ones out of view
  // (below the fold, or further along a sideways strip) never start.
  await page.waitForFunction(
    () =>
      Array.from(document.images).every((img) => {
        const box = img.getBoundingClientRect();
        return img.complete || box.top >= innerHeight || box.bottom <= 0 || box.left >= innerWidth || box.right <= 0 || box.width === 0;
      }),
    undefined,
    { timeout: 10_000 },
  );
}

/** The rules every audit applies: WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core with the WCAG 2.1 A and AA rules on the page as it is now (or on the part `include`
 * selects, without the part `exclude` selects): the violations, each with the elements it found.
 *
 * axe-core's source (about 600 kB) goes into a document once, at its first audit, and stays for the
 * next (the same screen at the other size, an open dialog, a toast); page.evaluate runs it through
 * the DevTools protocol, which the site's CSP does not govern. Then axe.run reads the page in place.
 * @axe-core/playwright's AxeBuilder, used before, paid per call for the source evaluated again and a
 * blank page opened beside the page for axe.finishRun (its own copy of the source): about 3 s a call
 * against 0.2–0.4 s (plus 0.2–0.5 s for a document's first). The rules and results are the same; a
 * frame (the site has none) gets axe-core too and axe.run reads same-origin frames.
 */
export async function axe(page: Page, context: { include?: string; exclude?: string } = {}): Promise<string[]> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeCore.source);
  }
  // No CSSOM preload: it copies the remotes' cross-origin style sheets into inline <style> elements,
  // which the site's CSP rightly refuses, and only axe's experimental rules read it.
  const options: RunOptions = { runOnly: { type: 'tag', values: WCAG_TAGS }, preload: false, resultTypes: ['violations'] };
  return page.evaluate(
    async ({ context, options }) => {
      const { axe } = window as unknown as { axe: typeof axeCore };
      const on = context.include || context.exclude ? { ...(context.include && { include: [context.include] }), ...(context.exclude && { exclude: [context.exclude] }) } : document;
      const { violations } = await axe.run(on as ElementContext, options);
      return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    { context, options },
  );
}

/** Buys the site's first credit package through the real payment call and the sandbox's checkout (paid). */
/** A paid credits purchase in the sandbox; answers the provider's payment id (tr_…). */
export async function buyCredits(request: APIRequestContext, site: Site = 'amora'): Promise<string> {
  const { origin, host } = SITES[site];
  const h = await headers(request, origin, host);
  const credits = await (await request.get(`${origin}/api/credits.php`, { headers: h })).json();
  const pkg = credits.packages[0];
  const methods = await (await request.get(`${origin}/api/payment_methods.php?package=${pkg.id}`, { headers: h })).json();
  const method = methods.methods[0].id;
  const created = await request.post(`${origin}/api/payments.php`, {
    headers: h,
    data: { idempotency_key: randomUUID(), kind: 'credits', package_id: pkg.id, method, expected_amount_cents: pkg.amount_cents, consent: true },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { checkout_url } = await created.json();
  // The link names the site's host as the call gave it (x-original-host); open it on this server.
  const checkout = new URL(checkout_url).pathname;
  const paid = await request.post(origin + checkout, { form: { status: 'paid', method }, maxRedirects: 0 });
  expect(paid.status(), await paid.text()).toBeLessThan(400);
  return checkout.split('/').pop()!;
}

/**
 * Whether the element is on top where a finger would tap it: at its centre and just inside each
 * corner, elementFromPoint finds the element or something inside it (not a bar or panel over it).
 */
export async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inset = Math.min(4, r.width / 4, r.height / 4);
    const points: [number, number][] = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + inset, r.top + inset],
      [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset],
      [r.right - inset, r.bottom - inset],
    ];
    return points.every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit && (el === hit || el.contains(hit));
    });
  });
}

/** The development admin the seed makes (README, demo logins). */
export const DEV_OPERATOR = { email: 'operator@example.com', password: 'operator1234', name: 'Operator' };
/** The sizes an operator's screens are checked at: a desk's desktop and a tablet. */
export const DESK_SIZES = { desktop: { width: 1280, height: 800 }, tablet: { width: 820, height: 1180 } };

/** axe at desktop and tablet size on the back-office screen now open; the page is left at desktop size. */
export async function auditDesk(page: Page, name: string): Promise<string[]> {
  const failures: string[] = [];
  for (const [size, viewport] of Object.entries(DESK_SIZES)) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    failures.push(...(await axe(page)).map((v) => `${name} at ${size} size: ${v}`));
  }
  await page.setViewportSize(DESK_SIZES.desktop);
  return failures;
}

/** An API context signed in as the development admin, acting on amora. */
export async function devOperatorApi(request: APIRequestContext): Promise<APIRequestContext> {
  const { origin, host } = SITES.amora;
  await request.get(`${origin}/api/settings.php`, { headers: { 'x-original-host': host } });
  const res = await request.post(`${origin}/api/operator/login.php`, { headers: await headers(request), data: DEV_OPERATOR });
  expect(res.status(), await res.text()).toBe(200);
  return request;
}

/** A loaded photo as laid out, beside the file the browser chose for it (photos()). */
export interface ShownPhoto {
  /** For messages: its alt text, file, file size, laid-out size and zoom. */
  what: string;
  /** How many times its file's own pixel size it is laid out (object-fit: cover scales by the larger ratio); above 1, enlarged (blurry). */
  scale: number;
  /** The scale of its own CSS transform (a reel's slow drift), 1 without one. */
  zoom: number;
  /** In a <picture> with a WebP source. */
  picture: boolean;
  /** Its size reserved by width and height attributes before the file arrives. */
  reserved: boolean;
  /** The browser chose a WebP file. */
  webp: boolean;
}

/**
 * Every loaded photo matching `selector`, measured against the file the browser chose (currentSrc,
 * decoded on its own), by layout size (offsetWidth): a transform is reported apart as `zoom` (a
 * reel's drift, a blurred teaser's slight zoom, a collage's turned polaroid, whose bounding box is
 * larger than the photo drawn in it). A lazy photo not loaded yet (a slide out of view) shows
 * nothing and is not measured.
 */
export function photos(page: Page, selector: string): Promise<ShownPhoto[]> {
  return page.locator(selector).evaluateAll((imgs) =>
    Promise.all(
      (imgs as HTMLImageElement[]).filter((img) => img.currentSrc).map(async (img) => {
        const file = new Image();
        file.src = img.currentSrc;
        await file.decode();
        const scale = Math.max(img.offsetWidth / file.naturalWidth, img.offsetHeight / file.naturalHeight);
        const m = getComputedStyle(img).transform;
        const zoom = m && m !== 'none' ? Math.hypot(...m.slice(m.indexOf('(') + 1, -1).split(',').slice(0, 2).map(Number)) : 1;
        return {
          what: `${img.alt || 'photo'} (${file.src.split('/').pop()} ${file.naturalWidth}×${file.naturalHeight} in ${img.offsetWidth}×${img.offsetHeight}${zoom === 1 ? '' : `, zoom ${zoom.toFixed(2)}`})`,
          scale,
          zoom,
          picture: img.parentElement?.tagName === 'PICTURE' && !!img.parentElement.querySelector('source[type="image/webp"]'),
          reserved: !!img.getAttribute('width') && !!img.getAttribute('height'),
          webp: img.currentSrc.endsWith('.webp'),
        };
      }),
    ),
  );
}

/** How much larger than its file each loaded photo matching `selector` is laid out: [what, scale] per `<img>` (scale ≤ 1: never enlarged). */
export async function enlargements(page: Page, selector: string): Promise<[string, number][]> {
  return (await photos(page, selector)).map((p) => [p.what, p.scale]);
}
