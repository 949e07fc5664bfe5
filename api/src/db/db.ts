/**
 * The one data layer. PostgreSQL SQL only; the same statements run on embedded PGlite and on a
 * PostgreSQL server. Parameters are positional ($1, $2 …). Pass JSON as a string with `$n::jsonb`.
 */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in a transaction: committed when fn resolves, rolled back when it throws. Nested calls use savepoints. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
    close: async () => {
      throw new Error('close() is not allowed inside a transaction');
    },
  };
  return tx;
}
