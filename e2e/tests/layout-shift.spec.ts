// Nothing on a member's screens moves once it is shown: the summed layout shift (what CLS adds
// up) of /members, the member home, /likes, /chats and a profile stays below 0.01, opened cold and
// reached through the navigation, at phone and desktop size. A failure names what moved.
import { expect, test, type Page } from './test';
import { logIn } from './helpers';
import { SIZES, settled } from './screens';

interface Shift {
  value: number;
  hadRecentInput: boolean;
  sources: string[];
}

declare global {
  interface Window {
    __shifts: Shift[];
    /** API calls of the page under way (not its event stream). */
    __apiCalls: number;
  }
}

/**
 * Records every layout-shift entry of the page, from its first paint, with the nodes that moved,
 * and counts the page's API calls under way (a poll its clock set off is awaited by `shiftsSince`).
 */
function recordShifts(page: Page) {
  return page.addInitScript(() => {
    window.__shifts = [];
    window.__apiCalls = 0;
    const fetch = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.includes('/api/') || url.includes('/api/events.php')) return fetch(input, init);
      window.__apiCalls++;
      return fetch(input, init).finally(() => window.__apiCalls--);
    };
    const name = (node: Node | null) => {
      if (!(node instanceof Element)) return node ? node.nodeName : '(gone)';
      const cls = typeof node.className === 'string' && node.className ? `.${node.className.trim().split(/\s+/).join('.')}` : '';
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${cls} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        window.__shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          sources: (entry.sources ?? []).map((s) => `${name(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The screen has settled, and again once what the page's timers ask for has arrived (the badges'
 * first poll, 1 s after the page started): the page's clock is run past them at once and their
 * answers awaited, instead of waiting 1.5 s; the shifts since `from`.
 */
async function shiftsSince(page: Page, from: number): Promise<{ total: number; report: string }> {
  await settled(page);
  await page.clock.runFor(1_500);
  await expect.poll(() => page.evaluate(() => window.__apiCalls), { intervals: [50] }).toBe(0);
  await page.clock.runFor(100);
  await settled(page);
  const shifts = (await page.evaluate(() => window.__shifts)).slice(from);
  // Every shift counts, also right after a click: a navigation that moves the footer is a shift
  // the member sees, whatever CLS's input exclusion says.
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  const report = shifts.map((s) => `${s.value.toFixed(4)}${s.hadRecentInput ? ' (input)' : ''}\n    ${s.sources.join('\n    ')}`).join('\n  ');
  return { total, report };
}

const shiftCount = (page: Page) => page.evaluate(() => window.__shifts.length);

for (const [size, viewport] of Object.entries(SIZES)) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test(`a member's screens do not move once shown (${size})`, async ({ page }) => {
      // The page's clock flows as usual, and `shiftsSince` runs it forward past the first poll.
      await page.clock.install();
      await recordShifts(page);
      await logIn(page);
      await page.goto('/members');
      await settled(page);
      const hrefs = await page.locator('main a[href^="/members/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      const profile = hrefs.find((h) => /^\/members\/\d+$/.test(h));
      expect(profile, 'a member card on /members').toBeTruthy();
      const screens: [string, string][] = [
        ['/members', 'search'],
        ['/', 'member home'],
        ['/likes', 'likes'],
        ['/chats', 'chats'],
        [profile!, 'a profile'],
      ];

      // Cold: the page loaded from its address.
      for (const [path, what] of screens) {
        await page.goto(path);
        const { total, report } = await shiftsSince(page, 0);
        expect.soft(total, `${what} (${path}) opened cold moved by ${total.toFixed(4)}:\n  ${report}`).toBeLessThan(0.01);
      }

      // Reached from the member home through the navigation (the search's link, the others by address within the app).
      await page.goto('/');
      await settled(page);
      const before = await shiftCount(page);
      await page.getByRole('navigation').getByRole('link', { name: 'Search', exact: true }).first().click();
      await expect(page).toHaveURL(/\/members$/);
      const { total, report } = await shiftsSince(page, before);
      expect.soft(total, `search reached from the home page moved by ${total.toFixed(4)}:\n  ${report}`).toBeLessThan(0.01);
    });
  });
}
