import { Pool } from 'pg';
import { transactionDb, type Db } from './db';

/** A PostgreSQL server through a pg connection pool. */
export async function openPostgres(connectionString: string, onError: (err: Error) => void = () => {}): Promise<Db> {
  const pool = new Pool({ connectionString, max: 10 });
  pool.on('error', onError);
  await pool.query('SELECT 1'); // fail at start-up, not at the first request
  return {
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
    close: () => pool.end(),
  };
}
