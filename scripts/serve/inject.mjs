// The shell's page, written per request by the front server ("no waterfall"). Without it
// the browser's start-up was a chain: HTML → main.js → settings.php + remotes.php + user.php →
// the remote's manifest → its entry and mount chunk → the catalogs. Here the server asks the API
// for the three answers itself in one call, /api/start.php (with the visitor's Cookie, from the
// visitor's address; the registry in it is also what the page's CSP names) and puts them into the page as one JSON script element, which shell/src/bootstrap.tsx reads instead of
// fetching, and adds `<link rel="preload">` hints for everything start-up will load: the shell's
// start-up chunks (shell/dist/startup.json, written at build from the chunk graph), the route's
// remote (its mf-manifest.json, remoteEntry.js, the exposed ./mount chunks and the catalog chunk of
// the visitor's locale, read from the manifest) and the catalogs. `<html lang>` is the visitor's
// language (the contract's one locale rule) and `<title>` the site's name, as the shell sets them.
//
// The page holds the member: it is never cached by anyone but this browser (`private, no-store`).
// When the API does not answer the settings, the plain page is served and the shell fetches.
//
// The chunks are classic scripts (rspack's chunk loading), so the hints are rel="preload" as
// script: `modulepreload` is for ES modules and would fetch them a second time.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { importContract } from '../contract.mjs';
import { directForwarding } from './forwarded.mjs';

// The contract's one locale rule, cookie reader, start-state element and reading of a remote's
// manifest (scripts/contract.mjs).
const [{ cookieValue, CANARY_COOKIE }, { LOCALE_COOKIE, resolveLocale }, { START_STATE_ELEMENT_ID, startStateText }, { remoteFiles }] = await importContract(
  'cookies',
  'locales',
  'startState',
  'remoteFiles',
);

/** The visitor's canary bucket: their cookie, else the one the API's answer sets now. */
function canaryBucketOf(req, setCookies) {
  const own = cookieValue(req.headers.cookie ?? '', CANARY_COOKIE);
  if (own !== undefined) return own;
  const set = setCookies.find((c) => c.startsWith(`${CANARY_COOKIE}=`));
  return set ? set.slice(CANARY_COOKIE.length + 1).split(';')[0] : undefined;
}

/** How long the API may take for the start-up answer before the plain page is served. */
export const API_WAIT_MS = 3_000;
/** How long a remote's mf-manifest.json is reused before it is read again (a deploy may replace it). */
export const MANIFEST_TTL_MS = 10_000;

/** Accept-Language as the browser's language list, most wanted first (navigator.languages). */
export function acceptedLanguages(header = '') {
  return header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One hint; `as` is script, style or fetch (the manifest, read with fetch() by the runtime). */
function linkTag({ href, as }) {
  const cors = as === 'fetch' ? ' crossorigin="anonymous"' : '';
  return `<link rel="preload" href="${escapeHtml(href)}" as="${as}"${cors}>`;
}

const asOf = (file) => (file.endsWith('.css') ? 'style' : 'script');

/**
 * The files the route's remote loads for its `./mount` in this locale, from its manifest (the
 * contract's one reading of a manifest, shared/src/remoteFiles.ts; the shell's prefetch uses it too).
 */
export const remoteHints = remoteFiles;

/** A file of the build read once per change (a new build replaces it in place). */
function fileCache(file, parse) {
  let cached = null;
  return async () => {
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    if (!cached || cached.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, value: parse(await readFile(file, 'utf8')) };
    return cached.value;
  };
}

/**
 * @param {object} o
 * @param {string} o.root          the shell's build folder (index.html, startup.json)
 * @param {string} o.apiTarget     origin of the member API
 * @param {(pathname: string) => string | null} o.remoteOf  the remote that renders a path (route table)
 * @param {(pathname: string) => string | null} [o.viewOf]   the view of that remote (route table)
 * @param {(req: import('node:http').IncomingMessage) => Record<string, string>} [o.forwarding]  the x-forwarded-* headers (serve/forwarded.mjs)
 * @returns {(req: import('node:http').IncomingMessage, pathname: string, html?: string) => Promise<{ html: string, start: object, setCookies: string[], registry: Record<string, string> | null, locale: string, member: boolean, state: string, perVisitor: boolean, cookies: Record<string, string> } | null>}
 *   `start`: the start state written into the page; `state`: a digest of the site's settings and
 *   this visitor's registry (what a page rendered in Node is kept under, serve/render.mjs); `perVisitor`: the registry is this visitor's (a canary runs: the page is not
 *   for a shared cache); `cookies`: what a render needs to get the same registry (the bucket).
 *   `html`: another page to write into (its own <title> is kept); default the build's index.html.
 */
export function createPageInjector({ root, apiTarget, remoteOf, viewOf = () => null, forwarding = directForwarding }) {
  const template = fileCache(path.join(root, 'index.html'), (s) => s);
  const startup = fileCache(path.join(root, 'startup.json'), (s) => JSON.parse(s));
  const manifests = new Map();

  /** A GET to the API as the visitor's browser would make it, through this front server. */
  function apiGet(req, apiPath) {
    const t = new URL(apiTarget);
    return new Promise((resolve) => {
      const upstream = http.request(
        {
          hostname: t.hostname,
          port: t.port,
          path: apiPath,
          method: 'GET',
          timeout: API_WAIT_MS,
          headers: {
            accept: 'application/json',
            'x-package': 'shell',
            'x-original-host': req.headers.host ?? '',
            // As for proxied calls: the client as this server knows it, never the client's own header.
            ...forwarding(req),
            ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
            ...(req.headers['accept-language'] ? { 'accept-language': req.headers['accept-language'] } : {}),
            ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            let json = null;
            try {
              json = res.statusCode === 200 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : null;
            } catch {
              json = null;
            }
            resolve({ json, setCookies: res.headers['set-cookie'] ?? [] });
          });
          res.on('error', () => resolve({ json: null, setCookies: [] }));
        },
      );
      upstream.on('timeout', () => upstream.destroy());
      upstream.on('error', () => resolve({ json: null, setCookies: [] }));
      upstream.end();
    });
  }

  async function manifestOf(url) {
    const hit = manifests.get(url);
    if (hit && Date.now() - hit.at < MANIFEST_TTL_MS) return hit.manifest;
    const manifest = await fetch(url, { signal: AbortSignal.timeout(API_WAIT_MS) })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
    if (manifest) manifests.set(url, { at: Date.now(), manifest });
    else manifests.delete(url);
    return manifest;
  }

  async function injectPage(req, pathname, html = undefined) {
    const [page, files, start] = await Promise.all([html ?? template(), startup(), apiGet(req, '/api/start.php')]);
    const settings = { json: start.json?.settings ?? null };
    const registry = { json: start.json?.registry ?? null };
    const user = { json: start.json?.user ?? null, setCookies: start.setCookies };
    if (!page || !settings.json) return null;
    const site = settings.json.settings ?? {};
    const locale = resolveLocale({
      cookie: cookieValue(req.headers.cookie ?? '', LOCALE_COOKIE),
      browserLanguages: acceptedLanguages(req.headers['accept-language']),
      siteLanguages: site.languages ?? [],
      domainLanguage: site.domain_language,
    });

    const hints = [];
    if (files) {
      for (const f of files.startup ?? []) hints.push({ href: `/${f}`, as: asOf(f) });
      for (const f of files.catalogs?.[locale] ?? []) hints.push({ href: `/${f}`, as: 'script' });
    }
    const remote = remoteOf(pathname);
    const manifestUrl = remote ? registry.json?.remotes?.[remote] : undefined;
    const builtIn = remote ? files?.remotes?.[remote] : undefined;
    if (builtIn) {
      // A single-bundle build (the composition benchmark's monolith): the remote is part of it.
      for (const f of [...builtIn.mount, ...(builtIn.catalogs[locale] ?? [])]) hints.push({ href: `/${f}`, as: asOf(f) });
    } else if (manifestUrl) {
      const manifest = await manifestOf(manifestUrl);
      if (manifest) hints.push(...remoteHints(manifestUrl, manifest, locale, files?.provides, viewOf(pathname) ?? undefined));
    }

    const state = { settings: settings.json };
    if (registry.json) state.registry = registry.json;
    if (user.json) state.user = user.json;
    const head =
      hints.map(linkTag).join('') +
      `<script type="application/json" id="${START_STATE_ELEMENT_ID}">${startStateText(state)}</script>`;
    const brand = settings.json.theme?.brandName ?? site.name;
    let out = page.replace(/<html\b[^>]*>/, `<html lang="${escapeHtml(locale)}">`);
    if (brand && html === undefined) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(brand)}</title>`);
    // Before the page's own scripts, so that the hints are seen first; else at the end of <head>.
    out = /<script\b/.test(out.slice(0, out.indexOf('</head>'))) ? out.replace(/<script\b/, `${head}<script`) : out.replace('</head>', `${head}</head>`);
    // The member's cookies as the API set them (the CSRF token a first visit needs, an ended session).
    const stateDigest = createHash('sha1').update(JSON.stringify(settings.json)).update(JSON.stringify(registry.json ?? null)).digest('base64url').slice(0, 16);
    const perVisitor = Boolean(registry.json?.versions);
    const bucket = perVisitor ? canaryBucketOf(req, user.setCookies) : undefined;
    return {
      html: out,
      start: state,
      setCookies: user.setCookies,
      registry: registry.json?.remotes ?? null,
      locale,
      member: Boolean(user.json?.user),
      state: stateDigest,
      perVisitor,
      cookies: bucket === undefined ? {} : { [CANARY_COOKIE]: bucket },
    };
  }
  /**
   * What a page rendered on the server loads for a fragment in its markup (an exposed module other
   * than the route's `./mount`, such as a lander's or the 404 page's signup form), read as the
   * route's remote is (remoteHints): `styles`, the stylesheets it links so that the markup is
   * styled before any script runs; `hints`, preload tags for the rest (the remote's manifest and
   * entry, the fragment's chunks, its catalog in `locale`, the shared modules the shell lacks).
   */
  async function exposedFiles(manifestUrl, expose, locale) {
    const [manifest, files] = await Promise.all([manifestOf(manifestUrl), startup()]);
    const all = manifest ? remoteHints(manifestUrl, manifest, locale, files?.provides, undefined, expose) : [];
    return {
      styles: all.filter((f) => f.as === 'style').map((f) => f.href),
      hints: all.filter((f) => f.as !== 'style').map(linkTag).join(''),
    };
  }
  injectPage.exposedFiles = exposedFiles;
  return injectPage;
}

/** The page compressed in the coding serve.mjs chose for the browser (made per request; a few kB). */
export function encodePage(html, encoding) {
  const buf = Buffer.from(html, 'utf8');
  if (encoding === 'br') return zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return zlib.gzipSync(buf, { level: 6 });
  return buf;
}
