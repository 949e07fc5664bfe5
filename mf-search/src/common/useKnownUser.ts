import * as React from 'react';
import { useAtomValue } from 'jotai';
import { userAtom, useRemote, type User } from '@dating/shared';

/**
 * The member, asking the API once when the shell does not know yet (routes with optional login
 * are rendered before any user call). undefined while unknown, null for a visitor.
 */
export function useKnownUser(): User | null | undefined {
  const { api, store } = useRemote();
  const user = useAtomValue(userAtom);
  React.useEffect(() => {
    if (user !== undefined) return;
    let live = true;
    api.getUser().then(
      (r) => live && store.get(userAtom) === undefined && store.set(userAtom, r.user),
      (error) => {
        console.error('user could not be loaded', error);
        if (live && store.get(userAtom) === undefined) store.set(userAtom, null);
      },
    );
    return () => {
      live = false;
    };
  }, [api, store, user]);
  return user;
}
