import { useIntl } from 'react-intl';
import { useRemote, type Locale } from '@dating/shared';
import { telHref } from '../common/tel';
import { countryName, registerLabel } from '../legal/facts';
import { p } from './messages';
import styles from './LegalPage.module.css';

/**
 * The company behind the site, from its company info: the register number carries the label of
 * the company's own country's register (KvK in the Netherlands, Handelsregister in Germany, …).
 */
export function CompanyFacts({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { settings } = useRemote();
  const intl = useIntl();
  const locale = intl.locale as Locale;
  const c = settings.company;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={styles.company} aria-labelledby="company-facts">
      <Heading id="company-facts">{intl.formatMessage(p.companyTitle)}</Heading>
      <dl className={styles.facts}>
        <dt>{intl.formatMessage(p.company)}</dt>
        <dd>{c.name}</dd>
        {c.tradenames.length > 0 && (
          <>
            <dt>{intl.formatMessage(p.tradenames)}</dt>
            <dd>{intl.formatList(c.tradenames, { type: 'conjunction' })}</dd>
          </>
        )}
        <dt>{intl.formatMessage(p.address)}</dt>
        <dd>
          <address>
            {c.address}
            <br />
            {c.city}
            {c.country && (
              <>
                <br />
                {countryName(c.country, locale)}
              </>
            )}
          </address>
        </dd>
        {c.kvk && (
          <>
            <dt>{registerLabel(c.country, locale)}</dt>
            <dd>{c.kvk}</dd>
          </>
        )}
        {c.vat_numbers.length > 0 && (
          <>
            <dt>{intl.formatMessage(p.vat)}</dt>
            <dd>{intl.formatList(c.vat_numbers, { type: 'unit' })}</dd>
          </>
        )}
        {c.support_phone && (
          <>
            <dt>{intl.formatMessage(p.phone)}</dt>
            <dd>
              <a href={telHref(c.support_phone)}>{c.support_phone}</a>
            </dd>
          </>
        )}
        {c.support_email && (
          <>
            <dt>{intl.formatMessage(p.email)}</dt>
            <dd>
              <a href={`mailto:${c.support_email}`}>{c.support_email}</a>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
