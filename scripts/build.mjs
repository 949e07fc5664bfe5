// Builds the shell and every remote, each with its own rspack config, one after the other.
//   node scripts/build.mjs                 build all
//   node scripts/build.mjs --missing       build only packages without a dist/
//   node scripts/build.mjs mf-search ...   build the named packages
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { FRONTENDS, ROOT } from './packages.mjs';

/** A remote is built when its manifest and harness exist; the shell (a pure consumer) when its page does. */
export function isBuilt(dir) {
  const dist = path.join(ROOT, dir, 'dist');
  return existsSync(path.join(dist, 'index.html')) && (dir === 'shell' || existsSync(path.join(dist, 'mf-manifest.json')));
}

export function build(dirs, { env = {} } = {}) {
  const rspack = path.join(ROOT, 'node_modules', '.bin', 'rspack');
  for (const dir of dirs) {
    const started = Date.now();
    const res = spawnSync(rspack, ['build', '--mode', 'production'], {
      cwd: path.join(ROOT, dir),
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    if (res.status !== 0) throw new Error(`build of ${dir} failed`);
    console.log(`[build] ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const missing = args.includes('--missing');
  const named = args.filter((a) => !a.startsWith('--'));
  let dirs = named.length ? named : FRONTENDS.map((f) => f.dir);
  if (missing) dirs = dirs.filter((d) => !isBuilt(d));
  try {
    build(dirs);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
