import { chatsAtom, likesAtom, userAtom, type AppStore, type ChatListItem, type LikesResponse } from '@dating/shared';

/** Spec §4: app badge = total unread messages + count of new likes. */
export function appBadgeCount(chats: readonly ChatListItem[] | null, likes: LikesResponse | null): number {
  const unread = (chats ?? []).reduce((sum, c) => sum + Math.max(0, c.num_unread_messages), 0);
  const newLikes = (likes?.liked_by ?? []).filter((p) => p.like_new).length;
  return unread + newLikes;
}

type BadgeNavigator = Partial<Pick<Navigator, 'setAppBadge' | 'clearAppBadge'>>;

/** Shows the count on the installed app's icon (where the browser has the Badging API). */
export function applyAppBadge(count: number, nav: BadgeNavigator = navigator): void {
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
  done?.catch((error: unknown) => console.warn('app badge not set', error));
}

/** Keeps the badge equal to unread messages + new likes whenever either changes; returns stop. */
export function installAppBadge(store: AppStore, nav: BadgeNavigator = navigator): () => void {
  let last = -1;
  const sync = () => {
    const count = store.get(userAtom) ? appBadgeCount(store.get(chatsAtom), store.get(likesAtom)) : 0;
    if (count === last) return;
    last = count;
    applyAppBadge(count, nav);
  };
  const stops = [store.sub(chatsAtom, sync), store.sub(likesAtom, sync), store.sub(userAtom, sync)];
  sync();
  return () => stops.forEach((s) => s());
}
