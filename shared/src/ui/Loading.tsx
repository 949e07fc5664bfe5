import type * as React from 'react';
import styles from './ui.module.css';

/** While something loads: announced politely to screen readers. */
export function Loading({ children }: { children: React.ReactNode }) {
  return (
    <p className={styles.status} role="status" aria-live="polite" aria-busy="true">
      {children}
    </p>
  );
}
