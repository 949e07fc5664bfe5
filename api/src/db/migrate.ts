import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db';

export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'migrations');

/** Any number, then a name: 0001_sites.sql */
const FILE = /^(\d+)_[\w-]+\.sql$/;
/** Serialises migrators of several API processes starting at once against one server. */
const LOCK_KEY = 7_245_001;

export interface Migration {
  version: string;
  file: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => FILE.test(file))
    .sort((a, b) => Number(FILE.exec(a)![1]) - Number(FILE.exec(b)![1]))
    .map((file) => ({ version: FILE.exec(file)![1], file, sql: fs.readFileSync(path.join(dir, file), 'utf8') }));
}

/**
 * Applies the numbered .sql files not yet recorded in schema_migrations, in order, each in its own
 * transaction. Returns the files applied now (none when the database is up to date).
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    text PRIMARY KEY,
    file       text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const m of readMigrations(dir)) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (rows.length) return false;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, file) VALUES ($1, $2)', [m.version, m.file]);
      return true;
    });
    if (done) applied.push(m.file);
  }
  return applied;
}
