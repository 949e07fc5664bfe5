// Static file server for built packages: the shell (with /api proxied to the member API) and each
// remote on its own origin. Cache policy of DESIGN rule 6: manifests, remote entries, HTML and the
// service worker are never cached stale; content-hashed files are immutable. Remotes send CORS.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

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
  const accepts = (coding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  for (const [coding, ext] of [['br', '.br'], ['gzip', '.gz']]) {
    if (!accepts(coding)) continue;
    const info = await stat(file + ext).catch(() => null);
    if (info) return { path: file + ext, size: info.size, encoding: coding };
  }
  const info = await stat(file).catch(() => null);
  return info ? { path: file, size: info.size, encoding: null } : null;
}

/**
 * Whether a path is a page of the route table (shell/dist/routes.json, written at build from the
 * contract's ROUTES): the others answer HTTP 404 with the shell, which shows "Page not found".
 */
export function routeMatcher(table) {
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
    return new RegExp(`^${source || '/'}/?$`);
  });
  return (pathname) => patterns.some((re) => re.test(pathname));
}

/**
 * @param {object} o
 * @param {string} o.root       folder to serve
 * @param {number} o.port
 * @param {boolean} [o.spa]     unknown paths answer index.html (the shell routes them)
 * @param {string} [o.apiTarget] origin of the member API; /api/* is forwarded there
 * @param {string} [o.host]
 */
export function serveStatic({ root, port, spa = false, apiTarget, host = '0.0.0.0' }) {
  const routesFile = path.join(root, 'routes.json');
  const isPage = spa && existsSync(routesFile) ? routeMatcher(JSON.parse(readFileSync(routesFile, 'utf8'))) : () => true;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (apiTarget && url.pathname.startsWith('/api/')) return proxy(req, res, apiTarget);
    // The site's web manifest differs per template: the API writes it (spec §2: /manifest.webmanifest).
    if (apiTarget && url.pathname === '/manifest.webmanifest') return proxy(req, res, apiTarget, `/api/manifest.webmanifest${url.search}`);
    // The tab icon is the site's icon too (browsers ask /favicon.ico whatever the page links).
    if (apiTarget && url.pathname === '/favicon.ico') return proxy(req, res, apiTarget, '/api/icons/favicon.png');
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
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
    if (existsSync(`${file}.br`) || existsSync(`${file}.gz`)) headers.vary = 'Accept-Encoding';
    res.writeHead(status, headers);
    if (req.method === 'HEAD') return res.end();
    createReadStream(variant.path).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

function proxy(req, res, target, upstreamPath = req.url) {
  const t = new URL(target);
  const upstream = http.request(
    {
      hostname: t.hostname,
      port: t.port,
      path: upstreamPath,
      method: req.method,
      // The client's address is the socket's: a client's own X-Forwarded-For is replaced, never
      // passed on, so the API (which trusts this proxy, TRUST_PROXY) limits each visitor by
      // their real address (issue 14.1).
      headers: {
        ...req.headers,
        'x-forwarded-host': req.headers.host ?? '',
        'x-forwarded-for': req.socket.remoteAddress ?? '',
        'x-forwarded-proto': 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http',
      },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'api_unreachable', message: 'The member API is not reachable' }));
    } else res.destroy();
  });
  req.pipe(upstream);
}
