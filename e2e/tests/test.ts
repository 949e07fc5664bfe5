// Every journey runs with the site's Content-Security-Policy watched: a violation in
// any page of any browser context of a test (the `context` fixture and contexts a test opens with
// browser.newContext()) fails the test, naming the directive and the blocked resource. Specs import
// `test` and `expect` from here instead of '@playwright/test'; everything else is re-exported.
// Cost: one init script and one console listener per page, nothing measurable.
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

export * from '@playwright/test';

/** In the page: report each violation as a console error the test side collects. */
function reportViolations() {
  document.addEventListener('securitypolicyviolation', (e) => {
    console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || 'page'}:${e.lineNumber})`);
  });
}

/** Chromium's own console line for a refused resource, and ours above. */
const VIOLATION = /Content Security Policy|CSP violation/;

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      const watchPage = (page: Page) =>
        page.on('console', (msg) => {
          if (msg.type() === 'error' && VIOLATION.test(msg.text())) violations.push(`${page.url()}: ${msg.text()}`);
        });
      const watch = async (ctx: BrowserContext) => {
        await ctx.addInitScript(reportViolations);
        ctx.pages().forEach(watchPage);
        ctx.on('page', watchPage);
      };
      await watch(context);
      const newContext = browser.newContext.bind(browser);
      const patched: Browser['newContext'] = async (...args) => {
        const ctx = await newContext(...args);
        await watch(ctx);
        return ctx;
      };
      browser.newContext = patched;
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'no Content-Security-Policy violation in any page of this journey').toEqual([]);
    },
    { auto: true },
  ],
});
