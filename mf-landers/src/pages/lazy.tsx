import * as React from 'react';
import { useIntl } from 'react-intl';
import type { LegalPage as Page } from '../legal/types';

/** The legal texts of seven languages load with the legal pages only, never with a lander. */
const LegalPage = React.lazy(() => import('./LegalPage').then((m) => ({ default: m.LegalPage })));

function Loading() {
  const intl = useIntl();
  return (
    <p role="status" aria-live="polite" style={{ padding: '1.5rem clamp(1rem, 4vw, 2rem)' }}>
      {intl.formatMessage({ id: 'ui.loading', defaultMessage: 'Loading…' })}
    </p>
  );
}

export function legalPageView(page: Page): React.ComponentType {
  function LegalPageView() {
    return (
      <React.Suspense fallback={<Loading />}>
        <LegalPage page={page} />
      </React.Suspense>
    );
  }
  LegalPageView.displayName = `LegalPageView(${page})`;
  return LegalPageView;
}
