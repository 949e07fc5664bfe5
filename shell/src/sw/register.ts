// Registering /sw.js, with workbox-window: a chunk of its own, loaded once the page has loaded
// (bootstrap.tsx startServiceWorker), not part of any route's start-up JavaScript.
import { Workbox } from 'workbox-window';
import { RELOAD_KEY, shouldReload, type ServiceWorkerControl, type SwState } from './serviceWorker';

export interface Env {
  session: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload(): void;
  now(): number;
}

/**
 * Registers /sw.js (scope /) through workbox-window and reports its states:
 * - registered: the browser accepted it;
 * - offline_ready: the first worker installed, the shell is precached;
 * - needs_refresh: a new build's worker is installed and waits; the member chooses when (the
 *   status bar's Reload, or the next route change) — nothing reloads under someone typing;
 * - activated: the worker runs this page.
 * When an updated worker takes control the page reloads, at most once per 10 s. The very first
 * worker taking control (no worker before) does not reload anything.
 */
export function registerServiceWorker(
  onState: (state: SwState) => void,
  env: Env = {
    session: typeof sessionStorage === 'undefined' ? null : sessionStorage,
    reload: () => location.reload(),
    now: () => Date.now(),
  },
): ServiceWorkerControl {
  const container = navigator.serviceWorker;
  const wb = new Workbox('/sw.js', { scope: '/' });
  let registration: ServiceWorkerRegistration | undefined;
  /** A worker controlled the page when it loaded: a worker activated now is an update. */
  const startedControlled = Boolean(container.controller);
  let hadController = startedControlled;

  wb.addEventListener('controlling', () => {
    if (!hadController) {
      hadController = true; // the first worker claimed the page: nothing to reload
      return;
    }
    const last = Number(env.session?.getItem(RELOAD_KEY) ?? NaN);
    const now = env.now();
    if (!shouldReload(Number.isFinite(last) ? last : null, now)) {
      console.warn('new service worker took control again within 10 s; not reloading');
      return;
    }
    env.session?.setItem(RELOAD_KEY, String(now));
    env.reload();
  });
  wb.addEventListener('installed', () => {
    if (!container.controller) onState('offline_ready');
  });
  // A worker waiting since before this page is reported with 'registered' below.
  wb.addEventListener('waiting', (event) => !event.wasWaitingBeforeRegister && onState('needs_refresh'));
  // The first worker claims the page (clientsClaim) while it activates, so 'controlling' often
  // comes before 'activated': whether this is the first worker is what the page started with, not
  // whether a worker controls it now (else the first install ended as 'activated', and when both
  // events came between two renders "Ready to work offline" was never shown).
  wb.addEventListener('activated', () => {
    if (!registration?.waiting) onState(startedControlled ? 'activated' : 'offline_ready');
  });

  wb.register()
    .then((reg) => {
      registration = reg;
      if (!reg) return;
      onState('registered');
      if (reg.waiting && container.controller) onState('needs_refresh');
      else if (reg.active && !reg.installing) onState('activated');
    })
    .catch((error: unknown) => {
      console.error('service worker registration failed', error);
      onState('error');
    });

  return {
    update: () => wb.update(),
    applyUpdate: () => wb.messageSkipWaiting(),
  };
}
