import * as React from 'react';
import { useIntl } from 'react-intl';
import { useRemote, type Locale } from '@dating/shared';
import { fillLegal, legalFacts } from '../legal/facts';
import type { LegalDocument, LegalPage as Page, LegalSection, LegalTexts } from '../legal/types';
import { CompanyFacts } from './CompanyFacts';
import { CookieTable } from './CookieTable';
import { p } from './messages';
import styles from './LegalPage.module.css';

/** The page's text in the reader's language (English when it has none), filled with the site's company facts. */
export function useLegalDocument(texts: LegalTexts): LegalDocument {
  const { settings } = useRemote();
  const locale = useIntl().locale as Locale;
  return React.useMemo(() => fillLegal(texts[locale] ?? texts.en, legalFacts(settings, locale), settings), [texts, locale, settings]);
}

function SectionBody({ section }: { section: LegalSection }) {
  const { href } = useRemote();
  return (
    <>
      {section.paragraphs?.map((text) => <p key={text}>{text}</p>)}
      {section.list && (
        <ul>
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {section.link && (
        <p>
          <a href={href({ name: 'profile', hash: section.link.to === 'profile-data' ? 'data' : 'site-run' })}>{section.link.text}</a>
        </p>
      )}
    </>
  );
}

/** The sections of a legal text; used by the pages and by the `./legal-document` fragment. */
export function LegalSections({ page, doc, headingLevel = 2 }: { page: Page; doc: LegalDocument; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  if (page === 'faq') {
    return (
      <div className={styles.faq}>
        {doc.sections.map((s) => (
          <details key={s.heading} className={styles.question}>
            <summary>
              <Heading className={styles.questionTitle}>{s.heading}</Heading>
            </summary>
            <SectionBody section={s} />
          </details>
        ))}
      </div>
    );
  }
  return (
    <>
      {doc.sections.map((s, i) => (
        <section key={s.heading} className={styles.section}>
          <Heading>{s.heading}</Heading>
          <SectionBody section={s} />
          {page === 'cookies' && i === 1 && <CookieTable />}
        </section>
      ))}
    </>
  );
}

/** A legal or help page: title, introduction, sections, the company details and the way to help. */
export function LegalPage({ page, texts }: { page: Page; texts: LegalTexts }) {
  const { href } = useRemote();
  const intl = useIntl();
  const doc = useLegalDocument(texts);
  return (
    <article className={styles.page} data-legal={page}>
      <h1>{doc.title}</h1>
      <p className={styles.intro}>{doc.intro}</p>
      <LegalSections page={page} doc={doc} />
      <CompanyFacts />
      <ul className={styles.links}>
        {page !== 'service' && (
          <li>
            <a href={href({ name: 'pages-service' })}>{intl.formatMessage(p.serviceLink)}</a>
          </li>
        )}
        {page !== 'faq' && (
          <li>
            <a href={href({ name: 'pages-faq' })}>{intl.formatMessage(p.faqLink)}</a>
          </li>
        )}
        <li>
          <a href={href({ name: 'complaints' })}>{intl.formatMessage(p.complaintsLink)}</a>
        </li>
      </ul>
    </article>
  );
}

