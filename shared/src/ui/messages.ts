import type { Locale } from '../locales';

/**
 * The UI kit's own words (loading, error, retry, empty) in the seven languages, one chunk per
 * locale. RemoteRoot merges them under every remote's catalog, so no remote restates them.
 */
export function loadKitMessages(locale: Locale): Promise<Record<string, string>> {
  return import(`./i18n/${locale}.json`).then((m: { default: Record<string, string> }) => m.default);
}
