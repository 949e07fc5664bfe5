import * as React from 'react';
import { useIntl } from 'react-intl';
import type { ShellServices, ToastOptions } from '@dating/shared';
import styles from './toasts.module.css';

export const TOAST_DEFAULT_MS = 5000;

interface Toast extends ToastOptions {
  id: number;
}

const ToastContext = React.createContext<ShellServices['toast']>(() => {});
export const useToast = () => React.useContext(ToastContext);

/** Toasts as a shell service (spec §9: 5000 ms default, top-end, 350px container). */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = React.useState<Toast[]>([]);
  const next = React.useRef(1);
  const intl = useIntl();
  const dismiss = React.useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const toast = React.useCallback(
    (options: ToastOptions) => {
      const id = next.current++;
      setToasts((all) => [...all, { ...options, id }]);
      setTimeout(() => dismiss(id), options.duration ?? TOAST_DEFAULT_MS);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={toast}>
      {children}
      <div className={styles.container} role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`${styles.toast} ${styles[t.variant ?? 'info']}`} role={t.variant === 'danger' ? 'alert' : undefined}>
            {t.title ? <strong>{t.title}</strong> : null}
            <span>{t.message}</span>
            <button type="button" onClick={() => dismiss(t.id)} aria-label={intl.formatMessage({ id: 'toast.close', defaultMessage: 'Close' })}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
