// Static file server for built packages: the shell (with /api proxied to the member API) and each
// remote on its own origin. Cache policy of DESIGN rule 6: manifests, remote entries, HTML and the
// service worker are never cached stale; content-hashed files are immutable. Remotes send CORS to
// the sites' origins; the shell's HTML has the site's security headers (scripts/serve/headers.mjs).
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { createForwarding } from './serve/forwarded.mjs';
import { corsHeaders, createHtmlHeaders, originMatcher } from './serve/headers.mjs';
import { createPageInjector, encodePage } from './serve/inject.mjs';
import { composePage, createPrerenderer } from './serve/prerender.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
};

/** Cache-Control for a served file name. */
export function cacheControl(fileName) {
  const base = path.basename(fileName);
  if (/[.-][0-9a-f]{8,}\.(js|css|png|svg|jpe?g|webp|ico|map)$/.test(base)) {
    return 'public, max-age=31536000, immutable';
  }
  return 'no-cache';
}

/**
 * The variant of a file to send for an Accept-Encoding header: brotli or gzip when scripts/build.mjs
 * wrote one beside it (precompressed at build), else the file itself.
 */
export async function negotiate(file, acceptEncoding = '') {
  const accepts = acceptsCoding(acceptEncoding);
  for (const [coding, ext] of [['br', '.br'], ['gzip', '.gz']]) {
    if (!accepts(coding)) continue;
    const info = await stat(file + ext).catch(() => null);
    if (info) return { path: file + ext, size: info.size, encoding: coding };
  }
  const info = await stat(file).catch(() => null);
  return info ? { path: file, size: info.size, encoding: null } : null;
}

/** Whether an Accept-Encoding header accepts a content coding (q-values honoured, `*` too). */
export function acceptsCoding(acceptEncoding = '') {
  const q = new Map(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([name]) => name)
      .map(([name, ...params]) => {
        const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return [name.trim().toLowerCase(), qp ? Number(qp.slice(2)) : 1];
      }),
  );
  return (coding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
}

/**
 * Whether a path is a page of the route table (shell/dist/routes.json, written at build from the
 * contract's ROUTES): the others answer HTTP 404 with the shell, which shows "Page not found".
 */
export function routeMatcher(table) {
  const route = routeFinder(table);
  return (pathname) => route(pathname) !== -1;
}

/**
 * The index in the route table of the route that renders a path, -1 for none. Like react-router,
 * a route with fewer parameters wins (`/credits/repeat-order` over `/credits/:creditId`).
 */
export function routeFinder(table) {
  const patterns = table.paths.map((p) => {
    const source = p
      .split('/')
      .filter(Boolean)
      .map((seg) => {
        const m = /^:(\w+)(\?)?$/.exec(seg);
        if (!m) return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
        const values = table.values?.[m[1]];
        const part = values ? `(?:${values.join('|')})` : '[^/]+';
        return m[2] ? `(?:/${part})?` : `/${part}`;
      })
      .join('');
    return { re: new RegExp(`^${source || '/'}/?$`), params: (p.match(/:/g) ?? []).length };
  });
  return (pathname) => {
    let best = -1;
    patterns.forEach(({ re, params }, i) => {
      if (re.test(pathname) && (best === -1 || params < patterns[best].params)) best = i;
    });
    return best;
  };
}

/**
 * @param {object} o
 * @param {string} o.root       folder to serve
 * @param {number} o.port
 * @param {boolean} [o.spa]     unknown paths answer index.html (the shell routes them)
 * @param {string} [o.apiTarget] origin of the member API; /api/* is forwarded there
 * @param {string} [o.host]
 * @param {boolean} [o.prerender] logged-out visitors get public pages prerendered (serve/prerender.mjs)
 * @param {string} [o.siteOrigins] a remote's server: the sites' origins that get CORS (SITE_ORIGINS, scripts/serve/headers.mjs)
 * @param {boolean} [o.production] the shell's server: HSTS on its HTML
 * @param {false | string[]} [o.trustProxy] the proxies in front of this server whose X-Forwarded-For
 *   and -Proto are believed (FRONT_TRUST_PROXY, serve/forwarded.mjs); default nobody
 */
export function serveStatic({ root, port, spa = false, apiTarget, host = '0.0.0.0', prerender = false, siteOrigins, production = false, trustProxy = false }) {
  // What the API is told of each client (its address and protocol).
  const forwarding = createForwarding(trustProxy);
  // The shell's HTML: CSP from the site's registry and the other security headers.
  const htmlHeaders = spa && apiTarget ? createHtmlHeaders({ apiTarget, production, forwarding }) : null;
  // A remote's files are read by the sites' pages (manifests with fetch()): CORS for those origins only.
  const isSiteOrigin = spa ? null : originMatcher(siteOrigins);
  const routesFile = path.join(root, 'routes.json');
  const table = spa && existsSync(routesFile) ? JSON.parse(readFileSync(routesFile, 'utf8')) : null;
  const findRoute = table ? routeFinder(table) : () => 0;
  const isPage = (pathname) => findRoute(pathname) !== -1;
  // The shell's page with the visitor's settings, registry, member and preload hints in it.
  const injectPage =
    spa && apiTarget
      ? createPageInjector({
          root,
          apiTarget,
          remoteOf: (pathname) => table?.remotes?.[findRoute(pathname)] ?? null,
          viewOf: (pathname) => table?.views?.[findRoute(pathname)] ?? null,
          forwarding,
        })
      : null;
  const page = path.join(root, 'index.html');
  const prerenderer =
    spa && prerender ? createPrerenderer({ port, isPage, routeMatcher, apiTarget, forwarding, development: !production }) : null;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (apiTarget && url.pathname.startsWith('/api/')) return proxy(req, res, apiTarget, forwarding);
    // The site's web manifest differs per template: the API writes it (spec §2: /manifest.webmanifest).
    if (apiTarget && url.pathname === '/manifest.webmanifest') return proxy(req, res, apiTarget, forwarding, `/api/manifest.webmanifest${url.search}`);
    // The tab icon is the site's icon too (browsers ask /favicon.ico whatever the page links).
    if (apiTarget && url.pathname === '/favicon.ico') return proxy(req, res, apiTarget, forwarding, '/api/icons/favicon.png');
    if (isSiteOrigin) for (const [k, v] of Object.entries(corsHeaders(req.headers.origin, isSiteOrigin))) res.setHeader(k, v);
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // A prerendered page's form posted by the browser itself (its script did not run,
      // serve/prerender.mjs): the page again, by GET; what was posted is not read.
      if (req.method === 'POST' && spa && !path.extname(url.pathname) && isPage(url.pathname)) {
        req.resume();
        res.writeHead(303, { location: url.pathname, 'cache-control': 'no-store' }).end();
        return;
      }
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    let rel;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('Bad request');
      return;
    }
    let file = path.join(root, path.normalize(rel).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    let status = 200;
    let info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      file = path.join(file, 'index.html');
      info = await stat(file).catch(() => null);
    }
    if (!info && spa && !path.extname(rel)) {
      // Developer pages exist in development builds only (spec §2: they redirect to /).
      if (rel === '/_dev' || rel.startsWith('/_dev/')) {
        res.writeHead(302, { location: '/', 'cache-control': 'no-cache' }).end();
        return;
      }
      // The shell renders every path; the ones the route table does not know are a real 404.
      if (!isPage(rel)) status = 404;
      file = path.join(root, 'index.html');
      info = await stat(file).catch(() => null);
    }
    // Not /index.html itself: that is the build's plain page, which the service worker precaches
    // for offline use and must never hold a visitor's member.
    if ((injectPage || prerenderer) && file === page && rel !== '/index.html' && req.method === 'GET') {
      // A logged-out visitor's public page comes with the page rendered in it (serve/prerender.mjs).
      const [injected, pre, secure] = await Promise.all([
        injectPage ? injectPage(req, rel) : null,
        prerenderer ? prerenderer.page(req, url).catch(() => null) : null,
        htmlHeaders?.(req),
      ]);
      if (injected || pre) {
        let html = injected?.html ?? readFileSync(page, 'utf8');
        if (pre) {
          html = composePage(html, pre.snap, { prerenderStart: injected?.prerenderStart });
          status = pre.status;
        }
        const encoding = ['br', 'gzip'].find(acceptsCoding(String(req.headers['accept-encoding'] ?? '')));
        const body = encodePage(html, encoding);
        res.writeHead(status, {
          'content-type': TYPES['.html'],
          'content-length': body.length,
          // It holds this visitor's member and cookies: never kept by a shared cache, nor reused.
          'cache-control': 'private, no-store',
          vary: 'Accept-Encoding, Cookie, Accept-Language',
          'x-content-type-options': 'nosniff',
          ...(encoding ? { 'content-encoding': encoding } : {}),
          ...(injected?.setCookies.length ? { 'set-cookie': injected.setCookies } : {}),
          ...(pre ? { 'x-prerendered': '1' } : {}),
          // CSP, framing, referrer, HSTS (scripts/serve/headers.mjs); a prerendered page carries the
          // inline styles its snapshot holds (style attributes, <style>), which its policy allows.
          ...(pre ? secure?.prerendered : secure?.page),
        });
        res.end(body);
        return;
      }
    }
    const variant = info && !info.isDirectory() ? await negotiate(file, String(req.headers['accept-encoding'] ?? '')) : null;
    if (!variant) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
      res.end('Not found');
      return;
    }
    const headers = {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': variant.size,
      'cache-control': cacheControl(file),
      'x-content-type-options': 'nosniff',
    };
    if (variant.encoding) headers['content-encoding'] = variant.encoding;
    if (htmlHeaders && file.endsWith('.html')) Object.assign(headers, (await htmlHeaders(req)).page);
    // Added to what is set already: a remote's file varies by Origin too (CORS, corsHeaders).
    if (existsSync(`${file}.br`) || existsSync(`${file}.gz`)) headers.vary = 'Accept-Encoding';
    res.writeHead(status, headers);
    if (req.method === 'HEAD') return res.end();
    createReadStream(variant.path).pipe(res);
  });
  if (prerenderer) server.on('close', () => void prerenderer.close());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function proxy(req, res, target, forwarding, upstreamPath = req.url) {
  const t = new URL(target);
  const upstream = http.request(
    {
      hostname: t.hostname,
      port: t.port,
      path: upstreamPath,
      method: req.method,
      // The client's address and protocol as this server knows them (serve/forwarded.mjs): a
      // client's own X-Forwarded-* is replaced, never passed on, unless a trusted proxy
      // (FRONT_TRUST_PROXY) wrote it; the API trusts this server (TRUST_PROXY) and limits each
      // visitor by their real address.
      headers: { ...req.headers, ...forwarding(req) },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  // The browser left (a closed tab, an aborted fetch) before the answer ended: the API's request
  // ends too, so that an event stream does not outlive the page (the member would stay online).
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.on('error', () => {
    if (res.destroyed) return;
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'api_unreachable', message: 'The member API is not reachable' }));
    } else res.destroy();
  });
  req.pipe(upstream);
}
