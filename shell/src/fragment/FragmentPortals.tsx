import * as React from 'react';
import { createPortal } from 'react-dom';
import { useShell } from '../context';
import { FragmentOutlet, HydratedFragment } from '../remote/FragmentOutlet';

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
          <HydratedFragment key={e.id} remote={e.spec.remote} expose={e.spec.name} options={e.spec.options} element={e.server} />
        ) : createPortal(
          <FragmentOutlet remote={e.spec.remote} expose={e.spec.name} options={e.spec.options} label={e.spec.label} />,
          e.container,
          String(e.id),
        ),
      )}
    </>
  );
}
