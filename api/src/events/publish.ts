import type { Message } from '@dating/shared';
import type { Db } from '../db';

/** The one LISTEN/NOTIFY channel of live events (see migrations/0010_social.sql). */
export const EVENTS_CHANNEL = 'member_events';

/**
 * What travels on the channel: ids only (a NOTIFY payload is limited to 8000 bytes); the process
 * holding the recipient's stream loads what it sends. session_end comes from a trigger on sessions.
 */
export type ChannelEvent =
  | { type: 'message'; member: number; message: number; payload?: Message }
  | { type: 'like'; member: number; profile: number }
  | { type: 'read'; member: number; conversation: number; reader: number; up_to: number }
  | { type: 'typing'; member: number; conversation: number; profile: number }
  | { type: 'presence'; member: number; profile: number }
  | { type: 'chat_removed'; member: number; conversation: number }
  | { type: 'session_end'; member: number; session: string };

/**
 * Announces an event to the member's open streams, in every API process. Called inside the
 * transaction that makes the change, it is delivered at commit and never after a rollback.
 */
export async function publishEvent(db: Db, event: Exclude<ChannelEvent, { type: 'session_end' }>): Promise<void> {
  await db.notify(EVENTS_CHANNEL, JSON.stringify(event));
}

/** Several events in one round trip (e.g. a message to the recipient and the sender's other pages). */
export async function publishEvents(db: Db, events: Array<Exclude<ChannelEvent, { type: 'session_end' }>>): Promise<void> {
  if (events.length === 1) return publishEvent(db, events[0]!);
  // On Redis (src/bus/redis.ts) each goes to its member's channel after commit: no round trip here.
  if (db.bus) {
    for (const e of events) await publishEvent(db, e);
    return;
  }
  await db.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [EVENTS_CHANNEL, events.map((e) => JSON.stringify(e))]);
}
