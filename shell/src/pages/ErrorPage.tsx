import * as React from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { FragmentHost, userAtom } from '@dating/shared';
import { useShell } from '../context';
import { pathFor } from '../routing/paths';
import { useBot } from './useBot';
import styles from './pages.module.css';

export interface ErrorPageProps {
  status: number;
  /** A message for people; the status's own text when absent. */
  message?: string;
}

/**
 * The error page (spec §2, §8): status code and message; a member also sees the members grid (the
 * mf-search fragment), a visitor the signup form (the mf-auth-signup fragment, when signups are on).
 * Bots see only the status and message. The fragments go through the shell's fragment service, as
 * a remote's do (FragmentPortals): on the 404 page rendered in Node the signup form is in the page's
 * markup (shell/src/serverRender.tsx), and the browser hydrates it in place.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const { settings, services } = useShell();
  const user = useAtomValue(userAtom);
  const intl = useIntl();
  // Undefined until known (a page the browser renders itself): neither fragment meanwhile.
  const bot = useBot();

  React.useEffect(() => {
    // Prerenderers and crawlers read the real status from here (a SPA answers 200).
    const meta = document.createElement('meta');
    meta.name = 'prerender-status-code';
    meta.content = String(status);
    document.head.appendChild(meta);
    const robots = document.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    document.head.appendChild(robots);
    return () => {
      meta.remove();
      robots.remove();
    };
  }, [status]);

  const notFound = status === 404;
  return (
    <div className={styles.error}>
      <section aria-labelledby="error-title" className={styles.errorHead}>
        <p className={styles.status}>
          <FormattedMessage id="error.status" defaultMessage="Error {status}" values={{ status }} />
        </p>
        <h1 id="error-title">
          {notFound ? (
            <FormattedMessage id="notFound.title" defaultMessage="Page not found" />
          ) : (
            <FormattedMessage id="errorPage.title" defaultMessage="Something went wrong" />
          )}
        </h1>
        {message || !notFound ? (
          <p>{message || intl.formatMessage({ id: 'errorPage.body', defaultMessage: 'Please try again in a moment.' })}</p>
        ) : null}
        <p>
          <a href={pathFor({ name: 'index' })}>
            <FormattedMessage id="notFound.home" defaultMessage="Go to the home page" />
          </a>
        </p>
      </section>
      {bot !== false || user === undefined ? null : user ? (
        settings.flags.profileSearch ? (
          <FragmentHost
            service={services.fragment}
            spec={{ remote: 'mf_search', name: 'members-grid', label: intl.formatMessage({ id: 'errorPage.members', defaultMessage: 'Members you may like' }) }}
          />
        ) : null
      ) : settings.flags.signup ? (
        <FragmentHost
          service={services.fragment}
          spec={{ remote: 'mf_auth_signup', name: 'signup-form', label: intl.formatMessage({ id: 'errorPage.signup', defaultMessage: 'Sign up for free' }) }}
        />
      ) : null}
    </div>
  );
}
