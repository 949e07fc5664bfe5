// The member as a view needs it: the query cache's member (`userAtom` views it), asked for once when
// nobody knows yet (routes with optional login and fragments on landers render before any user call
// has answered).
import * as React from 'react';
import { useAtomValue } from 'jotai';
import { ApiError } from './api/client';
import { userAtom } from './atoms';
import { queryKeys } from './query';
import { useRemote } from './mount';
import type { User } from './schemas/user';

/**
 * The member: undefined while unknown, null for a visitor. When the shell does not know yet, it asks
 * user.php once. The same rules as the shell's session (spec §4, §8): a 403 means logged out; any
 * other failure is logged and an unknown user becomes a visitor; an answer never overwrites a user
 * the shell learnt meanwhile.
 */
export function useKnownUser(): User | null | undefined {
  const { api, store, queryClient } = useRemote();
  const user = useAtomValue(userAtom, { store });
  const unknown = user === undefined;
  React.useEffect(() => {
    if (!unknown) return;
    let live = true;
    const learn = (user: User | null) => {
      if (live && queryClient.getQueryData(queryKeys.user()) === undefined) queryClient.setQueryData(queryKeys.user(), user);
    };
    api.getUser().then(
      (r) => learn(r.user),
      (error: unknown) => {
        if (!(error instanceof ApiError && error.status === 403)) console.error('user.php failed', error);
        learn(null);
      },
    );
    return () => {
      live = false;
    };
  }, [api, queryClient, unknown]);
  return user;
}

/**
 * Writes the member into the page's query cache (`queryKeys.user()`), the one place it lives: after
 * login, a signup step, a profile form, a purchase. `userAtom` and the shell's session follow.
 */
export function useSetUser(): (next: User | null | ((previous: User | null | undefined) => User | null | undefined)) => void {
  const { queryClient } = useRemote();
  return React.useCallback((next) => queryClient.setQueryData(queryKeys.user(), next), [queryClient]);
}
