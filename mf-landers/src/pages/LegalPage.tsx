import * as React from 'react';
import { useIntl } from 'react-intl';
import { useRemote, type Locale } from '@dating/shared';
import { fillLegal, legalDocument, legalFacts, type LegalDocument, type LegalPage as Page, type LegalSection } from '../legal';
import { CompanyFacts } from './CompanyFacts';
import { CookieTable } from './CookieTable';
import { p } from './messages';
import styles from './LegalPage.module.css';

/** The page's text in the reader's language, filled with the site's company facts. */
export function useLegalDocument(page: Page): LegalDocument {
  const { settings } = useRemote();
  const locale = useIntl().locale as Locale;
  return React.useMemo(() => fillLegal(legalDocument(page, locale), legalFacts(settings, locale), settings), [page, locale, settings]);
}

function SectionBody({ section }: { section: LegalSection }) {
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
export function LegalPage({ page }: { page: Page }) {
  const { href } = useRemote();
  const intl = useIntl();
  const doc = useLegalDocument(page);
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

