import * as React from 'react';
import { mountRootParcel } from 'single-spa';
import type { FragmentProps, RemoteLifecycles, RemoteProps } from '@dating/shared';

/**
 * Mounts a parcel into the element holding the server's markup of its view or fragment
 * (single-spa-react's `renderType: 'hydrateRoot'`, shared/src/mount.tsx) and keeps its props current.
 */
export function useHydratingParcel(
  lifecycles: RemoteLifecycles | null,
  slot: React.RefObject<HTMLElement | null>,
  props: RemoteProps | FragmentProps,
  fail: (error: unknown) => void,
  mounted: () => void,
) {
  const parcel = React.useRef<ReturnType<typeof mountRootParcel> | null>(null);
  const latest = React.useRef({ props, fail, mounted });
  React.useLayoutEffect(() => {
    latest.current = { props, fail, mounted };
  });
  React.useEffect(() => {
    const domElement = slot.current;
    if (!lifecycles || !domElement) return;
    // A fragment's lifecycles complete FragmentProps into RemoteProps themselves (createFragmentMount).
    const mountedWith = latest.current.props;
    const p = mountRootParcel(lifecycles, { domElement, ...(mountedWith as RemoteProps) });
    parcel.current = p;
    p.mountPromise.then(
      () => {
        latest.current.mounted();
        // Props that changed while it mounted (the language switched while the view loaded and
        // hydrated) reach it now: the update effect below skips a parcel that is not mounted yet.
        if (parcel.current === p && latest.current.props !== mountedWith) sendProps(p, latest.current.props, domElement, latest.current.fail);
      },
      (error: unknown) => latest.current.fail(error),
    );
    return () => {
      parcel.current = null;
      void p.mountPromise.then(() => p.unmount()).catch(() => {});
    };
  }, [lifecycles, slot]);
  React.useEffect(() => {
    const p = parcel.current;
    if (p && p.getStatus() === 'MOUNTED') sendProps(p, props, slot.current!, fail);
  }, [props, fail, slot]);
}

/** A mounted parcel's props update; a failure goes to `fail`. */
function sendProps(p: ReturnType<typeof mountRootParcel>, props: RemoteProps | FragmentProps, domElement: HTMLElement, fail: (error: unknown) => void) {
  void p.update?.({ ...(props as RemoteProps), domElement })?.catch(fail);
}
