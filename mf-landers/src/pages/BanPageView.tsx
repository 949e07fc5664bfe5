import { FormattedMessage } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

/** /pages/ban: where a blocked member is sent. */
export function BanPageView() {
  const { href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage id="pages.ban.title" defaultMessage="Access blocked" />
      </h1>
      <Notice>
        <FormattedMessage
          id="pages.ban.body"
          defaultMessage="Your access to this site has been blocked. If you think this is a mistake, please contact customer service."
        />
      </Notice>
      <p>
        <a href={href({ name: 'pages-service' })}>
          <FormattedMessage id="pages.ban.serviceLink" defaultMessage="Contact customer service" />
        </a>
      </p>
    </section>
  );
}
