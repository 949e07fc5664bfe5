/** The seven interface languages. The shell chooses one; every remote renders in it. */
export const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Cookie that keeps the chosen locale (spec §9: 365 days). */
export const LOCALE_COOKIE = 'locale';

/**
 * The one locale rule (spec §1): the cookie first, then the browser's languages in order, then the
 * site's domain language; only languages the site offers are chosen. The shell runs it at start-up
 * and the front server (scripts/serve/inject.mjs) runs it for `<html lang>` and the catalog it
 * preloads, from the Cookie and Accept-Language headers.
 */
export function resolveLocale(input: {
  cookie: string | undefined;
  browserLanguages: readonly string[];
  siteLanguages: readonly Locale[];
  domainLanguage: Locale;
}): Locale {
  const offered = (l: string | undefined): l is Locale => isLocale(l) && input.siteLanguages.includes(l);
  if (offered(input.cookie)) return input.cookie;
  for (const tag of input.browserLanguages) {
    const base = tag.toLowerCase().split('-')[0];
    if (offered(base)) return base;
  }
  if (offered(input.domainLanguage)) return input.domainLanguage;
  return input.siteLanguages[0] ?? DEFAULT_LOCALE;
}
