/**
 * The one data layer. PostgreSQL SQL only; the same statements run on embedded PGlite and on a
 * PostgreSQL server. Parameters are positional ($1, $2 …). Pass JSON as a string with `$n::jsonb`.
 */
export interface Db {
  /** Which server runs the statements (maintenance differs: see src/account/erase.ts); unset inside a transaction. */
  readonly engine?: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in a transaction: committed when fn resolves, rolled back when it throws. Nested calls use savepoints. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel: handler gets each payload. Resolves once listening; the returned function
   * stops it. Not available inside a transaction.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** pg_notify(channel, payload); inside a transaction it is delivered at commit (and never on rollback). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * 'redis' when announcements travel on Redis pub/sub (REDIS_URL, src/bus/redis.ts) instead of
   * NOTIFY: published after commit, one at a time (no pg_notify in SQL).
   */
  readonly bus?: 'redis';
  /**
   * Narrows what a listener of a per-member channel (member_events) hears to the members this
   * process follows: on Redis one channel per member, subscribed while followed; resolves once
   * subscribed. Absent (LISTEN/NOTIFY, PGlite): every payload of the channel is heard anyway.
   */
  follow?(channel: string, key: number, on: boolean): Promise<void>;
  close(): Promise<void>;
}

/** LISTEN/NOTIFY channel names are identifiers: keep them plain so they need no quoting. */
export function checkChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  return channel;
}

/** One connection inside an open transaction: PGlite's Transaction or a pg PoolClient. */
export interface QueryRunner {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Several statements at once (simple query protocol). */
  exec?(sql: string): Promise<unknown>;
}

/** A Db bound to one open transaction; nested transactions become savepoints. */
export function transactionDb(runner: QueryRunner, depth = 0): Db {
  const tx: Db = {
    query: async <T>(sql: string, params?: unknown[]) => {
      const { rows } = await runner.query(sql, params);
      return { rows: rows as T[] };
    },
    exec: async (sql) => {
      await (runner.exec ? runner.exec(sql) : runner.query(sql));
    },
    transaction: async (fn) => {
      const name = `sp_${depth + 1}`;
      await runner.query(`SAVEPOINT ${name}`);
      try {
        const result = await fn(transactionDb(runner, depth + 1));
        await runner.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (err) {
        await runner.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw err;
      }
    },
    listen: async () => {
      throw new Error('listen() is not allowed inside a transaction');
    },
    notify: async (channel, payload) => {
      await runner.query('SELECT pg_notify($1, $2)', [checkChannel(channel), payload]);
    },
    close: async () => {
      throw new Error('close() is not allowed inside a transaction');
    },
  };
  return tx;
}
