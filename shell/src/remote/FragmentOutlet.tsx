import * as React from 'react';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel } from 'single-spa';
import type { FragmentProps, RemoteName } from '@dating/shared';
import { useHydratingParcel } from './hydratingParcel';
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

/**
 * A fragment whose markup came from the server (a public page rendered in Node): its parcel
 * hydrates that markup in place (`element`, inside the server's `section`), so the form on screen is
 * never replaced (no layout shift; what was typed stays). Renders nothing itself. The section's
 * `data-mounting` goes when the fragment has mounted (or could not load: the markup stays).
 */
export function HydratedFragment({ remote, expose, options, element }: Omit<FragmentOutletProps, 'label'> & { element: HTMLElement }) {
  const { state, fail } = useExposed(remote, expose);
  const base = useShellProps(fail);
  const props: FragmentProps = React.useMemo(() => ({ ...base, options }), [base, options]);
  const slot = React.useMemo(() => ({ current: element }), [element]);
  const mounted = React.useCallback(() => element.parentElement?.removeAttribute('data-mounting'), [element]);
  useHydratingParcel(state.status === 'ready' ? state.lifecycles : null, slot, props, fail, mounted);
  React.useEffect(() => {
    if (state.status === 'error') mounted();
  }, [state.status, mounted]);
  return null;
}

/** The fragment's markup as a server renders it: the same section and element FragmentOutlet makes. */
export function ServerFragmentMarkup({ remote, expose, label, html }: Omit<FragmentOutletProps, 'options'> & { html: string }) {
  return (
    <section aria-label={label} className={styles.fragment} data-fragment={`${remote}/${expose}`} data-mounting="">
      <div className={styles.remote} dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}
