import * as React from 'react';
import { createPortal } from 'react-dom';
import { useShell } from '../context';
import { FragmentOutlet } from '../remote/FragmentOutlet';

/** Only on a page whose fragments came rendered from the server: not in the start-up files. */
const HydratedFragment = React.lazy(() => import(/* webpackChunkName: "hydrated-fragment" */ '../remote/HydratedFragment'));

/**
 * Every fragment a remote mounted, rendered into the remote's element (see fragmentStore.ts); one
 * whose markup came from the server hydrates it instead.
 */
export function FragmentPortals() {
  const { fragments } = useShell();
  const entries = React.useSyncExternalStore(fragments.subscribe, fragments.get, fragments.get);
  return (
    <>
      {entries.map((e) =>
        e.server ? (
          <React.Suspense key={e.id} fallback={null}>
            <HydratedFragment remote={e.spec.remote} expose={e.spec.name} options={e.spec.options} label={e.spec.label} element={e.server} />
          </React.Suspense>
        ) : createPortal(
          <FragmentOutlet remote={e.spec.remote} expose={e.spec.name} options={e.spec.options} label={e.spec.label} />,
          e.container,
          String(e.id),
        ),
      )}
    </>
  );
}
