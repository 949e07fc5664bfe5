// The site's security headers (scripts/serve/headers.mjs). Every other journey runs with
// the policy watched (./test.ts), which proves it allows what the site really loads.
import { expect, test, type APIRequestContext } from './test';
import { logInAsOperator } from './helpers';

const V1 = 'http://localhost:8086/mf-manifest.json';
const V2 = 'http://localhost:8087/mf-manifest.json';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

async function registryOrigins(request: APIRequestContext, base: string, host: string): Promise<string[]> {
  const res = await request.get(`${base}/api/remotes.php`, { headers: { 'x-original-host': host } });
  const { remotes } = (await res.json()) as { remotes: Record<string, string> };
  return [...new Set(Object.values(remotes).map((u) => new URL(u).origin))];
}

test("the site's HTML cannot be framed and allows scripts only from itself and its registered remotes", async ({ page, request }) => {
  // Through the browser: velvet.localhost resolves there (Chromium), not in Node.
  for (const base of ['http://localhost:8080', 'http://velvet.localhost:8080']) {
    const remotes = await registryOrigins(request, 'http://localhost:8080', new URL(base).host);
    expect(remotes.length).toBeGreaterThan(0);
    for (const path of ['/', '/login', '/no-such-page']) {
      const res = (await page.goto(`${base}${path}`))!;
      const h = await res.allHeaders();
      expect(h['content-type']).toContain('text/html');
      expect(h['x-frame-options']).toBe('DENY');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['x-content-type-options']).toBe('nosniff');
      // Development: no HSTS (production only), and the page itself is no cross-origin resource.
      expect(h['strict-transport-security']).toBeUndefined();
      expect(h['access-control-allow-origin']).toBeUndefined();
      const csp = directives(h['content-security-policy'] ?? '');
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      // Exactly the site and its remotes: no wildcard, no inline script, no eval.
      expect(new Set(csp.get('script-src'))).toEqual(new Set(["'self'", ...remotes]));
      expect(new Set(csp.get('connect-src'))).toEqual(new Set(["'self'", ...remotes]));
      // Never 'unsafe-inline' for style elements: a page rendered in Node (x-rendered) names the hash
      // of its one <style> (the template's colours); style attributes only through style-src-attr.
      const styleSrc = csp.get('style-src') ?? [];
      expect(styleSrc).not.toContain("'unsafe-inline'");
      const hashes = h['x-rendered'] === 'node' ? styleSrc.filter((v) => v.startsWith("'sha256-")) : [];
      if (h['x-rendered'] === 'node') expect(hashes).toHaveLength(1);
      expect(new Set(styleSrc)).toEqual(new Set(["'self'", ...remotes, ...hashes]));
      // The page works under it (a violation would fail this test through ./test.ts).
      await expect(page.locator('main, [role="main"]').first()).toBeVisible();
    }
  }
});

test("a remote pointed at a new origin is in the next page's policy", async ({ request }) => {
  const headers = await logInAsOperator(request);
  const put = (url: string) => request.put('/api/admin/remotes.php', { headers, data: { remote: 'mf_landers', url } });
  try {
    expect((await put(V2)).status()).toBe(200);
    const csp = directives((await request.get('/')).headers()['content-security-policy'] ?? '');
    expect(csp.get('script-src')).toContain('http://localhost:8087');
  } finally {
    expect((await put(V1)).status()).toBe(200);
  }
  const csp = directives((await request.get('/')).headers()['content-security-policy'] ?? '');
  expect(csp.get('script-src')).not.toContain('http://localhost:8087');
});
