// Client state the shell keeps for the page (spec §3 "other client state", §9 storage cookie): a
// small typed record in a 30-day SameSite=Lax cookie, mirrored in local storage. Remotes read and
// write it through `services.storage`; what is stored is parsed with this schema on every read,
// so a hand-edited or outdated cookie is dropped key by key instead of breaking the page.
// Checked by hand, not with zod: this record is parsed at start-up, and zod (even its mini build,
// whose core the contract's schemas share) would bring ~20 kB brotli to every page's start-up
// (scripts/budgets.mjs); the contract's schemas load with the first API call (./api/client.ts).
import { TRACKING_KEYS, TRACKING_VALUE_MAX } from './rules';
import type { TrackingInfo } from './schemas/account';

/** Storage cookie (spec §9: 30 days, SameSite=Lax, mirrored in local storage). */
export const STORAGE_COOKIE = 'client_state';

/** Geolocation permission (spec §4): unsupported, unknown, or the browser's state. */
export type GeolocationPermission = 'unsupported' | 'unknown' | 'granted' | 'denied' | 'prompt';

/** Who a visitor is and looks for, from the match-finder quiz. */
export type MatchAnswers = {
  gender: 'male' | 'female';
  seeking: 'male' | 'female';
  /** 18–100 */
  min_age: number;
  /** 18–100 */
  max_age: number;
  /** ISO 3166-1 alpha-2, upper case */
  country: string;
  countryregion?: string;
};

type ClientStateValues = {
  /** The chat opened last: the other member's profile id and when (ISO date-time). */
  lastChat: { profile: number; date: string };
  /** Country whose payment methods and prices the member chose. */
  payment_country: string;
  /** Geolocation permission and the last lookup (city level only; cached 1 hour, spec §9). */
  geolocation: {
    permission: GeolocationPermission;
    /** The contract's GeocodeResponseSchema (geocode.php's answer), as kept here. */
    geocode: { country: string | null; countryregion: string | null; city: string | null } | null;
    /** ms since epoch of the lookup. */
    at: number;
  };
  /** Tracking parameters captured on entry (network, ref, sub1–sub3), sent with signup. */
  tracking: TrackingInfo;
  /** The member dismissed the site-entry warning. */
  skippedSiteEntryWarning: boolean;
  /** The match-finder's answers (/match-finder), for the suggestions after signup (/signup-matches). */
  matchAnswers: MatchAnswers;
};
export type ClientState = Partial<ClientStateValues>;
export type ClientStateKey = keyof ClientState;

/** A value that does not parse. */
const BAD = Symbol('bad');
type Parse<T> = (v: unknown) => T | typeof BAD;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const string = (max: number, pattern?: RegExp): Parse<string> => (v) => (typeof v === 'string' && v.length <= max && (!pattern || pattern.test(v)) ? v : BAD);
const integer = (min: number, max = Number.MAX_SAFE_INTEGER): Parse<number> => (v) => (Number.isInteger(v) && (v as number) >= min && (v as number) <= max ? (v as number) : BAD);
const oneOf = <T extends string>(...values: T[]): Parse<T> => (v) => (values.includes(v as T) ? (v as T) : BAD);
const boolean: Parse<boolean> = (v) => (typeof v === 'boolean' ? v : BAD);
const nullable = <T>(parse: Parse<T>): Parse<T | null> => (v) => (v === null ? null : parse(v));
const optional = <T>(parse: Parse<T>): Parse<T | undefined> => (v) => (v === undefined ? undefined : parse(v));
/** An object of these keys, the others dropped (as zod's objects strip them). */
function object<T>(shape: { [K in keyof T]: Parse<T[K]> }): Parse<T> {
  return (v) => {
    if (!isRecord(v)) return BAD;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape) as (keyof T & string)[]) {
      const value = shape[key](v[key]);
      if (value === BAD) return BAD;
      if (value !== undefined) out[key] = value;
    }
    return out as T;
  };
}

const countryCode = string(2, /^[A-Z]{2}$/);
const MATCH_ANSWERS: { [K in keyof MatchAnswers]-?: Parse<MatchAnswers[K]> } = {
  gender: oneOf('male', 'female'),
  seeking: oneOf('male', 'female'),
  min_age: integer(18, 100),
  max_age: integer(18, 100),
  country: countryCode,
  countryregion: optional(string(100)),
};

const CLIENT_STATE: { [K in keyof ClientStateValues]: Parse<ClientStateValues[K]> } = {
  lastChat: object({ profile: integer(1), date: string(40) }),
  payment_country: countryCode,
  geolocation: object({
    permission: oneOf('unsupported', 'unknown', 'granted', 'denied', 'prompt'),
    geocode: nullable(object({ country: nullable(string(Infinity)), countryregion: nullable(string(Infinity)), city: nullable(string(Infinity)) })),
    at: integer(0),
  }),
  tracking: object(Object.fromEntries(TRACKING_KEYS.map((key) => [key, optional(string(TRACKING_VALUE_MAX))])) as { [K in keyof TrackingInfo]: Parse<TrackingInfo[K]> }),
  skippedSiteEntryWarning: boolean,
  matchAnswers: object(MATCH_ANSWERS),
};

/** Keeps the keys of an untrusted record that parse; drops the rest. */
export function parseClientState(raw: unknown): ClientState {
  if (!isRecord(raw)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, parse] of Object.entries(CLIENT_STATE) as [string, Parse<unknown>][]) {
    const value = raw[key];
    if (value === undefined) continue;
    const parsed = parse(value);
    if (parsed !== BAD) out[key] = parsed;
  }
  return out as ClientState;
}

/** Some of the match-finder's answers (what a host page passes to the signup flow): all that are given must hold, else none. */
export function parsePartialMatchAnswers(raw: unknown): Partial<MatchAnswers> | undefined {
  if (!isRecord(raw)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, parse] of Object.entries(MATCH_ANSWERS) as [string, Parse<unknown>][]) {
    if (raw[key] === undefined) continue;
    const value = parse(raw[key]);
    if (value === BAD) return undefined;
    out[key] = value;
  }
  return out as Partial<MatchAnswers>;
}

/** What remotes get as `services.storage`. */
export interface ClientStorage {
  get<K extends ClientStateKey>(key: K): ClientState[K] | undefined;
  set<K extends ClientStateKey>(key: K, value: NonNullable<ClientState[K]>): void;
  remove(key: ClientStateKey): void;
}

/** Push subscription state (spec §4): unsupported, denied, subscribed, not subscribed. */
export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'not_subscribed';

/** Push is active when subscribed and not denied (spec §4). */
export function isPushActive(state: PushState): boolean {
  return state === 'subscribed';
}
