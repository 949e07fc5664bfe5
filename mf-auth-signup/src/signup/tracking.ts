// The signup payload of spec §7 beyond email, name and password: where the visitor came from and
// a few facts of the browser.
import { pickTracking, type Locale, type SignupRequest, type TrackingInfo } from '@dating/shared';

/** Tracking parameters (network, ref, sub1–sub3): captured on entry (the shell's trackingAtom), or in the query. */
export function trackingInfo(captured: TrackingInfo | undefined, query: Record<string, string>): TrackingInfo {
  return pickTracking({ ...captured, ...pickTracking(query) });
}

async function sha256Hex(text: string): Promise<string> {
  const subtle = typeof crypto !== 'undefined' ? crypto.subtle : undefined;
  if (subtle) {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }
  // No Web Crypto (an old or insecure context): FNV-1a, still a stable fingerprint of the same facts.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `fnv1a-${h.toString(16).padStart(8, '0')}`;
}

/**
 * The spec's `csrf` field is a browser hash, not a CSRF token (that travels in the x-csrf-token
 * header): SHA-256 (hex) of user agent, languages, screen size and colour depth, time zone and
 * hardware concurrency, joined with '|'. It lets the back office see many signups from one browser.
 */
export function browserHash(): Promise<string> {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const scr = typeof screen === 'undefined' ? undefined : screen;
  const facts = [
    nav?.userAgent ?? '',
    (nav?.languages ?? []).join(','),
    scr ? `${scr.width}x${scr.height}x${scr.colorDepth}` : '',
    timeZone(),
    String(nav?.hardwareConcurrency ?? ''),
  ];
  return sha256Hex(facts.join('|'));
}

export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export interface SignupInput {
  email: string;
  name: string;
  password: string;
  /** The visitor confirmed being 18 or older (the API creates no account without it). */
  adult: boolean;
  tracking: TrackingInfo;
  locale: Locale;
  /** The member whose page the signup started from (`/members/{id}/signup`). */
  profile: number | null;
  /** geoip country of the site settings: the API may refine it. */
  country: string | null;
  /** From validate_email.php. */
  token: string;
}

export async function signupPayload(input: SignupInput): Promise<SignupRequest> {
  return {
    email: input.email.trim(),
    name: input.name.trim(),
    password: input.password,
    adult: input.adult,
    trafficsource: input.tracking,
    timezone: timeZone().slice(0, 64),
    country: input.country && /^[A-Z]{2}$/.test(input.country) ? input.country : null,
    language: input.locale,
    profile: input.profile,
    form_path: typeof location === 'undefined' ? '' : location.pathname.slice(0, 500),
    referrer: typeof document === 'undefined' ? '' : document.referrer.slice(0, 2000),
    csrf: await browserHash(),
    token: input.token.slice(0, 200),
    n: typeof navigator === 'undefined' ? '' : navigator.userAgent.slice(0, 1000),
  };
}
