import { useIntl } from 'react-intl';
import { useRemote, type Locale } from '@dating/shared';
import { STORAGE_ITEMS, STORAGE_KIND_LABELS } from '../legal';
import { p } from './messages';
import styles from './LegalPage.module.css';

/** Every cookie and storage key the site sets (legal/cookies.ts), with purpose and lifetime. */
export function CookieTable() {
  const { settings } = useRemote();
  const intl = useIntl();
  const locale = intl.locale as Locale;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{intl.formatMessage(p.cookieCaption, { site: settings.theme.brandName })}</caption>
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
