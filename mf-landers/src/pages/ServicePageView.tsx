import { FormattedMessage, useIntl } from 'react-intl';
import { useRemote } from '@dating/shared';
import { telHref } from '../common/tel';
import { ui } from '@dating/shared/ui';

/** /pages/service: how to reach the company behind the site (spec §3 company info). */
export function ServicePageView() {
  const { settings, href } = useRemote();
  const intl = useIntl();
  const company = settings.company;
  let country = company.country;
  try {
    country = (company.country && intl.formatDisplayName(company.country.toUpperCase(), { type: 'region' })) || company.country;
  } catch {
    // An unknown code is shown as it is.
  }
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="pages.service.title" defaultMessage="Customer service" />
      </h1>
      <p className={ui.lead}>
        <FormattedMessage
          id="pages.service.intro"
          defaultMessage="{company} is happy to help. This is how you can reach us."
          values={{ company: company.name }}
        />
      </p>
      <dl className={ui.facts}>
        <dt>
          <FormattedMessage id="pages.service.company" defaultMessage="Company" />
        </dt>
        <dd>{company.name}</dd>
        {company.tradenames.length > 0 && (
          <>
            <dt>
              <FormattedMessage id="pages.service.tradenames" defaultMessage="Trade names" />
            </dt>
            <dd>{intl.formatList(company.tradenames, { type: 'conjunction' })}</dd>
          </>
        )}
        <dt>
          <FormattedMessage id="pages.service.address" defaultMessage="Address" />
        </dt>
        <dd>
          <address>
            {company.address}
            <br />
            {company.city}
            {country && (
              <>
                <br />
                {country}
              </>
            )}
          </address>
        </dd>
        {company.support_phone && (
          <>
            <dt>
              <FormattedMessage id="pages.service.phone" defaultMessage="Phone" />
            </dt>
            <dd>
              <a href={telHref(company.support_phone)}>{company.support_phone}</a>
            </dd>
          </>
        )}
        {company.kvk && (
          <>
            <dt>
              <FormattedMessage id="pages.service.kvk" defaultMessage="Chamber of Commerce number" />
            </dt>
            <dd>{company.kvk}</dd>
          </>
        )}
        {company.vat_numbers.length > 0 && (
          <>
            <dt>
              <FormattedMessage id="pages.service.vat" defaultMessage="VAT number" />
            </dt>
            <dd>{intl.formatList(company.vat_numbers, { type: 'unit' })}</dd>
          </>
        )}
      </dl>
      <ul className={ui.links}>
        <li>
          <a href={href({ name: 'pages-faq' })}>
            <FormattedMessage id="pages.service.faqLink" defaultMessage="Frequently asked questions" />
          </a>
        </li>
        <li>
          <a href={href({ name: 'complaints' })}>
            <FormattedMessage id="pages.service.complaintsLink" defaultMessage="Make a complaint" />
          </a>
        </li>
      </ul>
    </section>
  );
}
