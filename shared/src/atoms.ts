import { atom, createStore } from 'jotai';
import type { Locale } from './locales';
import { DEFAULT_LOCALE } from './locales';
import type { SiteSettings } from './schemas/site';
import type { TrackingInfo } from './schemas/account';
import type { ChatListItem, LikesResponse, LiveEvent } from './schemas/social';
import type { PushState } from './clientState';
import type { User } from './schemas/user';

/** The member: undefined while unknown, null when logged out. */
export const userAtom = atom<User | null | undefined>(undefined);
export const loggedInAtom = atom((get) => Boolean(get(userAtom)));
export const localeAtom = atom<Locale>(DEFAULT_LOCALE);
export const siteSettingsAtom = atom<SiteSettings | null>(null);
/**
 * Set to true by mf-auth-signup when a signup reaches its last step (step 7, spec §4: "reaching
 * step 7 signals the signup flow complete"). The shell or a lander may react to it (e.g. tracking
 * pixels, leaving a lander layout); nobody needs to reset it within a page's life.
 */
export const signupCompleteAtom = atom(false);

/** The last likes.php answer anyone on the page fetched (likes page, polling); null until known. */
export const likesAtom = atom<LikesResponse | null>(null);
/** Members who liked the member and whose like is still new: part of the app badge (spec §4). */
export const newLikesCountAtom = atom((get) => get(likesAtom)?.liked_by.filter((p) => p.like_new).length ?? 0);

/** The last chats.php answer (chats page, the shell's polling); null until known. */
export const chatsAtom = atom<ChatListItem[] | null>(null);
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
