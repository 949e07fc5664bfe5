import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// `npm run dev` as a developer meets it: the remote routes render their views (they stayed blank
// while rspack's lazy compilation sent a remote's compile requests to the shell's dev server), the
// page loads without failed requests or console errors, and an edit to a remote's component
// shows up in the open page by hot module replacement, keeping what was typed.

const REMOTE_PORTS = [8081, 8082, 8083, 8084, 8085, 8086];
const root = path.resolve(__dirname, '..', '..');
/** A remote's component module that exports components only (a React Refresh boundary). */
const EDITED = path.join(root, 'mf-auth-signup/src/reset-password/ResetPasswordView.tsx');
const PROBE = `{'HMR probe · '}`;

/** The remotes' dev servers compile on their own; wait until each serves its manifest. */
async function remotesReady() {
  const until = Date.now() + 90_000;
  for (const port of REMOTE_PORTS) {
    for (;;) {
      const ok = await fetch(`http://localhost:${port}/mf-manifest.json`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > until) throw new Error(`the dev server on ${port} serves no mf-manifest.json`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Console errors and failed responses of the page, as lines. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || (m.type() === 'warning' && /react-router|Matched leaf route/i.test(m.text()))) {
      problems.push(`console ${m.type()}: ${m.text()}`);
    }
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  return problems;
}

function withoutProbe(source: string) {
  return source.split(PROBE).join('');
}

test.beforeAll(async () => {
  // A run stopped half-way must not leave the probe in the source.
  const source = readFileSync(EDITED, 'utf8');
  if (source.includes(PROBE)) writeFileSync(EDITED, withoutProbe(source));
  await remotesReady();
});

test('remote routes render their views, without failed requests or console errors', async ({ page }) => {
  const problems = recordProblems(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Search members' })).toBeVisible();
  expect(problems).toEqual([]);
});

test("an edit to a remote's component is hot-replaced in the open page, state kept", async ({ page }) => {
  await page.goto('/reset-password');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const before = (await heading.innerText()).trim();
  expect(before).not.toBe('');
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.fill('kept@example.com');
  // A full reload would lose this.
  await page.evaluate(() => ((window as unknown as { devSmoke: string }).devSmoke = 'same page'));

  const original = readFileSync(EDITED, 'utf8');
  const opening = /<h1(\s[^>]*)?>/.exec(original);
  expect(opening, `${path.relative(root, EDITED)} renders an <h1>`).not.toBeNull();
  const at = opening!.index + opening![0].length;
  try {
    writeFileSync(EDITED, original.slice(0, at) + PROBE + original.slice(at));
    await expect(heading).toHaveText(`HMR probe · ${before}`);
    await expect(email).toHaveValue('kept@example.com');
    expect(await page.evaluate(() => (window as unknown as { devSmoke?: string }).devSmoke)).toBe('same page');
  } finally {
    writeFileSync(EDITED, original);
  }
  await expect(heading).toHaveText(before);
});
