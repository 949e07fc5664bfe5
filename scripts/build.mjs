// Builds the shell and every remote, each with its own rspack config, one after the other.
//   node scripts/build.mjs                 build all
//   node scripts/build.mjs --missing       build only packages without a dist/
//   node scripts/build.mjs mf-search ...   build the named packages
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
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
    const outDir = env.OUT_DIR ?? process.env.OUT_DIR;
    const dist = outDir ? path.resolve(outDir) : path.join(ROOT, dir, 'dist');
    if (dir === 'shell') writeRouteTable(dist);
    const { files, raw, br } = precompress(dist);
    console.log(
      `[build] ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s; ${files} files precompressed: ${(raw / 1024).toFixed(0)} kB -> ${(br / 1024).toFixed(0)} kB brotli`,
    );
  }
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzipCompress = promisify(zlib.gzip);

/** Text assets a server can send compressed; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/; // not source maps: only devtools fetch them

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text asset of a
 * build, once, so that serving costs no CPU: scripts/serve.mjs picks the variant the browser accepts.
 * Brotli at quality 11 is most of a package's build time on one core: the files are compressed in a
 * process of their own (`--precompress`), several at once on Node's thread pool, so every core
 * works; build() stays synchronous for its callers.
 */
export function precompress(dist) {
  if (!existsSync(dist)) return { files: 0, raw: 0, br: 0 };
  const res = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--precompress', dist], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (res.status !== 0) throw new Error(`precompressing ${dist} failed`);
  return JSON.parse(res.stdout);
}

/** precompress(), here: every file on Node's thread pool (zlib's asynchronous calls), the results summed. */
async function precompressFiles(dist) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (COMPRESSIBLE.test(name)) found.push(file);
    }
  };
  walk(dist);
  const sizes = await Promise.all(
    found.map(async (file) => {
      const buf = await readFile(file);
      if (buf.length < 512) return null; // not worth a second request's header
      const [brotli, gzip] = await Promise.all([
        brotliCompress(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
        gzipCompress(buf, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzip)]);
      return { raw: buf.length, br: brotli.length };
    }),
  );
  const done = sizes.filter((s) => s !== null);
  return { files: done.length, raw: done.reduce((sum, s) => sum + s.raw, 0), br: done.reduce((sum, s) => sum + s.br, 0) };
}

/**
 * The route table of the contract, as data beside the shell's page: the server answers paths the
 * table does not know with HTTP 404 (scripts/serve.mjs) and preloads the remote of the others
 * (scripts/serve/inject.mjs). Node 24 reads the TypeScript source.
 */
function writeRouteTable(dist) {
  const res = spawnSync(
    process.execPath,
    [
      '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(path.join(ROOT, 'shared/src/routes.ts'))});
       process.stdout.write(JSON.stringify({ paths: m.ROUTES.map((r) => r.path), remotes: m.ROUTES.map((r) => r.remote), views: m.ROUTES.map((r) => r.view), values: { kind: m.LANDER_KINDS } }));`,
    ],
    { encoding: 'utf8' },
  );
  if (res.status !== 0) throw new Error(`route table export failed: ${res.stderr}`);
  writeFileSync(path.join(dist, 'routes.json'), res.stdout);
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === '--precompress') {
  process.stdout.write(JSON.stringify(await precompressFiles(path.resolve(process.argv[3]))));
} else if (import.meta.url === `file://${process.argv[1]}`) {
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
