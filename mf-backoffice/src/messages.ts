import type { Locale, Messages } from '@dating/shared';

/** Loads only the active locale's catalog (one chunk per locale). */
export function loadMessages(locale: Locale): Promise<Messages> {
  return import(`./i18n/${locale}.json`).then((m) => m.default as Messages);
}
