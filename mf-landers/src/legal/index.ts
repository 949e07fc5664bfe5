import type { Locale } from '@dating/shared';
import { BAN, SERVICE } from './help';
import { COOKIES } from './cookies';
import { FAQ } from './faq';
import { PRIVACY } from './privacy';
import { RETURN_POLICY } from './returnPolicy';
import { TERMS } from './terms';
import { SITE_RUN } from './siteRun';
import type { LegalDocument, LegalPage, LegalTexts } from './types';

export * from './types';
export { fillLegal, legalFacts, registerLabel, countryName } from './facts';
export { STORAGE_ITEMS, STORAGE_KIND_LABELS } from './cookies';

/** Every legal and help page's texts, per locale. */
export const LEGAL: Record<LegalPage, LegalTexts> = {
  terms: TERMS,
  privacy: PRIVACY,
  cookies: COOKIES,
  faq: FAQ,
  'return-policy': RETURN_POLICY,
  service: SERVICE,
  ban: BAN,
  'site-run': SITE_RUN,
};

export function legalDocument(page: LegalPage, locale: Locale): LegalDocument {
  return LEGAL[page][locale] ?? LEGAL[page].en;
}
