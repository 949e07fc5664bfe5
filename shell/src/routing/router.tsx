import * as React from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  createBrowserRouter,
  isRouteErrorResponse,
  redirect,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
  type RouteObject,
} from 'react-router';
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
import { TITLED_ATTRIBUTE } from '../prerender/takeover';
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
    const titled = () => document.documentElement.setAttribute(TITLED_ATTRIBUTE, '');
    if (routeName === 'index' && !detail) {
      document.title = brand;
      titled();
      return;
    }
    let current = true;
    pageTitlesFor(locale as Locale).then(
      (titles) => {
        if (!current) return;
        document.title = titles.full(own ?? titles.route(routeName ?? 'not-found'), brand);
        titled();
      },
      titled,
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

function Frame() {
  const matches = useMatches();
  const location = useLocation();
  const user = useAtomValue(userAtom);
  const leaf = matches[matches.length - 1];
  const handle = leaf?.handle as Handle | undefined;
  const def = handle && !('notFound' in handle) && !('devPage' in handle) ? handle : null;
  const params = React.useMemo(
    () => Object.fromEntries(Object.entries(leaf?.params ?? {}).filter((e): e is [string, string] => e[1] !== undefined)),
    [leaf?.params],
  );
  useNavigationDuties(def);
  usePageTitleOfRoute(def?.name ?? null);

  React.useEffect(() => {
    const root = document.getElementById('root');
    if (root) root.className = rootClasses(def?.name ?? null, Boolean(user));
  }, [def?.name, user]);

  let content: React.ReactNode;
  if (def) {
    content = (
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
    <>
      <Layout layout={def?.layout ?? 'default'}>{content}</Layout>
      <FragmentPortals />
    </>
  );
}

/** A route that failed to load or render: the error page inside the default layout. */
function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) ? (typeof error.data === 'string' ? error.data : error.statusText) : undefined;
  React.useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error('route failed', error);
  }, [error]);
  return (
    <Layout layout="default">
      <ErrorPage status={status} message={status === 404 ? undefined : message} />
    </Layout>
  );
}

/** Routes of the table, for this site's flags, as react-router objects. */
export function buildRoutes(flags: Flags, session: Session): RouteObject[] {
  // Spec §2: fetch the user first; a visitor goes to login, which brings them back afterwards.
  const requireUser = async ({ request }: { request: Request }) => {
    const user = await session.ensureUser();
    if (!user) {
      const url = new URL(request.url);
      throw redirect(pathFor({ name: 'login', query: { next: url.pathname + url.search + url.hash } }));
    }
    return null;
  };
  const dev: RouteObject =
    process.env.NODE_ENV === 'development'
      ? { path: '/_dev/*', handle: DEV_PAGE }
      : { path: '/_dev/*', loader: () => redirect('/') };
  // Frame renders every leaf from its handle (there is no <Outlet />): leaves say so with
  // `element: null`, or react-router warns in development that they render nothing.
  return [
    {
      element: <Frame />,
      errorElement: <RouteError />,
      children: [
        ...enabledRoutes(flags).map<RouteObject>((def) => ({
          path: def.path,
          handle: def,
          element: null,
          loader: def.auth === 'required' ? requireUser : undefined,
        })),
        { ...dev, element: null },
        { path: '*', handle: NOT_FOUND, element: null },
      ],
    },
  ];
}

export function createRouter(flags: Flags, session: Session) {
  return createBrowserRouter(buildRoutes(flags, session));
}
