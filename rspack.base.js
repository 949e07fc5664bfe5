// The one build config. Every package's rspack.config.js calls createConfig() with its name,
// port and exposes; nothing else about the build is decided per package.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');

/**
 * Libraries that must exist once on the page: one React, one store, one contract.
 * react-hook-form is not shared: it holds no state across remotes (a form lives in one remote), and
 * a shared module is bundled whole (14.4 kB brotli) while each remote's own copy is tree-shaken to
 * what its forms use (2.5 kB less on every form route); a remote's copy is a chunk of its own,
 * `react-hook-form.*.js` (below, FORM_CHUNK), loaded with the first view that has a form.
 * react-router is not shared: only the shell imports it (remotes navigate through the mount
 * contract; eslint.config.js refuses it elsewhere). A shared module is bundled whole, all its
 * exports, while the shell's own copy is tree-shaken to what it uses (the start-up budget).
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'jotai',
  'react-intl',
  // One query cache for the page: the client and its React context must be one instance.
  '@tanstack/react-query',
  '@dating/shared',
];

/** A remote's own react-hook-form (with its zod resolver): one chunk, named for the front server's hints. */
const FORM_CHUNK = {
  test: /[\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/,
  name: 'react-hook-form',
  chunks: 'async',
  priority: 30,
  enforce: true,
};

/**
 * A server build (below) shares react-dom's server renderer too: the shell's server bundle renders
 * with it, and a remote's views must run against the one React that renderer belongs to.
 */
const SERVER_SINGLETONS = ['react-dom/server'];

/** The contracts package: semver, its change notes in shared/CHANGELOG.md. */
const CONTRACT = '@dating/shared';

/**
 * The singletons a package shares, each with the range its package.json asks for. The contract is
 * strict: a remote whose range the page's contract does not satisfy (built against another major)
 * fails to load (the shell shows its localized fallback and logs why) instead of running against a
 * contract it does not know. The libraries below it warn only (their minors are compatible).
 * CONTRACT_VERSION=x.y.z builds a package as if against contract x.y.z (registers it under that
 * version and requires ^x.y.z): how the journeys make a remote of an older or another major contract.
 */
function sharedConfig(pkg, { server = false, container = false } = {}) {
  const deps = { ...pkg.dependencies };
  const shared = {};
  for (const name of server ? [...SINGLETONS, ...SERVER_SINGLETONS] : SINGLETONS) {
    const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    const requiredVersion = deps[base];
    if (!requiredVersion) continue;
    shared[name] = { singleton: true, requiredVersion, strictVersion: false };
    // A remote's browser container takes the libraries from the page's consumer (the shell, or its
    // own harness), which provides every one of them: it builds no copy of its own and its entry
    // registers none (`import: false`; 0.35–0.4 kB brotli less per remote entry). The contract keeps its
    // copy: its version is what decides whether the remote may run at all.
    if (container && name !== CONTRACT) shared[name].import = false;
  }
  if (shared[CONTRACT]) {
    const as = process.env.CONTRACT_VERSION;
    shared[CONTRACT] = { ...shared[CONTRACT], strictVersion: true, ...(as ? { version: as, requiredVersion: `^${as}` } : {}) };
  }
  return shared;
}

/** Prints each build's JS size, raw and gzip, so that growth is seen at every build. */
class SizeReportPlugin {
  constructor(label) {
    this.label = label;
  }
  apply(compiler) {
    compiler.hooks.done.tap('SizeReportPlugin', (stats) => {
      if (stats.hasErrors()) return;
      const outDir = stats.compilation.outputOptions.path;
      let raw = 0;
      let gzip = 0;
      let entryRaw = 0;
      let entryGzip = 0;
      for (const asset of stats.compilation.getAssets()) {
        if (!asset.name.endsWith('.js')) continue;
        const buf = asset.source.buffer();
        const gz = zlib.gzipSync(buf, { level: 9 }).length;
        raw += buf.length;
        gzip += gz;
        if (asset.name === 'remoteEntry.js' || /(^|\/)main\./.test(asset.name)) {
          entryRaw += buf.length;
          entryGzip += gz;
        }
      }
      const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
      console.log(
        `[size] ${this.label}: JS ${kb(raw)} raw, ${kb(gzip)} gzip in all; entry ${kb(entryRaw)} raw, ${kb(entryGzip)} gzip (${path.relative(process.cwd(), outDir) || '.'})`,
      );
    });
  }
}

/**
 * rspack's federation plugin imports the bundler runtime (and the host's runtime plugin that hands
 * the runtime to the remotes) by the path `require.resolve` gives: their CommonJS builds, which
 * cannot be tree-shaken, so every export of @module-federation/sdk (its Node script loader too) and
 * of the runtime went into main.js, and again into each remoteEntry.js. Pointed at the same
 * packages' ES module builds, unused code falls out (the size budgets).
 */
function federationRuntimeEsm() {
  // rspack itself aliases the runtime to `require.resolve`'s answer; the same key given here wins.
  const alias = { '@module-federation/runtime': esmOf('@module-federation/runtime') };
  for (const name of ['@module-federation/webpack-bundler-runtime', '@module-federation/inject-external-runtime-core-plugin']) {
    const cjs = require.resolve(name);
    alias[`${cjs}$`] = esmOf(name);
  }
  return alias;
}

/** The ES module build of a federation package (beside its CommonJS `dist/index.cjs`). */
function esmOf(name) {
  return require.resolve(name).replace(/index\.cjs$/, 'index.js');
}

/**
 * Writes into the remote's mf-manifest.json, for each exposed module, the shared modules its chunks
 * consume (`requiredShared`): the front server preloads only those of them the shell does not
 * provide (scripts/serve/inject.mjs remoteHints), not every library the remote shares — a remote
 * whose first view has no form no longer brings react-hook-form before it renders. The runtime
 * ignores the extra field.
 * Views a remote loads lazily (`lazyView` of the UI kit, imported with the chunk name
 * `view-<view>`) are listed under the mount as `views: { <view>: { assets, requiredShared } }`:
 * their route needs them before it renders, so the front server preloads them for that route. A
 * chunk several views load is named after their family, ending in a dash: `view-page-` for
 * page-terms, page-faq, ….
 */
class ExposeSharedPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ExposeShared', (compilation) => {
      // After the federation manifest plugin wrote the manifest (PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER).
      compilation.hooks.processAssets.tap({ name: 'ExposeShared', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ANALYSE }, () => {
        const asset = compilation.getAsset('mf-manifest.json');
        if (!asset) return;
        const manifest = JSON.parse(asset.source.source().toString());
        const consumedBy = (group) => {
          const names = new Set();
          for (const chunk of group.chunks) {
            for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
              const consumed = /^consume shared module \([^)]*\) (.+?)@/.exec(module.identifier());
              if (consumed) names.add(consumed[1]);
            }
          }
          return [...names].sort();
        };
        for (const expose of manifest.exposes ?? []) {
          const group = compilation.namedChunkGroups.get(`__federation_expose_${expose.name.replace(/[^\w]/g, '_')}`);
          if (!group) continue;
          expose.requiredShared = consumedBy(group);
          if (expose.name !== 'mount') continue;
          const views = {};
          for (const [name, viewGroup] of compilation.namedChunkGroups) {
            const view = /^view-(.+)$/.exec(name)?.[1];
            if (!view) continue;
            const files = viewGroup.chunks.flatMap((c) => [...c.files]);
            views[view] = {
              assets: { js: files.filter((f) => f.endsWith('.js')), css: files.filter((f) => f.endsWith('.css')) },
              requiredShared: consumedBy(viewGroup),
            };
          }
          if (Object.keys(views).length) expose.views = views;
        }
        compilation.updateAsset('mf-manifest.json', new rspack.sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}

/** A package's catalogs: src/i18n/<locale>.json (the shell's in src/i18n/messages/); group 1 is the locale. */
const CATALOG = /[\\/]i18n[\\/](?:messages[\\/])?([a-z]{2})\.json$/;

function baseConfig({ dirname, production, outDir, uniqueName, publicPath, prefix = '' }) {
  const hashed = (ext) => `${prefix}[name]${production ? '.[contenthash:8]' : ''}.${ext}`;
  return {
    context: dirname,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: outDir,
      publicPath,
      uniqueName,
      filename: hashed('js'),
      chunkFilename: hashed('js'),
      cssFilename: hashed('css'),
      cssChunkFilename: hashed('css'),
      assetModuleFilename: `${prefix}assets/[name].[contenthash:8][ext]`,
      clean: false,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      alias: {
        ...federationRuntimeEsm(),
        // The contract without its schemas (shared/src/browser.ts): zod is not part of the start-up;
        // the API client loads the schemas with the first call, a form with its first validation.
        '@dating/shared$': path.join(__dirname, 'shared/src/browser.ts'),
        // Every catalog arrives compiled: production formats messages without the ICU parser. A
        // message that is not in the catalog shows its default text verbatim (and is reported).
        ...(production ? { '@formatjs/icu-messageformat-parser$': require.resolve('@formatjs/icu-messageformat-parser/no-parser.js') } : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production, refresh: !production } },
              target: 'es2022',
            },
          },
        },
        // The catalogs, compiled to ASTs (scripts/compile-catalog.cjs).
        { test: CATALOG, loader: path.join(__dirname, 'scripts/compile-catalog.cjs'), type: 'json' },
        { test: /\.module\.css$/, type: 'css/module' },
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
        { test: /\.(png|svg|jpe?g|webp|ico)$/, type: 'asset/resource' },
      ],
      parser: {
        'css/module': { namedExports: false },
        // An import of a name the module does not export fails the build (not `undefined` at run
        // time): e.g. a schema imported from `@dating/shared` instead of `@dating/shared/schemas`.
        javascript: { exportsPresence: 'error' },
      },
    },
    // Named chunk ids keep chunk files recognisable (e.g. which file carries react-dom).
    optimization: { chunkIds: 'named' },
    performance: { hints: false },
    // rspack serve turns lazy compilation on by default. Its proxies ask the dev server of the
    // *page's* origin to compile a module: a remote's modules, running in the shell's page, asked
    // the shell's server (8080), which knows none of them, and the remote's views never arrived
    // (blank pages in `npm run dev`). Every module is compiled up front instead.
    lazyCompilation: false,
    stats: 'errors-warnings',
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        'process.env.BUILD_LABEL': JSON.stringify(process.env.BUILD_LABEL || ''),
      }),
    ],
  };
}

/** HMR with state kept for React components (development only). */
function reactRefresh() {
  const { ReactRefreshRspackPlugin } = require('@rspack/plugin-react-refresh');
  return new ReactRefreshRspackPlugin();
}

/**
 * A page's consumer (shell, standalone harness) records React's renderer on the DevTools hook, so
 * that the React Refresh runtime of every remote loaded later can refresh its components
 * (scripts/browser/react-renderers-hook.js). Development only.
 */
function recordReactRenderers(dirname) {
  return new rspack.EntryPlugin(dirname, path.join(__dirname, 'scripts/browser/react-renderers-hook.js'), { name: undefined });
}

function federation(name, pkg, extra) {
  return new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    remotes: {},
    shared: sharedConfig(pkg, { container: Boolean(extra.exposes) }),
    shareStrategy: 'loaded-first',
    manifest: { fileName: 'mf-manifest.json' },
    dts: false,
    dev: false,
    ...extra,
    experiments: {
      ...extra.experiments,
      // Browser only: the runtime's Node script loaders (sdk's loadScriptNode, createScriptNode) fall
      // out of main.js and every remoteEntry.js.
      optimization: { target: 'web' },
    },
  });
}

/**
 * The server variant of a package, for rendering public pages in Node (scripts/serve/render.mjs):
 * the same sources, `target: 'async-node'`, written to `<dist>/server/`. A remote's server build is
 * its container (the same `./mount` and fragments, whose `definition` the server renders); the shell's is its
 * server entry (`src/server.ts`), a federation host that loads the remotes' server containers over
 * HTTP with @module-federation/node's runtime plugin. Stylesheets are left to the browser build
 * (class names only: `exportsOnly`, the same names as the browser build's).
 */
function serverVariant({ dirname, name, pkg, production, outDir, exposes, host }) {
  const c = baseConfig({ dirname, production, outDir: path.join(outDir, 'server'), uniqueName: name, publicPath: 'auto' });
  c.name = `${name}_server`;
  // After the browser build, whose output.clean would otherwise remove this one's folder.
  c.dependencies = [name];
  c.target = 'async-node';
  c.devtool = false;
  c.output.filename = '[name].js';
  c.output.chunkFilename = production ? '[name].[contenthash:8].js' : '[name].js';
  c.output.clean = true;
  c.module.generator = { 'css/module': { exportsOnly: true }, css: { exportsOnly: true }, 'asset/resource': { emit: false } };
  // No React Refresh on the server: the swc transform's refresh calls need its runtime.
  const swc = c.module.rules[0].options.jsc.transform.react;
  swc.refresh = false;
  c.optimization = { ...c.optimization, splitChunks: false, runtimeChunk: false };
  const federationOptions = {
    name,
    shared: sharedConfig(pkg, { server: true }),
    shareStrategy: 'loaded-first',
    manifest: false,
    dts: false,
    dev: false,
    library: { type: 'commonjs-module', name },
    remoteType: 'script',
    runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin')],
  };
  if (host) {
    c.entry = { server: './src/server.ts' };
    c.output.library = { type: 'commonjs2' };
    c.plugins.push(new ModuleFederationPlugin({ ...federationOptions, remotes: {} }));
  } else {
    c.entry = {};
    // `./mount` and the named fragments: a view's fragments are rendered on the server too.
    c.plugins.push(new ModuleFederationPlugin({ ...federationOptions, filename: 'remoteEntry.js', exposes }));
  }
  return c;
}

/**
 * @param {object} options
 * @param {string} options.dirname   the package folder (__dirname of its rspack.config.js)
 * @param {string} options.name      federation container name (identifier, e.g. mf_search)
 * @param {number} options.port      dev-server port (8080 shell, 8081–8086 and 8088 remotes)
 * @param {Record<string,string>} [options.exposes]  './mount' and named fragments (remotes)
 * @param {boolean} [options.host]   true for the shell
 * @param {(config: object, ctx: {production: boolean}) => void} [options.extend]  last word on the config
 *
 * The shell is one compilation: a pure consumer that provides the federation runtime to every
 * container. A remote is two: its container (runtime left out, taken from the consumer: about
 * 18 kB gzip less per remote) and its standalone harness, a small consumer that loads the
 * container through its own mf-manifest.json exactly as the shell does.
 */
/**
 * The page of a consumer build: the package's own src/index.html when it has one (the shell), else
 * the one stand-alone page every remote's harness shares.
 */
function htmlPage(dirname, packageName) {
  const own = path.join(dirname, 'src/index.html');
  if (fs.existsSync(own)) return { template: own };
  return {
    templateContent: `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${packageName} · standalone</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  };
}

function createConfig(options) {
  const { dirname, name, port, exposes = {}, host = false } = options;
  const pkg = require(path.join(dirname, 'package.json'));
  const make = (_env = {}, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV) !== 'development';
    const outDir = process.env.OUT_DIR ? path.resolve(process.env.OUT_DIR) : path.join(dirname, 'dist');
    const devServer = {
      port,
      hot: true,
      historyApiFallback: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      allowedHosts: 'all',
      client: { overlay: false },
    };
    const consumer = (consumerName, uniqueName, prefix) => {
      const c = baseConfig({ dirname, production, outDir, uniqueName, publicPath: '/', prefix });
      c.name = consumerName;
      c.entry = { main: './src/index.ts' };
      c.plugins.push(
        federation(consumerName, pkg, { manifest: false, experiments: { provideExternalRuntime: true } }),
        new rspack.HtmlRspackPlugin({ ...htmlPage(dirname, pkg.name), chunks: ['main'] }),
        new SizeReportPlugin(consumerName),
      );
      if (!production) c.plugins.push(recordReactRenderers(dirname), reactRefresh());
      return c;
    };

    if (host && process.env.MONOLITH) {
      const config = monolith(consumer(name, name, ''), name);
      config.output.clean = true;
      config.devServer = devServer;
      if (options.extend) options.extend(config, { production, role: 'monolith' });
      return config;
    }

    // The server variant (rendering in Node) is built for production; `rspack serve` skips it.
    const server = production && process.env.SERVER_BUILD !== 'off' ? serverVariant({ dirname, name, pkg, production, outDir, exposes, host }) : null;

    if (host) {
      const config = consumer(name, name, '');
      config.output.clean = { keep: /^server\// };
      config.devServer = devServer;
      if (options.extend) options.extend(config, { production });
      if (!server) return config;
      if (options.extend) options.extend(server, { production, role: 'server' });
      return [config, server];
    }

    const container = baseConfig({ dirname, production, outDir, uniqueName: name, publicPath: 'auto' });
    container.name = name;
    container.entry = {};
    container.output.clean = { keep: /^(harness|server)\// };
    container.optimization = { ...container.optimization, splitChunks: { cacheGroups: { forms: FORM_CHUNK } } };
    container.plugins.push(
      federation(name, pkg, { exposes, experiments: { externalRuntime: true } }),
      new ExposeSharedPlugin(),
      new SizeReportPlugin(name),
    );
    container.devServer = devServer;
    if (!production) container.plugins.push(reactRefresh());
    const harness = consumer(`${name}_harness`, `${name}_harness`, 'harness/');
    harness.dependencies = [name];
    if (options.extend) {
      options.extend(container, { production, role: 'container' });
      options.extend(harness, { production, role: 'harness' });
    }
    return server ? [container, harness, server] : [container, harness];
  };
  // What the package exposes, for the single-bundle build (monolith below).
  make.options = options;
  return make;
}

/**
 * The single-bundle ("monolith") build of the same shell and remotes, for the cost-of-composition
 * benchmark (scripts/bench/monolith.mjs): `MONOLITH=1 OUT_DIR=… rspack build` in shell/. The
 * consumer config without federation: the runtime the shell calls (`loadRemote`, `registerRemotes`,
 * `registerPlugins`) is replaced by scripts/bench/monolith/runtime.js, which imports every remote's
 * exposed modules directly — each a lazy chunk of this one build, as each remote is its own build
 * in the federated one — and the retry plugin (a federation runtime plugin) by nothing.
 */
function monolith(config, name) {
  const remoteDirs = fs.readdirSync(__dirname).filter((d) => /^mf-/.test(d) && fs.existsSync(path.join(__dirname, d, 'rspack.config.js')));
  const lines = [];
  for (const dir of remoteDirs) {
    const options = require(path.join(__dirname, dir, 'rspack.config.js')).options;
    for (const [expose, file] of Object.entries(options.exposes ?? {})) {
      const target = path.join(__dirname, dir, file);
      lines.push(`  ${JSON.stringify(`${options.name}/${expose.replace(/^\.\//, '')}`)}: () => import(${JSON.stringify(target)}),`);
    }
  }
  const generated = path.join(__dirname, 'node_modules/.cache/monolith/exposed.js');
  fs.mkdirSync(path.dirname(generated), { recursive: true });
  fs.writeFileSync(generated, `// Written by rspack.base.js for the monolith build.\nexport const exposed = {\n${lines.join('\n')}\n};\n`);
  config.plugins = config.plugins.filter((p) => p.constructor?.name !== 'ModuleFederationPlugin');
  // Two remotes' views of one name stay two chunks (view-<container>~<view>).
  config.module.rules.push({ test: /[\\/]mf-[a-z-]+[\\/]src[\\/].*\.tsx?$/, enforce: 'pre', loader: path.join(__dirname, 'scripts/bench/monolith/view-chunk-names.cjs') });
  for (const p of config.plugins) if (p instanceof SizeReportPlugin) p.label = `${name} (monolith)`;
  config.resolve.alias = {
    ...config.resolve.alias,
    '@module-federation/enhanced/runtime$': path.join(__dirname, 'scripts/bench/monolith/runtime.js'),
    '@module-federation/retry-plugin$': path.join(__dirname, 'scripts/bench/monolith/retry-plugin.js'),
    'monolith-exposed$': generated,
  };
  return config;
}

module.exports = { createConfig, SINGLETONS, CATALOG };
