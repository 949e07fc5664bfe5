import type { Config } from '../config';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export type { Db } from './db';
export { migrate } from './migrate';

/** PostgreSQL server when DATABASE_URL is set, else embedded PGlite in DATA_DIR. */
export function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, onError?: (err: Error) => void): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, onError) : openPglite(config.dataDir);
}
