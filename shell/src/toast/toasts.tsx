import * as React from 'react';
import { useIntl } from 'react-intl';
import { TOAST_MAX_WIDTH_PX, TOAST_PROGRESS_BAR_PX } from '@dating/shared';
import type { ToastStore, ToastItem } from './toastStore';
import styles from './toasts.module.css';

function Toast({ toast, store }: { toast: ToastItem; store: ToastStore }) {
  const intl = useIntl();
  const paused = toast.pausedBy.length > 0;
  return (
    <div
      className={`${styles.toast} ${styles[toast.variant ?? 'info'] ?? ''}`}
      data-variant={toast.variant ?? 'info'}
      data-paused={paused || undefined}
      onMouseEnter={() => store.pause(toast.id, 'hover')}
      onMouseLeave={() => store.resume(toast.id, 'hover')}
      onFocus={() => store.pause(toast.id, 'focus')}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) store.resume(toast.id, 'focus');
      }}
    >
      <div className={styles.text}>
        {toast.title ? <strong className={styles.title}>{toast.title}</strong> : null}
        <span>{toast.message}</span>
      </div>
      <button
        type="button"
        className={styles.close}
        onClick={() => store.dismiss(toast.id)}
        aria-label={intl.formatMessage({ id: 'toast.close', defaultMessage: 'Close' })}
      >
        <span aria-hidden="true">×</span>
      </button>
      <div
        className={styles.progress}
        aria-hidden="true"
        style={{ animationDuration: `${toast.duration}ms`, animationPlayState: paused ? 'paused' : 'running' }}
      />
    </div>
  );
}

/**
 * Toasts at the top end of the page (spec §9: container max 350px, 4px progress bar showing the
 * countdown). Both live regions always exist, so that screen readers announce what appears in
 * them: danger toasts assertively, the others politely.
 */
export function ToastHost({ store }: { store: ToastStore }) {
  const toasts = React.useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const intl = useIntl();
  const urgent = toasts.filter((t) => t.variant === 'danger');
  const polite = toasts.filter((t) => t.variant !== 'danger');
  return (
    <section
      className={styles.container}
      style={{ '--toast-max-width': `${TOAST_MAX_WIDTH_PX}px`, '--toast-progress': `${TOAST_PROGRESS_BAR_PX}px` } as React.CSSProperties}
      aria-label={intl.formatMessage({ id: 'toast.region', defaultMessage: 'Messages' })}
    >
      <div role="alert" aria-live="assertive" className={styles.stack}>
        {urgent.map((t) => <Toast key={t.id} toast={t} store={store} />)}
      </div>
      <div role="status" aria-live="polite" className={styles.stack}>
        {polite.map((t) => <Toast key={t.id} toast={t} store={store} />)}
      </div>
    </section>
  );
}
