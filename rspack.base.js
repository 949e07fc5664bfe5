// The one build config. Every package's rspack.config.js calls createConfig() with its name,
// port and exposes; nothing else about the build is decided per package.
const path = require('node:path');
const zlib = require('node:zlib');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');

/** Libraries that must exist once on the page: one React, one router, one store, one contract. */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router',
  'jotai',
  'react-intl',
  '@dating/shared',
];

function sharedConfig(pkg) {
  const deps = { ...pkg.dependencies };
  const shared = {};
  for (const name of SINGLETONS) {
    const base = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    const requiredVersion = deps[base];
    if (!requiredVersion) continue;
    shared[name] = { singleton: true, requiredVersion, strictVersion: false };
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
        if (asset.name === 'remoteEntry.js' || /^main\./.test(asset.name)) {
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
 * @param {object} options
 * @param {string} options.dirname   the package folder (__dirname of its rspack.config.js)
 * @param {string} options.name      federation container name (identifier, e.g. mf_search)
 * @param {number} options.port      dev-server port (8080 shell, 8081–8086 remotes)
 * @param {Record<string,string>} [options.exposes]  './mount' and named fragments
 * @param {boolean} [options.host]   true for the shell
 * @param {string[]} [options.runtimePlugins]  federation runtime plugins (shell)
 * @param {(config: object, ctx: {production: boolean}) => void} [options.extend]  last word on the config
 */
function createConfig(options) {
  const { dirname, name, port, exposes = {}, host = false, runtimePlugins = [] } = options;
  const pkg = require(path.join(dirname, 'package.json'));
  return (env = {}, argv = {}) => {
    const production = (argv.mode || process.env.NODE_ENV) !== 'development';
    const outDir = process.env.OUT_DIR ? path.resolve(process.env.OUT_DIR) : path.join(dirname, 'dist');
    const config = {
      context: dirname,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: outDir,
        publicPath: host ? '/' : 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
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
          { test: /\.module\.css$/, type: 'css/module' },
          { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
          { test: /\.(png|svg|jpe?g|webp|ico)$/, type: 'asset/resource' },
        ],
        parser: { 'css/module': { namedExports: false } },
      },
      optimization: {
        // Named chunk ids keep chunk files recognisable (e.g. which file carries react-dom).
        chunkIds: 'named',
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedConfig(pkg),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          dev: false,
        }),
        new rspack.HtmlRspackPlugin({
          template: path.join(dirname, 'src/index.html'),
          chunks: ['main'],
        }),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
          'process.env.BUILD_LABEL': JSON.stringify(process.env.BUILD_LABEL || ''),
        }),
        new SizeReportPlugin(name),
      ],
      devServer: {
        port,
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        allowedHosts: 'all',
        client: { overlay: false },
      },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
    if (!production) {
      const ReactRefreshPlugin = require('@rspack/plugin-react-refresh');
      config.plugins.push(new (ReactRefreshPlugin.default || ReactRefreshPlugin)());
    }
    if (options.extend) options.extend(config, { production });
    return config;
  };
}

module.exports = { createConfig, SINGLETONS };
