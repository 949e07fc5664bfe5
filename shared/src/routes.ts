import type { RemoteName } from './remoteNames';
import type { Flags } from './schemas/site';

/**
 * The one route table (spec §2): path, route name, auth level, layout, owning remote, view and
 * feature flag. The shell routes from it, remotes navigate by its names, harnesses list its views,
 * and each remote's `createRemoteMount` is type-checked against the views it assigns to that remote:
 * adding a view is one row here plus one component in the remote.
 */
export type { RemoteName } from './remoteNames';

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

/**
 * `operator`: the back office. A member's session never opens it; the remote itself asks for the
 * operator's own session (and sends to its login view without one), so the shell neither loads
 * the member nor sends to the member login for these routes.
 */
export type AuthLevel = 'public' | 'optional' | 'required' | 'operator';
export type LayoutName = 'default' | 'chat' | 'lander' | 'empty' | 'backoffice';
/** Feature flags that can switch routes off (spec §3). */
export type RouteFlag = keyof Omit<Flags, 'templateName' | 'devPanelOpen'>;

export interface RouteDef<N extends string = string, R extends RemoteName = RemoteName, V extends string = string> {
  name: N;
  /** react-router path (`:param`, `:param?`). */
  path: string;
  auth: AuthLevel;
  layout: LayoutName;
  remote: R;
  view: V;
  /** The feature flag that must be on for this route to exist. */
  flag?: RouteFlag;
}

function r<const N extends string, const R extends RemoteName, const V extends string>(
  name: N,
  path: string,
  auth: AuthLevel,
  remote: R,
  view: V,
  layout: LayoutName = 'default',
  flag?: RouteFlag,
): RouteDef<N, R, V> {
  return flag ? { name, path, auth, layout, remote, view, flag } : { name, path, auth, layout, remote, view };
}

export const ROUTES = [
  r('index', '/', 'optional', 'mf_search', 'home'),
  // chat
  r('chats', '/chats', 'required', 'mf_chat', 'chats', 'chat', 'chat'),
  r('chats-chatId', '/chats/:chatId', 'required', 'mf_chat', 'chat', 'chat', 'chat'),
  r('members-memberId-chat', '/members/:memberId/chat', 'public', 'mf_chat', 'member-chat', 'chat', 'chat'),
  // account
  r('login', '/login', 'public', 'mf_auth_signup', 'login'),
  r('signup', '/signup', 'public', 'mf_auth_signup', 'signup', 'default', 'signup'),
  r('members-memberId-signup', '/members/:memberId/signup', 'public', 'mf_auth_signup', 'signup', 'lander', 'signup'),
  r('complete-signup', '/complete-signup', 'public', 'mf_auth_signup', 'complete-signup', 'default', 'signup'),
  r('reset-password', '/reset-password', 'optional', 'mf_auth_signup', 'reset-password'),
  r('reset-password-do', '/reset-password/do', 'optional', 'mf_auth_signup', 'reset-password-do'),
  r('activate-done', '/activate/done', 'public', 'mf_auth_signup', 'activate-done'),
  r('activate-error', '/activate/error', 'public', 'mf_auth_signup', 'activate-error'),
  r('mail-change-do', '/mail-change/do', 'public', 'mf_auth_signup', 'mail-change-do'),
  r('mail-change-undo', '/mail-change/undo', 'public', 'mf_auth_signup', 'mail-change-undo'),
  r('account-deleted', '/account-deleted', 'optional', 'mf_auth_signup', 'account-deleted'),
  r('profile', '/profile', 'required', 'mf_auth_signup', 'profile', 'default', 'myProfile'),
  // search and profiles
  // Spec §6: visitors may search when logged_out_search(_trafficsource) allows; the view sends the others to login.
  r('members', '/members', 'optional', 'mf_search', 'members', 'default', 'profileSearch'),
  r('search', '/search', 'optional', 'mf_search', 'members', 'default', 'profileSearch'),
  r('members-memberId', '/members/:memberId', 'optional', 'mf_search', 'member', 'default', 'memberDetails'),
  r('likes-m-memberId', '/likes/m/:memberId', 'optional', 'mf_search', 'member', 'default', 'memberDetails'),
  // likes and notifications
  r('likes', '/likes', 'required', 'mf_likes_notifications', 'likes'),
  r('likes-type', '/likes/:type', 'required', 'mf_likes_notifications', 'likes'),
  r('notifications', '/notifications', 'required', 'mf_likes_notifications', 'notifications', 'default', 'notifications'),
  // commerce
  r('premium', '/premium', 'public', 'mf_commerce', 'premium'),
  r('pricing', '/pricing', 'public', 'mf_commerce', 'pricing'),
  r('credits', '/credits', 'required', 'mf_commerce', 'credits'),
  r('credits-repeat-order', '/credits/repeat-order', 'required', 'mf_commerce', 'repeat-order'),
  r('credits-creditId-paymentMethod', '/credits/:creditId/:paymentMethod?', 'required', 'mf_commerce', 'credit-checkout'),
  r('transactions-transactionId', '/transactions/:transactionId', 'public', 'mf_commerce', 'transaction'),
  // landers and content pages
  r('members-memberId-landing', '/members/:memberId/landing', 'public', 'mf_landers', 'member-landing', 'lander'),
  r('members-memberId-landing2-slug', '/members/:memberId/landing2/:slug', 'public', 'mf_landers', 'member-landing2', 'empty'),
  r('members-memberId-landing3-slug', '/members/:memberId/landing3/:slug', 'public', 'mf_landers', 'member-landing3', 'empty'),
  r('landers-kind-slug', '/landers/:kind/:slug', 'public', 'mf_landers', 'lander', 'lander'),
  r('match-finder', '/match-finder', 'public', 'mf_landers', 'match-finder', 'empty'),
  r('signup-matches', '/signup-matches', 'public', 'mf_landers', 'signup-matches', 'empty'),
  r('complaints', '/complaints', 'public', 'mf_landers', 'complaints'),
  r('pages-ban', '/pages/ban', 'public', 'mf_landers', 'page-ban'),
  r('pages-faq', '/pages/faq', 'public', 'mf_landers', 'page-faq'),
  r('pages-terms', '/pages/terms', 'public', 'mf_landers', 'page-terms'),
  r('pages-cookies', '/pages/cookies', 'public', 'mf_landers', 'page-cookies'),
  r('pages-privacy', '/pages/privacy', 'public', 'mf_landers', 'page-privacy'),
  r('pages-service', '/pages/service', 'public', 'mf_landers', 'page-service'),
  r('pages-return-policy', '/pages/return-policy', 'public', 'mf_landers', 'page-return-policy'),
  r('pages-site-run', '/pages/site-run', 'public', 'mf_landers', 'page-site-run'),
  // back office (operators, not members)
  r('backoffice', '/backoffice', 'operator', 'mf_backoffice', 'home', 'backoffice'),
  r('backoffice-login', '/backoffice/login', 'operator', 'mf_backoffice', 'login', 'backoffice'),
  r('backoffice-enrol', '/backoffice/enrol', 'operator', 'mf_backoffice', 'enrol', 'backoffice'),
  r('backoffice-moderation', '/backoffice/moderation', 'operator', 'mf_backoffice', 'moderation', 'backoffice'),
  r('backoffice-reports', '/backoffice/reports', 'operator', 'mf_backoffice', 'reports', 'backoffice'),
  r('backoffice-members', '/backoffice/members', 'operator', 'mf_backoffice', 'members', 'backoffice'),
  r('backoffice-members-memberId', '/backoffice/members/:memberId', 'operator', 'mf_backoffice', 'member', 'backoffice'),
  r('backoffice-payments', '/backoffice/payments', 'operator', 'mf_backoffice', 'payments', 'backoffice'),
  r('backoffice-campaigns', '/backoffice/campaigns', 'operator', 'mf_backoffice', 'campaigns', 'backoffice'),
  r('backoffice-prices', '/backoffice/prices', 'operator', 'mf_backoffice', 'prices', 'backoffice'),
  r('backoffice-dashboards', '/backoffice/dashboards', 'operator', 'mf_backoffice', 'dashboards', 'backoffice'),
  r('backoffice-site', '/backoffice/site', 'operator', 'mf_backoffice', 'site', 'backoffice'),
  r('backoffice-remotes', '/backoffice/remotes', 'operator', 'mf_backoffice', 'remotes', 'backoffice'),
  r('backoffice-audit', '/backoffice/audit', 'operator', 'mf_backoffice', 'audit', 'backoffice'),
  r('backoffice-operators', '/backoffice/operators', 'operator', 'mf_backoffice', 'operators', 'backoffice'),
  r('backoffice-site-run', '/backoffice/site-run', 'operator', 'mf_backoffice', 'site-run', 'backoffice'),
  r('backoffice-site-run-profiles', '/backoffice/site-run/profiles', 'operator', 'mf_backoffice', 'site-run-profiles', 'backoffice'),
  r('backoffice-sessions', '/backoffice/sessions', 'operator', 'mf_backoffice', 'sessions', 'backoffice'),
] as const;

type AnyRoute = (typeof ROUTES)[number];
export type RouteName = AnyRoute['name'];
/** The views the route table assigns to one remote: its `createRemoteMount` must render exactly these. */
export type ViewOf<R extends RemoteName> = Extract<AnyRoute, { remote: R }>['view'];
export type RemoteView = AnyRoute['view'];

export const ROUTE_NAMES: readonly RouteName[] = ROUTES.map((d) => d.name);
export const ROUTES_BY_NAME: ReadonlyMap<RouteName, RouteDef<RouteName>> = new Map(ROUTES.map((d) => [d.name, d]));

/** The routes that exist with these flags: a flag that is off removes its routes (spec §2). */
export function enabledRoutes(flags: Flags): RouteDef<RouteName>[] {
  return ROUTES.filter((d: RouteDef<RouteName>) => !d.flag || flags[d.flag]);
}

/** The routes a remote owns, in table order. */
export function routesOf<R extends RemoteName>(remote: R): RouteDef<RouteName, R, ViewOf<R>>[] {
  return ROUTES.filter((d) => d.remote === remote) as unknown as RouteDef<RouteName, R, ViewOf<R>>[];
}


/** Where a remote (or the shell) asks to go: by route name, never by hand-built path. */
export interface NavTarget {
  name: RouteName;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  hash?: string;
}
