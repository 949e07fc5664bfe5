// Typo suggestions for email domains (spec §5): common providers of the Dutch and Belgian
// audience first, then the big international ones. A domain within edit distance 2 of one of
// them, but not equal to any, gets the closest one suggested.
import { EMAIL_TYPO_MAX_DISTANCE } from '@dating/shared';

export const COMMON_MAIL_DOMAINS = [
  'gmail.com', 'hotmail.com', 'outlook.com', 'live.nl', 'hotmail.nl', 'outlook.nl', 'live.com',
  'ziggo.nl', 'kpnmail.nl', 'kpnplanet.nl', 'planet.nl', 'home.nl', 'xs4all.nl', 'hetnet.nl',
  'chello.nl', 'upcmail.nl', 'quicknet.nl', 'zeelandnet.nl', 'telfort.nl', 'tele2.nl', 'online.nl',
  'casema.nl', 'solcon.nl', 'caiway.nl', 'telenet.be', 'skynet.be', 'hotmail.be', 'live.be',
  'outlook.be', 'proximus.be', 'scarlet.be', 'yahoo.com', 'yahoo.nl', 'icloud.com', 'me.com',
  'msn.com', 'aol.com', 'gmx.net', 'gmx.de', 'web.de', 't-online.de', 'protonmail.com', 'proton.me',
];

/** Levenshtein distance, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      rowMin = Math.min(rowMin, cur[j]!);
    }
    if (rowMin > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/** The address with its domain corrected, or null when the domain looks right (or unknown). */
export function suggestEmail(email: string, domains = COMMON_MAIL_DOMAINS, maxDistance = EMAIL_TYPO_MAX_DISTANCE): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const local = email.slice(0, at).trim();
  const domain = email.slice(at + 1).trim().toLowerCase();
  if (!domain.includes('.') || domains.includes(domain)) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const candidate of domains) {
    const distance = editDistance(domain, candidate, maxDistance);
    if (distance <= maxDistance && (!best || distance < best.distance)) best = { domain: candidate, distance };
  }
  return best ? `${local}@${best.domain}` : null;
}
