import * as React from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { useShell } from '../context';
import { onlineAtom, RELOAD_KEY, swStateAtom, type SwState } from './serviceWorker';
import styles from './status.module.css';
import { RELOAD_GUARD_MS, useHydrating } from '@dating/shared';

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

/** The gap between the bar and the screen's bottom edge (or the phone's tab bar): status.module.css. */
const BAR_GAP_PX = 16;

/**
 * Keeps --shell-status-space on the root: the bar's height and its gap while it shows something, 0
 * when empty. The layout leaves that much room at its bottom (layout.module.css), so the bar lies
 * over nothing: not the chat's composer and Send button, not the end of a page.
 */
function useReservedSpace(): React.RefObject<HTMLDivElement | null> {
  const ref = React.useRef<HTMLDivElement>(null);
  React.useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el) return;
    const update = () => {
      const height = el.offsetHeight;
      if (height > 0) root.style.setProperty('--shell-status-space', `${height + BAR_GAP_PX}px`);
      else root.style.removeProperty('--shell-status-space');
    };
    update();
    if (typeof ResizeObserver === 'undefined') return () => root.style.removeProperty('--shell-status-space');
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--shell-status-space');
    };
  }, []);
  return ref;
}

/**
 * The small status bar of the app (spec §4 service worker states, offline): what the member should
 * know about the site itself. Offline and "new version" stay until they are resolved; "updated"
 * passes after a few seconds.
 */
export function AppStatus() {
  const { sw, settings, offline: startedOffline } = useShell();
  const state = useAtomValue(swStateAtom);
  const online = useAtomValue(onlineAtom);
  const [passing, setPassing] = React.useState<'updated' | null>(null);
  const [dismissed, setDismissed] = React.useState(false);
  const [updated, setUpdated] = React.useState(justUpdated);

  // Each new worker state changes what passes by (taken over while rendering, not in an effect).
  // A first visit (no worker controls the page yet) says nothing about the worker: the visitor is
  // busy with the page (a lander's form, the signup), and "preparing" or "ready to work offline"
  // lay over its fields at the bottom of a phone's screen. Offline and a new version still show.
  const [seenState, setSeenState] = React.useState<SwState | null>(null);
  if (seenState !== state) {
    setSeenState(state);
    if (state === 'needs_refresh') setDismissed(false);
    if (state === 'activated' && updated) {
      setUpdated(false);
      setPassing('updated');
    }
  }
  React.useEffect(() => {
    document.documentElement.dataset.swState = state;
  }, [state]);

  // A passing state goes after a few seconds, whatever the worker does next.
  React.useEffect(() => {
    if (!passing) return;
    const timer = setTimeout(() => setPassing(null), STATUS_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [passing]);

  // A page rendered in Node is hydrated as the server rendered it, with no status: what the browser
  // knows (offline, a worker's state) shows once it has hydrated. Rendered into the server's bar
  // before, it would not match the server's markup, and React would render the whole shell anew.
  const hydrated = !useHydrating();
  const offline = hydrated && (!online || startedOffline);
  const needsRefresh = hydrated && state === 'needs_refresh' && !dismissed;
  const bar = useReservedSpace();
  return (
    <div ref={bar} className={styles.bar} role="status" aria-live="polite">
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
      {hydrated && !needsRefresh && passing ? (
        <div className={styles.item} data-status={passing}>
          <FormattedMessage id="status.updated" defaultMessage="Updated to the latest version." />
        </div>
      ) : null}
    </div>
  );
}
