import { Client, Pool } from 'pg';
import { checkChannel, transactionDb, type Db } from './db';

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

/** A PostgreSQL server through a pg connection pool. */
export async function openPostgres(connectionString: string, onError: (err: Error) => void = () => {}): Promise<Db> {
  // Sessions count dates in UTC (current_date, age()), as PGlite does and as the shared age rule
  // (ageOn in @dating/shared) does: the age a profile shows is the one the forms check.
  const pool = new Pool({ connectionString, max: 10, options: '-c TimeZone=UTC' });
  pool.on('error', onError);
  await pool.query('SELECT 1'); // fail at start-up, not at the first request
  const events = listener(connectionString, onError);
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
