import * as React from 'react';
import { useIntl } from 'react-intl';
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
 * A view whose code (and the libraries only it uses, such as react-hook-form for a form) loads when
 * the view is first shown, not with the remote's `./mount`: the routes of the remote's other views
 * start without it (issue 13's start-up budget). Meanwhile the kit's polite loading status.
 * Name the chunk `view-<view>`: the build lists it in the remote's manifest (rspack.base.js
 * ExposeSharedPlugin), so the front server preloads it, and the budget counts it, for its route.
 * with the import's magic comment, as mf-landers/src/mount.tsx does for `complaints`
 * (webpackChunkName "view-complaints").
 */
export function lazyView<P extends object>(load: () => Promise<React.ComponentType<P>>): React.ComponentType<P> {
  loaders.add(load);
  const Lazy = React.lazy(() => load().then((component) => ({ default: component })));
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
