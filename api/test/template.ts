import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { loadConfig, type Config } from '../src/config';
import { migrate, type Db } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import { FsImageStore, imagesDir, useImageStore } from '../src/images/store';
import { seed } from '../src/seed';

/**
 * The API suite migrates and seeds once per jest run (globalSetup: api/test/global-setup.ts) into a
 * template that each test file clones: on PGlite a data folder (database and seeded photos) copied
 * with fs.cpSync; on PostgreSQL (TEST_DATABASE_URL) a database cloned with CREATE DATABASE …
 * TEMPLATE, beside the same folder for the photos. Without a template (a runner without the global
 * set-up) a test file migrates and seeds a database of its own, as before.
 */
export const TEMPLATE_DIR_ENV = 'DATING_TEST_TEMPLATE_DIR';
export const TEMPLATE_DB_ENV = 'DATING_TEST_TEMPLATE_DB';


/** The config of every test app; `dir` holds the PGlite data and the photos. */
export function testConfig(dir: string): Config {
  // Rate limits off: suites send hundreds of calls from one address; test/ratelimit.test.ts turns them on.
  return { ...loadConfig({}), dataDir: dir, rateLimits: false };
}

/** Migrates and seeds `db`, with the photos in `dir`. */
export async function migrateAndSeed(db: Db, dir: string): Promise<void> {
  await migrate(db);
  const config = testConfig(dir);
  useImageStore(new FsImageStore(imagesDir(config))); // photos in the data folder, also while seeding
  await seed(db, config);
}

/** Runs one statement on the server of TEST_DATABASE_URL (CREATE and DROP DATABASE). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server of TEST_DATABASE_URL. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Builds the template: answers the folder and, on PostgreSQL, the database name (both in env for the workers). */
export async function buildTemplate(): Promise<{ dir: string; database?: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-api-template-'));
  if (process.env.TEST_DATABASE_URL) {
    const database = uniqueName('dating_template');
    await adminQuery(`CREATE DATABASE ${database}`);
    const db = await openPostgres(databaseUrl(database));
    try {
      await migrateAndSeed(db, dir);
    } finally {
      await db.close();
    }
    return { dir, database };
  }
  const db = await openPglite(dir);
  try {
    await migrateAndSeed(db, dir);
  } finally {
    await db.close();
  }
  return { dir };
}

export async function dropTemplate(t: { dir?: string; database?: string }): Promise<void> {
  if (t.database) await adminQuery(`DROP DATABASE IF EXISTS ${t.database} WITH (FORCE)`);
  if (t.dir) fs.rmSync(t.dir, { recursive: true, force: true });
}
