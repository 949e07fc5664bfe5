// Texts of a site that the start-up shows, without the contract's schemas (zod): the browser's
// start-up imports these from here (shared/src/browser.ts); the schemas re-export them.
import type { Locale } from './locales';

/** The tagline in `locale`, else the theme's own. */
export function taglineOf(theme: { tagline: string; taglines?: Partial<Record<Locale, string>> }, locale: Locale): string {
  return theme.taglines?.[locale] ?? theme.tagline;
}

/**
 * The name of the company register per country, as the register calls itself: the label of the
 * register number in the company info (KvK in the Netherlands, Handelsregister in Germany, …).
 */
export const COMPANY_REGISTERS: Record<string, string> = {
  NL: 'KvK',
  DE: 'Handelsregister',
  AT: 'Firmenbuch',
  CH: 'Handelsregister',
  PL: 'KRS',
  BE: 'KBO/BCE',
  FR: 'RCS',
  IT: 'Registro delle imprese (REA)',
  ES: 'Registro Mercantil',
  GB: 'Companies House',
  IE: 'CRO',
  LU: 'RCS Luxembourg',
};

/** The register label for a company in `country`; null when unknown (the UI says "Company register"). */
export function companyRegisterName(country: string | null | undefined): string | null {
  return (country && COMPANY_REGISTERS[country.toUpperCase()]) || null;
}
