import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { redisBusOf, type Db } from '../db';

/** What a store answers @fastify/rate-limit: hits in the current window and ms until it ends. */
export interface Hits {
  current: number;
  ttl: number;
}

/** What the limits count with: the database's table, or Redis with REDIS_URL (rateLimitCounters picks). */
export interface Counters {
  hit(name: string, key: string, timeWindow: number): Promise<Hits>;
  read(name: string, key: string): Promise<Hits>;
  reset(name: string, key: string): Promise<void>;
  /** Waits for background work under way (before the database closes). */
  idle(): Promise<void>;
}

/**
 * The counters of a database: in Redis when it was opened with REDIS_URL (every API process on the
 * server shares them, and no request writes a row), else in its table. A test's clock (`now`) only
 * applies to the table: Redis counts windows on its own clock.
 */
export function rateLimitCounters(db: Db, now?: () => number): Counters {
  const bus = redisBusOf(db);
  return bus ? new RedisRateLimitCounters(bus.redis, bus.prefix) : new RateLimitCounters(db, now);
}

/**
 * One hit: INCR, and the window's expiry set at the first hit (or again if a key lost it). Atomic
 * in Redis (a script runs alone), so processes counting at once never lose a hit.
 */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/** Fixed windows in Redis: one key per (limit, hashed key) that expires with its window. */
export class RedisRateLimitCounters implements Counters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(name: string, key: string): string {
    return `${this.prefix}rl:${name}:${digest(key).toString('base64url')}`;
  }

  async hit(name: string, key: string, timeWindow: number): Promise<Hits> {
    const [current, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.key(name, key), String(timeWindow))) as [number, number];
    return { current: Number(current), ttl: Number(ttl) };
  }

  async read(name: string, key: string): Promise<Hits> {
    const k = this.key(name, key);
    const [[, hits], [, ttl]] = (await this.redis.multi().get(k).pttl(k).exec()) as [[unknown, string | null], [unknown, number]];
    return hits === null || ttl <= 0 ? { current: 0, ttl: 0 } : { current: Number(hits), ttl: Number(ttl) };
  }

  async reset(name: string, key: string): Promise<void> {
    await this.redis.del(this.key(name, key));
  }

  async idle(): Promise<void> {}
}

/** How often (ms) a process deletes the rows of ended windows: at most once a minute, on a hit. */
const SWEEP_EVERY = 60_000;

/**
 * Rate-limit counters in the database, so that every API process on one database shares one limit
 * (migration 0060). Fixed windows that start at a key's first hit: a hit is one upsert that adds 1
 * to the row of (limit, key), or starts it again when its window ended, and returns the new count;
 * atomic on PGlite and on PostgreSQL alike. Keys are hashed.
 * `now` is the API's clock (tests pass one they control).
 */
export class RateLimitCounters implements Counters {
  private lastSweep = 0;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit of `key` on limit `name`; a window of `timeWindow` ms starts at a first hit. */
  async hit(name: string, key: string, timeWindow: number): Promise<Hits> {
    const now = this.now();
    const { rows } = await this.db.query<{ hits: number; expires_at: string | number }>(
      `INSERT INTO rate_limit_hits AS r (name, key_hash, window_start, hits, expires_at)
       VALUES ($1, $2, $3, 1, $4)
       ON CONFLICT (name, key_hash) DO UPDATE SET
         hits         = CASE WHEN r.expires_at <= $3 THEN 1  ELSE r.hits + 1 END,
         window_start = CASE WHEN r.expires_at <= $3 THEN $3 ELSE r.window_start END,
         expires_at   = CASE WHEN r.expires_at <= $3 THEN $4 ELSE r.expires_at END
       RETURNING hits, expires_at`,
      [name, digest(key), now, now + timeWindow],
    );
    this.sweepSoon(now);
    return { current: Number(rows[0]!.hits), ttl: Number(rows[0]!.expires_at) - now };
  }

  /** The hits of `key` in its current window, without counting one. */
  async read(name: string, key: string): Promise<Hits> {
    const now = this.now();
    const { rows } = await this.db.query<{ hits: number; expires_at: string | number }>(
      'SELECT hits, expires_at FROM rate_limit_hits WHERE name = $1 AND key_hash = $2 AND expires_at > $3',
      [name, digest(key), now],
    );
    return rows.length ? { current: Number(rows[0]!.hits), ttl: Number(rows[0]!.expires_at) - now } : { current: 0, ttl: 0 };
  }

  /** Forgets `key` on limit `name` (e.g. an owner's mistyped passwords once they logged in). */
  async reset(name: string, key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_hits WHERE name = $1 AND key_hash = $2', [name, digest(key)]);
  }

  /** Deletes the rows of every window that has ended; resolves when done. */
  async sweep(): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_hits WHERE expires_at <= $1', [this.now()]);
  }

  /** Waits for a sweep under way (before the database closes). */
  async idle(): Promise<void> {
    await this.sweeping;
  }

  private sweepSoon(now: number) {
    if (this.sweeping || now - this.lastSweep < SWEEP_EVERY) return;
    this.lastSweep = now;
    this.sweeping = this.sweep()
      .catch(() => {}) // a failed sweep is retried a minute later; the counters stay right meanwhile
      .finally(() => {
        this.sweeping = null;
      });
  }
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/**
 * A @fastify/rate-limit store class over the counters: the plugin creates one per limiter through
 * `child(options)`, whose options carry the limit's `name` (one counter per name).
 */
export function rateLimitStore(counters: Counters) {
  return class DbStore {
    private readonly name: string;

    /** `options`: the plugin's (global) or a limiter's options, which carry its `name`. */
    constructor(options: object = {}) {
      this.name = (options as { name?: string }).name ?? 'global';
    }

    incr(key: string, cb: (err: Error | null, hits?: Hits) => void, timeWindow: number): void {
      counters.hit(this.name, key, timeWindow).then((h) => cb(null, h), cb);
    }

    read(key: string, cb: (err: Error | null, hits?: Hits) => void): void {
      counters.read(this.name, key).then((h) => cb(null, h), cb);
    }

    child(options: object) {
      return new DbStore(options);
    }
  };
}
