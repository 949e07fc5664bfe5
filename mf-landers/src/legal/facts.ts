import { companyRegisterName, type Locale, type SiteSettings } from '@dating/shared';
import type { LegalDocument, LegalSection } from './types';

/** The company facts a legal text refers to, as they are shown (country name in the reader's language). */
export interface LegalFacts {
  brand: string;
  company: string;
  address: string;
  city: string;
  country: string;
  /** Register name and number, e.g. "KvK 81234567" or "Handelsregister HRB 219876 B". */
  register: string;
  vat: string;
  phone: string;
  email: string;
}

const REGISTER_FALLBACK: Record<Locale, string> = {
  en: 'Company register',
  nl: 'Handelsregister',
  de: 'Handelsregister',
  it: 'Registro delle imprese',
  fr: 'Registre du commerce',
  es: 'Registro mercantil',
  pl: 'Rejestr przedsiębiorców',
};

/** The label of the register number for a company in `country` (KvK, Handelsregister, KRS, …). */
export function registerLabel(country: string, locale: Locale): string {
  return companyRegisterName(country) ?? REGISTER_FALLBACK[locale];
}

export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function legalFacts(settings: SiteSettings, locale: Locale): LegalFacts {
  const c = settings.company;
  const label = registerLabel(c.country, locale);
  return {
    brand: settings.theme.brandName,
    company: c.name,
    address: c.address,
    city: c.city,
    country: countryName(c.country, locale),
    // "HRB 219876 B" already names its register type; the label says which register it is in.
    register: c.kvk ? `${label} ${c.kvk}` : label,
    vat: c.vat_numbers.join(', '),
    phone: c.support_phone,
    email: c.support_email,
  };
}

const PLACEHOLDER = /\{(brand|company|address|city|country|register|vat|phone|email)\}/g;

export function fill(text: string, facts: LegalFacts): string {
  return text.replace(PLACEHOLDER, (_, key: keyof LegalFacts) => facts[key]);
}

/** The document with the company's facts filled in and only the sections that apply to the site. */
export function fillLegal(doc: LegalDocument, facts: LegalFacts, settings: Pick<SiteSettings, 'settings'>): LegalDocument {
  const applies = (s: LegalSection) =>
    !s.when || (s.when === 'fictional-icon') === settings.settings.fictional_icon;
  return {
    title: fill(doc.title, facts),
    intro: fill(doc.intro, facts),
    sections: doc.sections.filter(applies).map((s) => ({
      heading: fill(s.heading, facts),
      paragraphs: s.paragraphs?.map((p) => fill(p, facts)),
      list: s.list?.map((p) => fill(p, facts)),
      ...(s.link ? { link: { ...s.link, text: fill(s.link.text, facts) } } : {}),
    })),
  };
}
