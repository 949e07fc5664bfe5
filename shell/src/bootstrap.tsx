import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import {
  ApiError,
  connectQueryCache,
  createApiClient,
  createQueryClient,
  createStore,
  LOCALE_COOKIE,
  localeAtom,
  LOCALES,
  preloadCatalog,
  queryKeys,
  readCookie,
  loadContract,
  trackingAtom,
  userAtom,
  type Locale,
  type SiteSettings,
} from '@dating/shared';
import { App } from './App';
import { downloadMount, initRegistry, loadMount } from './federation/remotes';
import { installRuntimePlugins } from './federation/runtime-plugins';
import { loadShellMessages, resolveLocale } from './i18n/locale';
import { OfflinePage } from './pages/OfflinePage';
import { installLinkPrefetch, prefetcher, type PrefetchKey } from './prefetch/links';
import { createPrefetchQueue } from './prefetch/queue';
import { setServerBot } from './pages/useBot';
import { setServerRendered } from './remote/serverOutlet';
import { installAppBadge } from './push/badge';
import { createPush } from './push/push';
import { createShellServices } from './services/createServices';
import { installPageHiddenBeacon } from './session/pageHidden';
import { createSession } from './session/session';
import { readStartState } from './session/startState';
import { createClientStorage } from './storage/storage';
import { captureTracking, countVisit } from './storage/tracking';
import { onlineAtom, swStateAtom, UPDATE_CHECK_MS, type ServiceWorkerControl, type SwState } from './sw/serviceWorker';
import { applyTheme } from './theme/theme';
import './global.css';

/** This browser's copy of the site settings, used when the API cannot be reached (offline). */
const SITE_COPY_KEY = 'shell.site';

function saveSiteCopy(site: SiteSettings) {
  try {
    localStorage.setItem(SITE_COPY_KEY, JSON.stringify({ host: location.host, site }));
  } catch {
    // storage full or blocked: offline start shows the offline page instead
  }
}

async function readSiteCopy(): Promise<SiteSettings | null> {
  try {
    const raw = JSON.parse(localStorage.getItem(SITE_COPY_KEY) ?? 'null') as { host?: string; site?: unknown } | null;
    if (!raw || raw.host !== location.host) return null;
    // The contract comes from the service worker's cache when offline (precached with the shell).
    const parsed = (await loadContract()).SiteSettingsResponseSchema.safeParse(raw.site);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The API did not answer at all (no network, proxy without upstream), as opposed to refusing. */
function unreachable(error: unknown): boolean {
  if (!navigator.onLine) return true;
  return error instanceof ApiError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

/** Resolves once the page has loaded (its `load` event), at once when it already has. */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function startServiceWorker(onState: (state: SwState) => void): ServiceWorkerControl | null {
  if (!('serviceWorker' in navigator)) return null;
  if (process.env.NODE_ENV !== 'production') {
    // Development builds run without a worker; one left by a production run would serve stale files.
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
    return null;
  }
  // workbox-window and the registration are a chunk of their own, fetched once the page has loaded
  // (workbox-window registers on `load` anyway): not part of any route's start-up JavaScript.
  const registered = pageLoaded()
    .then(() => import(/* webpackChunkName: "service-worker" */ './sw/register'))
    .then((m) => m.registerServiceWorker(onState));
  registered.catch((error: unknown) => {
    console.error('service worker registration failed', error);
    onState('error');
  });
  const control: ServiceWorkerControl = {
    update: () => registered.then((c) => c.update()),
    applyUpdate: () => void registered.then((c) => c.applyUpdate()).catch(() => {}),
  };
  // Browsers look for a new /sw.js on navigations; a long-open page also asks when it comes back
  // into view and every hour.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void control.update().catch(() => {}));
  setInterval(() => void control.update().catch(() => {}), UPDATE_CHECK_MS);
  return control;
}

/**
 * Ends the current task: what follows runs in a new one, and the browser may paint and handle
 * input in between (start-up as several short tasks, not one long one).
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

async function start() {
  const el = document.getElementById('root')!;
  // The contract's modules were evaluated in this task; reading the start state is the next one.
  await nextTask();
  if (process.env.BUILD_LABEL) document.documentElement.dataset.build = process.env.BUILD_LABEL;
  const api = createApiClient({ packageName: 'shell' });
  const store = createStore();
  const storage = createClientStorage();
  store.set(trackingAtom, captureTracking(location.search, storage));
  store.set(onlineAtom, navigator.onLine);
  window.addEventListener('online', () => store.set(onlineAtom, true));
  window.addEventListener('offline', () => store.set(onlineAtom, false));

  // Load all, tolerate some: settings are needed to render; a missing registry or user is not fatal.
  // The front server puts all three into the page (no request); what it left out is fetched.
  const start = readStartState();
  await nextTask();
  const [settings, registry, user] = await Promise.allSettled([
    start.settings ?? api.getSettings(),
    start.registry ?? api.getRemoteRegistry(),
    start.user ?? api.getUser(),
  ]);
  let site: SiteSettings;
  let offline = false;
  if (settings.status === 'fulfilled') {
    site = settings.value;
    saveSiteCopy(site);
  } else {
    const copy = unreachable(settings.reason) ? await readSiteCopy() : null;
    if (!copy) {
      console.error('settings failed', settings.reason);
      const locale = resolveLocale({
        cookie: readCookie(LOCALE_COOKIE),
        browserLanguages: navigator.languages,
        siteLanguages: [...LOCALES],
        domainLanguage: 'en',
      });
      document.documentElement.lang = locale;
      const messages = await loadShellMessages(locale).catch(() => ({}) as Record<string, string>);
      createRoot(el).render(<OfflinePage locale={locale} messages={messages} offline={unreachable(settings.reason)} />);
      return;
    }
    site = copy;
    offline = true;
  }
  // A registry that failed is read again by the next remote load (a route, or Retry).
  installRuntimePlugins();
  initRegistry(() => api.getRemoteRegistry(), registry);
  // How remotes load here reaches the back office (error rates of a canary's two versions); a
  // chunk of its own, off the start-up path.
  void import(/* webpackChunkName: "remote-health" */ './federation/health').then((m) => m.initRemoteHealth((report) => api.reportRemotes(report)));
  if (registry.status === 'rejected') console.error('remote registry failed; it is read again on the next remote load', registry.reason);
  // Route prefetch (spec §9): a link pointed at or focused loads its route's remote; one in view
  // has its remote's files downloaded, not run.
  if (!offline) {
    const prefetch = prefetcher({ load: (remote) => loadMount(remote), download: (remote) => downloadMount(remote, store.get(localeAtom)) });
    installLinkPrefetch(document, site.flags, createPrefetchQueue<PrefetchKey>(prefetch));
  }

  // Server state has one home, the page's query cache; the store's server atoms are views of it.
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.settings(), site);
  queryClient.setQueryData(queryKeys.user(), user.status === 'fulfilled' ? user.value.user : null);
  connectQueryCache(store, queryClient);
  // A page rendered on the server (a public page, scripts/serve/render.mjs) is hydrated: in the
  // language it was rendered in, with the data it was rendered with.
  const rendered = start.rendered && el.hasChildNodes() ? start.rendered : null;
  const serverLocale = document.documentElement.lang as Locale;
  store.set(
    localeAtom,
    rendered && site.settings.languages.includes(serverLocale)
      ? serverLocale
      : resolveLocale({
          cookie: readCookie(LOCALE_COOKIE),
          browserLanguages: navigator.languages,
          siteLanguages: site.settings.languages,
          domainLanguage: site.settings.domain_language,
        }),
  );
  applyTheme(site.theme);

  // What one member's views read from the API is never shown to the next one (logout, 403):
  // `connectQueryCache` removes it when the member changes.
  const session = createSession(api, store, queryClient);
  const push = 'serviceWorker' in navigator ? createPush(api, store, site.settings.push_pub) : null;
  const { services, toasts, modals, popovers, fragments } = createShellServices(storage, push);
  installAppBadge(store);
  installPageHiddenBeacon();
  const sw = startServiceWorker((state) => store.set(swStateAtom, state));
  if (sw && push) {
    push.assumeUntilReady();
    void navigator.serviceWorker.ready.then(() => push.detect()).catch(() => {});
  }
  // A push that arrives while the page is in front refreshes what it is about (the worker tells).
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    const type = (event.data as { type?: string; payload?: { type?: string } } | null)?.payload?.type;
    if ((event.data as { type?: string })?.type !== 'push') return;
    void (type === 'message' ? session.refreshChats() : session.refreshLikes());
  });

  await nextTask();
  const app = <App shell={{ api, store, queryClient, settings: site, session, services, toasts, modals, popovers, fragments, push, storage, sw, offline }} />;
  if (rendered) {
    hydrate(queryClient, rendered.queries);
    setServerRendered(rendered.remote);
    setServerBot(rendered.bot);
    // The shell's first render must be the server's: its catalog is there before it hydrates.
    await preloadCatalog(loadShellMessages, store.get(localeAtom)).catch(() => {});
    hydrateRoot(el, app);
  } else {
    // A transition: React renders the page in slices of a few ms, leaving the browser free between
    // them (no long task while the page starts).
    const root = createRoot(el);
    startTransition(() => root.render(app));
  }
  // A visitor's first page of this browser session is a visit of the site's funnel (the dashboards).
  if (!offline && !store.get(userAtom)) countVisit(api, store.get(trackingAtom), sessionStorage);
}

start();
