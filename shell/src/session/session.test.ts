import {
  ApiError,
  chatsAtom,
  createStore,
  likesAtom,
  liveEventAtom,
  liveStreamOpenAtom,
  loggingOutAtom,
  LOGOUT_FLAG_MS,
  pushStateAtom,
  SOCIAL_POLL_DELAY_MS,
  USER_POLL_MS,
  USER_POLL_PUSH_MS,
  userAtom,
  type ApiClient,
  type ChatListItem, queryKeys, } from '@dating/shared';
import { focusManager } from '@tanstack/react-query';
import { createTestState, member, mockApi, type MockApi } from '@dating/shared/testing';
import { createSession, type EventStream } from './session';

const anna = member();
const chat = (unread: number): ChatListItem => ({
  conversation: { id: 5, last_message: 'hi', last_message_at: '2025-01-01T10:00:00Z' },
  profile: { id: 9, name: 'Bo', age: 30, gender: 'male', city: null, country: 'NL', countryregion: null, language: 'nl', main_image: null, images: [], personal: '', fictional: false, liked: false },
  num_unread_messages: unread,
});
const forbidden = () => new ApiError(403, 'Log in first', 'forbidden');

/** A fake EventSource: the test fires server-sent events by name. */
function fakeStream() {
  const listeners = new Map<string, Array<(e: MessageEvent) => void>>();
  const stream: EventStream & { fire(type: string, data: unknown): void; closed: boolean } = {
    closed: false,
    addEventListener: (type, fn) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    close() {
      this.closed = true;
    },
    fire: (type, data) => listeners.get(type)?.forEach((fn) => fn(new MessageEvent(type, { data: JSON.stringify(data) }))),
  };
  return stream;
}

let api: MockApi;
let store: ReturnType<typeof createStore>;
let queryClient: ReturnType<typeof createTestState>['queryClient'];
let stream: ReturnType<typeof fakeStream>;
let session: ReturnType<typeof createSession>;

function start(user: typeof anna | null = null) {
  ({ store, queryClient } = createTestState({ user }));
  stream = fakeStream();
  session = createSession(api as unknown as ApiClient, store, queryClient, { openEvents: () => stream });
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  api = mockApi();
  api.getUser.mockResolvedValue({ user: anna });
  api.chats.mockResolvedValue({ chats: [chat(2)] });
  api.likes.mockResolvedValue({ profiles: [], liked_by: [] });
  api.eventsUrl.mockReturnValue('/api/events.php');
});
afterEach(() => {
  session?.dispose();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('polling after login', () => {
  it('starts user polling at login and chats and likes polling 1 s later, every 60 s', async () => {
    start(null);
    queryClient.setQueryData(queryKeys.user(), anna); // the login view sets the member
    await jest.advanceTimersByTimeAsync(SOCIAL_POLL_DELAY_MS - 1);
    expect(api.chats).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(api.chats).toHaveBeenCalledTimes(1);
    expect(api.likes).toHaveBeenCalledTimes(1);
    expect(store.get(chatsAtom)).toEqual([chat(2)]);

    await jest.advanceTimersByTimeAsync(USER_POLL_MS - SOCIAL_POLL_DELAY_MS - 1);
    expect(api.getUser).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(api.getUser).toHaveBeenCalledTimes(1);
    expect(api.chats).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(SOCIAL_POLL_DELAY_MS);
    expect(api.chats).toHaveBeenCalledTimes(2);
    expect(api.likes).toHaveBeenCalledTimes(2);

    await jest.advanceTimersByTimeAsync(USER_POLL_MS * 3);
    expect(api.getUser).toHaveBeenCalledTimes(4);
    expect(api.chats).toHaveBeenCalledTimes(5);
  });

  it('polls every 300 s while push is subscribed, and at 60 s again when it is not', async () => {
    start(null);
    store.set(pushStateAtom, 'subscribed');
    queryClient.setQueryData(queryKeys.user(), anna);
    await jest.advanceTimersByTimeAsync(USER_POLL_MS);
    expect(api.getUser).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(USER_POLL_PUSH_MS - USER_POLL_MS);
    expect(api.getUser).toHaveBeenCalledTimes(1);

    store.set(pushStateAtom, 'denied');
    await jest.advanceTimersByTimeAsync(USER_POLL_MS);
    expect(api.getUser).toHaveBeenCalledTimes(2);
  });

  it('pauses while the page is in the background, and polls again when it is back in front', async () => {
    start(anna);
    await jest.advanceTimersByTimeAsync(SOCIAL_POLL_DELAY_MS);
    expect(api.chats).toHaveBeenCalledTimes(1);
    focusManager.setFocused(false);
    try {
      await jest.advanceTimersByTimeAsync(USER_POLL_MS * 3);
      expect(api.getUser).not.toHaveBeenCalled();
      expect(api.chats).toHaveBeenCalledTimes(1);
    } finally {
      focusManager.setFocused(undefined);
    }
    await jest.advanceTimersByTimeAsync(USER_POLL_MS);
    expect(api.getUser).toHaveBeenCalledTimes(1);
    expect(api.chats).toHaveBeenCalledTimes(2);
  });

  it('a failed poll only logs: the chats the page shows stay, with no error state', async () => {
    start(anna);
    await jest.advanceTimersByTimeAsync(SOCIAL_POLL_DELAY_MS);
    api.chats.mockRejectedValue(new ApiError(0, 'Network error', 'network'));
    await jest.advanceTimersByTimeAsync(USER_POLL_MS);
    expect(api.chats).toHaveBeenCalledTimes(2);
    expect(console.error).toHaveBeenCalledWith('chats.php failed', expect.any(ApiError));
    expect(store.get(chatsAtom)).toEqual([chat(2)]);
    expect(queryClient.getQueryState(queryKeys.chats())?.status).toBe('success');
  });

  it('a login over a session polls the new member’s chats at once', async () => {
    start(anna);
    await jest.advanceTimersByTimeAsync(SOCIAL_POLL_DELAY_MS);
    const bo = member({ profile: { ...anna.profile, id: 77, name: 'Bo' } });
    api.chats.mockResolvedValue({ chats: [chat(7)] });
    queryClient.setQueryData(queryKeys.user(), bo);
    await jest.advanceTimersByTimeAsync(0);
    expect(api.chats).toHaveBeenCalledTimes(2);
    expect(store.get(chatsAtom)).toEqual([chat(7)]);
    await jest.advanceTimersByTimeAsync(USER_POLL_MS);
    expect(api.chats).toHaveBeenCalledTimes(3);
  });

  it('does not poll for a visitor', async () => {
    start(null);
    await jest.advanceTimersByTimeAsync(USER_POLL_MS * 2);
    expect(api.getUser).not.toHaveBeenCalled();
    expect(api.chats).not.toHaveBeenCalled();
    expect(session.isPolling()).toBe(false);
  });

  it('a member already logged in when the page loads is polled too', async () => {
    start(anna);
    expect(session.isPolling()).toBe(true);
    await jest.advanceTimersByTimeAsync(SOCIAL_POLL_DELAY_MS);
    expect(api.likes).toHaveBeenCalledTimes(1);
  });
});

describe('a 403 from the API', () => {
  it('from user.php clears the user and stops polling', async () => {
    start(anna);
    api.getUser.mockRejectedValue(forbidden());
    await jest.advanceTimersByTimeAsync(USER_POLL_MS);
    expect(store.get(userAtom)).toBeNull();
    expect(session.isPolling()).toBe(false);
    await jest.advanceTimersByTimeAsync(USER_POLL_MS * 2);
    expect(api.getUser).toHaveBeenCalledTimes(1);
  });

  it('from chats.php fetches the user again, which clears it when the session is gone', async () => {
    start(anna);
    api.chats.mockRejectedValue(forbidden());
    api.getUser.mockResolvedValue({ user: null });
    await jest.advanceTimersByTimeAsync(SOCIAL_POLL_DELAY_MS);
    expect(api.getUser).toHaveBeenCalledTimes(1);
    expect(store.get(userAtom)).toBeNull();
    expect(store.get(chatsAtom)).toBeNull();
  });

  it('from likes.php keeps a member whose session is still valid', async () => {
    start(anna);
    api.likes.mockRejectedValue(forbidden());
    await jest.advanceTimersByTimeAsync(SOCIAL_POLL_DELAY_MS);
    expect(api.getUser).toHaveBeenCalledTimes(1);
    expect(store.get(userAtom)).toEqual(anna);
    expect(session.isPolling()).toBe(true);
  });

  it('a network failure of user.php does not log the member out', async () => {
    start(anna);
    api.getUser.mockRejectedValue(new ApiError(0, 'Network error', 'network'));
    await jest.advanceTimersByTimeAsync(USER_POLL_MS);
    expect(store.get(userAtom)).toEqual(anna);
    expect(session.isPolling()).toBe(true);
  });
});

describe('logout', () => {
  it("stops all polling, clears the user on 'done' and keeps the logging-out flag for 1 s", async () => {
    start(anna);
    const done = session.logout();
    expect(store.get(loggingOutAtom)).toBe(true);
    await done;
    expect(store.get(userAtom)).toBeNull();
    expect(session.isPolling()).toBe(false);
    expect(stream.closed).toBe(true);
    await jest.advanceTimersByTimeAsync(LOGOUT_FLAG_MS - 1);
    expect(store.get(loggingOutAtom)).toBe(true);
    await jest.advanceTimersByTimeAsync(1);
    expect(store.get(loggingOutAtom)).toBe(false);
    await jest.advanceTimersByTimeAsync(USER_POLL_MS * 2);
    expect(api.getUser).not.toHaveBeenCalled();
    expect(api.chats).not.toHaveBeenCalled();
  });

  it("takes the member's chats, likes and what their views read out of the query cache", async () => {
    start(anna);
    queryClient.setQueryData(['mf-search', 'search', 1], ['Sanne']);
    await jest.advanceTimersByTimeAsync(SOCIAL_POLL_DELAY_MS);
    expect(queryClient.getQueryData(queryKeys.chats())).toEqual([chat(2)]);
    await session.logout();
    expect(queryClient.getQueryData(queryKeys.chats())).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.likes())).toBeUndefined();
    expect(queryClient.getQueryData(['mf-search', 'search', 1])).toBeUndefined();
    expect(store.get(chatsAtom)).toBeNull();
  });

  it('clears the user even when the logout call fails', async () => {
    start(anna);
    api.logout.mockRejectedValue(new ApiError(0, 'Network error', 'network'));
    await session.logout();
    expect(store.get(userAtom)).toBeNull();
    expect(console.error).toHaveBeenCalledWith('logout failed', expect.any(ApiError));
  });

  it('an answer that arrives while logging out does not log the member back in', async () => {
    start(anna);
    let answer!: (v: { user: typeof anna }) => void;
    api.getUser.mockReturnValue(new Promise((r) => (answer = r)));
    const pending = session.refreshUser();
    await session.logout();
    answer({ user: anna });
    await pending;
    expect(store.get(userAtom)).toBeNull();
  });
});

describe('live events', () => {
  it('a new message refreshes the chats at once; a new like the likes', async () => {
    start(anna);
    api.chats.mockResolvedValue({ chats: [chat(3)] });
    const message = { type: 'message', conversation: 5, message: { id: 1, conversation: 5, sender: 9, msg: 'hi', created_at: '2025-01-01T10:00:00Z', read: false } };
    stream.fire('message', message);
    await jest.advanceTimersByTimeAsync(0);
    expect(api.chats).toHaveBeenCalledTimes(1);
    expect(store.get(chatsAtom)).toEqual([chat(3)]);
    expect(store.get(liveEventAtom)).toEqual(message);

    stream.fire('like', { type: 'like', profile: 9 });
    await jest.advanceTimersByTimeAsync(0);
    expect(api.likes).toHaveBeenCalledTimes(1);
  });

  it('ignores an event that does not fit the contract', async () => {
    start(anna);
    stream.fire('message', { type: 'message', conversation: 'five' });
    await jest.advanceTimersByTimeAsync(0);
    expect(api.chats).not.toHaveBeenCalled();
    expect(store.get(liveEventAtom)).toBeNull();
  });

  it('polls nothing while the event stream is open, and polls again from the moment it errors', async () => {
    start(anna);
    expect(store.get(liveStreamOpenAtom)).toBe(false);
    stream.fire('open', null);
    expect(session.isPolling()).toBe(false);
    // The remotes' own fallback polls (a conversation's newest messages) follow the same state.
    expect(store.get(liveStreamOpenAtom)).toBe(true);
    await jest.advanceTimersByTimeAsync(USER_POLL_MS * 3);
    expect(api.getUser).not.toHaveBeenCalled();
    // The first lists still come 1 s after start (the badges need them), then nothing repeats.
    expect(api.chats).toHaveBeenCalledTimes(1);
    expect(api.likes).toHaveBeenCalledTimes(1);

    // The connection drops: the user at once (has the session ended?), chats and likes 1 s later, then every 60 s.
    stream.fire('error', null);
    expect(session.isPolling()).toBe(true);
    expect(store.get(liveStreamOpenAtom)).toBe(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(api.getUser).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(SOCIAL_POLL_DELAY_MS);
    expect(api.chats).toHaveBeenCalledTimes(2);
    expect(api.likes).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(USER_POLL_MS);
    expect(api.getUser).toHaveBeenCalledTimes(2);
    expect(api.chats).toHaveBeenCalledTimes(3);
    // EventSource retrying fires error again: still one poll per interval, not one per error.
    stream.fire('error', null);
    stream.fire('error', null);
    await jest.advanceTimersByTimeAsync(0);
    expect(api.getUser).toHaveBeenCalledTimes(2);

    // Reconnected: the chats and likes once (what happened since the last poll), then no polling again.
    stream.fire('open', null);
    await jest.advanceTimersByTimeAsync(0);
    expect(api.chats).toHaveBeenCalledTimes(4);
    expect(api.likes).toHaveBeenCalledTimes(4);
    await jest.advanceTimersByTimeAsync(USER_POLL_MS * 3);
    expect(api.getUser).toHaveBeenCalledTimes(2);
    expect(api.chats).toHaveBeenCalledTimes(4);

    // Live events keep the lists fresh meanwhile.
    stream.fire('like', { type: 'like', profile: 9 });
    await jest.advanceTimersByTimeAsync(0);
    expect(api.likes).toHaveBeenCalledTimes(5);
  });

  it('a stream error after logout does not start polling', async () => {
    start(anna);
    stream.fire('open', null);
    api.logout.mockResolvedValue('done');
    await session.logout();
    stream.fire('error', null);
    await jest.advanceTimersByTimeAsync(USER_POLL_MS * 2);
    expect(api.getUser).not.toHaveBeenCalled();
    expect(api.chats).not.toHaveBeenCalled();
  });

  it('keeps polling as the fallback when the browser has no event stream', async () => {
    ({ store, queryClient } = createTestState({ user: anna }));
    session = createSession(api as unknown as ApiClient, store, queryClient, { openEvents: () => null });
    await jest.advanceTimersByTimeAsync(SOCIAL_POLL_DELAY_MS + USER_POLL_MS);
    expect(api.chats).toHaveBeenCalledTimes(2);
    expect(store.get(likesAtom)).toEqual({ profiles: [], liked_by: [] });
  });
});
