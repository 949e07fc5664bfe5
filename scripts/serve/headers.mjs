// Security headers of the site, kept apart from serve.mjs's file serving:
// - the shell's HTML gets a Content-Security-Policy that allows exactly the origins of the site's
//   registered remotes (asked from the API's /api/remotes.php for the page's host on every page, so
//   a registry change is in the next page's policy), frame-ancestors 'none' + X-Frame-Options DENY,
//   Referrer-Policy, nosniff, and HSTS in production only;
// - the remotes' assets get CORS for the sites' origins only (never `*`).
// The page runs no inline script: a JSON `<script type="application/json">` is data, not executed,
// and needs no 'unsafe-inline'. Styles come from files; React's `style={…}` props are set through
// the CSSOM, which style-src does not govern; only a prerendered page (a DOM snapshot) carries
// inline styles, and only its policy allows them. `npm run dev` (rspack's dev servers) sends none of
// this: their hot reloading injects inline styles and evaluates code.
import http from 'node:http';
import { directForwarding } from './forwarded.mjs';

/** How long the API may take for the registry before the last known one (or none) is used. */
export const REGISTRY_WAIT_MS = 2_000;

/** The origins (scheme://host:port) of a registry's manifest URLs, sorted, without duplicates. */
export function registryOrigins(remotes = {}) {
  const origins = new Set();
  for (const url of Object.values(remotes)) {
    try {
      const u = new URL(String(url));
      if (u.protocol === 'http:' || u.protocol === 'https:') origins.add(u.origin);
    } catch {
      // not a URL: allows nothing
    }
  }
  return [...origins].sort();
}

/**
 * The page's policy. `remotes`: the registered remotes' origins; they serve scripts, styles,
 * images and fonts, and their manifests are fetched. Member photos, icons and the API are the
 * site's own origin; upload previews are blob: URLs and a few icons data: URLs. A lander's video may
 * be any https file the operator set (campaigns.video_url). The service worker and the web manifest
 * are the site's own.
 */
export function contentSecurityPolicy(remotes, { inlineStyles = false } = {}) {
  const r = remotes.length ? ` ${remotes.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${r}`,
    `style-src 'self'${r}${inlineStyles ? " 'unsafe-inline'" : ''}`,
    `img-src 'self' data: blob:${r}`,
    `font-src 'self' data:${r}`,
    `connect-src 'self'${r}`,
    "media-src 'self' https:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The headers of every HTML answer of the shell, for a registry's origins. `inlineStyles`: a
 * prerendered page (scripts/serve/prerender.mjs) is a snapshot of the rendered DOM, whose style
 * attributes (React's style props, the theme's variables on <html>) and <style> elements are
 * inline in its HTML; its style-src allows them ('unsafe-inline' for styles only; scripts never).
 */
export function htmlSecurityHeaders(remotes, { production = false, inlineStyles = false } = {}) {
  return {
    'content-security-policy': contentSecurityPolicy(remotes, { inlineStyles }),
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    // Browsers keep HSTS for a year: only where the site is really served over https.
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * The shell server's HTML headers per request: the registry of the page's site is asked from the
 * API (as the browser's host), with the last known registry of that host as the fallback when the
 * API does not answer in time.
 * @param {object} o
 * @param {string} o.apiTarget  origin of the member API
 * @param {boolean} [o.production]
 * @param {(req: import('node:http').IncomingMessage) => Record<string, string>} [o.forwarding]  the x-forwarded-* headers (serve/forwarded.mjs)
 * @returns {(req: import('node:http').IncomingMessage) => Promise<{ page: Record<string, string>, prerendered: Record<string, string> }>}
 *   the headers of the plain (or injected) page, and those of a prerendered one
 */
export function createHtmlHeaders({ apiTarget, production = false, forwarding = directForwarding }) {
  const lastKnown = new Map();
  return async (req) => {
    const host = String(req.headers.host ?? '');
    const remotes = await fetchRegistry(apiTarget, req, forwarding).catch(() => null);
    if (remotes) lastKnown.set(host, remotes);
    const origins = registryOrigins(remotes ?? lastKnown.get(host) ?? {});
    return { page: htmlSecurityHeaders(origins, { production }), prerendered: htmlSecurityHeaders(origins, { production, inlineStyles: true }) };
  };
}

function fetchRegistry(apiTarget, req, forwarding) {
  const t = new URL(apiTarget);
  return new Promise((resolve, reject) => {
    const upstream = http.request(
      {
        hostname: t.hostname,
        port: t.port,
        path: '/api/remotes.php',
        method: 'GET',
        timeout: REGISTRY_WAIT_MS,
        headers: {
          accept: 'application/json',
          ...forwarding(req),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          try {
            if (res.statusCode !== 200) throw new Error(`registry: HTTP ${res.statusCode}`);
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')).remotes ?? {});
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('registry: timeout')));
    upstream.on('error', reject);
    upstream.end();
  });
}

/**
 * The sites' origins that may read a remote's assets (CORS), from SITE_ORIGINS: a comma-separated
 * list of origins, where `*.` stands for one or more labels of a host (`https://*.amora.example`)
 * and `:*` for any port. Default: pages served from this machine only (localhost, its subdomains
 * such as velvet.localhost, 127.0.0.1), as `npm start`, the e2e suite and the benchmarks serve
 * them; a deployment lists its sites' origins, or their pages cannot load the remotes.
 */
export const DEFAULT_SITE_ORIGINS = 'http://localhost:*,http://*.localhost:*,http://127.0.0.1:*';

/** A test of an Origin header against SITE_ORIGINS' patterns. */
export function originMatcher(list = process.env.SITE_ORIGINS || DEFAULT_SITE_ORIGINS) {
  const patterns = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('*\\.', '(?:[a-z0-9-]+\\.)+').replace(/:\*$/, ':\\d+')}$`, 'i'));
  return (origin) => typeof origin === 'string' && patterns.some((re) => re.test(origin));
}

/** CORS headers of a remote's asset for a request's Origin: only a site's origin is named. */
export function corsHeaders(origin, isSiteOrigin) {
  const headers = { vary: 'Origin' };
  if (isSiteOrigin(origin)) headers['access-control-allow-origin'] = origin;
  return headers;
}
