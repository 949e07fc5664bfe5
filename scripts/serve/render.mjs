// Public pages rendered in Node with React (the shell's server build, shell/src/server.tsx) for the
// front server (scripts/serve.mjs), then hydrated in the browser. No browser runs on the server.
//
// - Which pages: PUBLIC_PATHS below (home, login, signup, landers, member landings, match finder,
//   legal pages) and the 404 page of a path the route table does not know, for a logged-out
//   visitor (no `sid` cookie, the API's member null), GET only. A member, a page of the table not
//   listed here: the plain page, which the shell renders in the browser.
// - Made-up pages are not rendered: a member landing of an id the API does not know, or a lander
//   of a slug it does not know, answers 404 with the plain page (createExistence; the API's answer
//   is kept a while), so a made-up path costs one small API call, never a render.
// - Renders are keyed by host, path and query, the language the page is in (resolved with the
//   site's languages: `fr-FR` and `fr,en;q=0.5` share one) and the start state's digest (a site
//   saved in the back office, a canary's side: another page). Kept `ttlMs`, at most `maxEntries`;
//   a render in flight is shared by the requests that wait for it.
// - The remotes' server builds are loaded once per registry entry (shell/src/server.tsx); a remote
//   pointed at a new build replaces its entry instead of adding one.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { directForwarding } from './forwarded.mjs';

/** The pages rendered in Node for logged-out visitors (route-table paths). */
export const PUBLIC_PATHS = [
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

/** The API call that tells whether the subject of a public path exists (404 when not), or null. */
export function existenceCheck(pathname) {
  const member = /^\/members\/([^/]+)\/landing(?:[23]\/[^/]+)?\/?$/.exec(pathname);
  if (member) return `/api/profile.php?id=${encodeURIComponent(member[1])}`;
  const lander = /^\/landers\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (lander) return `/api/lander.php?kind=${encodeURIComponent(lander[1])}&slug=${encodeURIComponent(lander[2])}`;
  return null;
}

export function createExistence({ apiTarget, forwarding = directForwarding }) {
  /** The API's word on a path's member or lander: exists (true) or not (false), kept a while. */
  const existing = new LRUCache({ max: 5_000, ttl: 5 * 60_000 });

  /** Whether the member or lander of a path exists (null: the API did not say). */
  function exists(req, host, check) {
    const key = `${host}|${check}`;
    const known = existing.get(key);
    if (known !== undefined) return Promise.resolve(known);
    const headers = { accept: 'application/json', 'x-package': 'shell', 'x-original-host': req.headers.host ?? '', ...forwarding(req) };
    return fetch(new URL(check, apiTarget), { headers, signal: AbortSignal.timeout(3_000) }).then(
      (res) => {
        res.body?.cancel().catch(() => {});
        // 404 (none) and 400 (an id or slug that cannot be one) are made up; 200 and 403 (the
        // visitor may not read it) are real.
        const answer = res.status === 404 || res.status === 400 ? false : res.status === 200 || res.status === 403 ? true : null;
        if (answer !== null) existing.set(key, answer, { ttl: answer ? 5 * 60_000 : 60_000 });
        return answer;
      },
      () => null,
    );
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

const require = createRequire(import.meta.url);

/**
 * @param {object} o
 * @param {string} o.root        the shell's build folder (its server build in `server/`)
 * @param {string} o.apiTarget   origin of the member API
 * @param {(req: import('node:http').IncomingMessage) => Record<string, string>} [o.forwarding]
 * @returns {{ page(req, url: URL, o: { locale: string, state: string, start: { settings: unknown, registry: unknown }, notFound?: boolean }): Promise<{ html: string, rootClass: string, remote: string | null, bot?: boolean, queries: unknown, themeCss: string } | null>, available: boolean }}
 */
export function createRenderer({ root, apiTarget, forwarding = directForwarding, ttlMs = 60_000, maxEntries = 500, timeoutMs = 5_000 }) {
  const serverFile = path.join(root, 'server', 'server.js');
  const available = existsSync(serverFile);
  let server = null;
  const renders = new LRUCache({ max: maxEntries, ttl: ttlMs });

  return {
    available,
    async page(req, url, { locale, state, start, notFound = false }) {
      if (!available || !start?.settings || !start?.registry) return null;
      try {
        server ??= require(serverFile);
      } catch (error) {
        console.error('the shell\'s server build could not be loaded:', error?.message ?? error);
        return null;
      }
      const host = String(req.headers.host ?? '').toLowerCase();
      // The 404 page is the same for every unknown path (one render per site, language, state and
      // bot or not: a made-up path costs no render of its own); it differs for bots (the shell's
      // one rule, pages/bots.ts with isbot).
      const bot = notFound ? server.isBot(req.headers['user-agent']) : false;
      const key = notFound ? `${host}|${locale}|${state}|404|${bot ? 'bot' : 'person'}` : `${host}|${locale}|${state}|${url.pathname}${url.search}`;
      let render = renders.get(key);
      if (!render) {
        // The API as the visitor's browser would call it through this server (serve/forwarded.mjs).
        const headers = { 'x-original-host': host, ...forwarding(req), 'accept-language': locale };
        const apiFetch = (input, init = {}) => fetch(input, { ...init, headers: { ...init.headers, ...headers }, signal: AbortSignal.timeout(timeoutMs) });
        render = server
          .renderPage({
            url: notFound ? url.pathname : url.pathname + url.search,
            host,
            locale,
            settings: start.settings,
            registry: start.registry,
            fetch: apiFetch,
            apiTarget,
            timeoutMs,
            ...(notFound ? { notFound: { bot } } : {}),
          })
          .catch((error) => {
            console.error(`render of ${url.pathname} failed:`, error?.message ?? error);
            return null;
          });
        renders.set(key, render);
        void render.then((r) => r === null && renders.delete(key));
      }
      return render;
    },
  };
}
