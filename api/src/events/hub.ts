import type { LiveEvent } from '@dating/shared';
import type { Db } from '../db';
import { loadMessage } from '../messages/messages';
import { markOffline, markOnline, presenceOf, refreshOnline } from '../presence/presence';
import { EVENTS_CHANNEL, type ChannelEvent } from './publish';

/** One open event stream of a member's page. */
export interface EventStream {
  memberId: number;
  /** SHA-256 of the session token the stream was opened with. */
  sessionHash: string;
  send(event: LiveEvent): void;
  /** A comment line that keeps proxies from closing an idle connection. */
  ping(): void;
  close(): void;
}

/**
 * Open streams one member may have in one API process: one per tab, and a person has a few. More
 * are refused (429), so that one member (or a script with their cookie) cannot hold thousands of
 * connections; the page then polls, as without events.
 */
export const MAX_STREAMS_PER_MEMBER = 10;

/** A comment line every 25 s keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

/**
 * The process's open event streams by member, fed by one LISTEN on the events channel: each
 * notification is turned into the contract's LiveEvent and written to the recipient's streams.
 */
export class EventHub {
  private readonly streams = new Map<number, Set<EventStream>>();
  private unlisten: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(EVENTS_CHANNEL, (payload) => {
      this.dispatch(payload).catch(this.onError);
    });
    this.timer = setInterval(() => void this.heartbeat().catch(this.onError), HEARTBEAT_MS);
    this.timer.unref();
  }

  /**
   * Pings every open stream, and ends those whose session has ended meanwhile (a session that
   * runs out is not deleted, so no notification tells). One query for all streams.
   */
  async heartbeat(): Promise<void> {
    const all = [...this.streams.values()].flatMap((set) => [...set]);
    if (!all.length) return;
    for (const s of all) s.ping();
    await refreshOnline(this.db, [...this.streams.keys()]);
    const { rows } = await this.db.query<{ token_hash: string }>(
      `SELECT token_hash FROM sessions WHERE token_hash = ANY($1::text[]) AND expires_at > now()`,
      [[...new Set(all.map((s) => s.sessionHash))]],
    );
    const live = new Set(rows.map((r) => r.token_hash));
    for (const s of all) if (!live.has(s.sessionHash)) s.close();
  }

  /** Stops listening and ends every open stream. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const set of this.streams.values()) for (const s of set) s.close();
    this.streams.clear();
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await unlisten();
  }

  /**
   * Adds a stream; resolves once the member's events reach this process (on Redis, the member's
   * channel is subscribed: src/bus/redis.ts).
   */
  async add(stream: EventStream): Promise<void> {
    let set = this.streams.get(stream.memberId);
    if (!set) {
      this.streams.set(stream.memberId, (set = new Set()));
      // The member's first open page: online (presence).
      markOnline(this.db, stream.memberId).catch(this.onError);
    }
    set.add(stream);
    await this.db.follow?.(EVENTS_CHANNEL, stream.memberId, true);
  }

  remove(stream: EventStream): void {
    const set = this.streams.get(stream.memberId);
    if (!set?.delete(stream)) return;
    this.db.follow?.(EVENTS_CHANNEL, stream.memberId, false).catch(this.onError);
    if (!set.size) {
      this.streams.delete(stream.memberId);
      // The last open page closed: last seen now. Not while stopping (the database may be closing).
      if (!this.stopping) markOffline(this.db, stream.memberId).catch(this.onError);
    }
  }

  /** How many streams are open (all members, or one). */
  count(memberId?: number): number {
    if (memberId !== undefined) return this.streams.get(memberId)?.size ?? 0;
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  private async dispatch(payload: string): Promise<void> {
    let event: ChannelEvent;
    try {
      event = JSON.parse(payload) as ChannelEvent;
    } catch {
      return;
    }
    const set = this.streams.get(event.member);
    if (!set?.size) return;
    switch (event.type) {
      case 'session_end':
        for (const s of [...set]) if (s.sessionHash === event.session) s.close();
        return;
      case 'like':
        for (const s of set) s.send({ type: 'like', profile: event.profile });
        return;
      case 'message': {
        const message = event.payload ?? (await loadMessage(this.db, event.message));
        if (!message) return;
        for (const s of this.streams.get(event.member) ?? []) s.send({ type: 'message', conversation: message.conversation, message });
        return;
      }
      case 'read':
        for (const s of set) s.send({ type: 'read', conversation: event.conversation, reader: event.reader, up_to: event.up_to });
        return;
      case 'typing':
        for (const s of set) s.send({ type: 'typing', conversation: event.conversation, profile: event.profile });
        return;
      case 'chat_removed':
        for (const s of set) s.send({ type: 'chat_removed', conversation: event.conversation });
        return;
      case 'presence': {
        const presence = await presenceOf(this.db, event.member, event.profile).catch(() => null);
        if (!presence) return;
        for (const s of this.streams.get(event.member) ?? []) s.send({ type: 'presence', presence });
        return;
      }
    }
  }
}
