import { userAtom, type ApiClient, type AppStore, type User } from '@dating/shared';

/** The auth session as the shell keeps it: one user fetch at a time, logout that always ends. */
export function createSession(api: ApiClient, store: AppStore) {
  let inflight: Promise<User | null> | null = null;

  function refreshUser(): Promise<User | null> {
    inflight ??= api
      .getUser()
      .then((r) => r.user, () => null)
      .then((user) => {
        store.set(userAtom, user);
        return user;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  }

  /** The user, fetched first when not known yet (routes that need login call this). */
  function ensureUser(): Promise<User | null> {
    const known = store.get(userAtom);
    return known !== undefined ? Promise.resolve(known) : refreshUser();
  }

  /** Spec §4/§8: 'done' clears the user; on error the user is cleared anyway. */
  async function logout(): Promise<void> {
    try {
      await api.logout();
    } catch (error) {
      console.error('logout failed', error);
    }
    store.set(userAtom, null);
  }

  return { refreshUser, ensureUser, logout };
}

export type Session = ReturnType<typeof createSession>;
