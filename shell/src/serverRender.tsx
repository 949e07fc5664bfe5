// Rendering in Node (the shell's server build, entry ./server.ts, rspack.base.js serverVariant): renders
// a public page in Node for the front server (scripts/serve/render.mjs). The route's remote is
// loaded through the federation runtime from its server container (its `./mount`, whose
// `definition` holds the views and catalogs), its view is rendered in the same RemoteRoot the
// browser's parcel renders, with the data its queries need fetched once here and handed to the
// browser (TanStack Query's dehydrate); then the shell's own tree is rendered at that location with
// the view's markup in the outlet. The browser hydrates both (shell/src/bootstrap.tsx, the parcel's
// `hydrateRoot`): the same markup from the same components, props and data.
import * as React from 'react';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
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
  type FragmentProps,
  type FragmentSpec,
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
import { renderToHtml } from './renderToHtml';
import { ServerFragmentMarkup } from './remote/serverFragment';
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
  /** The fragments rendered into the view (their stylesheets go into the page's head). */
  fragments: { remote: RemoteName; expose: string }[];
  /** The template's colours as CSS (`:root{…}`), for a `<style>` in the page's head. */
  themeCss: string;
}

/** The server entry of a remote, beside its browser manifest (`<origin>/server/remoteEntry.js`). */
export function serverEntryOf(manifestUrl: string): string {
  return new URL('server/remoteEntry.js', manifestUrl).href;
}

/** Each remote's registered entry and its loaded definitions: loaded once per entry, not per render. */
const registered = new Map<RemoteName, string>();
/** By `<entry>|<exposed name>` (`mount`, or a fragment's name). */
const definitions = new Map<string, Promise<MountDefinition>>();

function definitionOf(remote: RemoteName, manifestUrl: string, expose = 'mount'): Promise<MountDefinition> {
  const entry = serverEntryOf(manifestUrl);
  const key = `${entry}|${expose}`;
  let hit = definitions.get(key);
  if (hit) return hit;
  const old = registered.get(remote);
  if (old !== entry) {
    // A remote pointed at a new build: its entry replaces the old one (force), whose module cache is
    // dropped with it; the old definitions go too, so memory holds one build per remote.
    if (old) for (const k of [...definitions.keys()]) if (k.startsWith(`${old}|`)) definitions.delete(k);
    registerRemotes([{ name: remote, entry }], { force: old !== undefined });
    registered.set(remote, entry);
  }
  hit = loadRemote<{ definition?: MountDefinition; lifecycles?: { definition?: MountDefinition } }>(`${remote}/${expose}`).then((mod) => {
    const definition = mod?.definition ?? mod?.lifecycles?.definition;
    if (!definition) throw new Error(`${remote}/${expose} has no definition to render on the server`);
    return definition;
  });
  hit.catch(() => definitions.delete(key));
  definitions.set(key, hit);
  return hit;
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
  const page = createPage(input, url, timeoutMs);
  const { queryClient } = page.shell;

  const props: RemoteProps = {
    ...page.base,
    view: def.view,
    routeName: def.name,
    params: match!.params,
    query: Object.fromEntries(url.searchParams),
    hash: '',
    notFound: noop,
  };
  const remoteHtml = await renderWithData(<RemoteRoot definition={definition} props={props} />, queryClient, timeoutMs);

  const html = await renderToHtml(
    <ServerOutletContext.Provider value={{ remote: def.remote, html: remoteHtml }}>
      <App shell={page.shell} location={url.pathname + url.search} />
    </ServerOutletContext.Provider>,
    timeoutMs,
  );
  return page.finish(html, def.remote, rootClasses(def.name, false));
}

/**
 * Renders a remote's tree with its data: what it asked for during render (useQuery) is fetched, and
 * the tree rendered again with it, so the data is in the page and the browser's first render has it.
 */
async function renderWithData(element: React.ReactElement, queryClient: QueryClient, timeoutMs: number): Promise<string> {
  let html = await renderToHtml(element, timeoutMs);
  const pending = queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'pending' && q.state.data === undefined });
  if (pending.length) {
    await Promise.all(pending.map((q) => q.fetch().catch(noop)));
    html = await renderToHtml(element, timeoutMs);
  }
  return html;
}

/**
 * Fragments inside a view (`services.fragment.render`, shared/src/mount.tsx): each rendered as its
 * own tree, as the browser's parcel renders it into its own root (so its `useId`s are the same),
 * with its data, and put into the view's markup inside the section FragmentOutlet makes; the view's
 * render waits for it (Suspense, `use`). A fragment that fails to render is left out: the browser
 * mounts it as before.
 */
function fragmentRenderer(input: RenderInput, url: URL, base: Omit<FragmentProps, 'options'>, timeoutMs: number, done: { remote: RemoteName; expose: string }[]) {
  const rendered = new Map<string, Promise<string | null>>();
  return (spec: FragmentSpec): React.ReactNode => {
    const manifestUrl = input.registry.remotes[spec.remote];
    if (!manifestUrl) return undefined;
    const key = JSON.stringify([spec.remote, spec.name, spec.options ?? {}]);
    let html = rendered.get(key);
    if (!html) {
      html = definitionOf(spec.remote, manifestUrl, spec.name)
        .then(async (definition) => {
          await preloadRemoteCatalog(definition, input.locale);
          const props = {
            ...base,
            options: spec.options ?? {},
            view: 'fragment',
            routeName: 'index',
            params: {},
            query: Object.fromEntries(url.searchParams),
            hash: '',
            notFound: noop,
          } satisfies RemoteProps & FragmentProps;
          const html = await renderWithData(<RemoteRoot definition={definition} props={props} />, base.queryClient, timeoutMs);
          if (!done.some((f) => f.remote === spec.remote && f.expose === spec.name)) done.push({ remote: spec.remote, expose: spec.name });
          return html;
        })
        .catch((error: unknown) => {
          console.error(`fragment ${spec.remote}/${spec.name} was not rendered:`, error instanceof Error ? error.message : error);
          return null;
        });
      rendered.set(key, html);
    }
    return <ServerFragment spec={spec} html={html} />;
  };
}

function ServerFragment({ spec, html }: { spec: FragmentSpec; html: Promise<string | null> }) {
  const markup = React.use(html);
  return markup === null ? null : <ServerFragmentMarkup remote={spec.remote} expose={spec.name} label={spec.label} html={markup} />;
}

/**
 * The 404 page (the shell's ErrorPage in its layout): the same for every unknown path of a site and
 * language, with the signup form for a person and without it for a bot.
 */
async function renderNotFound(input: RenderInput, url: URL, bot: boolean, timeoutMs: number): Promise<RenderResult> {
  await preloadCatalog(loadShellMessages, input.locale);
  // A person's page has the signup form in its markup (ErrorPage's fragment, rendered as a view's is).
  const page = createPage(input, url, timeoutMs);
  const html = await renderToHtml(
    <BotContext.Provider value={bot}>
      <App shell={page.shell} location={url.pathname} />
    </BotContext.Provider>,
    timeoutMs,
  );
  return { ...page.finish(html, null, rootClasses(null, false)), bot };
}

/**
 * The shell's services and state for one render, as a fresh logged-out browser's, and the props a
 * remote rendered in it gets. Its fragment service renders fragments into the markup (the signup
 * form on a lander, in the 404 page): `finish` lists them.
 */
function createPage(input: RenderInput, url: URL, timeoutMs: number) {
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
  const created = createShellServices(storage, null);
  const { toasts, modals, popovers, fragments } = created;
  const session = createSession(api, store, queryClient);
  const rendered: RenderResult['fragments'] = [];
  const base: Omit<FragmentProps, 'options'> = {
    store,
    api,
    queryClient,
    navigate: noop,
    href: pathFor,
    locale: input.locale,
    flags: input.settings.flags,
    settings: input.settings,
    services: created.services,
    reportError: noop,
  };
  const services = { ...created.services, fragment: { ...created.services.fragment, render: fragmentRenderer(input, url, base, timeoutMs, rendered) } };
  base.services = services;

  const shell = { api, store, queryClient, settings: input.settings, session, services, toasts, modals, popovers, fragments, push: null, storage, sw: null, offline: false };
  return {
    shell,
    base,
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
        fragments: rendered,
        themeCss: themeCss(input.settings.theme),
      };
    },
  };
}
