import * as React from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';
import Parcel from 'single-spa-react/parcel';
import { mountRootParcel } from 'single-spa';
import { FormattedMessage } from 'react-intl';
import { localeAtom, type RemoteLifecycles, type RemoteName, type RemoteProps, type RouteName } from '@dating/shared';
import { loadMount } from '../federation/remotes';
import { pathFor } from '../routing/paths';
import { useShell } from '../context';
import { useToast } from '../toast/toasts';
import styles from './remote.module.css';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; lifecycles: RemoteLifecycles }
  | { status: 'error'; error: unknown };

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
  const { api, store, settings } = useShell();
  const locale = useAtomValue(localeAtom);
  const navigate = useNavigate();
  const toast = useToast();
  const [attempt, setAttempt] = React.useState(0);
  const [state, setState] = React.useState<LoadState>({ status: 'loading' });

  React.useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadMount(remote, { fresh: attempt > 0 }).then(
      (lifecycles) => live && setState({ status: 'ready', lifecycles }),
      (error) => {
        console.error(`remote ${remote} failed to load`, error);
        if (live) setState({ status: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [remote, attempt]);

  const reportError = React.useCallback(
    (error: unknown) => {
      console.error(`remote ${remote} view failed`, error);
      setState({ status: 'error', error });
    },
    [remote],
  );

  const props: RemoteProps = React.useMemo(
    () => ({
      view,
      routeName,
      params,
      query: Object.fromEntries(new URLSearchParams(search)),
      hash: hash.replace(/^#/, ''),
      store,
      api,
      navigate: (to, options) => navigate(typeof to === 'string' ? to : pathFor(to), options),
      href: pathFor,
      locale,
      flags: settings.flags,
      settings,
      services: { toast },
      reportError,
    }),
    [view, routeName, params, search, hash, store, api, navigate, locale, settings, toast, reportError],
  );

  if (state.status === 'error') {
    return (
      <div className={styles.fallback} role="alert" data-remote={remote}>
        <h2>
          <FormattedMessage id="remote.failed.title" defaultMessage="This part of the page could not be loaded" />
        </h2>
        <p>
          <FormattedMessage id="remote.failed.body" defaultMessage="The rest of the site keeps working. Try again in a moment." />
        </p>
        <button type="button" className={styles.retry} onClick={() => setAttempt((a) => a + 1)}>
          <FormattedMessage id="remote.retry" defaultMessage="Retry" />
        </button>
      </div>
    );
  }
  if (state.status === 'loading') {
    return (
      <div className={styles.loading} role="status" aria-live="polite" data-remote={remote}>
        <FormattedMessage id="remote.loading" defaultMessage="Loading…" />
      </div>
    );
  }
  return (
    <Parcel
      key={attempt}
      config={state.lifecycles}
      mountParcel={mountRootParcel}
      wrapWith="div"
      wrapClassName={styles.remote}
      handleError={reportError}
      {...props}
    />
  );
}
