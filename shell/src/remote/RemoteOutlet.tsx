import * as React from 'react';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel } from 'single-spa';
import type { RemoteName, RemoteProps, RouteName } from '@dating/shared';
import { useHydratingParcel } from './hydratingParcel';
import { RemoteFallback, RemoteLoading, useExposed, useShellProps } from './shellProps';
import { claimServerMarkup, ServerOutletContext } from './serverOutlet';
import { ErrorPage } from '../pages/ErrorPage';
import styles from './remote.module.css';

export interface RemoteOutletProps {
  remote: RemoteName;
  view: string;
  routeName: RouteName;
  params: Record<string, string>;
  search: string;
  hash: string;
}

/** Mounts a remote's view as a single-spa Parcel; props update on navigation without remounting. */
export function RemoteOutlet({ remote, view, routeName, params, search, hash }: RemoteOutletProps) {
  const { state, attempt, fail, retry } = useExposed(remote, 'mount');
  const base = useShellProps(fail);
  // The view said the address names nothing (props.notFound()): the 404 page until the address changes.
  const here = `${routeName}|${JSON.stringify(params)}|${search}`;
  const hereRef = React.useRef(here);
  React.useLayoutEffect(() => {
    hereRef.current = here;
  });
  const [missingAt, setMissingAt] = React.useState<string | null>(null);
  // Until the view's lifecycle has mounted, the page is still loading (`data-mounting`, which the journeys wait on).
  const [mountedAttempt, setMountedAttempt] = React.useState<number | null>(null);
  const parcelDidMount = React.useCallback(() => setMountedAttempt(attempt), [attempt]);
  const notFound = React.useCallback(() => setMissingAt(hereRef.current), []);
  const props: RemoteProps = React.useMemo(
    () => ({
      ...base,
      view,
      routeName,
      params,
      query: Object.fromEntries(new URLSearchParams(search)),
      hash: hash.replace(/^#/, ''),
      notFound,
    }),
    [base, view, routeName, params, search, hash, notFound],
  );

  // The view's markup from the server (a public page rendered in Node): kept on screen, not
  // replaced by a skeleton, until the remote's parcel hydrates it.
  const server = React.useContext(ServerOutletContext);
  const [hydrate] = React.useState(() => (server ? server.remote === remote : claimServerMarkup(remote)));
  const slot = React.useRef<HTMLDivElement>(null);
  useHydratingParcel(hydrate && state.status === 'ready' && attempt === 0 ? state.lifecycles : null, slot, props, fail, parcelDidMount);

  if (missingAt === here) return <ErrorPage status={404} />;

  if (state.status === 'error') return <RemoteFallback remote={remote} onRetry={retry} />;
  if (hydrate && attempt === 0) {
    return (
      <>
        <div
          ref={slot}
          className={styles.remote}
          // React leaves the markup inside to the parcel's own root, which hydrates it.
          suppressHydrationWarning
          dangerouslySetInnerHTML={server ? { __html: server.html } : KEEP_MARKUP}
        />
        {mountedAttempt === attempt ? null : <span hidden data-mounting="" />}
      </>
    );
  }
  if (state.status === 'loading') return <RemoteLoading remote={remote} />;
  return (
    <>
      <Parcel
        key={attempt}
        config={state.lifecycles}
        mountParcel={mountRootParcel}
        wrapWith="div"
        wrapClassName={styles.remote}
        handleError={fail}
        parcelDidMount={parcelDidMount}
        {...props}
      />
      {mountedAttempt === attempt ? null : <span hidden data-mounting="" />}
    </>
  );
}

/** The slot's content as React knows it in the browser: none of its own (the parcel's root owns it). */
const KEEP_MARKUP = { __html: '' };
