import { createIntl, createIntlCache } from 'react-intl';
import type { Locale, RouteName } from '@dating/shared';
import { routeTitles } from './titles';

/**
 * The page titles of one locale. Loaded after the first page has rendered (router.tsx
 * `pageTitlesFor`), not with the shell's start-up catalog: fifty titles are no part of what a
 * page needs to show first (scripts/budgets.mjs counts the start-up path).
 */
export interface PageTitles {
  /** The title of a route ("Chats"), or of the page for an address that matches none. */
  route(name: RouteName | 'not-found'): string;
  /** "Chats – Amora". */
  full(page: string, brand: string): string;
}

const cache = createIntlCache();

/** The titles of `locale`, with its catalog (one chunk per locale, fetched here). */
export async function loadPageTitles(locale: Locale): Promise<PageTitles> {
  const { default: messages } = (await import(/* webpackChunkName: "titles-[request]" */ `../i18n/titles/${locale}.json`)) as { default: Record<string, string> };
  const intl = createIntl({ locale, defaultLocale: 'en', messages }, cache);
  return {
    route: (name) => intl.formatMessage(routeTitles[name]),
    full: (page, brand) => intl.formatMessage({ id: 'title.full', defaultMessage: '{page} – {brand}' }, { page, brand }),
  };
}
