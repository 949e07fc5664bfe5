import { QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  ApiError,
  isPushActive,
  liveEventAtom,
  liveStreamOpenAtom,
  loadContract,
  loggingOutAtom,
  LOGOUT_FLAG_MS,
  pushStateAtom,
  queryKeys,
  SOCIAL_POLL_DELAY_MS,
  USER_POLL_MS,
  USER_POLL_PUSH_MS,
  userAtom,
  type ApiClient,
  type AppStore,
  type User,
} from '@dating/shared';

/** The part of EventSource the session uses (tests pass a fake): `open`, `error` and the live event types. */
export interface EventStream {
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface SessionOptions {
  /** Opens the live event stream (server-sent events); null when the browser has none. */
  openEvents?: (url: string) => EventStream | null;
}

const browserEvents = (url: string): EventStream | null =>
  typeof EventSource === 'undefined' ? null : new EventSource(url, { withCredentials: true });

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * The member's session as the shell keeps it (spec §4, §8). The member, their chats and likes live
 * in the page's query cache (`queryKeys.user()`, `.chats()`, `.likes()`); `userAtom`, `chatsAtom`,
 * `likesAtom` show it. Polling is TanStack Query's own: the session observes the three queries with
 * a `refetchInterval` (paused while the page is in the background), and the live events refetch them.
 * - logging in (the cache gets a member) starts user polling, and chats and likes polling 1 s
 *   later, every 60 s (300 s while push is subscribed), and opens the live event stream, which
 *   refreshes chats and likes as soon as something happens. While the stream is open nothing is
 *   polled; when it errors or closes, polling resumes (the spec's polling is the fallback):
 *   `decidePolling` is the one place that decides;
 * - a 403 from user.php clears the user; a 403 from chats or likes fetches the user again (which
 *   clears it when the session is gone), so the page never keeps showing a dead session; any other
 *   failure is only logged, and what the cache had stays (no view turns into an error for a poll);
 * - logout stops everything and keeps a logging-out flag for 1 s; whatever the logout call answers,
 *   the user is cleared.
 */
export function createSession(api: ApiClient, store: AppStore, queryClient: QueryClient, options: SessionOptions = {}) {
  const openEvents = options.openEvents ?? browserEvents;
  let socialDelay: ReturnType<typeof setTimeout> | null = null;
  let flagTimer: ReturnType<typeof setTimeout> | null = null;
  let events: EventStream | null = null;
  /** A member is logged in: polling or the event stream keeps their data fresh. */
  let active = false;
  /** The event stream is open (between its `open` and an `error`). */
  let streamOpen = false;
  /** The chats and likes are observed (from 1 s after start until stop). */
  let socialWatched = false;

  const interval = () => (isPushActive(store.get(pushStateAtom)) ? USER_POLL_PUSH_MS : USER_POLL_MS);
  /** How often the observed queries refetch: only for a logged-in member whose stream is not open. */
  const every = (): number | false => (active && !streamOpen ? interval() : false);
  const loggingOut = () => store.get(loggingOutAtom);
  const setUser = (user: User | null) => queryClient.setQueryData(queryKeys.user(), user);

  async function fetchUser(): Promise<User | null> {
    try {
      const { user } = await api.getUser();
      // An answer that arrives while logging out does not log the member back in.
      return loggingOut() ? (store.get(userAtom) ?? null) : user;
    } catch (error) {
      if (isForbidden(error)) return null;
      // A network blip does not log anyone out; an unknown user becomes a visitor.
      console.error('user.php failed', error);
      return store.get(userAtom) ?? null;
    }
  }

  /** A chats or likes fetch: on failure the cache keeps what it had (spec §8: only logged). */
  function socialFetch<T>(name: string, key: QueryKey, call: () => Promise<T>) {
    return async (): Promise<T> => {
      const kept = () => {
        const data = queryClient.getQueryData<T>(key);
        if (data === undefined) throw new Error(`${name}: nothing fetched`);
        return data;
      };
      if (!store.get(userAtom) || loggingOut()) return kept();
      try {
        const value = await call();
        return store.get(userAtom) && !loggingOut() ? value : kept();
      } catch (error) {
        if (isForbidden(error)) await refreshUser();
        else console.error(`${name} failed`, error);
        return kept();
      }
    };
  }

  // What the session's observers ask of TanStack Query: no retries (the next poll is the retry), no
  // refetch on focus or reconnect (the polls and the stream decide), the interval from `every`.
  const polled = { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;
  const userOptions = () => ({ ...polled, queryKey: queryKeys.user(), queryFn: fetchUser, refetchOnMount: false, refetchInterval: every() });
  const chatsOptions = () => ({
    ...polled,
    queryKey: queryKeys.chats(),
    queryFn: socialFetch('chats.php', queryKeys.chats(), async () => (await api.chats()).chats),
    staleTime: 0,
    refetchInterval: every(),
  });
  const likesOptions = () => ({ ...polled, queryKey: queryKeys.likes(), queryFn: socialFetch('likes.php', queryKeys.likes(), () => api.likes()), staleTime: 0, refetchInterval: every() });

  // Made at the first login (a visitor's page, and the server's render, observe nothing).
  const makeObservers = () => ({
    user: new QueryObserver(queryClient, userOptions()),
    chats: new QueryObserver(queryClient, chatsOptions()),
    likes: new QueryObserver(queryClient, likesOptions()),
  });
  let observers: ReturnType<typeof makeObservers> | null = null;
  const unsubscribers: Array<() => void> = [];
  const nothing = () => {};

  /** Gives every observer its current options: the interval, and the queries the cache holds now (a new member's). */
  function applyOptions() {
    observers?.user.setOptions(userOptions());
    observers?.chats.setOptions(chatsOptions());
    observers?.likes.setOptions(likesOptions());
  }

  function refreshUser(): Promise<User | null> {
    // Deduplicated with a fetch of the user under way (a poll, a route that needs the member).
    return queryClient
      .fetchQuery({ ...polled, queryKey: queryKeys.user(), queryFn: fetchUser, staleTime: 0 })
      .then((user) => (loggingOut() ? null : user), () => store.get(userAtom) ?? null);
  }

  /** The user, fetched first when not known yet (routes that need login call this). */
  function ensureUser(): Promise<User | null> {
    const known = store.get(userAtom);
    return known !== undefined ? Promise.resolve(known) : refreshUser();
  }

  /** A fresh fetch (one under way is replaced: it may predate the event that asked for this one). */
  function refetchNow(which: 'chats' | 'likes'): Promise<void> {
    if (!active || !observers || !store.get(userAtom) || loggingOut()) return Promise.resolve();
    return observers[which].refetch({ cancelRefetch: true }).then(nothing, nothing);
  }
  const refreshChats = () => refetchNow('chats');
  const refreshLikes = () => refetchNow('likes');
  const refreshSocial = () => Promise.all([refreshChats(), refreshLikes()]).then(nothing);

  /** Chats and likes: observed from 1 s after start (fetched then), or fetched then when already observed. */
  function watchSocialSoon() {
    if (socialDelay) clearTimeout(socialDelay);
    socialDelay = setTimeout(() => {
      socialDelay = null;
      if (!active) return;
      applyOptions();
      if (socialWatched) {
        void refreshSocial();
        return;
      }
      socialWatched = true;
      // Subscribing fetches them (stale at once) and starts their interval.
      if (observers) unsubscribers.push(observers.chats.subscribe(nothing), observers.likes.subscribe(nothing));
    }, SOCIAL_POLL_DELAY_MS);
  }

  /**
   * The one place that decides whether to poll: for a logged-in member whose event stream is not
   * open. Polling that resumes fetches the user at once (a stream that failed may mean the session
   * ended) and chats and likes 1 s later; while the stream is open the intervals are off (the first
   * chats and likes, 1 s after start, still come, or a stream that opens within that second would
   * leave the lists and badges empty).
   */
  let polling = false;
  function decidePolling() {
    const next = active && !streamOpen;
    if (next === polling) return;
    polling = next;
    applyOptions();
    if (!polling) return;
    void refreshUser();
    watchSocialSoon();
  }

  /** Every `event:` type of /api/events.php (typing and presence only go to the atom). */
  const LIVE_EVENT_TYPES = ['message', 'like', 'read', 'typing', 'presence', 'chat_removed'] as const;

  function openStream() {
    try {
      events = openEvents(api.eventsUrl());
    } catch (error) {
      console.error('live events unavailable; polling only', error);
      events = null;
    }
    if (!events) return;
    // The contract (zod) comes with the first event; events still apply in the order they came.
    const onEvent = async (e: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(e.data));
      } catch {
        return;
      }
      const contract = await loadContract().catch(() => null);
      if (!contract) return;
      const parsed = contract.LiveEventSchema.safeParse(data);
      if (!parsed.success) return;
      store.set(liveEventAtom, parsed.data);
      const type = parsed.data.type;
      // A message, a read (on another page too) or a removed chat changes the list and its badge.
      if (type === 'message' || type === 'read' || type === 'chat_removed') void refreshChats();
      else if (type === 'like') void refreshLikes();
    };
    for (const type of LIVE_EVENT_TYPES) events.addEventListener(type, (e) => void onEvent(e));
    let dropped = false;
    events.addEventListener('open', () => {
      if (!active) return;
      streamOpen = true;
      store.set(liveStreamOpenAtom, true);
      decidePolling();
      // Back after a drop: what happened meanwhile (polling covered it, but not since its last poll).
      if (dropped) void refreshSocial();
    });
    // EventSource reconnects by itself after an error (and fires `open` again); until then: polling.
    events.addEventListener('error', () => {
      if (!active) return;
      dropped = true;
      streamOpen = false;
      store.set(liveStreamOpenAtom, false);
      decidePolling();
    });
  }

  function start() {
    if (active) return;
    active = true;
    polling = !streamOpen;
    observers ??= makeObservers();
    applyOptions();
    unsubscribers.push(observers.user.subscribe(nothing));
    watchSocialSoon();
    openStream();
  }

  function stop() {
    active = false;
    streamOpen = false;
    polling = false;
    store.set(liveStreamOpenAtom, false);
    if (socialDelay) clearTimeout(socialDelay);
    socialDelay = null;
    socialWatched = false;
    for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
    events?.close();
    events = null;
  }

  // Polling follows the member: it starts on login (however it happens) and stops on logout (the
  // member's chats and likes leave the cache with them: `connectQueryCache`).
  let member = store.get(userAtom)?.profile.id ?? null;
  store.sub(userAtom, () => {
    const user = store.get(userAtom);
    if (user && !loggingOut()) {
      // Another member (a login over a session): observe their chats and likes, fetched at once.
      if (active && user.profile.id !== member) applyOptions();
      start();
    } else if (user === null) stop();
    member = user?.profile.id ?? null;
  });
  // Subscribing to push slows polling down to 300 s (and back).
  store.sub(pushStateAtom, () => {
    if (active) applyOptions();
  });

  /** Spec §4, §8: 'done' clears the user; on error the user is cleared anyway. */
  async function logout(): Promise<void> {
    if (flagTimer) clearTimeout(flagTimer);
    store.set(loggingOutAtom, true);
    stop();
    try {
      const answer = await api.logout();
      if (answer !== 'done') console.error('logout answered', answer);
    } catch (error) {
      console.error('logout failed', error);
    }
    setUser(null);
    flagTimer = setTimeout(() => {
      flagTimer = null;
      store.set(loggingOutAtom, false);
    }, LOGOUT_FLAG_MS);
  }

  if (store.get(userAtom)) start();

  return {
    refreshUser,
    ensureUser,
    refreshChats,
    refreshLikes,
    logout,
    /** Whether polling runs: a member is logged in and their event stream is not open (dev panel, tests). */
    isPolling: () => active && !streamOpen,
    /** Stops everything (page teardown, tests). */
    dispose: stop,
  };
}

export type Session = ReturnType<typeof createSession>;
