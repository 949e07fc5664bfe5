import * as React from 'react';
import { FormattedMessage } from 'react-intl';
import { pathFor } from '../routing/paths';

/** Unmatched paths: status 404 with 'Page not found' (spec §2, §8). */
export function NotFound() {
  React.useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'prerender-status-code';
    meta.content = '404';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
  return (
    <section aria-labelledby="not-found-title">
      <p>
        <FormattedMessage id="error.status" defaultMessage="Error {status}" values={{ status: 404 }} />
      </p>
      <h1 id="not-found-title">
        <FormattedMessage id="notFound.title" defaultMessage="Page not found" />
      </h1>
      <p>
        <a href={pathFor({ name: 'index' })}>
          <FormattedMessage id="notFound.home" defaultMessage="Go to the home page" />
        </a>
      </p>
    </section>
  );
}
