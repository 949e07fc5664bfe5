import * as React from 'react';
import { FormattedMessage, IntlProvider } from 'react-intl';
import type { Locale } from '@dating/shared';
import styles from './pages.module.css';

/**
 * Shown instead of a browser error when the site cannot start: the member API is unreachable and
 * this browser has no copy of the site's settings yet. Tries again by itself when the connection
 * returns.
 */
export function OfflinePage({ locale, messages, offline }: { locale: Locale; messages: Record<string, string>; offline: boolean }) {
  React.useEffect(() => {
    const retry = () => location.reload();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={messages}>
      <main className={styles.offline} id="content">
        <h1>
          {offline ? (
            <FormattedMessage id="offline.title" defaultMessage="You are offline" />
          ) : (
            <FormattedMessage id="startup.title" defaultMessage="The site could not be loaded" />
          )}
        </h1>
        <p role="alert">
          {offline ? (
            <FormattedMessage id="offline.body" defaultMessage="Check your connection. The page loads again by itself when you are back online." />
          ) : (
            <FormattedMessage id="startup.failed" defaultMessage="The site could not be loaded. Check your connection and try again." />
          )}
        </p>
        <button type="button" onClick={() => location.reload()}>
          <FormattedMessage id="remote.retry" defaultMessage="Retry" />
        </button>
      </main>
    </IntlProvider>
  );
}
