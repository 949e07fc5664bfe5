import type { QueryClient } from '@tanstack/react-query';
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
 * in the page's query cache (`queryKeys.user()`, `.chats()`, `.likes()`); the session's polls and
 * live events write there, and `userAtom`, `chatsAtom`, `likesAtom` show it.
 * - logging in (the cache gets a member) starts user polling, and chats and likes polling 1 s
 *   later, every 60 s (300 s while push is subscribed), and opens the live event stream, which
 *   refreshes chats and likes as soon as something happens. While the stream is open nothing is
 *   polled; when it errors or closes, polling resumes (the spec's polling is the fallback):
 *   `decidePolling` is the one place that decides;
 * - a 403 from user.php clears the user; a 403 from chats or likes fetches the user again (which
 *   clears it when the session is gone), so the page never keeps showing a dead session;
 * - logout stops everything and keeps a logging-out flag for 1 s; whatever the logout call answers,
 *   the user is cleared.
 */
export function createSession(api: ApiClient, store: AppStore, queryClient: QueryClient, options: SessionOptions = {}) {
  const openEvents = options.openEvents ?? browserEvents;
  let inflight: Promise<User | null> | null = null;
  let userTimer: ReturnType<typeof setInterval> | null = null;
  let socialDelay: ReturnType<typeof setTimeout> | null = null;
  let socialTimer: ReturnType<typeof setInterval> | null = null;
  let flagTimer: ReturnType<typeof setTimeout> | null = null;
  let events: EventStream | null = null;
  /** A member is logged in: polling or the event stream keeps their data fresh. */
  let active = false;
  /** The event stream is open (between its `open` and an `error`). */
  let streamOpen = false;

  const interval = () => (isPushActive(store.get(pushStateAtom)) ? USER_POLL_PUSH_MS : USER_POLL_MS);
  const loggingOut = () => store.get(loggingOutAtom);
  const setUser = (user: User | null) => queryClient.setQueryData(queryKeys.user(), user);

  function refreshUser(): Promise<User | null> {
    inflight ??= api
      .getUser()
      .then(
        (r) => {
          if (!loggingOut()) setUser(r.user);
          return loggingOut() ? null : r.user;
        },
        (error) => {
          if (isForbidden(error)) {
            setUser(null);
            return null;
          }
          // A network blip does not log anyone out; an unknown user becomes a visitor.
          console.error('user.php failed', error);
          const known = store.get(userAtom);
          if (known === undefined) setUser(null);
          return known ?? null;
        },
      )
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

  function social<T>(name: string, call: () => Promise<T>, keep: (value: T) => void): Promise<void> {
    if (!store.get(userAtom) || loggingOut()) return Promise.resolve();
    return call().then(
      (value) => {
        if (store.get(userAtom) && !loggingOut()) keep(value);
      },
      (error) => {
        if (isForbidden(error)) return refreshUser().then(() => undefined);
        console.error(`${name} failed`, error); // spec §8: likes (and chats) failures are only logged
      },
    );
  }

  const refreshChats = () => social('chats.php', api.chats, (r) => queryClient.setQueryData(queryKeys.chats(), r.chats));
  const refreshLikes = () => social('likes.php', api.likes, (r) => queryClient.setQueryData(queryKeys.likes(), r));
  const refreshSocial = () => Promise.all([refreshChats(), refreshLikes()]).then(() => undefined);

  function clearTimers() {
    if (userTimer) clearInterval(userTimer);
    if (socialDelay) clearTimeout(socialDelay);
    if (socialTimer) clearInterval(socialTimer);
    userTimer = socialDelay = socialTimer = null;
  }

  /**
   * The one place that decides whether to poll: for a logged-in member whose event stream is not
   * open. Polling that resumes fetches the user at once (a stream that failed may mean the session
   * ended) and chats and likes 1 s later.
   */
  function decidePolling() {
    if (!active) {
      clearTimers();
      return;
    }
    if (streamOpen) {
      // Only the repeating polls stop: the first chats and likes (1 s after start) still come, or
      // a stream that opens within that second would leave the lists and badges empty.
      if (userTimer) clearInterval(userTimer);
      if (socialTimer) clearInterval(socialTimer);
      userTimer = socialTimer = null;
      return;
    }
    if (userTimer || socialTimer) return; // already polling
    void refreshUser();
    startTimers(true);
  }

  function startTimers(fetchSocialFirst: boolean) {
    clearTimers();
    const every = interval();
    userTimer = setInterval(() => void refreshUser(), every);
    socialDelay = setTimeout(() => {
      socialDelay = null;
      if (fetchSocialFirst) void refreshSocial();
      if (!streamOpen) socialTimer = setInterval(() => void refreshSocial(), every);
    }, SOCIAL_POLL_DELAY_MS);
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
    startTimers(true);
    openStream();
  }

  function stop() {
    active = false;
    streamOpen = false;
    store.set(liveStreamOpenAtom, false);
    clearTimers();
    events?.close();
    events = null;
  }

  // Polling follows the member: it starts on login (however it happens) and stops on logout (the
  // member's chats and likes leave the cache with them: `connectQueryCache`).
  store.sub(userAtom, () => {
    const user = store.get(userAtom);
    if (user && !loggingOut()) start();
    else if (user === null) stop();
  });
  // Subscribing to push slows user polling down to 300 s (and back).
  let lastInterval = interval();
  store.sub(pushStateAtom, () => {
    const next = interval();
    if (next === lastInterval) return;
    lastInterval = next;
    if (active && !streamOpen) startTimers(false);
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
