import { Redis } from 'ioredis';

/**
 * Channels whose payloads go to one member only: on Redis each member has a channel of its own
 * (`<prefix>member_events:<id>`), which a process subscribes to while it holds a stream of that
 * member (Db.follow), so no process hears the events of members it does not serve. Every other
 * channel (cache_changes) is one Redis channel that every process hears.
 */
const KEYED: Record<string, (payload: string) => number | null> = {
  member_events: (payload) => {
    try {
      const member = (JSON.parse(payload) as { member?: unknown }).member;
      return typeof member === 'number' ? member : null;
    } catch {
      return null;
    }
  },
};

/**
 * Publish/subscribe on a Redis (or Valkey) server through ioredis: two connections per process, one
 * publishing (commands are sent in order, so a process's announcements arrive in the order it made
 * them) and one subscribed. ioredis reconnects by itself and subscribes again to what it was
 * subscribed to.
 */
export class RedisBus {
  /** Publishing, and every other command (rate-limit counters share it). */
  readonly redis: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  /** Member channels followed, with how many callers follow each. */
  private readonly followed = new Map<string, number>();

  constructor(
    url: string,
    readonly prefix: string,
    onError: (err: Error) => void,
  ) {
    // Commands wait (in ioredis' offline queue) while the connection is re-established.
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 20 });
    this.sub = new Redis(url, { lazyConnect: true });
    this.redis.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (redisChannel: string, payload: string) => {
      const channel = this.channelOf(redisChannel);
      for (const h of this.handlers.get(channel) ?? []) h(payload);
    });
  }

  async connect(): Promise<void> {
    await Promise.all([this.redis.connect(), this.sub.connect()]);
  }

  /** The Redis channel of an announcement: the member's own for keyed channels. */
  redisChannel(channel: string, payload: string): string {
    const key = KEYED[channel]?.(payload);
    return key === undefined || key === null ? `${this.prefix}${channel}` : `${this.prefix}${channel}:${key}`;
  }

  private channelOf(redisChannel: string): string {
    const name = redisChannel.slice(this.prefix.length);
    const colon = name.indexOf(':');
    return colon < 0 ? name : name.slice(0, colon);
  }

  /** Publishes announcements in order (not awaited by callers that only need them sent). */
  async publish(messages: Array<[channel: string, payload: string]>): Promise<void> {
    if (!messages.length) return;
    if (messages.length === 1) {
      const [channel, payload] = messages[0]!;
      await this.redis.publish(this.redisChannel(channel, payload), payload);
      return;
    }
    const pipeline = this.redis.pipeline();
    for (const [channel, payload] of messages) pipeline.publish(this.redisChannel(channel, payload), payload);
    await pipeline.exec();
  }

  /** Hears a channel: the whole channel, or for keyed channels the keys followed. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    if (first && !KEYED[channel]) await this.sub.subscribe(`${this.prefix}${channel}`);
    return async () => {
      const s = this.handlers.get(channel);
      if (!s?.delete(handler) || s.size) return;
      this.handlers.delete(channel);
      if (!KEYED[channel] && this.sub.status === 'ready') await this.sub.unsubscribe(`${this.prefix}${channel}`).catch(() => {});
    };
  }

  /** Follows (or stops following) one key of a keyed channel; resolves once Redis confirmed. */
  async follow(channel: string, key: number, on: boolean): Promise<void> {
    const name = `${this.prefix}${channel}:${key}`;
    const n = this.followed.get(name) ?? 0;
    if (on) {
      this.followed.set(name, n + 1);
      // Every follower waits for the subscription (a second page opened meanwhile too).
      await this.sub.subscribe(name);
    } else if (n <= 1) {
      this.followed.delete(name);
      if (this.sub.status === 'ready') await this.sub.unsubscribe(name).catch(() => {});
    } else {
      this.followed.set(name, n - 1);
    }
  }

  async close(): Promise<void> {
    this.handlers.clear();
    this.followed.clear();
    // QUIT when connected (what was published is sent first); else drop the connection at once: a
    // process stopping while Redis is unreachable must not wait for it.
    const end = async (r: Redis) => {
      if (r.status !== 'ready') return r.disconnect();
      await r.quit().catch(() => r.disconnect());
    };
    await Promise.all([end(this.sub), end(this.redis)]);
  }
}
