import { queryKeys, type ChatListItem, type LikesResponse } from '@dating/shared';
import { createTestState, member } from '@dating/shared/testing';
import { appBadgeCount, installAppBadge } from './badge';

const profile = { id: 1, name: 'Bo', age: 30, gender: 'male' as const, city: null, country: 'NL', countryregion: null, language: 'nl' as const, main_image: null, images: [], personal: '', fictional: false, liked: false };
const chat = (id: number, unread: number): ChatListItem => ({
  conversation: { id, last_message: null, last_message_at: null },
  profile: { ...profile, id },
  num_unread_messages: unread,
});
const likes = (...news: boolean[]): LikesResponse => ({
  profiles: [profile],
  liked_by: news.map((like_new, i) => ({ ...profile, id: 100 + i, like_new })),
});

describe('app badge arithmetic', () => {
  it('is unread messages over all chats plus new likes', () => {
    expect(appBadgeCount([chat(1, 2), chat(2, 0), chat(3, 5)], likes(true, false, true))).toBe(9);
  });
  it('counts nothing while chats or likes are not known yet', () => {
    expect(appBadgeCount(null, null)).toBe(0);
    expect(appBadgeCount([chat(1, 3)], null)).toBe(3);
    expect(appBadgeCount(null, likes(true))).toBe(1);
  });
  it('does not count likes that are no longer new, nor the profiles the member likes', () => {
    expect(appBadgeCount([], likes(false, false))).toBe(0);
  });
});

describe('the app icon badge', () => {
  it('follows chats and likes as they change, and clears on logout', () => {
    const { store, queryClient } = createTestState();
    queryClient.setQueryData(queryKeys.user(), member());
    const nav = { setAppBadge: jest.fn().mockResolvedValue(undefined), clearAppBadge: jest.fn().mockResolvedValue(undefined) };
    installAppBadge(store, nav);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
    queryClient.setQueryData(queryKeys.chats(), [chat(1, 2)]);
    expect(nav.setAppBadge).toHaveBeenLastCalledWith(2);
    queryClient.setQueryData(queryKeys.likes(), likes(true));
    expect(nav.setAppBadge).toHaveBeenLastCalledWith(3);
    queryClient.setQueryData(queryKeys.chats(), [chat(1, 2)]); // same count: no call
    expect(nav.setAppBadge).toHaveBeenCalledTimes(2);
    queryClient.setQueryData(queryKeys.user(), null);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(2);
  });
  it('does nothing where the browser has no Badging API', () => {
    const { store, queryClient } = createTestState();
    queryClient.setQueryData(queryKeys.user(), member());
    expect(() => {
      installAppBadge(store, {});
      queryClient.setQueryData(queryKeys.chats(), [chat(1, 1)]);
    }).not.toThrow();
  });
});
