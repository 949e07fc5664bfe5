import * as React from 'react';
import { useAtom } from 'jotai';
import { useRemote, userAtom, type User } from '@dating/shared';

/**
 * The member, asking user.php when nobody has yet (a fragment on a lander may be the first to
 * need it). undefined while unknown, null when logged out.
 */
export function useKnownUser(): User | null | undefined {
  const { api } = useRemote();
  const [user, setUser] = useAtom(userAtom);
  const unknown = user === undefined;
  React.useEffect(() => {
    if (!unknown) return;
    let live = true;
    api.getUser().then(
      (r) => live && setUser((u) => (u === undefined ? r.user : u)),
      () => live && setUser((u) => (u === undefined ? null : u)),
    );
    return () => {
      live = false;
    };
  }, [api, unknown, setUser]);
  return user;
}
