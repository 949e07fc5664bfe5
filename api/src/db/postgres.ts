import { Client, Pool, type PoolClient } from 'pg';
import type { RedisBus } from '../bus/redis';
import { checkChannel, transactionDb, type Db, type QueryRunner } from './db';

/**
 * LISTEN needs a connection of its own that stays open: one dedicated client per process, shared
 * by every listener, opened at the first listen() and reconnected (re-listening) if it drops.
 */
function listener(connectionString: string, onError: (err: Error) => void) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: Promise<Client> | null = null;
  let closed = false;

  const connect = (): Promise<Client> => {
    const c = new Client({ connectionString });
    c.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    c.on('error', (err) => {
      onError(err);
      client = null;
      c.end().catch(() => {});
      if (!closed && handlers.size) setTimeout(() => void reconnect(), 1000);
    });
    const ready = c.connect().then(async () => {
      for (const channel of handlers.keys()) await c.query(`LISTEN ${channel}`);
      return c;
    });
    ready.catch(() => {
      client = null;
    });
    return ready;
  };
  const reconnect = async () => {
    if (closed || client) return;
    client = connect();
    await client.catch((err: Error) => {
      onError(err);
      if (!closed) setTimeout(() => void reconnect(), 1000);
    });
  };

  return {
    async listen(channel: string, handler: (payload: string) => void) {
      checkChannel(channel);
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      if (!client) client = connect();
      const c = await client;
      if (first) await c.query(`LISTEN ${channel}`);
      return async () => {
        const s = handlers.get(channel);
        if (!s?.delete(handler) || s.size) return;
        handlers.delete(channel);
        const current = client && (await client.catch(() => null));
        if (current && !closed) await current.query(`UNLISTEN ${channel}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      handlers.clear();
      const c = client && (await client.catch(() => null));
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}

/** The NOTICE code of bus_notify (migrations/0130_bus_notify.sql). */
const BUS_NOTICE = 'DBUS0';

/**
 * Announcements of one transaction (or one statement outside a transaction), published on Redis
 * once it committed and dropped when it rolled back; identical ones are published once, as
 * PostgreSQL folds NOTIFYs.
 */
class Pending {
  items: Array<[string, string]> = [];
  add(channel: string, payload: string) {
    this.items.push([channel, payload]);
  }
  /** Drops what was added after `mark` (a savepoint rolled back). */
  truncate(mark: number) {
    this.items.length = Math.min(this.items.length, mark);
  }
  unique(): Array<[string, string]> {
    const seen = new Set<string>();
    return this.items.filter(([c, p]) => {
      const key = `${c}\u0000${p}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }
}

/** A transaction whose notify (and the triggers' notices) are collected, savepoints included. */
function busTransactionDb(runner: QueryRunner, pending: Pending, depth = 0): Db {
  const base = transactionDb(runner, depth);
  return {
    ...base,
    bus: 'redis',
    notify: async (channel, payload) => pending.add(checkChannel(channel), payload),
    transaction: async (fn) => {
      const mark = pending.items.length;
      try {
        return await base.transaction(() => fn(busTransactionDb(runner, pending, depth + 1)));
      } catch (err) {
        pending.truncate(mark);
        throw err;
      }
    },
  };
}

/**
 * A PostgreSQL server through a pg connection pool. With a Redis bus (REDIS_URL) announcements go
 * through Redis after commit (src/bus/redis.ts); LISTEN still hears what others NOTIFY (psql, scripts).
 */
export async function openPostgres(connectionString: string, onError: (err: Error) => void = () => {}, bus?: RedisBus): Promise<Db> {
  // Sessions count dates in UTC (current_date, age()), as PGlite does and as the shared age rule
  // (ageOn in @dating/shared) does: the age a profile shows is the one the forms check.
  const options = bus ? '-c TimeZone=UTC -c dating.bus=redis' : '-c TimeZone=UTC';
  const pool = new Pool({ connectionString, max: 10, options });
  pool.on('error', onError);
  await pool.query('SELECT 1'); // fail at start-up, not at the first request
  const events = listener(connectionString, onError);
  if (!bus) {
    return {
      engine: 'postgres',
      query: async <T>(sql: string, params?: unknown[]) => {
        const { rows } = await pool.query(sql, params);
        return { rows: rows as T[] };
      },
      exec: async (sql) => {
        await pool.query(sql);
      },
      transaction: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(transactionDb(client));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      },
      listen: (channel, handler) => events.listen(channel, handler),
      notify: async (channel, payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [checkChannel(channel), payload]);
      },
      close: async () => {
        await events.close();
        await pool.end();
      },
    };
  }

  // Each pooled connection's notices go to the Pending of the statement or transaction it runs.
  const collecting = new WeakMap<PoolClient, Pending>();
  pool.on('connect', (client) => {
    client.on('notice', (notice) => {
      if (notice.code === BUS_NOTICE && notice.detail) collecting.get(client)?.add(notice.detail, notice.message ?? '');
    });
  });
  const publish = (pending: Pending) => {
    bus.publish(pending.unique()).catch(onError);
  };
  /** Runs fn on one pooled connection, collecting its notices; published when fn resolved. */
  const withClient = async <T>(fn: (client: PoolClient, pending: Pending) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    const pending = new Pending();
    collecting.set(client, pending);
    try {
      const result = await fn(client, pending);
      publish(pending);
      return result;
    } finally {
      collecting.delete(client);
      client.release();
    }
  };
  return {
    engine: 'postgres',
    bus: 'redis',
    query: <T>(sql: string, params?: unknown[]) =>
      withClient(async (client) => {
        const { rows } = await client.query(sql, params);
        return { rows: rows as T[] };
      }),
    exec: (sql) =>
      withClient(async (client) => {
        await client.query(sql);
      }),
    transaction: (fn) =>
      withClient(async (client, pending) => {
        try {
          await client.query('BEGIN');
          const result = await fn(busTransactionDb(client, pending));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        }
      }),
    listen: async (channel, handler) => {
      const [offRedis, offPg] = await Promise.all([bus.listen(channel, handler), events.listen(channel, handler)]);
      return async () => {
        await Promise.all([offRedis(), offPg()]);
      };
    },
    follow: (channel, key, on) => bus.follow(checkChannel(channel), key, on),
    notify: async (channel, payload) => {
      await bus.publish([[checkChannel(channel), payload]]);
    },
    close: async () => {
      await events.close();
      await pool.end();
      await bus.close();
    },
  };
}
