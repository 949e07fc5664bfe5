// Prerendered public pages, kept as an on-first-request cache in the front server.
//
// A logged-out visitor's request for a public page (home, login, signup, landers, member landings,
// match finder, legal pages, and the 404 page) is answered with the shell's own index.html whose
// #root already holds the page as the real client renders it: the production build, run in
// headless Chromium against this same server, as a visitor without any cookie but the language
// one, for the request's site (host) and languages (the `locale` cookie and Accept-Language). The
// client then renders beside it and swaps in one frame (shell/src/prerender/takeover.ts).
//
// - Never member data: the render has no session; a request carrying a session cookie (`sid`)
//   gets the plain shell, and so does the renderer's own request (PRERENDER_COOKIE).
// - Cache key: host, path, the page's resolved language (else the language inputs), bot or not
//   (the shell's rule, shell/src/pages/bots.ts; a bot's page is rendered with a bot's user agent),
//   and the page's start state (`state`: a digest of the site's settings and the visitor's
//   registry, serve/inject.mjs): a site saved in the back office, or a canary's other side, is
//   another page, rendered afresh on its first request (docs/sites-remotes.md). Entries live `ttlMs` and are renewed in the background
//   when stale (served stale meanwhile); at most `maxEntries` (least recently used go first).
// - At most `concurrency` renders at once and `maxQueue` waiting; beyond that, or when a render
//   fails or takes longer than `waitMs`, the request gets the plain shell (the cache fills anyway).
// - Hosts: the names in `hosts` (PRERENDER_HOSTS), which the renderer's Chromium maps to this
//   server; in development also `localhost` and `*.localhost` (which Chromium resolves to loopback
//   itself). In production any `*.localhost` name was a new cache key and a new render.
// - Made-up pages are not rendered: a member page of an id the API does not know, or a lander of a
//   slug it does not know, answers 404 with the site's one 404 page, as any unknown path (the API's
//   answer is kept a while).
// - Per client (its address, as serve/forwarded.mjs tells the API): at most `perClient.max` renders
//   started in `perClient.windowMs`; beyond, the plain shell. One client asking for many uncached
//   pages cannot fill the queue that real visitors' pages wait in.
import http from 'node:http';
import { LRUCache } from 'lru-cache';
import { importSource } from '../contract.mjs';
import { directForwarding } from './forwarded.mjs';

// The shell's one rule of who is a bot (spec §2: bots never see the error page's signup form).
const [{ isBot }] = await importSource('shell/src/pages/bots.ts');

/** The user agent a bot's page is rendered with: the shell's rule reads it as a bot's. */
export const BOT_USER_AGENT = 'Mozilla/5.0 (compatible; DatingPrerender/1.0; +bot)';

/**
 * Cookie of the renderer's own requests: they get the plain shell. A cookie (not a header) so that
 * the page's cross-origin requests (remote manifests) stay simple requests, without a preflight.
 */
export const PRERENDER_COOKIE = 'prerendering';
const SESSION_COOKIE = 'sid';
const LOCALE_COOKIE = 'locale';
const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'];

/** The path rendered for the one 404 page of a site and language (no page of the route table). */
export const NOT_FOUND_PATH = '/not-found';

/** The pages rendered for visitors (route-table paths); any other page of the table is not. */
export const PRERENDERED_PATHS = [
  '/',
  '/login',
  '/signup',
  '/landers/:kind/:slug',
  '/members/:memberId/landing',
  '/members/:memberId/landing2/:slug',
  '/members/:memberId/landing3/:slug',
  '/match-finder',
  '/pages/ban',
  '/pages/faq',
  '/pages/terms',
  '/pages/cookies',
  '/pages/privacy',
  '/pages/service',
  '/pages/return-policy',
  '/pages/site-run',
];

export function parseCookies(header = '') {
  const out = {};
  for (const part of String(header).split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
  }
  return out;
}

/**
 * The language inputs of a request, as the client's rule reads them (shared resolveLocale): a valid
 * `locale` cookie, else the Accept-Language bases in order of preference that are interface
 * languages (the first three; the site then picks what it offers).
 */
export function languageInputs(headers) {
  const cookie = parseCookies(headers.cookie)[LOCALE_COOKIE];
  if (LOCALES.includes(cookie)) return { cookie, languages: [] };
  const langs = String(headers['accept-language'] ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0], q: qp ? Number(qp.slice(2)) : 1, i };
    })
    .filter((l) => LOCALES.includes(l.base) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.base);
  return { cookie: undefined, languages: [...new Set(langs)].slice(0, 3) };
}

/**
 * Host name of a request without port, when the renderer may render it: a name of `allowed`
 * (PRERENDER_HOSTS), and in development `localhost` and `*.localhost`.
 */
export function renderableHost(hostHeader, allowed = [], development = false) {
  const host = String(hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
  if (!/^[a-z0-9.-]+$/.test(host)) return null;
  if (allowed.includes(host)) return host;
  if (development && (host === 'localhost' || host.endsWith('.localhost'))) return host;
  return null;
}

/** The API call that tells whether the subject of a prerendered path exists (404 when not), or null. */
export function existenceCheck(pathname) {
  const member = /^\/members\/([^/]+)\/landing(?:[23]\/[^/]+)?\/?$/.exec(pathname);
  if (member) return `/api/profile.php?id=${encodeURIComponent(member[1])}`;
  const lander = /^\/landers\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (lander) return `/api/lander.php?kind=${encodeURIComponent(lander[1])}&slug=${encodeURIComponent(lander[2])}`;
  return null;
}

/** The <template> that holds a prerendered page's start-up hints until it has painted (STARTUP_HINTS_ID in shell/src/prerender/takeover.ts). */
export const STARTUP_HINTS_ID = 'startup-hints';

const escapeAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The shell's index.html with a rendered page put in: the document's language, theme and title,
 * the stylesheets and meta tags the page added, and the rendered #root. Scripts stay the shell's;
 * with `prerenderStart` (the build's shell/public/prerender-start.js, named in startup.json) they
 * wait with the start-up hints until the page has painted, and that script is the page's only one.
 */
export function composePage(indexHtml, snap, { prerenderStart } = {}) {
  const htmlAttrs = [`lang="${escapeAttr(snap.lang)}"`];
  if (snap.htmlStyle) htmlAttrs.push(`style="${escapeAttr(snap.htmlStyle)}"`);
  if (snap.htmlClass) htmlAttrs.push(`class="${escapeAttr(snap.htmlClass)}"`);
  const rootAttrs = Object.entries(snap.rootAttrs ?? {})
    .filter(([name]) => /^[a-z-]+$/.test(name) && name !== 'id')
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
  // The page paints without any script: the start-up hints (serve/inject.mjs) only speed the
  // takeover, so they wait in a <template> (inert: nothing is fetched) until the page and its
  // images have painted; then the shell puts them into <head> and starts (shell/src/index.ts).
  // Fetched at once, they shared the visitor's bandwidth with the first screen's images and styles.
  const hints = [];
  let page = indexHtml.replace(/<link rel="preload" [^>]*>/g, (tag) => {
    hints.push(tag);
    return '';
  });
  if (prerenderStart) {
    // The shell's own script waits too: run at once, it came before the first paint.
    page = page.replace(/<script defer(?:="")? src="[^"]+"><\/script>/g, (tag) => {
      hints.push(tag);
      return '';
    });
    if (hints.length) page = page.replace('</head>', () => `<script defer src="/${escapeAttr(prerenderStart)}"></script></head>`);
  }
  return page
    .replace(/<html[^>]*>/, () => `<html ${htmlAttrs.join(' ')}>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(snap.title)}</title>`)
    .replace(/(<meta name="theme-color" content=")[^"]*(")/, (_, a, b) => `${a}${escapeAttr(snap.themeColor ?? '')}${b}`)
    .replace('</head>', () => `${snap.head.join('')}${hints.length ? `<template id="${STARTUP_HINTS_ID}">${hints.join('')}</template>` : ''}</head>`)
    .replace(/<div id="root"><\/div>/, () => `<div id="root" data-prerendered=""${rootAttrs}>${snap.body}</div>`);
}

/** Stylesheets by URL: content-hashed files, so a copy never goes stale. */
const stylesheets = new LRUCache({ max: 200 });

/**
 * A `<link rel="stylesheet">` of the rendered page as a `<style>` with its text, so that the first
 * paint waits for no stylesheet request (CSS inlined for the first paint); `data-href` names the
 * file, as the CSS chunk loader looks for it. Relative `url()`s are made absolute. Other tags, and
 * a stylesheet that cannot be read, stay as they are.
 */
export async function inlineStylesheet(tag, base) {
  const href = /^<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/.exec(tag)?.[1] ?? /^<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="stylesheet"/.exec(tag)?.[1];
  if (!href) return tag;
  const url = new URL(href.replace(/&amp;/g, '&'), base).href;
  let css = stylesheets.get(url);
  if (css === undefined) {
    css = await fetch(url, { signal: AbortSignal.timeout(5_000) })
      .then((r) => (r.ok ? r.text() : null))
      .catch(() => null);
    if (css === null) return tag;
    css = css
      .replace(/url\((['"]?)(?![a-z]+:|\/|#)([^'")]+)\1\)/gi, (_, q, rel) => `url(${q}${new URL(rel, url).href}${q})`)
      .replace(/<\/style/gi, '<\\/style');
    stylesheets.set(url, css);
  }
  return `<style data-href="${escapeAttr(href)}">${css}</style>`;
}

/* global document -- capture() runs in the rendered page, not in Node. */
/** Runs in the rendered page: what composePage needs. */
function capture() {
  const html = document.documentElement;
  const root = document.getElementById('root');
  // A form of the page is sent by the app; before the app has started, a submit is held by
  // prerender-start.js. Should that script not run, the browser's own submit must still not put the
  // fields (a password) into the URL: POST, which the front server answers with the page again.
  for (const form of root.querySelectorAll('form')) form.setAttribute('method', 'post');
  // Form state is in properties, not attributes: write it down so the HTML shows the same.
  for (const option of root.querySelectorAll('option')) option.toggleAttribute('selected', option.selected);
  for (const input of root.querySelectorAll('input')) {
    if (input.type === 'checkbox' || input.type === 'radio') input.toggleAttribute('checked', input.checked);
    else if (input.type !== 'password' && input.type !== 'file') input.setAttribute('value', input.value);
  }
  for (const area of root.querySelectorAll('textarea')) area.textContent = area.value;
  const keep = 'link[rel="stylesheet"], style, meta[name="description"], meta[name="robots"], link[rel="canonical"], link[rel="alternate"]';
  const rootAttrs = {};
  for (const a of root.attributes) rootAttrs[a.name] = a.value;
  return {
    lang: html.lang,
    htmlStyle: html.getAttribute('style') ?? '',
    htmlClass: html.getAttribute('class') ?? '',
    title: document.title,
    themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? '',
    head: [...document.head.querySelectorAll(keep)].map((el) => el.outerHTML),
    rootAttrs,
    body: root.innerHTML,
    status: Number(document.querySelector('meta[name="prerender-status-code"]')?.getAttribute('content') ?? 200),
  };
}

/**
 * @param {object} o
 * @param {number} o.port            this front server's port (the renderer loads pages from it)
 * @param {(pathname: string) => boolean} o.isPage  paths of the route table (others are 404)
 * @param {(table: object) => (pathname: string) => boolean} o.routeMatcher  serve.mjs's matcher
 * @param {string} [o.chromiumPath]
 * @param {string[]} [o.hosts]       production host names to render (mapped to this server)
 * @param {boolean} [o.development]  also `localhost` and `*.localhost`
 * @param {string} [o.apiTarget]     origin of the member API: asked whether a member or lander exists
 * @param {(req: import('node:http').IncomingMessage) => Record<string, string>} [o.forwarding]  the client as told to the API (serve/forwarded.mjs)
 * @param {{ max: number, windowMs: number }} [o.perClient]  renders one client may start in a window
 * @param {(job: object) => Promise<object>} [o.render]  the renderer (default headless Chromium)
 */
/**
 * The API's word on whether the member or lander a path names exists (existenceCheck), kept a
 * while: for prerendered pages, and for the status of every page of a member or lander (a made-up
 * one is a 404 for visitors and members alike).
 * @param {{ apiTarget?: string, forwarding?: (req: import('node:http').IncomingMessage) => Record<string, string> }} o
 */
export function createExistence({ apiTarget, forwarding = directForwarding }) {
  /** The API's word on a path's member or lander: exists (true) or not (false), kept a while. */
  const existing = new LRUCache({ max: 5_000, ttl: 5 * 60_000 });

  /** Whether the member or lander of a path exists (null: the API did not say). */
  function exists(req, host, check) {
    const key = `${host}|${check}`;
    const known = existing.get(key);
    if (known !== undefined) return Promise.resolve(known);
    const t = new URL(apiTarget);
    return new Promise((resolve) => {
      const upstream = http.request(
        {
          hostname: t.hostname,
          port: t.port,
          path: check,
          method: 'GET',
          timeout: 3_000,
          headers: { accept: 'application/json', 'x-package': 'shell', 'x-original-host': req.headers.host ?? '', ...forwarding(req) },
        },
        (res) => {
          res.resume();
          // 404 (none) and 400 (an id or slug that cannot be one) are made up; 200 and 403 (the
          // visitor may not read it) are real.
          const answer = res.statusCode === 404 || res.statusCode === 400 ? false : res.statusCode === 200 || res.statusCode === 403 ? true : null;
          if (answer !== null) existing.set(key, answer, { ttl: answer ? 5 * 60_000 : 60_000 });
          resolve(answer);
        },
      );
      upstream.on('timeout', () => upstream.destroy());
      upstream.on('error', () => resolve(null));
      upstream.end();
    });
  }

  return {
    exists,
    /**
     * Whether a path's member or lander exists: false for a made-up one, true for a real one or a
     * path that names none, null when the API did not say.
     * @param {import('node:http').IncomingMessage} req
     * @param {URL} url
     */
    async ofPath(req, url) {
      const check = apiTarget ? existenceCheck(url.pathname) : null;
      if (!check) return true;
      const host = String(req.headers.host ?? '').toLowerCase();
      if (!/^[a-z0-9.:-]+$/.test(host)) return null;
      return exists(req, host, check);
    },
  };
}

export function createPrerenderer({
  port,
  isPage,
  routeMatcher,
  development = false,
  apiTarget,
  forwarding = directForwarding,
  perClient = { max: 10, windowMs: 60_000 },
  render: renderOverride,
  chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  hosts = (process.env.PRERENDER_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
  ttlMs = 5 * 60_000,
  maxEntries = 500,
  concurrency = 2,
  maxQueue = 20,
  waitMs = 10_000,
  renderTimeoutMs = 20_000,
}) {
  const prerendered = routeMatcher({ paths: PRERENDERED_PATHS, values: { kind: ['video', 'gallery', 'maplanding', 'alonetonight', 'iconslanding', 'socialnetwork', 'collagelanding', 'transitionsvideolanding'] } });
  const cache = new LRUCache({ max: maxEntries });
  const inflight = new Map();
  let running = 0;
  const queue = [];
  let browserPromise = null;

  function browser() {
    browserPromise ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({
        executablePath: chromiumPath,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-dev-shm-usage',
          '--disable-background-networking',
          '--no-first-run',
          ...(hosts.length ? [`--host-resolver-rules=${hosts.map((h) => `MAP ${h} 127.0.0.1`).join(', ')}`] : []),
        ],
      }),
    );
    return browserPromise;
  }

  /** Renders started per client address in the current window. */
  const started = new LRUCache({ max: 10_000, ttl: perClient.windowMs, ttlAutopurge: false });
  const { exists } = createExistence({ apiTarget, forwarding });

  /** Counts a render for the request's client; false when it has started its share already. */
  function mayStart(req) {
    const client = forwarding(req)['x-forwarded-for'];
    const n = started.get(client) ?? 0;
    if (n >= perClient.max) return false;
    // The window starts with the client's first render (the count's time to live is not renewed).
    started.set(client, n + 1, { noUpdateTTL: n > 0 });
    return true;
  }

  const render = renderOverride ?? renderInChromium;

  async function renderInChromium({ host, pathname, search, langs, bot, cookies = {} }) {
    const b = await browser();
    const context = await b.newContext({
      ...(bot ? { userAgent: BOT_USER_AGENT } : {}),
      serviceWorkers: 'block',
      viewport: { width: 412, height: 823 },
      locale: langs.languages[0] ?? 'en',
      reducedMotion: 'reduce',
    });
    try {
      await context.addCookies([
        { name: PRERENDER_COOKIE, value: '1', domain: host, path: '/' },
        ...(langs.cookie ? [{ name: LOCALE_COOKIE, value: langs.cookie, domain: host, path: '/' }] : []),
        ...Object.entries(cookies).map(([name, value]) => ({ name, value, domain: host, path: '/' })),
      ]);
      const languages = langs.languages.length ? langs.languages : ['en'];
      await context.addInitScript((l) => Object.defineProperty(navigator, 'languages', { get: () => l }), languages);
      const page = await context.newPage();
      await page.goto(`http://${host}:${port}${pathname}${search}`, { waitUntil: 'domcontentloaded', timeout: renderTimeoutMs });
      // The view has settled and its title is written (SETTLED_ATTRIBUTE, TITLED_ATTRIBUTE of shell/src/prerender/takeover.ts).
      await page.waitForSelector('html[data-view-settled][data-page-titled]', { state: 'attached', timeout: renderTimeoutMs });
      const snap = await page.evaluate(capture);
      snap.head = await Promise.all(snap.head.map((tag) => inlineStylesheet(tag, `http://127.0.0.1:${port}/`)));
      return snap;
    } finally {
      await context.close().catch(() => {});
    }
  }

  function schedule(job) {
    return new Promise((resolve, reject) => {
      const run = () => {
        running++;
        render(job)
          .then(resolve, reject)
          .finally(() => {
            running--;
            queue.shift()?.();
          });
      };
      if (running < concurrency) run();
      else if (queue.length < maxQueue) queue.push(run);
      else reject(new Error('prerender queue full'));
    });
  }

  function refresh(key, job) {
    if (inflight.has(key)) return inflight.get(key);
    const p = schedule(job)
      .then((snap) => {
        cache.set(key, { snap, at: Date.now() });
        return snap;
      })
      .catch((error) => {
        console.error(`[prerender] ${job.host}${job.pathname}: ${error.message.split('\n')[0]}`);
        return null;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, p);
    return p;
  }

  return {
    /**
     * The rendered page for a request (`composePage` puts it into the shell's page) and its
     * status, or null (the plain shell). A made-up member or lander gets the site's one 404 page.
     * @param {import('node:http').IncomingMessage} req
     * @param {URL} url
     * @param {{ locale?: string }} [options]  `locale`: the language the page is in for this visitor
     */
    async page(req, url, options = {}) {
      // `options.state`: the start state's digest; `options.cookies`: cookies the render needs to
      // get that same state (a visitor's canary bucket).
      if (req.method !== 'GET' && req.method !== 'HEAD') return null;
      const cookies = parseCookies(req.headers.cookie);
      if (cookies[SESSION_COOKIE] || cookies[PRERENDER_COOKIE]) return null;
      const host = renderableHost(req.headers.host, hosts, development);
      if (!host) return null;
      let known = isPage(url.pathname);
      if (known && !prerendered(url.pathname)) return null;
      // A member or lander the API does not know is an unknown page: the site's one 404 page, not a
      // render of its own.
      const check = known && apiTarget ? existenceCheck(url.pathname) : null;
      if (check) {
        const real = await exists(req, host, check);
        if (real === null) return null;
        if (real === false) known = false;
      }
      // The language the page is in (the site's resolveLocale, serve/inject.mjs) when known: one
      // entry however the visitor's headers say it; else the language inputs themselves.
      const langs = LOCALES.includes(options.locale) ? { cookie: options.locale, languages: [options.locale] } : languageInputs(req.headers);
      // Every unknown path shows the same 404 page: one entry per site and language.
      const pathKey = known ? url.pathname.replace(/\/$/, '') || '/' : '<404>';
      // Bots get the bot version of a page (no signup form on the error page): an entry of their own.
      const bot = isBot(req.headers['user-agent']);
      const key = `${host}|${pathKey}|${langs.cookie ?? ''}|${langs.languages.join(',')}|${bot ? 'bot' : ''}|${options.state ?? ''}`;
      // The query only carries tracking parameters on these pages; the render goes without it.
      const job = { host, pathname: known ? url.pathname : NOT_FOUND_PATH, search: '', langs, bot, cookies: options.cookies ?? {} };
      const hit = cache.get(key);
      let snap = hit?.snap;
      if (hit && Date.now() - hit.at > ttlMs) void refresh(key, job);
      if (!snap) {
        if (!inflight.has(key) && !mayStart(req)) return null;
        snap = await Promise.race([refresh(key, job), new Promise((r) => setTimeout(() => r(null), waitMs).unref())]);
      }
      if (!snap) return null;
      return { snap, status: known ? (snap.status === 404 ? 404 : 200) : 404 };
    },
    async close() {
      if (browserPromise) await (await browserPromise.catch(() => null))?.close().catch(() => {});
    },
  };
}

