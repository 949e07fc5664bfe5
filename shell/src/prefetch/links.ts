import { matchRoutes } from 'react-router';
import { enabledRoutes, type Flags, type RemoteName } from '@dating/shared';
import type { PrefetchQueue } from './queue';

/** Links in view are prefetched only once the page has loaded and this long has passed, in idle time. */
export const VIEWPORT_PREFETCH_DELAY_MS = 2_000;

/** The remote that renders an in-app URL (the one route table, react-router's matching), or null. */
export function remoteResolver(flags: Flags, origin: string): (href: string) => RemoteName | null {
  const routes = enabledRoutes(flags).map((def) => ({ path: def.path, remote: def.remote }));
  return (href) => {
    let url: URL;
    try {
      url = new URL(href, origin);
    } catch {
      return null;
    }
    if (url.origin !== origin) return null;
    return matchRoutes(routes, url.pathname)?.at(-1)?.route.remote ?? null;
  };
}

/**
 * What a prefetch does for a remote: `load` runs its `./mount` (the visitor points at or focuses a
 * link: the click is near), `download` only fetches its files into the cache (a link in view),
 * so that nothing runs on the main thread for a page the visitor may never open.
 */
export type PrefetchKey = `${'load' | 'download'}:${RemoteName}`;

/** The queue's load function for PrefetchKeys. */
export function prefetcher(how: { load(remote: RemoteName): Promise<unknown>; download(remote: RemoteName): Promise<unknown> }) {
  return (key: PrefetchKey): Promise<unknown> => {
    const [kind, remote] = key.split(':') as ['load' | 'download', RemoteName];
    return kind === 'load' ? how.load(remote) : how.download(remote);
  };
}

/**
 * Route prefetch (spec §9): pointing at or focusing an in-app link loads its route's remote at once
 * (urgent); links that come into view have their remote's files downloaded (not run), in idle time
 * after the page has loaded, unless the visitor asked the browser to save data. Returns a function
 * that stops it.
 */
export function installLinkPrefetch(doc: Document, flags: Flags, queue: PrefetchQueue<PrefetchKey>): () => void {
  const resolve = remoteResolver(flags, doc.location.origin);
  const remoteOf = (target: EventTarget | null): RemoteName | null => {
    const link = target instanceof Element ? target.closest('a[href]') : null;
    return link ? resolve(link.getAttribute('href')!) : null;
  };
  const onIntent = (event: Event) => {
    const remote = remoteOf(event.target);
    if (remote) queue.add(`load:${remote}`, { urgent: true });
  };
  doc.addEventListener('pointerover', onIntent, { passive: true });
  doc.addEventListener('focusin', onIntent);
  doc.addEventListener('touchstart', onIntent, { passive: true });
  const stops = [
    () => doc.removeEventListener('pointerover', onIntent),
    () => doc.removeEventListener('focusin', onIntent),
    () => doc.removeEventListener('touchstart', onIntent),
  ];

  const view = doc.defaultView;
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (view && 'IntersectionObserver' in view && !saveData) {
    const seen = new WeakSet<Element>();
    const visible = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        visible.unobserve(entry.target);
        const remote = remoteOf(entry.target);
        if (remote) queue.add(`download:${remote}`);
      }
    });
    const watch = (root: Element | Document) => {
      const links = [...root.querySelectorAll('a[href]')];
      if (root instanceof Element && root.matches('a[href]')) links.push(root);
      for (const link of links) {
        if (seen.has(link)) continue;
        seen.add(link);
        visible.observe(link);
      }
    };
    const added = new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) if (node instanceof Element) watch(node);
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const begin = () => {
      timer = setTimeout(() => {
        const idle = (view as Window & { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 0));
        idle(() => {
          watch(doc);
          added.observe(doc.body, { childList: true, subtree: true });
        });
      }, VIEWPORT_PREFETCH_DELAY_MS);
    };
    if (doc.readyState === 'complete') begin();
    else view.addEventListener('load', begin, { once: true });
    stops.push(() => {
      clearTimeout(timer);
      view.removeEventListener('load', begin);
      visible.disconnect();
      added.disconnect();
    });
  }
  return () => stops.forEach((stop) => stop());
}
