// Client state the shell keeps for the page (spec §3 "other client state", §9 storage cookie): a
// small typed record in a 30-day SameSite=Lax cookie, mirrored in local storage. Remotes read and
// write it through `services.storage`; what is stored is parsed with this schema on every read,
// so a hand-edited or outdated cookie is dropped key by key instead of breaking the page.
import { z } from 'zod';
// zod's browser setting (no eval under the site's CSP) before this file's schemas parse.
import './schemas/zod-config';
import { TrackingInfoSchema } from './schemas/account';
import { GeocodeResponseSchema } from './schemas/account';

/** Storage cookie (spec §9: 30 days, SameSite=Lax, mirrored in local storage). */
export const STORAGE_COOKIE = 'client_state';

/** Geolocation permission (spec §4): unsupported, unknown, or the browser's state. */
export const GeolocationPermissionSchema = z.enum(['unsupported', 'unknown', 'granted', 'denied', 'prompt']);
export type GeolocationPermission = z.infer<typeof GeolocationPermissionSchema>;

/** Who a visitor is and looks for, from the match-finder quiz. */
export const MatchAnswersSchema = z.object({
  gender: z.enum(['male', 'female']),
  seeking: z.enum(['male', 'female']),
  min_age: z.number().int().min(18).max(100),
  max_age: z.number().int().min(18).max(100),
  country: z.string().regex(/^[A-Z]{2}$/),
  countryregion: z.string().max(100).optional(),
});
export type MatchAnswers = z.infer<typeof MatchAnswersSchema>;

export const ClientStateSchema = z.object({
  /** The chat opened last: the other member's profile id and when (ISO date-time). */
  lastChat: z.object({ profile: z.number().int().positive(), date: z.string().max(40) }),
  /** Country whose payment methods and prices the member chose. */
  payment_country: z.string().regex(/^[A-Z]{2}$/),
  /** Geolocation permission and the last lookup (city level only; cached 1 hour, spec §9). */
  geolocation: z.object({
    permission: GeolocationPermissionSchema,
    geocode: GeocodeResponseSchema.nullable(),
    /** ms since epoch of the lookup. */
    at: z.number().int().nonnegative(),
  }),
  /** Tracking parameters captured on entry (network, ref, sub1–sub3), sent with signup. */
  tracking: TrackingInfoSchema,
  /** The member dismissed the site-entry warning. */
  skippedSiteEntryWarning: z.boolean(),
  /** The match-finder's answers (/match-finder), for the suggestions after signup (/signup-matches). */
  matchAnswers: MatchAnswersSchema,
});
export type ClientState = Partial<z.infer<typeof ClientStateSchema>>;
export type ClientStateKey = keyof ClientState;

/** Keeps the keys of an untrusted record that parse; drops the rest. */
export function parseClientState(raw: unknown): ClientState {
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(ClientStateSchema.shape)) {
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const parsed = (schema as z.ZodType).safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as ClientState;
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
