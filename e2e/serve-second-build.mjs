// Builds mf-landers a second time with BUILD_LABEL=v2 into mf-landers/dist-v2 and serves it on
// :8087, so that a test can point the registry at it and see the new version with no rebuild.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from '../scripts/build.mjs';
import { ROOT } from '../scripts/packages.mjs';
import { serveStatic } from '../scripts/serve.mjs';

const out = path.join(ROOT, 'mf-landers', 'dist-v2');
if (!existsSync(path.join(out, 'mf-manifest.json')) || process.env.CI) {
  build(['mf-landers'], { env: { BUILD_LABEL: 'v2', OUT_DIR: out } });
}
await serveStatic({ root: out, port: 8087 });
console.log('second build of mf-landers on http://localhost:8087');
