// Static file server for built packages: the shell (with /api proxied to the member API) and each
// remote on its own origin. Cache policy of DESIGN rule 6: manifests, remote entries, HTML and the
// service worker are never cached stale; content-hashed files are immutable. Remotes send CORS.
import { createReadStream } from 'node:fs';
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
 * @param {object} o
 * @param {string} o.root       folder to serve
 * @param {number} o.port
 * @param {boolean} [o.spa]     unknown paths answer index.html (the shell routes them)
 * @param {string} [o.apiTarget] origin of the member API; /api/* is forwarded there
 * @param {string} [o.host]
 */
export function serveStatic({ root, port, spa = false, apiTarget, host = '0.0.0.0' }) {
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
    let info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      file = path.join(file, 'index.html');
      info = await stat(file).catch(() => null);
    }
    if (!info && spa && !path.extname(rel)) {
      file = path.join(root, 'index.html');
      info = await stat(file).catch(() => null);
    }
    if (!info) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
      res.end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': cacheControl(file),
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
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
      headers: { ...req.headers, 'x-forwarded-host': req.headers.host ?? '' },
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
