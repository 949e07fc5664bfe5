import * as React from 'react';
import { liveEventAtom, useRemote, type LiveEvent } from '@dating/shared';

/**
 * Calls `handler` for every live event the shell receives (server-sent events), each one: a
 * subscription on the shared store, so two events in one tick are both seen.
 */
export function useLiveEvents(handler: (event: LiveEvent) => void): void {
  const { store } = useRemote();
  const ref = React.useRef(handler);
  ref.current = handler;
  React.useEffect(
    () =>
      store.sub(liveEventAtom, () => {
        const event = store.get(liveEventAtom);
        if (event) ref.current(event);
      }),
    [store],
  );
}
