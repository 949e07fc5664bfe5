// Display helpers for member profiles in any remote: photo URLs under the site's CDN prefix,
// country and language names in the member's locale (Intl.DisplayNames: no country list by hand).
import type { Locale } from '../locales';

/** URL of a stored photo: the site's `cdn_prefix` followed by the file name. */
export function photoUrl(cdnPrefix: string, filename: string): string {
  if (!cdnPrefix) return filename;
  return cdnPrefix.endsWith('/') || filename.startsWith('/') ? `${cdnPrefix}${filename}` : `${cdnPrefix}/${filename}`;
}

const displayNames = new Map<string, Intl.DisplayNames>();
function names(locale: Locale, type: 'region' | 'language'): Intl.DisplayNames | null {
  const key = `${locale}:${type}`;
  if (!displayNames.has(key)) {
    try {
      displayNames.set(key, new Intl.DisplayNames([locale], { type }));
    } catch {
      return null;
    }
  }
  return displayNames.get(key) ?? null;
}

/** 'NL' → 'Netherlands' (en), 'Nederland' (nl) …; the code itself when the runtime does not know it. */
export function countryName(code: string, locale: Locale): string {
  try {
    return names(locale, 'region')?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** 'fr' → 'French' (en), 'Frans' (nl) … */
export function languageName(code: string, locale: Locale): string {
  try {
    return names(locale, 'language')?.of(code) ?? code;
  } catch {
    return code;
  }
}
