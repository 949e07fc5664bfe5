import type * as React from 'react';
import styles from './ui.module.css';

/** An honest note in a view: what is here, what is coming. */
export function Notice({ children }: { children: React.ReactNode }) {
  return <p className={styles.notice}>{children}</p>;
}

/** While something loads: announced politely to screen readers. */
export function Loading({ children }: { children: React.ReactNode }) {
  return (
    <p className={styles.status} role="status" aria-live="polite">
      {children}
    </p>
  );
}
