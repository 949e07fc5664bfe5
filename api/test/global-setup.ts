import { buildTemplate, TEMPLATE_DB_ENV, TEMPLATE_DIR_ENV } from './template';

/** Once per jest run of the API project: the migrated and seeded template the test files clone (template.ts). */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const { dir, database } = await buildTemplate();
  process.env[TEMPLATE_DIR_ENV] = dir;
  if (database) process.env[TEMPLATE_DB_ENV] = database;
  console.log(`\napi: template database ${database ?? '(PGlite)'} migrated and seeded in ${Date.now() - started} ms`);
}
