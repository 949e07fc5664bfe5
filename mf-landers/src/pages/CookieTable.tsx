import * as React from 'react';
import { useIntl } from 'react-intl';
import { useRemote, type Locale } from '@dating/shared';
import { STORAGE_ITEMS, STORAGE_KIND_LABELS } from '../legal/storage';
import { p } from './messages';
import styles from './LegalPage.module.css';

/** Every cookie and storage key the site sets (legal/storage.ts), with purpose and lifetime. */
export function CookieTable() {
  const { settings } = useRemote();
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const captionId = React.useId();
  return (
    // On phones the table scrolls sideways: a named region reachable by keyboard to scroll it (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={styles.tableWrap} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId}>{intl.formatMessage(p.cookieCaption, { site: settings.theme.brandName })}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(p.cookieName)}</th>
            <th scope="col">{intl.formatMessage(p.cookieKind)}</th>
            <th scope="col">{intl.formatMessage(p.cookiePurpose)}</th>
            <th scope="col">{intl.formatMessage(p.cookieLifetime)}</th>
          </tr>
        </thead>
        <tbody>
          {STORAGE_ITEMS.map((item) => (
            <tr key={`${item.kind}-${item.name}`}>
              <th scope="row">
                <code>{item.name}</code>
              </th>
              <td>{STORAGE_KIND_LABELS[locale][item.kind]}</td>
              <td>{item.purpose[locale]}</td>
              <td>{item.lifetime[locale]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
