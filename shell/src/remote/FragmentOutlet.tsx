import * as React from 'react';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel } from 'single-spa';
import type { FragmentProps, RemoteName } from '@dating/shared';
import { RemoteFallback, RemoteLoading, useExposed, useShellProps } from './shellProps';
import styles from './remote.module.css';

export interface FragmentOutletProps {
  remote: RemoteName;
  /** The exposed name without './' (e.g. 'members-grid'). */
  expose: string;
  options?: Record<string, unknown>;
  /** Accessible name of the region that holds the fragment. */
  label: string;
}

/**
 * One team's UI inside another page (DESIGN rule 8): loads `${remote}/${expose}` through the
 * federation runtime and mounts it with FragmentProps, with the same loading state, localized
 * fallback and Retry as a route's remote.
 */
export function FragmentOutlet({ remote, expose, options, label }: FragmentOutletProps) {
  const { state, attempt, fail, retry } = useExposed(remote, expose);
  const base = useShellProps(fail);
  const props: FragmentProps = React.useMemo(() => ({ ...base, options }), [base, options]);
  let content: React.ReactNode;
  if (state.status === 'error') content = <RemoteFallback remote={remote} onRetry={retry} compact />;
  else if (state.status === 'loading') content = <RemoteLoading remote={remote} compact />;
  else
    content = (
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
  return (
    <section aria-label={label} className={styles.fragment} data-fragment={`${remote}/${expose}`}>
      {content}
    </section>
  );
}
