import * as React from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import styles from './ui.module.css';

/**
 * What went wrong, in words a person can act on: an answer the server gave (not found, log in,
 * not allowed) is not a connection problem, and trying again would not change it.
 */
function ErrorBody({ error }: { error: unknown }) {
  const status = statusOf(error);
  if (status === 400 || status === 404 || status === 410)
    return <FormattedMessage id="ui.error.notFound" defaultMessage="This does not exist, or it is no longer here." />;
  // 401, or 403 `login_required` (a visitor where the site shows this to members only): log in.
  if (status === 401 || (status === 403 && codeOf(error) === 'login_required'))
    return <FormattedMessage id="ui.error.login" defaultMessage="Log in to see this." />;
  if (status === 403) return <FormattedMessage id="ui.error.forbidden" defaultMessage="You are not allowed to see this." />;
  return <FormattedMessage id="ui.error.body" defaultMessage="Check your connection and try again." />;
}

/**
 * The HTTP status of an ApiError, 0 for anything else. By shape, not `instanceof`: a remote's
 * bundle may hold its own copy of the client's class (the kit imports it relatively).
 */
function statusOf(error: unknown): number {
  const status = error instanceof Error && error.name === 'ApiError' ? (error as Error & { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : 0;
}

/** The API's error code of an ApiError (e.g. `login_required`), by shape like `statusOf`. */
function codeOf(error: unknown): string | undefined {
  const code = error instanceof Error && error.name === 'ApiError' ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** Answers that a second try cannot change: the error offers no Try again. */
function isFinal(error: unknown): boolean {
  const status = statusOf(error);
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export interface QueryViewProps<T> {
  query: Pick<UseQueryResult<T>, 'status' | 'data' | 'refetch' | 'isRefetching'> & { error?: unknown };
  /** What to show once the data is there (and not empty). */
  children: (data: T) => React.ReactNode;
  /** When the data counts as empty, e.g. `(d) => d.length === 0`. */
  isEmpty?: (data: T) => boolean;
  /** The empty state: say what is missing and lead somewhere; default "Nothing here yet.". */
  empty?: React.ReactNode;
  /** A skeleton in the shape of the content; default a polite "Loading…". */
  loading?: React.ReactNode;
  /** The heading of the error state; default "This could not be loaded". */
  errorTitle?: React.ReactNode;
}

/**
 * The one loading / empty / error presentation of server data. Loading is announced politely,
 * an error is an alert with Try again (a refetch), and empty shows its own state. Data that is
 * already on screen stays while it refreshes.
 */
export function QueryView<T>({ query, children, isEmpty, empty, loading, errorTitle }: QueryViewProps<T>) {
  // The first answer arrives as an external-store update, which React renders in one go; through
  // the deferred flag the answer's content renders as a transition instead, in slices of a few ms
  // with the browser free between them, while the loading state stays on screen.
  const answered = React.useDeferredValue(query.status !== 'pending');
  if (query.status === 'pending' || !answered) {
    return (
      <div role="status" aria-live="polite" aria-busy="true" className={styles.status}>
        {loading ?? <FormattedMessage id="ui.loading" defaultMessage="Loading…" />}
      </div>
    );
  }
  if (query.status === 'error') {
    return (
      <div role="alert" className={styles.alert}>
        <p className={styles.alertTitle}>{errorTitle ?? <FormattedMessage id="ui.error.title" defaultMessage="This could not be loaded" />}</p>
        <p>
          <ErrorBody error={query.error} />
        </p>
        {!isFinal(query.error) && (
          <button type="button" className={styles.button} disabled={query.isRefetching} onClick={() => void query.refetch()}>
            <FormattedMessage id="ui.retry" defaultMessage="Try again" />
          </button>
        )}
      </div>
    );
  }
  const data = query.data as T;
  if (isEmpty?.(data)) {
    return <div className={styles.empty}>{empty ?? <FormattedMessage id="ui.empty" defaultMessage="Nothing here yet." />}</div>;
  }
  return <>{children(data)}</>;
}
