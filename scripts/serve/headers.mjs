// Security headers of the site, kept apart from serve.mjs's file serving:
// - the shell's HTML gets, through @fastify/helmet, a Content-Security-Policy that allows exactly
//   the origins of the site's registered remotes (from the page's one /api/start.php answer, so a
//   registry change is in the next page's policy), frame-ancestors 'none' + X-Frame-Options DENY,
//   Referrer-Policy, nosniff, helmet's cross-origin isolation headers, and HSTS in production only;
// - the remotes' assets get CORS for the sites' origins only (never `*`).
// The page runs no inline script: a JSON `<script type="application/json">` is data, not executed,
// and needs no 'unsafe-inline'. Styles come from files; React's `style={…}` props are set through
// the CSSOM, which style-src does not govern. A page rendered in Node (serve/render.mjs) carries
// its template's colours in one `<style>` element, allowed by its hash (never 'unsafe-inline' for
// elements), and, only when its markup has them, style attributes (`style-src-attr`). `npm run dev`
// (rspack's dev servers) sends none of this: their hot reloading injects inline styles and
// evaluates code.
import http from 'node:http';
import { LRUCache } from 'lru-cache';
import { directForwarding } from './forwarded.mjs';

/** How long the API may take for the registry of a plain page before none is used. */
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
 * The page's policy as helmet's directives. `remotes`: the registered remotes' origins; they
 * serve scripts, styles, images and fonts, and their manifests are fetched. Member photos, icons
 * and the API are the site's own origin; upload previews are blob: URLs and a few icons data: URLs.
 * A lander's video may be any https file the operator set (campaigns.video_url). The service worker
 * and the web manifest are the site's own.
 */
export function cspDirectives(remotes, { styleHashes = [], styleAttributes = false } = {}) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    'style-src': ["'self'", ...remotes, ...styleHashes.map((h) => `'${h}'`)],
    ...(styleAttributes ? { 'style-src-attr': ["'unsafe-inline'"] } : {}),
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes],
    'media-src': ["'self'", 'https:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The policy as its header's text. */
export function contentSecurityPolicy(remotes, options = {}) {
  return Object.entries(cspDirectives(remotes, options))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * helmet's options for an HTML answer of the shell, for a registry's origins. A page rendered in
 * Node (scripts/serve/render.mjs) names the hashes of its `<style>` elements (`styleHashes`,
 * `sha256-…`) and, when its markup has style attributes (React's style props), `styleAttributes`:
 * `style-src-attr 'unsafe-inline'`, for attributes only; scripts never.
 */
export function helmetOptions(remotes, { production = false, styleHashes = [], styleAttributes = false } = {}) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(remotes, { styleHashes, styleAttributes }) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers keep HSTS for a year: only where the site is really served over https.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
  };
}

/**
 * The shell server's HTML headers: `apply` sets them for a registry (the page's /api/start.php
 * answer's); `lastRegistry` is the last one seen for the request's host (asked from the API's
 * /api/remotes.php when none was seen yet), for a page written without the API's answer.
 * @param {object} o
 * @param {string} [o.apiTarget]  origin of the member API
 * @param {boolean} [o.production]
 * @param {(req: import('node:http').IncomingMessage) => Record<string, string>} [o.forwarding]  the x-forwarded-* headers (serve/forwarded.mjs)
 */
export function createHtmlSecurity({ apiTarget, production = false, forwarding = directForwarding }) {
  // Per Host header: a made-up one answers the default site, and only takes one entry of a few.
  const lastKnown = new LRUCache({ max: 1_000 });
  const hostOf = (request) => String(request.headers.host ?? '');
  return {
    /** Sets the headers of an HTML answer (helmet's, through the reply's `helmet` decorator). */
    async apply(request, reply, remotes, { styleHashes = [], styleAttributes = false } = {}) {
      await reply.helmet(helmetOptions(registryOrigins(remotes ?? {}), { production, styleHashes, styleAttributes }));
    },
    remember(request, remotes) {
      lastKnown.set(hostOf(request), remotes);
    },
    async lastRegistry(request) {
      const host = hostOf(request);
      if (lastKnown.has(host)) return lastKnown.get(host);
      if (!apiTarget) return {};
      const remotes = await fetchRegistry(apiTarget, request.raw, forwarding).catch(() => null);
      if (remotes) lastKnown.set(host, remotes);
      return remotes ?? {};
    },
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
