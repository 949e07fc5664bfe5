import * as React from 'react';
import { useIntl } from 'react-intl';
import { REMOTE_RETRIES, REMOTE_RETRY_DELAY_MS } from '../rules';
import { Loading } from './Loading';

const loaders = new Set<() => Promise<unknown>>();

/**
 * Loads the code of every view made with lazyView so far. Component tests do it before a file's
 * tests (types/jest-dom-setup.js), as their imports did when views were static: a cold run compiles
 * the view's modules then, not inside a test's first one-second wait.
 */
export function loadLazyViews(): Promise<unknown[]> {
  return Promise.all([...loaders].map((load) => load()));
}

/**
 * The view's code, asked for again after a failure (as the federation runtime does for a remote's
 * entry and mount). A chunk whose first request failed (a preload while the remote's origin was
 * unreachable) fails again at once in Chromium without a request: the failed preload answers it.
 * The second try goes to the network. React.lazy keeps a rejection for good, so it must not see one
 * that a second try would have avoided.
 */
async function withRetries<T>(load: () => Promise<T>, retries = REMOTE_RETRIES): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (retries <= 0) throw error;
    await new Promise((resolve) => setTimeout(resolve, REMOTE_RETRY_DELAY_MS));
    return withRetries(load, retries - 1);
  }
}

/**
 * A view whose code (and the libraries only it uses, such as react-hook-form for a form) loads when
 * the view is first shown, not with the remote's `./mount`: the routes of the remote's other views
 * start without it (the start-up budget). Meanwhile the kit's polite loading status.
 * Name the chunk `view-<view>`: the build lists it in the remote's manifest (rspack.base.js
 * ExposeSharedPlugin), so the front server preloads it, and the budget counts it, for its route.
 * with the import's magic comment, as mf-landers/src/mount.tsx does for `complaints`
 * (webpackChunkName "view-complaints").
 */
export function lazyView<P extends object>(load: () => Promise<React.ComponentType<P>>): React.ComponentType<P> {
  loaders.add(load);
  const Lazy = React.lazy(() => withRetries(load).then((component) => ({ default: component })));
  function LazyView(props: P) {
    const intl = useIntl();
    return (
      <React.Suspense fallback={<Loading>{intl.formatMessage({ id: 'ui.loading', defaultMessage: 'Loading…' })}</Loading>}>
        <Lazy {...props} />
      </React.Suspense>
    );
  }
  return LazyView;
}
