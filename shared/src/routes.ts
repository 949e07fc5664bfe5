/**
 * Route names and remote names: the vocabulary remotes use to navigate through the contract.
 * The route table itself (paths, auth, layout, owner) lives in the shell, in one place.
 */
export const REMOTE_NAMES = [
  'mf_auth_signup',
  'mf_search',
  'mf_chat',
  'mf_likes_notifications',
  'mf_commerce',
  'mf_landers',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const ROUTE_NAMES = [
  'index',
  'chats',
  'chats-chatId',
  'login',
  'signup',
  'pages-ban',
  'pages-faq',
  'pages-terms',
  'pages-cookies',
  'pages-privacy',
  'pages-service',
  'pages-return-policy',
  'members',
  'search',
  'members-memberId-chat',
  'members-memberId',
  'likes-m-memberId',
  'members-memberId-signup',
  'members-memberId-landing',
  'members-memberId-landing2-slug',
  'members-memberId-landing3-slug',
  'premium',
  'pricing',
  'profile',
  'complaints',
  'likes',
  'likes-type',
  'match-finder',
  'activate-done',
  'activate-error',
  'credits',
  'credits-repeat-order',
  'credits-creditId-paymentMethod',
  'notifications',
  'mail-change-do',
  'signup-matches',
  'account-deleted',
  'complete-signup',
  'reset-password',
  'reset-password-do',
  'landers-kind-slug',
  'transactions-transactionId',
] as const;
export type RouteName = (typeof ROUTE_NAMES)[number];

export const LANDER_KINDS = [
  'video',
  'gallery',
  'maplanding',
  'alonetonight',
  'iconslanding',
  'socialnetwork',
  'collagelanding',
  'transitionsvideolanding',
] as const;
export type LanderKind = (typeof LANDER_KINDS)[number];

export type AuthLevel = 'public' | 'optional' | 'required';
export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';

/** Where a remote (or the shell) asks to go: by route name, never by hand-built path. */
export interface NavTarget {
  name: RouteName;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  hash?: string;
}
