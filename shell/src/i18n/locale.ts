import { cookieString, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from '@dating/shared';

/** The shell owns the locale; the rule itself lives in the contract (one rule for shell and front server). */
export { resolveLocale } from '@dating/shared';

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
