/**
 * Writes the API reference, api/openapi.json (OpenAPI 3.1), generated from the zod schemas of
 * @dating/shared: npx tsx api/scripts/openapi.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApi } from '../src/openapi/document';

const out = path.resolve(__dirname, '..', 'openapi.json');
const doc = buildOpenApi() as { paths: Record<string, object> };
fs.writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
const operations = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
console.log(`${path.relative(process.cwd(), out)}: ${Object.keys(doc.paths).length} paths, ${operations} operations`);
