// Second builds of mf-landers, served beside the site so that a journey can point the registry at
// them and see another version with no rebuild of anything else:
// - :8087, BUILD_LABEL=v2, built as if against contract 2.0.0 (an older, compatible minor of the
//   contract the page runs): it must run;
// - :8089, BUILD_LABEL=contract-3, built as if against contract 3.0.0 (another major): it must not
//   run; the shell shows its localized fallback and logs why.
// CONTRACT_VERSION: rspack.base.js (the contract singleton's version and range).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from '../scripts/build.mjs';
import { ROOT } from '../scripts/packages.mjs';
import { serveStatic } from '../scripts/serve.mjs';

const BUILDS = [
  { port: 8087, dir: 'dist-v2', env: { BUILD_LABEL: 'v2', CONTRACT_VERSION: '2.0.0' } },
  { port: 8089, dir: 'dist-contract-3', env: { BUILD_LABEL: 'contract-3', CONTRACT_VERSION: '3.0.0' } },
];

// Playwright lets this server go on this line (playwright.config.ts: `wait`), and the site starts
// meanwhile; e2e/second-build-ready.ts waits for the ports below before the journeys.
console.log('second builds of mf-landers: starting');
for (const b of BUILDS) {
  const out = path.join(ROOT, 'mf-landers', b.dir);
  if (!existsSync(path.join(out, 'mf-manifest.json')) || process.env.CI) build(['mf-landers'], { env: { ...b.env, OUT_DIR: out } });
}
// e2e/second-build-ready.ts waits for :8087: it is served last.
for (const b of [...BUILDS].reverse()) {
  await serveStatic({ root: path.join(ROOT, 'mf-landers', b.dir), port: b.port });
  console.log(`second build of mf-landers (${b.env.BUILD_LABEL}, contract ${b.env.CONTRACT_VERSION}) on http://localhost:${b.port}`);
}
