import { atom } from 'jotai';
import { RELOAD_GUARD_MS } from '@dating/shared';

/** Spec §4: service worker states (plus the two it may never reach: unsupported, error). */
export type SwState = 'unsupported' | 'registered' | 'activated' | 'needs_refresh' | 'offline_ready' | 'error';
export const swStateAtom = atom<SwState>('unsupported');
/** Whether the browser says it is online. */
export const onlineAtom = atom(typeof navigator === 'undefined' ? true : navigator.onLine);

export const RELOAD_KEY = 'sw.reloadedAt';
/** How often an open page asks for a new version besides on becoming visible. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Reload now unless the last reload for a new worker was less than 10 s ago. */
export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now < lastReloadAt || now - lastReloadAt >= RELOAD_GUARD_MS;
}

export interface ServiceWorkerControl {
  /** Asks the server for a new /sw.js now. */
  update(): Promise<void>;
  /** Lets the waiting worker take over; the page then reloads once. */
  applyUpdate(): void;
}
