import * as React from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useShell } from '../context';
import { onlineAtom, RELOAD_KEY, swStateAtom, type SwState } from './serviceWorker';
import styles from './status.module.css';
import { RELOAD_GUARD_MS } from '@dating/shared';

/** How long a passing state (offline ready, updated) stays on screen. */
export const STATUS_VISIBLE_MS = 6000;

function justUpdated(): boolean {
  try {
    const at = Number(sessionStorage.getItem(RELOAD_KEY));
    return Number.isFinite(at) && Date.now() - at < RELOAD_GUARD_MS;
  } catch {
    return false;
  }
}

/**
 * The small status bar of the app (spec §4 service worker states, offline): what the member should
 * know about the site itself. Offline and "new version" stay until they are resolved; "preparing",
 * "ready to work offline" and "updated" pass after a few seconds.
 */
export function AppStatus() {
  const { sw, settings, offline: startedOffline } = useShell();
  const state = useAtomValue(swStateAtom);
  const online = useAtomValue(onlineAtom);
  const [passing, setPassing] = React.useState<Extract<SwState, 'registered' | 'offline_ready'> | 'updated' | null>(null);
  const [dismissed, setDismissed] = React.useState(false);
  const [updated, setUpdated] = React.useState(justUpdated);

  // Each new worker state changes what passes by (taken over while rendering, not in an effect).
  const [seenState, setSeenState] = React.useState<SwState | null>(null);
  if (seenState !== state) {
    setSeenState(state);
    if (state === 'needs_refresh') setDismissed(false);
    if (state === 'registered' && !navigator.serviceWorker?.controller) setPassing('registered');
    else if (state === 'offline_ready') setPassing('offline_ready');
    else if (state === 'activated' && updated) {
      setUpdated(false);
      setPassing('updated');
    } else setPassing((p) => (p === 'registered' ? null : p)); // "preparing" ends with the worker
  }
  React.useEffect(() => {
    document.documentElement.dataset.swState = state;
  }, [state]);

  // A passing state goes after a few seconds, whatever the worker does next (it used to stay for
  // good when "activated" followed "offline ready" and cancelled the timer).
  React.useEffect(() => {
    if (!passing || passing === 'registered') return;
    const timer = setTimeout(() => setPassing(null), STATUS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [passing]);

  const offline = !online || startedOffline;
  const needsRefresh = state === 'needs_refresh' && !dismissed;
  return (
    <div className={styles.bar} role="status" aria-live="polite">
      {offline ? (
        <div className={`${styles.item} ${styles.offline}`} data-status="offline">
          <FormattedMessage
            id="status.offline"
            defaultMessage="You are offline. {brand} shows what it can and catches up when you are back online."
            values={{ brand: settings.theme.brandName }}
          />
          {online ? (
            <button type="button" className={styles.action} onClick={() => location.reload()}>
              <FormattedMessage id="remote.retry" defaultMessage="Retry" />
            </button>
          ) : null}
        </div>
      ) : null}
      {needsRefresh ? (
        <div className={styles.item} data-status="needs_refresh">
          <FormattedMessage id="status.needsRefresh" defaultMessage="A new version of {brand} is available." values={{ brand: settings.theme.brandName }} />
          <button type="button" className={styles.action} onClick={() => sw?.applyUpdate()}>
            <FormattedMessage id="status.reload" defaultMessage="Reload" />
          </button>
          <button type="button" className={styles.later} onClick={() => setDismissed(true)}>
            <FormattedMessage id="status.later" defaultMessage="Later" />
          </button>
        </div>
      ) : null}
      {!needsRefresh && passing ? (
        <div className={styles.item} data-status={passing}>
          {passing === 'registered' ? (
            <FormattedMessage id="status.registered" defaultMessage="Preparing offline use…" />
          ) : passing === 'updated' ? (
            <FormattedMessage id="status.updated" defaultMessage="Updated to the latest version." />
          ) : (
            <FormattedMessage id="status.offlineReady" defaultMessage="Ready to work offline." />
          )}
        </div>
      ) : null}
    </div>
  );
}
