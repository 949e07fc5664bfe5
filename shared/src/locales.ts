/** The seven interface languages. The shell chooses one; every remote renders in it. */
export const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Cookie that keeps the chosen locale (spec §9: 365 days). */
export const LOCALE_COOKIE = 'locale';
