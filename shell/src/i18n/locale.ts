import { cookieString, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from '@dating/shared';

/**
 * The shell owns the locale: the cookie first, then the browser's languages, then the site's
 * domain language. Only languages the site offers are chosen.
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

export function writeLocaleCookie(locale: Locale): void {
  document.cookie = cookieString(LOCALE_COOKIE, locale, { maxAgeS: LOCALE_COOKIE_MAX_AGE_S });
}

/** The language's own name, for the switcher (Deutsch, Nederlands, …). */
export function nativeName(locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

export function loadShellMessages(locale: Locale): Promise<Record<string, string>> {
  return import(`./messages/${locale}.json`).then((m) => m.default as Record<string, string>);
}
