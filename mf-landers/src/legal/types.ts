import type { Locale } from '@dating/shared';

/**
 * A legal or help page as data: per locale, a title, an introduction and sections. Texts hold
 * placeholders for the site's company info, filled in by fillLegal() (see facts.ts):
 * {brand} {company} {address} {city} {country} {register} {vat} {phone} {email}.
 */
export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  /** A link into the site after the text: `profile-data` is the data download on /profile. */
  link?: { text: string; to: 'profile-data' | 'profile-site-run' };
  /** Only on sites that mark fictional profiles with an icon, or only on those that do not. */
  when?: 'fictional-icon' | 'no-fictional-icon';
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: LegalSection[];
}

export type LegalTexts = Record<Locale, LegalDocument>;

export const LEGAL_PAGES = ['terms', 'privacy', 'cookies', 'faq', 'return-policy', 'service', 'ban', 'site-run'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];
