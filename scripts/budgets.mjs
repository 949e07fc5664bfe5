// Size budgets of the production build (issue 13), checked by `npm test` after the build:
//   - initial JS of every public route ≤ 120 kB compressed: what the browser downloads before the
//     route renders — the shell's main.js and start-up chunks and catalogs (shell/dist/startup.json)
//     plus the route's remote: remoteEntry.js, the ./mount chunks, the view's own chunks when the
//     remote loads it lazily, its catalog and the shared modules they consume that the remote brings. These are exactly the files the front server preloads (remoteHints in
//     scripts/serve/inject.mjs), counted in the largest of the seven locales;
//   - every remote entry (remoteEntry.js) ≤ 20 kB compressed.
// Compressed = the brotli file the build wrote beside it (what browsers get from scripts/serve.mjs).
//   node scripts/budgets.mjs                    prints every figure; exits 1 naming each overrun
//   node scripts/budgets.mjs --enforce entries  the same, but only a remote entry's overrun fails
//     (what `npm test` runs: every public route is still over the initial-JS budget, README Performance)
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { importContract } from './contract.mjs';
import { REMOTES, ROOT } from './packages.mjs';
import { remoteHints } from './serve/inject.mjs';

export const INITIAL_JS_BUDGET = 120 * 1024;
export const REMOTE_ENTRY_BUDGET = 20 * 1024;

const [{ LOCALES }, { ROUTES }] = await importContract('locales', 'routes');

/** Bytes a browser downloads for a built file: its brotli copy, or the file when too small to have one. */
export function compressedSize(file) {
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

/** Every public route's initial JS per locale, and every remote entry, from the build in dist/. */
export function measure({ shellDist = path.join(ROOT, 'shell/dist'), remoteDist = (dir) => path.join(ROOT, dir, 'dist') } = {}) {
  const startup = JSON.parse(readFileSync(path.join(shellDist, 'startup.json'), 'utf8'));
  const js = (f) => f.endsWith('.js');
  const shellFiles = (locale) => [...startup.main, ...startup.startup, ...(startup.catalogs[locale] ?? [])].filter(js).map((f) => path.join(shellDist, f));
  const remotes = new Map();
  for (const r of REMOTES) {
    const manifestFile = path.join(remoteDist(r.dir), 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const files = (locale, view) =>
      remoteHints(pathToFileURL(manifestFile).href, manifest, locale, startup.provides, view)
        .filter((h) => h.as === 'script')
        .map((h) => fileURLToPath(h.href));
    remotes.set(r.name, { dir: r.dir, files, entry: compressedSize(path.join(remoteDist(r.dir), 'remoteEntry.js')) });
  }
  const routes = [];
  for (const route of ROUTES.filter((d) => d.auth !== 'required')) {
    let worst = { bytes: 0, locale: null, files: [] };
    for (const locale of LOCALES) {
      const files = [...shellFiles(locale), ...remotes.get(route.remote).files(locale, route.view)];
      const bytes = files.reduce((sum, f) => sum + compressedSize(f), 0);
      if (bytes > worst.bytes) worst = { bytes, locale, files };
    }
    routes.push({ path: route.path, remote: route.remote, ...worst });
  }
  return { routes, remotes: [...remotes].map(([name, r]) => ({ name, entry: r.entry })) };
}

/**
 * The overruns, each a sentence with the figure and the budget; printed with every figure.
 * `kind` is 'route' (initial JS of a public route) or 'entry' (a remote entry).
 */
export function check(result = measure(), log = console.log) {
  const over = [];
  log(`initial JS per public route (brotli, largest locale; budget ${kb(INITIAL_JS_BUDGET)}):`);
  for (const r of result.routes) {
    const bad = r.bytes > INITIAL_JS_BUDGET;
    log(`  ${bad ? '✗' : '✓'} ${r.path.padEnd(40)} ${kb(r.bytes).padStart(9)}  (${r.remote}, ${r.locale}, ${r.files.length} files)`);
    if (bad) over.push({ kind: 'route', text: `initial JS of ${r.path} is ${kb(r.bytes)} compressed, over the budget of ${kb(INITIAL_JS_BUDGET)}` });
  }
  log(`remote entries (brotli; budget ${kb(REMOTE_ENTRY_BUDGET)}):`);
  for (const r of result.remotes) {
    const bad = r.entry > REMOTE_ENTRY_BUDGET;
    log(`  ${bad ? '✗' : '✓'} ${r.name.padEnd(40)} ${kb(r.entry).padStart(9)}`);
    if (bad) over.push({ kind: 'entry', text: `${r.name}/remoteEntry.js is ${kb(r.entry)} compressed, over the budget of ${kb(REMOTE_ENTRY_BUDGET)}` });
  }
  return over;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { enforce: { type: 'string' } } });
  const enforced = values.enforce === 'entries' ? ['entry'] : ['route', 'entry'];
  const over = check();
  const failing = over.filter((o) => enforced.includes(o.kind));
  const noted = over.filter((o) => !enforced.includes(o.kind));
  if (noted.length) console.log(`\nnot enforced (--enforce ${values.enforce}): ${noted.length} over budget:\n- ${noted.map((o) => o.text).join('\n- ')}`);
  if (failing.length) {
    console.error(`\n${failing.length} over budget:\n- ${failing.map((o) => o.text).join('\n- ')}`);
    process.exit(1);
  }
  console.log(noted.length ? '\nevery enforced budget kept' : '\nevery budget kept');
}
