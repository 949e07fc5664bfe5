import { atom, createStore } from 'jotai';
import type { Locale } from './locales';
import { DEFAULT_LOCALE } from './locales';
import type { SiteSettings } from './schemas/site';
import type { User } from './schemas/user';

/** The member: undefined while unknown, null when logged out. */
export const userAtom = atom<User | null | undefined>(undefined);
export const loggedInAtom = atom((get) => Boolean(get(userAtom)));
export const localeAtom = atom<Locale>(DEFAULT_LOCALE);
export const siteSettingsAtom = atom<SiteSettings | null>(null);

export type AppStore = ReturnType<typeof createStore>;
export { createStore };
