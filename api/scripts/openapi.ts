/**
 * Writes the API reference, api/openapi.json (OpenAPI 3.1), generated from the routes the app
 * registers and their zod schemas: npx tsx api/scripts/openapi.ts
 * (The app is built on a throw-away PGlite database: some plugins read it while they load.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db';
import { openPglite } from '../src/db/pglite';
import { buildOpenApi } from '../src/openapi/document';
import { registeredRoutes } from '../src/openapi/plugin';

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dating-openapi-'));
  const db = await openPglite(dir);
  try {
    await migrate(db);
    const app = buildApp({ db, config: { ...loadConfig({}), dataDir: dir } });
    await app.ready();
    const out = path.resolve(__dirname, '..', 'openapi.json');
    const doc = buildOpenApi(registeredRoutes(app)) as { paths: Record<string, object> };
    fs.writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
    const operations = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    console.log(`${path.relative(process.cwd(), out)}: ${Object.keys(doc.paths).length} paths, ${operations} operations`);
    await app.close();
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
