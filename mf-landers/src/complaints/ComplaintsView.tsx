import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { telHref } from '../common/tel';
import { Notice, ui } from '@dating/shared/ui';

/** /complaints */
export function ComplaintsView() {
  const { settings, href } = useRemote();
  const phone = settings.company.support_phone;
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="complaints.title" defaultMessage="Complaints" />
      </h1>
      <Notice>
        <FormattedMessage
          id="complaints.comingSoon"
          defaultMessage="Submitting a complaint online will be possible on this page soon."
        />
      </Notice>
      {phone && (
        <p>
          <FormattedMessage
            id="complaints.phone"
            defaultMessage="Until then, our customer service is there for you at {phone}."
            values={{ phone: <a href={telHref(phone)}>{phone}</a> }}
          />
        </p>
      )}
      <p>
        <a href={href({ name: 'pages-service' })}>
          <FormattedMessage id="complaints.serviceLink" defaultMessage="All customer service details" />
        </a>
      </p>
    </section>
  );
}
