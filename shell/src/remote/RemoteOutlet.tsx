import * as React from 'react';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel } from 'single-spa';
import type { RemoteName, RemoteProps, RouteName } from '@dating/shared';
import { RemoteFallback, RemoteLoading, useExposed, useShellProps } from './shellProps';
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
  const props: RemoteProps = React.useMemo(
    () => ({
      ...base,
      view,
      routeName,
      params,
      query: Object.fromEntries(new URLSearchParams(search)),
      hash: hash.replace(/^#/, ''),
    }),
    [base, view, routeName, params, search, hash],
  );

  if (state.status === 'error') return <RemoteFallback remote={remote} onRetry={retry} />;
  if (state.status === 'loading') return <RemoteLoading remote={remote} />;
  return (
    <Parcel
      key={attempt}
      config={state.lifecycles}
      mountParcel={mountRootParcel}
      wrapWith="div"
      wrapClassName={styles.remote}
      handleError={fail}
      {...props}
    />
  );
}
