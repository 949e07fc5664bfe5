import * as React from 'react';
import { liveEventAtom, useRemote, type LiveEvent } from '@dating/shared';

/**
 * Calls `handler` for every live event the shell receives (server-sent events), each one: a
 * subscription on the shared store, so two events in one tick are both seen.
 */
export function useLiveEvents(handler: (event: LiveEvent) => void): void {
  const { store } = useRemote();
  // The latest handler, called from the subscription (an effect event, not a ref set while rendering).
  const onEvent = React.useEffectEvent(handler);
  React.useEffect(
    () =>
      store.sub(liveEventAtom, () => {
        const event = store.get(liveEventAtom);
        if (event) onEvent(event);
      }),
    [store],
  );
}
