import type { Config } from '../config';
import { RedisBus } from '../bus/redis';
import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export type { Db } from './db';
export { migrate } from './migrate';

/** The Redis bus of a database opened with REDIS_URL (rate-limit counters use its connection). */
const buses = new WeakMap<Db, RedisBus>();
export function redisBusOf(db: Db): RedisBus | undefined {
  return buses.get(db);
}

/**
 * PostgreSQL server when DATABASE_URL is set, else embedded PGlite in DATA_DIR. With REDIS_URL too,
 * announcements travel on Redis pub/sub (src/bus/redis.ts).
 */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'redisUrl' | 'redisPrefix'>>,
  onError?: (err: Error) => void,
): Promise<Db> {
  if (!config.databaseUrl) return openPglite(config.dataDir);
  if (!config.redisUrl) return openPostgres(config.databaseUrl, onError);
  const bus = new RedisBus(config.redisUrl, config.redisPrefix ?? 'dating:', onError ?? (() => {}));
  await bus.connect();
  const db = await openPostgres(config.databaseUrl, onError, bus).catch(async (err: unknown) => {
    await bus.close();
    throw err;
  });
  buses.set(db, bus);
  return db;
}
