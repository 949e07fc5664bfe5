import * as React from 'react';
import { useAtomValue } from 'jotai';
import { createBrowserRouter, redirect, useLocation, useMatches, type RouteObject } from 'react-router';
import { userAtom, type Flags } from '@dating/shared';
import { Layout } from '../layout/Layout';
import { NotFound } from '../pages/NotFound';
import { RemoteOutlet } from '../remote/RemoteOutlet';
import type { Session } from '../session/session';
import { pathFor } from './paths';
import { enabledRoutes, type RouteDef } from './routes';

const NOT_FOUND = { notFound: true } as const;
type Handle = RouteDef | typeof NOT_FOUND;

/** Class names on the root element: page name per route, the index route, logged in or not. */
export function rootClasses(routeName: string | null, loggedIn: boolean): string {
  const classes = [routeName ? `page-${routeName}` : 'page-not-found'];
  if (routeName === 'index') classes.push('is-index');
  classes.push(loggedIn ? 'logged-in' : 'logged-out');
  return classes.join(' ');
}

function Frame() {
  const matches = useMatches();
  const location = useLocation();
  const user = useAtomValue(userAtom);
  const leaf = matches[matches.length - 1];
  const handle = leaf?.handle as Handle | undefined;
  const def = handle && !('notFound' in handle) ? handle : null;
  const params = React.useMemo(
    () => Object.fromEntries(Object.entries(leaf?.params ?? {}).filter((e): e is [string, string] => e[1] !== undefined)),
    [leaf?.params],
  );

  React.useEffect(() => {
    const root = document.getElementById('root');
    if (root) root.className = rootClasses(def?.name ?? null, Boolean(user));
  }, [def?.name, user]);

  return (
    <Layout layout={def?.layout ?? 'default'}>
      {def ? (
        <RemoteOutlet
          key={def.remote}
          remote={def.remote}
          view={def.view}
          routeName={def.name}
          params={params}
          search={location.search}
          hash={location.hash}
        />
      ) : (
        <NotFound />
      )}
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
  return [
    {
      element: <Frame />,
      children: [
        ...enabledRoutes(flags).map<RouteObject>((def) => ({
          path: def.path,
          handle: def,
          loader: def.auth === 'required' ? requireUser : undefined,
        })),
        { path: '/_dev/*', loader: () => redirect('/') },
        { path: '*', handle: NOT_FOUND },
      ],
    },
  ];
}

export function createRouter(flags: Flags, session: Session) {
  return createBrowserRouter(buildRoutes(flags, session));
}
