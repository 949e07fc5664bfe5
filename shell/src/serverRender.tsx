// Rendering in Node (the shell's server build, entry ./server.ts, rspack.base.js serverVariant): renders
// a public page in Node for the front server (scripts/serve/render.mjs). The route's remote is
// loaded through the federation runtime from its server container (its `./mount`, whose
// `definition` holds the views and catalogs), its view is rendered in the same RemoteRoot the
// browser's parcel renders, with the data its queries need fetched once here and handed to the
// browser (TanStack Query's dehydrate); then the shell's own tree is rendered at that location with
// the view's markup in the outlet. The browser hydrates both (shell/src/bootstrap.tsx, the parcel's
// `hydrateRoot`): the same markup from the same components, props and data.
import * as React from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  createApiClient,
  createQueryClient,
  createStore,
  localeAtom,
  preloadCatalog,
  preloadRemoteCatalog,
  RemoteRoot,
  trackingAtom,
  queryKeys,
  connectQueryCache,
  type Locale,
  type MountDefinition,
  type RemoteName,
  type RemoteProps,
  type RemoteRegistry,
  type SiteSettings,
} from '@dating/shared';
import { App } from './App';
import { loadShellMessages } from './i18n/locale';
import { BotContext } from './pages/useBot';
import { ServerOutletContext } from './remote/serverOutlet';
import { pathFor } from './routing/paths';
import { buildRoutes, matchRoute, rootClasses } from './routing/router';
import { createShellServices } from './services/createServices';
import { createSession } from './session/session';
import { createClientStorage } from './storage/storage';
import { themeCss } from './theme/theme';
import { captureTracking } from './storage/tracking';
import { onlineAtom } from './sw/serviceWorker';

export interface RenderInput {
  /** Path and query of the page. */
  url: string;
  /** The host the visitor asked for (the site). */
  host: string;
  locale: Locale;
  settings: SiteSettings;
  registry: RemoteRegistry;
  /** Calls the member API as this visitor's browser would (the front server's forwarding headers). */
  fetch: typeof fetch;
  /** Origin of the member API. */
  apiTarget: string;
  /** Gives up on a render that takes longer (ms). */
  timeoutMs?: number;
  /**
   * The page is the 404 page (a path the route table does not know), for a bot (no signup form,
   * spec §2) or a person: `isBot` of the visitor's user agent.
   */
  notFound?: { bot: boolean };
}

export interface RenderResult {
  /** The markup of `#root`. */
  html: string;
  /** `#root`'s class names, as the shell sets them. */
  rootClass: string;
  /** The remote whose view the page shows (none on the 404 page). */
  remote: RemoteName | null;
  /** The 404 page's answer for bots, which the browser hydrates with (pages/useBot.ts). */
  bot?: boolean;
  /** The view's data, for the browser's query cache (no second request). */
  queries: DehydratedState;
  /** The template's colours as CSS (`:root{…}`), for a `<style>` in the page's head. */
  themeCss: string;
}

/** The server entry of a remote, beside its browser manifest (`<origin>/server/remoteEntry.js`). */
export function serverEntryOf(manifestUrl: string): string {
  return new URL('server/remoteEntry.js', manifestUrl).href;
}

/** Each remote's registered entry and its loaded definition: loaded once per entry, not per render. */
const registered = new Map<RemoteName, string>();
const definitions = new Map<string, Promise<MountDefinition>>();

function definitionOf(remote: RemoteName, manifestUrl: string): Promise<MountDefinition> {
  const entry = serverEntryOf(manifestUrl);
  let hit = definitions.get(entry);
  if (hit) return hit;
  if (registered.get(remote) !== entry) {
    // A remote pointed at a new build: its entry replaces the old one (force), whose module cache is
    // dropped with it; the old definition goes too, so memory holds one build per remote.
    for (const [key] of definitions) if (key === serverEntryOf(registered.get(remote) ?? 'http://none/')) definitions.delete(key);
    registerRemotes([{ name: remote, entry }], { force: registered.has(remote) });
    registered.set(remote, entry);
  }
  hit = loadRemote<{ definition?: MountDefinition; lifecycles?: { definition?: MountDefinition } }>(`${remote}/mount`).then((mod) => {
    const definition = mod?.definition ?? mod?.lifecycles?.definition;
    if (!definition) throw new Error(`${remote}/mount has no definition to render on the server`);
    return definition;
  });
  hit.catch(() => definitions.delete(entry));
  definitions.set(entry, hit);
  return hit;
}

/** Renders a React tree to HTML once everything in it (lazy views, Suspense) is ready. */
function renderToHtml(element: React.ReactElement, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let failed: unknown = null;
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        if (failed) reject(failed instanceof Error ? failed : new Error(String(failed)));
        else resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError(error) {
        failed = error;
      },
    });
    setTimeout(() => stream.abort(new Error(`render timed out after ${timeoutMs} ms`)), timeoutMs).unref();
  });
}

const noop = () => {};

/**
 * The page for `input.url`, or null when it is not a page a logged-out visitor sees rendered (a
 * member page): the front server then sends the plain page. With `input.notFound`, the 404 page.
 */
export async function renderPage(input: RenderInput): Promise<RenderResult | null> {
  const timeoutMs = input.timeoutMs ?? 5_000;
  const url = new URL(input.url, 'http://localhost');
  const match = matchRoute(buildRoutes(input.settings.flags), url.pathname);
  if (input.notFound) return match && 'notFound' in match.handle ? renderNotFound(input, url, input.notFound.bot, timeoutMs) : null;
  const def = match && 'remote' in match.handle ? match.handle : null;
  if (!def || def.auth === 'required') return null;
  const manifestUrl = input.registry.remotes[def.remote];
  if (!manifestUrl) return null;
  const definition = await definitionOf(def.remote, manifestUrl);
  await Promise.all([preloadRemoteCatalog(definition, input.locale), preloadCatalog(loadShellMessages, input.locale)]);
  const page = createPage(input, url);
  const { api, store, queryClient, services } = page.shell;

  const props: RemoteProps = {
    store,
    api,
    queryClient,
    navigate: noop,
    href: pathFor,
    locale: input.locale,
    flags: input.settings.flags,
    settings: input.settings,
    services,
    reportError: noop,
    view: def.view,
    routeName: def.name,
    params: match!.params,
    query: Object.fromEntries(url.searchParams),
    hash: '',
    notFound: noop,
  };
  const view = <RemoteRoot definition={definition} props={props} />;
  // The view asks for its data during render (useQuery); what it asked for is fetched, and the view
  // rendered again with it: the data is in the page, and the browser's first render has it.
  let remoteHtml = await renderToHtml(view, timeoutMs);
  const pending = queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'pending' && q.state.data === undefined });
  if (pending.length) {
    await Promise.all(pending.map((q) => q.fetch().catch(noop)));
    remoteHtml = await renderToHtml(view, timeoutMs);
  }

  const html = await renderToHtml(
    <ServerOutletContext.Provider value={{ remote: def.remote, html: remoteHtml }}>
      <App shell={page.shell} location={url.pathname + url.search} />
    </ServerOutletContext.Provider>,
    timeoutMs,
  );
  return page.finish(html, def.remote, rootClasses(def.name, false));
}

/**
 * The 404 page (the shell's ErrorPage in its layout): the same for every unknown path of a site and
 * language, with the signup form's place for a person and without it for a bot.
 */
async function renderNotFound(input: RenderInput, url: URL, bot: boolean, timeoutMs: number): Promise<RenderResult> {
  await preloadCatalog(loadShellMessages, input.locale);
  const page = createPage(input, url);
  const html = await renderToHtml(
    <BotContext.Provider value={bot}>
      <App shell={page.shell} location={url.pathname} />
    </BotContext.Provider>,
    timeoutMs,
  );
  return { ...page.finish(html, null, rootClasses(null, false)), bot };
}

/** The shell's services and state for one render, as a fresh logged-out browser's. */
function createPage(input: RenderInput, url: URL) {
  const api = createApiClient({ packageName: 'shell', baseUrl: input.apiTarget, originalHost: input.host, fetch: input.fetch, readCookie: () => undefined });
  const store = createStore();
  // A visitor of this render: no cookie, no local storage (a public page is the same for all of them).
  let cookie = '';
  const storage = createClientStorage({ cookie: { get: () => cookie, set: (v) => void (cookie = v) }, local: null, secure: false });
  store.set(localeAtom, input.locale);
  // As a browser that has just loaded the page: online (no offline notice in the markup).
  store.set(onlineAtom, true);
  store.set(trackingAtom, captureTracking(url.search, storage));
  // Server state lives in the page's query cache, as in the browser (shared/src/atoms.ts).
  const queryClient = createQueryClient({ retry: false });
  queryClient.setQueryData(queryKeys.settings(), input.settings);
  queryClient.setQueryData(queryKeys.user(), null);
  const disconnect = connectQueryCache(store, queryClient);
  const { services, toasts, modals, popovers, fragments } = createShellServices(storage, null);
  const session = createSession(api, store, queryClient);

  const shell = { api, store, queryClient, settings: input.settings, session, services, toasts, modals, popovers, fragments, push: null, storage, sw: null, offline: false };
  return {
    shell,
    finish(html: string, remote: RemoteName | null, rootClass: string): RenderResult {
      disconnect();
      // The settings and the (no) member are in the page's start state already.
      const started = new Set([JSON.stringify(queryKeys.settings()), JSON.stringify(queryKeys.user())]);
      return {
        html,
        rootClass,
        remote,
        // Only what succeeded: a query that failed is asked again by the browser.
        queries: dehydrate(queryClient, {
          shouldDehydrateQuery: (q) => q.state.status === 'success' && !started.has(JSON.stringify(q.queryKey)),
        }),
        themeCss: themeCss(input.settings.theme),
      };
    },
  };
}
