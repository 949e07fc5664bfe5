import { FormattedMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import { useRemote } from '@dating/shared';
import { Notice, ui } from '@dating/shared/ui';

const titles = defineMessages({
  terms: { id: 'pages.terms.title', defaultMessage: 'Terms and conditions' },
  privacy: { id: 'pages.privacy.title', defaultMessage: 'Privacy statement' },
  cookies: { id: 'pages.cookies.title', defaultMessage: 'Cookie policy' },
  faq: { id: 'pages.faq.title', defaultMessage: 'Frequently asked questions' },
  returnPolicy: { id: 'pages.returnPolicy.title', defaultMessage: 'Return policy' },
});

/** A content page whose text the site will publish: heading, an honest note, the way to help. */
function ContentPage({ title }: { title: MessageDescriptor }) {
  const { href } = useRemote();
  return (
    <section className={ui.view}>
      <h1>
        <FormattedMessage {...title} />
      </h1>
      <Notice>
        <FormattedMessage id="pages.textComingSoon" defaultMessage="The full text of this page will be published here soon." />
      </Notice>
      <p>
        <FormattedMessage id="pages.questions" defaultMessage="Questions in the meantime?" />{' '}
        <a href={href({ name: 'pages-service' })}>
          <FormattedMessage id="pages.serviceLink" defaultMessage="Contact customer service" />
        </a>
      </p>
    </section>
  );
}

export function TermsPageView() {
  return <ContentPage title={titles.terms} />;
}

export function PrivacyPageView() {
  return <ContentPage title={titles.privacy} />;
}

export function CookiesPageView() {
  return <ContentPage title={titles.cookies} />;
}

export function FaqPageView() {
  return <ContentPage title={titles.faq} />;
}

export function ReturnPolicyPageView() {
  return <ContentPage title={titles.returnPolicy} />;
}
