import * as React from 'react';
import { createPortal } from 'react-dom';
import { useShell } from '../context';
import { FragmentOutlet } from '../remote/FragmentOutlet';

/** Every fragment a remote mounted, rendered into the remote's element (see fragmentStore.ts). */
export function FragmentPortals() {
  const { fragments } = useShell();
  const entries = React.useSyncExternalStore(fragments.subscribe, fragments.get, fragments.get);
  return (
    <>
      {entries.map((e) =>
        createPortal(
          <FragmentOutlet remote={e.spec.remote} expose={e.spec.name} options={e.spec.options} label={e.spec.label} />,
          e.container,
          String(e.id),
        ),
      )}
    </>
  );
}
