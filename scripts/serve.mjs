// The front server of the built packages, on Fastify with its kept plugins: the shell (its pages
// written per request, /api forwarded to the member API) and each remote on its own origin.
// - files: @fastify/static, sending the brotli or gzip file scripts/build.mjs wrote beside each
//   (precompressed at build, no CPU per request); cache policy of DESIGN rule 6: manifests, remote
//   entries, HTML and the service worker are never cached stale, content-hashed files are immutable;
// - /api: @fastify/reply-from, the request body streamed through unparsed; a client that leaves (a
//   closed tab, an aborted fetch) ends the API's request too, so an event stream does not outlive
//   its page (the member would stay online);
// - the shell's HTML: one call to the API's /api/start.php per page (settings, registry, member:
//   serve/inject.mjs) and its security headers through @fastify/helmet (serve/headers.mjs), whose
//   Content-Security-Policy names the remotes of that same answer;
// - remotes send CORS to the sites' origins only (SITE_ORIGINS);
// - FRONT_TRUST_PROXY: the proxies whose X-Forwarded-* are believed (Fastify's trustProxy and
//   serve/forwarded.mjs, which tells the API each client's own address and protocol).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyReplyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { createForwarding } from './serve/forwarded.mjs';
import { corsHeaders, createHtmlSecurity, originMatcher } from './serve/headers.mjs';
import { importContract } from './contract.mjs';
import { createPageInjector, encodePage } from './serve/inject.mjs';
import { createExistence, createRenderer, PUBLIC_PATHS } from './serve/render.mjs';

const [{ START_STATE_ELEMENT_ID, startStateText }] = await importContract('startState');

/** Cache-Control for a served file name (its compressed variant's name too). */
export function cacheControl(fileName) {
  const base = path.basename(fileName).replace(/\.(br|gz)$/, '');
  if (/[.-][0-9a-f]{8,}\.(js|css|png|svg|jpe?g|webp|ico|map)$/.test(base)) {
    return 'public, max-age=31536000, immutable';
  }
  return 'no-cache';
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

const HTML_TYPE = 'text/html; charset=utf-8';

const escapeAttr = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** How long a shared cache (a CDN) may keep a logged-out visitor's public page. */
export const PUBLIC_PAGE_MAX_AGE_S = 60;

/** The names of the cookies of a Cookie header. */
function parseCookieNames(header = '') {
  return new Set(
    String(header)
      .split(';')
      .map((part) => part.slice(0, part.indexOf('=')).trim())
      .filter(Boolean),
  );
}

/**
 * @param {object} o
 * @param {string} o.root       folder to serve
 * @param {number} o.port
 * @param {boolean} [o.spa]     unknown paths answer the shell's page (the shell routes them)
 * @param {string} [o.apiTarget] origin of the member API; /api/* is forwarded there
 * @param {string} [o.host]
 * @param {boolean} [o.render] logged-out visitors get public pages rendered in Node (serve/render.mjs; default on)
 * @param {string} [o.siteOrigins] a remote's server: the sites' origins that get CORS (SITE_ORIGINS, scripts/serve/headers.mjs)
 * @param {boolean} [o.production] the shell's server: HSTS on its HTML
 * @param {false | string[]} [o.trustProxy] the proxies in front of this server whose X-Forwarded-For
 *   and -Proto are believed (FRONT_TRUST_PROXY, serve/forwarded.mjs); default nobody
 * @returns {Promise<{ address: () => import('node:net').AddressInfo | string | null, close: (cb?: (err?: Error) => void) => void }>}
 */
export async function serveStatic({ root, port, spa = false, apiTarget, host = '0.0.0.0', render = true, siteOrigins, production = false, trustProxy = false }) {
  const app = Fastify({ trustProxy: trustProxy || false, logger: false, return503OnClosing: false, forceCloseConnections: true });
  // What the API is told of each client (its address and protocol).
  const forwarding = createForwarding(trustProxy);
  const shell = spa && Boolean(apiTarget);
  // A remote's files are read by the sites' pages (manifests with fetch()): CORS for those origins only.
  const isSiteOrigin = spa ? null : originMatcher(siteOrigins);
  const routesFile = path.join(root, 'routes.json');
  const table = spa && existsSync(routesFile) ? JSON.parse(readFileSync(routesFile, 'utf8')) : null;
  const findRoute = table ? routeFinder(table) : () => 0;
  const isPage = (pathname) => findRoute(pathname) !== -1;
  // The public pages (home, login, signup, landers, member landings, legal pages …): the same for
  // every logged-out visitor of a site and language.
  const isPublicPage = routeMatcher({ paths: PUBLIC_PATHS, values: table?.values });
  // The shell's page with the visitor's settings, registry, member and preload hints in it.
  const injectPage = shell
    ? createPageInjector({
        root,
        apiTarget,
        remoteOf: (pathname) => table?.remotes?.[findRoute(pathname)] ?? null,
        viewOf: (pathname) => table?.views?.[findRoute(pathname)] ?? null,
        forwarding,
      })
    : null;
  // The HTML's security headers, for the registry of the page's site (serve/headers.mjs).
  const security = shell ? createHtmlSecurity({ apiTarget, production, forwarding }) : null;
  // RENDER_TTL_MS: how long a render is kept (default a minute; the journeys keep 5 s, so that a
  // change to a public page shows within seconds instead of a minute).
  const ttlMs = process.env.RENDER_TTL_MS ? Number(process.env.RENDER_TTL_MS) : undefined;
  if (ttlMs !== undefined && !(Number.isInteger(ttlMs) && ttlMs > 0)) throw new Error('RENDER_TTL_MS must be a positive whole number of milliseconds');
  const renderer = shell && render ? createRenderer({ root, apiTarget, forwarding, ttlMs }) : null;
  const existence = shell ? createExistence({ apiTarget, forwarding }) : null;

  // A POST to a page must not be parsed (or refused as an unknown type) before it is answered.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => {
    payload.resume();
    done(null);
  });
  await app.register(fastifyHelmet, { global: false });

  if (apiTarget) {
    await app.register(async (api) => {
      // The body goes through as it came (a photo upload, JSON): the API reads it.
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
      await api.register(fastifyReplyFrom, {
        base: apiTarget,
        // An event stream is quiet between events: no body timeout; the API answers within its own limits.
        undici: { headersTimeout: 120_000, bodyTimeout: 0, connections: 128 },
      });
      const forward = (upstreamPath) => (request, reply) =>
        reply.from(upstreamPath ?? request.url, {
          // The client's address and protocol as this server knows them (serve/forwarded.mjs): a
          // client's own X-Forwarded-* is replaced, never passed on, unless a trusted proxy
          // (FRONT_TRUST_PROXY) wrote it; the API trusts this server (TRUST_PROXY) and limits each
          // visitor by their real address.
          rewriteRequestHeaders: (req, headers) => ({ ...headers, host: req.headers.host ?? '', ...forwarding(req.raw) }),
          onError: (rep) => {
            if (rep.sent) return;
            rep.code(502).type('application/json').send({ error: 'api_unreachable', message: 'The member API is not reachable' });
          },
        });
      api.all('/api/*', forward());
      // The site's web manifest differs per template: the API writes it (spec §2: /manifest.webmanifest).
      api.get('/manifest.webmanifest', (request, reply) => forward(`/api/manifest.webmanifest${new URL(request.url, 'http://x').search}`)(request, reply));
      // The tab icon is the site's icon too (browsers ask /favicon.ico whatever the page links).
      api.get('/favicon.ico', forward('/api/icons/favicon.png'));
    });
  }

  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    // Cache-Control is set per file below; the shell's page is written per request (pageHandler).
    cacheControl: false,
    index: false,
    redirect: false,
    dotfiles: 'deny',
    setHeaders(reply, filePath) {
      reply.header('cache-control', cacheControl(filePath));
      reply.header('x-content-type-options', 'nosniff');
      const plain = filePath.replace(/\.(br|gz)$/, '');
      if (isSiteOrigin) for (const [k, v] of Object.entries(corsHeaders(reply.request.headers.origin, isSiteOrigin))) reply.header(k, v);
      // A file with compressed variants varies by the encoding too; a remote's files keep Origin
      // beside it (the CORS grant differs per site), so a shared cache keeps both apart.
      if (existsSync(`${plain}.br`) || existsSync(`${plain}.gz`)) reply.header('vary', isSiteOrigin ? 'Origin, Accept-Encoding' : 'Accept-Encoding');
    },
  });

  if (spa) {
    // The build's plain page, which the service worker precaches for offline use: nobody's member in it.
    app.get('/index.html', async (request, reply) => {
      if (security) await security.apply(request, reply, await security.lastRegistry(request));
      const html = await readFile(path.join(root, 'index.html'));
      return reply.type(HTML_TYPE).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(html);
    });
    app.get('/', (request, reply) => pageHandler(request, reply));
  }

  /** The shell's page for a route (the shell renders every path; unknown ones answer 404). */
  async function pageHandler(request, reply) {
    const pathname = new URL(request.url, 'http://localhost').pathname;
    let rel;
    try {
      rel = decodeURIComponent(pathname);
    } catch {
      return reply.code(400).type('text/plain; charset=utf-8').send('Bad request');
    }
    // Developer pages exist in development builds only (spec §2: they redirect to /).
    if (rel === '/_dev' || rel.startsWith('/_dev/')) return reply.header('cache-control', 'no-cache').redirect('/', 302);
    let status = isPage(rel) ? 200 : 404;
    const template = path.join(root, 'index.html');
    if (!existsSync(template)) return notFound(reply);
    const url = new URL(request.url, 'http://localhost');
    const injected = injectPage ? await injectPage(request.raw, rel) : null;
    let html = injected?.html ?? (await readFile(template, 'utf8'));
    // A made-up lander or member page is a 404 for everybody: the plain page, no render (the shell
    // shows "Page not found").
    if (status === 200 && existence && (await existence.ofPath(request.raw, url).catch(() => null)) === false) status = 404;
    // A logged-out visitor's public page arrives rendered (serve/render.mjs), keyed by the language
    // the page is in and the start state; the browser hydrates it. So does the 404 page of a path
    // the route table does not know (one render for all of them, per bot or person); a made-up
    // lander or member stays the plain page.
    const unknownPath = !isPage(rel);
    const rendered =
      renderer && injected && request.method === 'GET' && !injected.member && !parseCookieNames(request.headers.cookie).has('sid') && ((status === 200 && isPublicPage(rel)) || unknownPath)
        ? await renderer.page(request.raw, url, { locale: injected.locale, state: injected.state, start: injected.start, notFound: unknownPath })
        : null;
    if (rendered) {
      const fragmentStyles = [];
      let fragmentHints = '';
      for (const f of rendered.fragments ?? []) {
        const manifestUrl = injected.registry?.[f.remote];
        if (!manifestUrl) continue;
        const { styles, hints } = await injectPage.exposedFiles(manifestUrl, f.expose, injected.locale);
        fragmentStyles.push(...styles);
        // The 404 page has no remote of its own: its signup form is what the page is for, so its
        // JavaScript loads with the page, not at hydration. Elsewhere the route's remote goes first.
        if (unknownPath) fragmentHints += hints;
      }
      const state = { ...injected.start, rendered: { remote: rendered.remote, queries: rendered.queries, ...(rendered.bot === undefined ? {} : { bot: rendered.bot }) } };
      html = html
        .replace(new RegExp(`<script type="application/json" id="${START_STATE_ELEMENT_ID}">[^<]*</script>`), () => `<script type="application/json" id="${START_STATE_ELEMENT_ID}">${startStateText(state)}</script>`)
        // The markup is styled before any script runs (no shift when the remote's script would
        // add its stylesheets): the route's remote's, preloaded by the injector, and its fragments'.
        .replace(/<link rel="preload" href="([^"]+)" as="style">/g, '<link rel="stylesheet" href="$1">')
        .replace('</head>', () => `${fragmentStyles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`).join('')}${fragmentHints}<style>${rendered.themeCss}</style></head>`)
        .replace(/<div id="root"><\/div>/, () => `<div id="root" class="${rendered.rootClass}">${rendered.html}</div>`);
    }
    // The template's colours are the page's one <style> element, allowed by its hash.
    const styles = rendered
      ? { styleHashes: [`sha256-${createHash('sha256').update(rendered.themeCss).digest('base64')}`], styleAttributes: / style="/.test(rendered.html) }
      : {};
    if (security) {
      if (injected?.registry) security.remember(request, injected.registry);
      await security.apply(request, reply, injected?.registry ?? (await security.lastRegistry(request)), styles);
    }
    if (!injected) {
      // The API did not answer: the plain page, which the shell starts from by fetching.
      return reply.code(status).type(HTML_TYPE).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(html);
    }
    const encoding = ['br', 'gzip'].find(acceptsCoding(String(request.headers['accept-encoding'] ?? '')));
    // A logged-out visitor's public page holds nothing of theirs (its member is `null`; the CSRF
    // cookie the API would set is left out: the API client asks for it before its first
    // state-changing call, shared/src/api/client.ts): a shared cache may keep it a minute, per
    // site (Host), language (Accept-Language, the locale cookie) and encoding.
    // While the site runs a canary the page names this visitor's side of it (and may set the
    // cookie that keeps them there): not for a shared cache either.
    const shared = status === 200 && injected && !injected.member && !injected.perVisitor && !parseCookieNames(request.headers.cookie).has('sid') && isPublicPage(rel);
    reply
      .code(status)
      .type(HTML_TYPE)
      // Otherwise it holds this visitor's member and cookies: never kept by a shared cache, nor reused.
      .header('cache-control', shared ? `public, max-age=0, s-maxage=${PUBLIC_PAGE_MAX_AGE_S}` : 'private, no-store')
      // The 404 page differs for bots (no signup form, spec §2): any cache that keeps it keeps it
      // per User-Agent. It has no s-maxage (not for a shared cache, `shared` is for 200s only): a
      // CDN keyed on User-Agent holds one copy per browser version; this server's renders are
      // keyed by bot or person instead (serve/render.mjs).
      .header('vary', status === 404 ? 'Accept-Encoding, Cookie, Accept-Language, User-Agent' : 'Accept-Encoding, Cookie, Accept-Language')
      .header('x-content-type-options', 'nosniff');
    if (encoding) reply.header('content-encoding', encoding);
    if (!shared && injected?.setCookies.length) reply.header('set-cookie', injected.setCookies);
    if (rendered) reply.header('x-rendered', 'node');
    return reply.send(encodePage(html, encoding));
  }

  function notFound(reply) {
    return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not found');
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isSiteOrigin) for (const [k, v] of Object.entries(corsHeaders(request.headers.origin, isSiteOrigin))) reply.header(k, v);
    if (request.method === 'OPTIONS') return reply.code(204).header('access-control-allow-methods', 'GET, HEAD, OPTIONS').send();
    const pathname = new URL(request.url, 'http://localhost').pathname;
    const looksLikePage = spa && !path.extname(pathname);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // A rendered page's form posted by the browser itself (its script did not run yet, or not at
      // all): the page again, by GET; what was posted is not read.
      if (request.method === 'POST' && looksLikePage && isPage(pathname)) {
        return reply.code(303).header('location', pathname).header('cache-control', 'no-store').send();
      }
      return reply.code(405).header('allow', 'GET, HEAD').send();
    }
    if (looksLikePage) return pageHandler(request, reply);
    return notFound(reply);
  });

  await app.listen({ port, host });
  // Closing closes Fastify: the API client's connections, open event streams.
  return {
    address: () => app.server.address(),
    close(cb) {
      app.close().then(
        () => cb?.(),
        (err) => cb?.(err),
      );
    },
  };
}
