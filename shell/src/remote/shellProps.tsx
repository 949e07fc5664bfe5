import * as React from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { localeAtom, type FragmentProps, type RemoteLifecycles } from '@dating/shared';
import { useShell } from '../context';
import { loadExposed, noteViewError, REMOTE_STILL_LOADING_MS } from '../federation/remotes';
import { pathFor } from '../routing/paths';
import type { RemoteName } from '@dating/shared';
import styles from './remote.module.css';

export type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; lifecycles: RemoteLifecycles }
  | { status: 'error'; error: unknown };

/** Loads a remote's exposed lifecycles; `retry()` loads them again from a fresh registration. */
export function useExposed(remote: RemoteName, expose: string) {
  const [attempt, setAttempt] = React.useState(0);
  const load = `${remote}/${expose}#${attempt}`;
  // The answer of the load it answers; a new load (another remote, a retry) is loading until then.
  const [answered, setAnswered] = React.useState<{ load: string; state: LoadState } | null>(null);
  const state: LoadState = answered?.load === load ? answered.state : { status: 'loading' };
  const setState = React.useCallback((next: LoadState) => setAnswered({ load, state: next }), [load]);
  React.useEffect(() => {
    let live = true;
    loadExposed(remote, expose, { fresh: attempt > 0 }).then(
      // A transition: the remote's mount renders in slices, the skeleton stays meanwhile.
      (lifecycles) => live && React.startTransition(() => setState({ status: 'ready', lifecycles })),
      (error) => {
        console.error(`remote ${remote}/${expose} failed to load`, error);
        if (live) setState({ status: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [remote, expose, attempt, setState]);
  const fail = React.useCallback(
    (error: unknown) => {
      console.error(`remote ${remote}/${expose} view failed`, error);
      noteViewError(remote);
      setState({ status: 'error', error });
    },
    [remote, expose, setState],
  );
  const retry = React.useCallback(() => setAttempt((a) => a + 1), []);
  return { state, attempt, fail, retry };
}

/** What every mounted remote gets, whatever it shows (a route's view or a fragment). */
export function useShellProps(reportError: (error: unknown) => void): Omit<FragmentProps, 'options'> {
  const { api, store, queryClient, settings, services } = useShell();
  const locale = useAtomValue(localeAtom);
  const navigate = useNavigate();
  return React.useMemo(
    () => ({
      store,
      api,
      queryClient,
      navigate: (to, options) => void navigate(typeof to === 'string' ? to : pathFor(to), options),
      href: pathFor,
      locale,
      flags: settings.flags,
      settings,
      services,
      reportError,
    }),
    [store, api, queryClient, navigate, locale, settings, services, reportError],
  );
}

/**
 * The localized fallback of a remote that could not load or failed: the rest keeps working. In place
 * of a route's view it is the page's main heading (h1: the view and its h1 are missing); in place of a
 * fragment, a heading inside the host's section.
 */
export function RemoteFallback({ remote, onRetry, compact = false }: { remote: string; onRetry(): void; compact?: boolean }) {
  const Heading = compact ? 'h3' : 'h1';
  return (
    <div className={styles.fallback} role="alert" data-remote={remote}>
      <Heading className={styles.fallbackTitle}>
        <FormattedMessage id="remote.failed.title" defaultMessage="This part of the page could not be loaded" />
      </Heading>
      <p>
        <FormattedMessage id="remote.failed.body" defaultMessage="The rest of the site keeps working. Try again in a moment." />
      </p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        <FormattedMessage id="remote.retry" defaultMessage="Retry" />
      </button>
    </div>
  );
}

/**
 * A remote on its way: a skeleton at once (nothing jumps when the view arrives), a "still loading"
 * notice after 3 s, and — from loadExposed's budget — the fallback with Retry after at most 10 s.
 */
export function RemoteLoading({ remote, compact = false }: { remote: string; compact?: boolean }) {
  const [slow, setSlow] = React.useState(false);
  React.useEffect(() => {
    const timer = setTimeout(() => setSlow(true), REMOTE_STILL_LOADING_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={styles.loading} aria-busy="true" data-remote={remote} data-loading={slow ? 'slow' : 'skeleton'}>
      <div className={styles.skeleton} aria-hidden="true">
        {!compact ? <span className={`${styles.bone} ${styles.boneTitle}`} /> : null}
        <span className={styles.bone} />
        <span className={styles.bone} />
        <span className={`${styles.bone} ${styles.boneShort}`} />
      </div>
      <p role="status" aria-live="polite" className={slow ? styles.slow : styles.visuallyHidden}>
        {slow ? (
          <FormattedMessage id="remote.slow" defaultMessage="Still loading… this part of the page is taking longer than usual." />
        ) : (
          <FormattedMessage id="remote.loading" defaultMessage="Loading…" />
        )}
      </p>
    </div>
  );
}
