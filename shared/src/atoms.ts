import { atom, createStore, type Atom } from 'jotai';
import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Locale } from './locales';
import { DEFAULT_LOCALE } from './locales';
import { queryKeys } from './query';
import type { SiteSettings } from './schemas/site';
import type { TrackingInfo } from './schemas/account';
import type { ChatListItem, LikesResponse, LiveEvent } from './schemas/social';
import type { PushState } from './clientState';
import type { User } from './schemas/user';

// Server state lives in the page's QueryClient (`./query`), nowhere else. The atoms below that hold
// server data are read-only views of its cache, so components and the shell's `store.sub` read it
// as before; they write it with `queryClient.setQueryData(queryKeys.…)`.

/** The page's QueryClient, put into the store by `connectQueryCache`. */
export const queryClientAtom = atom<QueryClient | null>(null);
/** Bumped whenever one of the viewed queries changes: what makes the views below recompute. */
const cacheVersionAtom = atom(0);
const VIEWED = [queryKeys.user(), queryKeys.chats(), queryKeys.likes(), queryKeys.settings()];
const VIEWED_HASHES = new Set(VIEWED.map((key) => hashKey(key)));

/**
 * A read-only view of one query's data. Typed read-only; at run time a write still goes to the same
 * cache, for remotes built against a contract older than 1.2 (which wrote these atoms).
 */
function cacheView<T, F>(queryKey: QueryKey, fallback: F): Atom<T | F> {
  return atom(
    (get) => {
      get(cacheVersionAtom);
      const data = get(queryClientAtom)?.getQueryData<T>(queryKey);
      return data === undefined ? fallback : data;
    },
    (get, _set, next: T | F | ((previous: T | F) => T | F)) => {
      const client = get(queryClientAtom);
      client?.setQueryData<T | F>(queryKey, (previous) =>
        typeof next === 'function' ? (next as (p: T | F) => T | F)(previous === undefined ? fallback : previous) : next,
      );
    },
  );
}

/**
 * Makes `store` show `client`'s cache (the shell, a harness and the test helpers call it once, with
 * the page's one store and client). When the member changes (login, logout, a 403), everything the
 * previous one's views read is removed from the cache: it is never shown to the next one.
 */
export function connectQueryCache(store: ReturnType<typeof createStore>, client: QueryClient): () => void {
  store.set(queryClientAtom, client);
  const userHash = hashKey(queryKeys.user());
  const kept = new Set([userHash, hashKey(queryKeys.settings())]);
  let member = client.getQueryData(queryKeys.user())?.profile.id ?? null;
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (!VIEWED_HASHES.has(event.query.queryHash)) return;
    if (event.query.queryHash === userHash) {
      const next = client.getQueryData(queryKeys.user())?.profile.id ?? null;
      if (next !== member) {
        member = next;
        // A view's fetch under way that caused the change (a token link that logs out) keeps its
        // answer for the view showing it; marked stale, it is fetched afresh wherever it shows next.
        const causing = (query: Query) =>
          query.state.fetchStatus === 'fetching' && query.getObserversCount() > 0 && !VIEWED_HASHES.has(query.queryHash);
        const spared = client.getQueryCache().findAll({ predicate: causing });
        client.removeQueries({ predicate: (query) => !kept.has(query.queryHash) && !spared.includes(query) });
        for (const query of spared) void query.promise?.finally(() => query.invalidate()).catch(() => {});
      }
    }
    store.set(cacheVersionAtom, (v) => v + 1);
  });
  store.set(cacheVersionAtom, (v) => v + 1);
  return unsubscribe;
}

/** The member (`queryKeys.user()`): undefined while unknown, null when logged out. */
export const userAtom = cacheView<User | null, undefined>(queryKeys.user(), undefined);
export const loggedInAtom = atom((get) => Boolean(get(userAtom)));
export const localeAtom = atom<Locale>(DEFAULT_LOCALE);
/** The site settings the page started with (`queryKeys.settings()`; remotes get them as `props.settings`). */
export const siteSettingsAtom = cacheView<SiteSettings, null>(queryKeys.settings(), null);
/**
 * Set to true by mf-auth-signup when a signup reaches its last step (step 7, spec §4: "reaching
 * step 7 signals the signup flow complete"). The shell or a lander may react to it (e.g. tracking
 * pixels, leaving a lander layout); nobody needs to reset it within a page's life.
 */
export const signupCompleteAtom = atom(false);

/** The member's likes (`queryKeys.likes()`: likes page, polling, live events); null until known. */
export const likesAtom = cacheView<LikesResponse, null>(queryKeys.likes(), null);
/** Members who liked the member and whose like is still new: part of the app badge (spec §4). */
export const newLikesCountAtom = atom((get) => get(likesAtom)?.liked_by.filter((p) => p.like_new).length ?? 0);

/** The member's chat list (`queryKeys.chats()`: chats page, polling, live events); null until known. */
export const chatsAtom = cacheView<ChatListItem[], null>(queryKeys.chats(), null);
/** Unread messages over all conversations: the other part of the app badge (spec §4). */
export const unreadMessagesCountAtom = atom(
  (get) => get(chatsAtom)?.reduce((sum, c) => sum + c.num_unread_messages, 0) ?? 0,
);
/** The last live event (server-sent events: a new message or like); a new object per event. */
export const liveEventAtom = atom<LiveEvent | null>(null);
/**
 * True while the member's event stream is open (the shell's session keeps it): polls that only
 * back up the stream (spec §9 polling stays the fallback) stop meanwhile.
 */
export const liveStreamOpenAtom = atom(false);
/** True for 1 s after logout started (spec §4): answers arriving meanwhile do not log back in. */
export const loggingOutAtom = atom(false);
/** Tracking parameters captured on entry (network, ref, sub1–sub3); the signup sends them. */
export const trackingAtom = atom<TrackingInfo>({});
/** Web Push state of this browser for this site (the shell keeps it current). */
export const pushStateAtom = atom<PushState>('unsupported');

export type AppStore = ReturnType<typeof createStore>;
export { createStore };

/**
 * What the page shows, for the page title, when the route's own title is too general: a view sets
 * it for its path (e.g. "Miguel, 31" on /members/42) and clears it on leaving (`usePageTitle`).
 * The shell writes `{page} – {brand}` and uses it only while the browser is on that path.
 */
export const pageTitleAtom = atom<{ path: string; title: string } | null>(null);
