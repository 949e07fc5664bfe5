import type { IntlShape } from 'react-intl';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 minutes ago", "yesterday", or a date: the time of a last message, in the member's language. */
export function relativeTime(intl: IntlShape, iso: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  const diff = now - at;
  if (diff < MINUTE) return intl.formatRelativeTime(0, 'second', { numeric: 'auto' });
  if (diff < HOUR) return intl.formatRelativeTime(-Math.floor(diff / MINUTE), 'minute', { numeric: 'auto' });
  if (diff < DAY) return intl.formatRelativeTime(-Math.floor(diff / HOUR), 'hour', { numeric: 'auto' });
  if (diff < 7 * DAY) return intl.formatRelativeTime(-Math.floor(diff / DAY), 'day', { numeric: 'auto' });
  return intl.formatDate(at, { day: 'numeric', month: 'short', year: new Date(at).getFullYear() === new Date(now).getFullYear() ? undefined : 'numeric' });
}

/** The local calendar day of a moment, as a key: messages of one day sit under one separator. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

/** "Today", "Yesterday" or the date, for a day separator. */
export function dayLabel(intl: IntlShape, iso: string, now = Date.now()): string {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  const at = new Date(iso).getTime();
  if (at >= start.getTime()) return intl.formatRelativeTime(0, 'day', { numeric: 'auto' });
  if (at >= start.getTime() - DAY) return intl.formatRelativeTime(-1, 'day', { numeric: 'auto' });
  return intl.formatDate(at, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

export type TextPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/**
 * A message as text and links: only http(s) addresses become links (never javascript: or data:);
 * everything else stays text, so markup in a message is shown, never run.
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    let href: string;
    try {
      const url = new URL(match[0]);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      href = url.href;
    } catch {
      continue;
    }
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    parts.push({ type: 'link', text: match[0], href });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}

/** An id for a message the browser is about to send (idempotent send, spec'd in the contract). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = Array.from({ length: 16 }, () => Math.floor(Math.random() * 256));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
