import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
// Trigram indexes (the operators' member search, migration 0115), as PostgreSQL's contrib module.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { checkChannel, transactionDb, type Db } from './db';

/** Embedded PostgreSQL (WASM) in a data folder; the folder is created on first open (≈3 s). */
export async function openPglite(dataDir: string): Promise<Db> {
  fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return {
    engine: 'pglite',
    query: async <T>(sql: string, params?: unknown[]) => {
      const { rows } = await pg.query<T>(sql, params);
      return { rows };
    },
    exec: async (sql) => {
      await pg.exec(sql);
    },
    // PGlite is one connection: its transaction() holds a lock, so other queries wait meanwhile.
    transaction: (fn) => pg.transaction((tx) => fn(transactionDb(tx))),
    listen: async (channel, handler) => {
      const unlisten = await pg.listen(checkChannel(channel), handler);
      return async () => {
        if (!pg.closed) await unlisten();
      };
    },
    notify: async (channel, payload) => {
      await pg.query('SELECT pg_notify($1, $2)', [checkChannel(channel), payload]);
    },
    close: () => pg.close(),
  };
}
