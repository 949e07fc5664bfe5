// The member as a view needs it: the shell's userAtom, asked for once when nobody knows yet (routes
// with optional login and fragments on landers render before any user call has answered).
import * as React from 'react';
import { useAtomValue } from 'jotai';
import { ApiError } from './api/client';
import { userAtom } from './atoms';
import { useRemote } from './mount';
import type { User } from './schemas/user';

/**
 * The member: undefined while unknown, null for a visitor. When the shell does not know yet, it asks
 * user.php once. The same rules as the shell's session (spec §4, §8): a 403 means logged out; any
 * other failure is logged and an unknown user becomes a visitor; an answer never overwrites a user
 * the shell learnt meanwhile.
 */
export function useKnownUser(): User | null | undefined {
  const { api, store } = useRemote();
  const user = useAtomValue(userAtom, { store });
  const unknown = user === undefined;
  React.useEffect(() => {
    if (!unknown) return;
    let live = true;
    api.getUser().then(
      (r) => {
        if (live && store.get(userAtom) === undefined) store.set(userAtom, r.user);
      },
      (error: unknown) => {
        if (!(error instanceof ApiError && error.status === 403)) console.error('user.php failed', error);
        if (live && store.get(userAtom) === undefined) store.set(userAtom, null);
      },
    );
    return () => {
      live = false;
    };
  }, [api, store, unknown]);
  return user;
}
