import { chatsAtom, likesAtom, newLikesCountAtom, unreadMessagesCountAtom, userAtom } from '../src/atoms';
import { queryKeys } from '../src/query';
import { createTestState, member, publicProfile } from '../src/testing';
import type { ChatListItem } from '../src/schemas/social';

const chat = (unread: number): ChatListItem => ({
  conversation: { id: 5, last_message: 'hi', last_message_at: '2025-01-01T10:00:00Z' },
  profile: publicProfile({ id: 9 }),
  num_unread_messages: unread,
});

describe('server state lives in the query cache; the atoms show it', () => {
  it('the member, chats and likes atoms follow the cache, and the badges count from it', () => {
    const { store, queryClient } = createTestState();
    expect(store.get(userAtom)).toBeUndefined();
    expect(store.get(chatsAtom)).toBeNull();
    const seen: unknown[] = [];
    store.sub(userAtom, () => seen.push(store.get(userAtom)));

    queryClient.setQueryData(queryKeys.user(), member());
    queryClient.setQueryData(queryKeys.chats(), [chat(2), { ...chat(3), conversation: { ...chat(3).conversation, id: 6 } }]);
    queryClient.setQueryData(queryKeys.likes(), { profiles: [], liked_by: [{ ...publicProfile(), like_new: true }] });
    expect(seen).toEqual([member()]);
    expect(store.get(unreadMessagesCountAtom)).toBe(5);
    expect(store.get(newLikesCountAtom)).toBe(1);
  });

  it('the atoms are views, not a second store: they have no value of their own', () => {
    const { store, queryClient } = createTestState({ user: member() });
    const other = createTestState();
    expect(other.store.get(userAtom)).toBeUndefined();
    queryClient.removeQueries({ queryKey: queryKeys.user() });
    expect(store.get(userAtom)).toBeUndefined();
  });

  it('a change of member (logout) removes what the previous one read, but keeps the member and the settings', async () => {
    const { store, queryClient } = createTestState({ user: member(), chats: [chat(2)], likes: { profiles: [], liked_by: [] } });
    queryClient.setQueryData(['mf-search', 'page', 1], ['Sanne']);
    queryClient.setQueryData(queryKeys.user(), (u) => (u ? { ...u, credits: 5 } : u)); // same member: nothing goes
    expect(queryClient.getQueryData(['mf-search', 'page', 1])).toEqual(['Sanne']);

    queryClient.setQueryData(queryKeys.user(), null);
    expect(queryClient.getQueryData(['mf-search', 'page', 1])).toBeUndefined();
    expect(store.get(chatsAtom)).toBeNull();
    expect(store.get(likesAtom)).toBeNull();
    expect(store.get(unreadMessagesCountAtom)).toBe(0);
    expect(store.get(userAtom)).toBeNull();
  });

  it('the member stays in the cache without an observer (no garbage collection)', () => {
    jest.useFakeTimers();
    try {
      const { store } = createTestState({ user: member() });
      jest.advanceTimersByTime(60 * 60_000);
      expect(store.get(userAtom)).toEqual(member());
    } finally {
      jest.useRealTimers();
    }
  });
});
