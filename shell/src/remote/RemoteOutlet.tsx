import * as React from 'react';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel } from 'single-spa';
import type { RemoteName, RemoteProps, RouteName } from '@dating/shared';
import { RemoteFallback, RemoteLoading, useExposed, useShellProps } from './shellProps';
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
  // Until the view's lifecycle has mounted, the page is still loading (src/prerender/takeover.ts).
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

  if (missingAt === here) return <ErrorPage status={404} />;

  if (state.status === 'error') return <RemoteFallback remote={remote} onRetry={retry} />;
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
