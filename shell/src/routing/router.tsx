import * as React from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { matchRoutes, Navigate, useLocation, useNavigate } from 'react-router';
import { useIntl } from 'react-intl';
import { loggingOutAtom, pageTitleAtom, pickTracking, trackingAtom, userAtom, type Flags, type Locale } from '@dating/shared';
import { useShell } from '../context';
import { Layout } from '../layout/Layout';
import { FragmentPortals } from '../fragment/FragmentPortals';
import { ErrorPage } from '../pages/ErrorPage';
import { RemoteOutlet } from '../remote/RemoteOutlet';
import type { Session } from '../session/session';
import { captureTracking } from '../storage/tracking';
import { swStateAtom } from '../sw/serviceWorker';
import { pathFor } from './paths';
import type { PageTitles } from './pageTitles';
import { enabledRoutes, type RouteDef, type RouteName } from '@dating/shared';

const NOT_FOUND = { notFound: true } as const;
const DEV_PAGE = { devPage: true } as const;
type Handle = RouteDef<RouteName> | typeof NOT_FOUND | typeof DEV_PAGE;

/** Developer pages exist in development builds only; production builds do not contain them. */
const DevPages =
  process.env.NODE_ENV === 'development' ? React.lazy(() => import('../dev/DevPages')) : null;

/** Class names on the root element: page name per route, the index route, logged in or not. */
export function rootClasses(routeName: string | null, loggedIn: boolean): string {
  const classes = [routeName ? `page-${routeName}` : 'page-not-found'];
  if (routeName === 'index') classes.push('is-index');
  classes.push(loggedIn ? 'logged-in' : 'logged-out');
  return classes.join(' ');
}

const pageTitlesOf = new Map<Locale, Promise<PageTitles>>();

/**
 * The page titles of a locale (routing/pageTitles.ts with its catalog, i18n/titles/), fetched once
 * when the first page has rendered: they are not in the start-up files. A failed fetch (offline)
 * is tried again on the next navigation; the title stays as it was meanwhile.
 */
function pageTitlesFor(locale: Locale): Promise<PageTitles> {
  let titles = pageTitlesOf.get(locale);
  if (!titles) {
    titles = import(/* webpackChunkName: "titles" */ './pageTitles').then((m) => m.loadPageTitles(locale));
    titles.catch(() => pageTitlesOf.delete(locale));
    pageTitlesOf.set(locale, titles);
  }
  return titles;
}

/**
 * The browser's title: "Chats – Amora" from the route table's row, or what the view shows when it
 * names it more closely ("Miguel, 31 – Amora"), in the page language.
 */
function usePageTitleOfRoute(routeName: RouteName | null) {
  const { locale } = useIntl();
  const { settings } = useShell();
  const detail = useAtomValue(pageTitleAtom);
  const { pathname } = useLocation();
  const brand = settings.theme.brandName;
  const own = detail && detail.path === pathname ? detail.title : null;
  React.useEffect(() => {
    if (routeName === 'index' && !detail) {
      document.title = brand;
      return;
    }
    let current = true;
    pageTitlesFor(locale as Locale).then(
      (titles) => {
        if (current) document.title = titles.full(own ?? titles.route(routeName ?? 'not-found'), brand);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [own, brand, routeName, detail, locale]);
}

/** What the shell does on every navigation besides rendering the route. */
function useNavigationDuties(def: RouteDef<RouteName> | null) {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const loggingOut = useAtomValue(loggingOutAtom);
  const setTracking = useSetAtom(trackingAtom);
  const swState = useAtomValue(swStateAtom);
  const { sw, storage } = useShell();
  const first = React.useRef(true);

  // A member whose session ended (403, logout in another tab) leaves pages that need login; an
  // own logout goes to the login page by itself.
  React.useEffect(() => {
    if (def?.auth === 'required' && user === null && !loggingOut) {
      navigate(pathFor({ name: 'login', query: { next: location.pathname + location.search + location.hash } }), { replace: true });
    }
  }, [def?.auth, user, loggingOut, navigate, location.pathname, location.search, location.hash]);

  // Tracking parameters on an inner link count like on entry.
  React.useEffect(() => {
    const query = new URLSearchParams(location.search);
    if (Object.keys(pickTracking(query)).length) setTracking(captureTracking(location.search, storage));
  }, [location.search, setTracking, storage]);

  // A new version waiting is applied on the next route change: the page reloads at the new route.
  React.useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (swState === 'needs_refresh') sw?.applyUpdate();
    // Only route changes apply it, not the state change itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
}

/** A route of the table as matched against the location (react-router's `matchRoutes`). */
export interface ShellRoute {
  path: string;
  handle: Handle;
}

/** The leaf route the path matches, with its params (ranked as react-router ranks routes). */
export function matchRoute(routes: ShellRoute[], pathname: string): { handle: Handle; params: Record<string, string> } | null {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.[matches.length - 1];
  if (!leaf) return null;
  const params = Object.fromEntries(Object.entries(leaf.params).filter((e): e is [string, string] => e[1] !== undefined));
  return { handle: leaf.route.handle, params };
}

/**
 * The routed part of the page: the route's remote inside its layout, from the route table. The
 * declarative router (no data router: no loaders, no route errors) keeps react-router's start-up
 * code to what matching and links need (the start-up budget, scripts/budgets.mjs).
 */
export function Frame({ routes, session }: { routes: ShellRoute[]; session: Session }) {
  const location = useLocation();
  const user = useAtomValue(userAtom);
  const loggingOut = useAtomValue(loggingOutAtom);
  const match = React.useMemo(() => matchRoute(routes, location.pathname), [routes, location.pathname]);
  const handle = match?.handle;
  const def = handle && !('notFound' in handle) && !('devPage' in handle) ? handle : null;
  const params = match?.params ?? {};
  useNavigationDuties(def);
  usePageTitleOfRoute(def?.name ?? null);

  // Spec §2: a page that needs login waits for the user when the start did not know it; a visitor
  // then goes to login (useNavigationDuties), which brings them back afterwards.
  const waitingForUser = def?.auth === 'required' && user === undefined;
  React.useEffect(() => {
    if (waitingForUser) void session.ensureUser();
  }, [waitingForUser, session]);

  React.useEffect(() => {
    const root = document.getElementById('root');
    if (root) root.className = rootClasses(def?.name ?? null, Boolean(user));
  }, [def?.name, user]);

  if (handle && 'devPage' in handle && !DevPages) return <Navigate to="/" replace />;
  let content: React.ReactNode;
  if (def) {
    content =
      // A visitor on such a page is on the way to login: the remote is not loaded for nothing.
      waitingForUser || (def.auth === 'required' && user === null && !loggingOut) ? null : (
        <RemoteOutlet
          key={def.remote}
          remote={def.remote}
          view={def.view}
          routeName={def.name}
          params={params}
          search={location.search}
          hash={location.hash}
        />
      );
  } else if (handle && 'devPage' in handle && DevPages) {
    content = (
      <React.Suspense fallback={null}>
        <DevPages page={params['*'] ?? ''} />
      </React.Suspense>
    );
  } else {
    content = <ErrorPage status={404} />;
  }
  return (
    <RouteErrorBoundary pathname={location.pathname}>
      <Layout layout={def?.layout ?? 'default'}>{content}</Layout>
      <FragmentPortals />
    </RouteErrorBoundary>
  );
}

/** A route that failed to render: the error page inside the default layout, until the next route. */
class RouteErrorBoundary extends React.Component<{ pathname: string; children: React.ReactNode }, { error: boolean; pathname: string }> {
  state = { error: false, pathname: this.props.pathname };

  static getDerivedStateFromError() {
    return { error: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { error: boolean; pathname: string }) {
    return props.pathname !== state.pathname ? { error: false, pathname: props.pathname } : null;
  }

  componentDidCatch(error: unknown) {
    console.error('route failed', error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    // The error page's fragment (the signup form, the members grid) is rendered by FragmentPortals.
    return (
      <>
        <Layout layout="default">
          <ErrorPage status={500} />
        </Layout>
        <FragmentPortals />
      </>
    );
  }
}

/** Routes of the table, for this site's flags; developer pages go to / in production builds. */
export function buildRoutes(flags: Flags): ShellRoute[] {
  return [
    ...enabledRoutes(flags).map<ShellRoute>((def) => ({ path: def.path, handle: def })),
    { path: '/_dev/*', handle: DEV_PAGE },
    { path: '*', handle: NOT_FOUND },
  ];
}
