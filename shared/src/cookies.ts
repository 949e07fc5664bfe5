// Cookies on the client, read and written one way: the API client's CSRF token, the shell's locale
// cookie (spec §1/§9: 365 days) and its client-state cookie (spec §9: 30 days, SameSite=Lax).

/**
 * The cookie holding a visitor's canary bucket (0–99), HttpOnly: a visitor whose bucket is below a
 * canary's percent loads the canary's manifest, on every page (sticky). The API sets it only while
 * the site runs a canary (api/src/registry/visitor.ts); the front server passes it to a prerender.
 */
export const CANARY_COOKIE = 'canary';

/**
 * The decoded value of cookie `name` in a cookie string (document.cookie or a Cookie header);
 * undefined when absent or not decodable.
 */
export function cookieValue(all: string, name: string): string | undefined {
  for (const part of all.split(';')) {
    const pair = part.trim();
    if (!pair.startsWith(`${name}=`)) continue;
    try {
      return decodeURIComponent(pair.slice(name.length + 1));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** A cookie of this page (undefined outside a browser). */
export function readCookie(name: string): string | undefined {
  return typeof document === 'undefined' ? undefined : cookieValue(document.cookie, name);
}

/** A cookie for the whole site, SameSite=Lax: the value is URI-encoded; null removes it. */
export function cookieString(name: string, value: string | null, options: { maxAgeS: number; secure?: boolean }): string {
  const attrs = `Path=/; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  return value === null ? `${name}=; Max-Age=0; ${attrs}` : `${name}=${encodeURIComponent(value)}; Max-Age=${options.maxAgeS}; ${attrs}`;
}
