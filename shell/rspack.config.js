const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { createConfig } = require('../rspack.base.js');

const API_URL = process.env.API_URL || 'http://localhost:8079';

/** The worker's push script, named by its content so that a change also changes /sw.js. */
function swPushScript() {
  const source = fs.readFileSync(path.join(__dirname, 'public/sw-push.js'));
  const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 8);
  return { source, name: `sw-push.${hash}.js` };
}

/**
 * Served as /sw.js by the dev server: a worker left over from a production run on the same origin
 * would keep serving its precached shell instead of the dev build. This one replaces it, removes
 * itself and reloads the open pages once.
 */
const DEV_SW = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil((async () => {
  for (const key of await caches.keys()) await caches.delete(key);
  await self.registration.unregister();
  for (const client of await self.clients.matchAll({ type: 'window' })) client.navigate(client.url);
})()));`;

module.exports = createConfig({
  dirname: __dirname,
  name: 'shell',
  port: 8080,
  host: true,
  extend(config, { production }) {
    // @module-federation/retry-plugin 0.17 brings its own @module-federation/sdk 0.17 for one
    // logger; the federation runtime's sdk, already in the entry, has the same createLogger.
    config.resolve.alias = { ...config.resolve.alias, '@module-federation/sdk$': require.resolve('@module-federation/sdk') };
    // Dev: the shell's dev server fronts the member API on the same origin, like production, and
    // the site's web manifest (served by the API per template) at /manifest.webmanifest.
    config.devServer.proxy = [
      { context: ['/api'], target: API_URL },
      { context: ['/manifest.webmanifest'], target: API_URL, pathRewrite: { '^/manifest.webmanifest': '/api/manifest.webmanifest' } },
      { context: ['/favicon.ico'], target: API_URL, pathRewrite: { '^/favicon.ico': '/api/icons/favicon.png' } },
    ];
    config.devServer.setupMiddlewares = (middlewares) => [
      {
        name: 'dev-sw',
        path: '/sw.js',
        middleware: (_req, res) => {
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.setHeader('cache-control', 'no-cache');
          res.end(DEV_SW);
        },
      },
      ...middlewares,
    ];
    if (!production) return;

    // Production: the service worker (spec §2: /sw.js, scope /). GenerateSW, because workbox's
    // InjectManifest does not run under rspack; push handling lives in sw-push.*.js, imported.
    const { GenerateSW } = require('workbox-webpack-plugin');
    const push = swPushScript();
    config.plugins.push(
      {
        apply(compiler) {
          compiler.hooks.thisCompilation.tap('SwPushScript', (compilation) => {
            compilation.hooks.processAssets.tap({ name: 'SwPushScript', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
              compilation.emitAsset(push.name, new rspack.sources.RawSource(push.source));
            });
          });
        },
      },
      new GenerateSW({
        swDest: 'sw.js',
        importScripts: [`/${push.name}`],
        // The member decides when a new version takes over (status bar "Reload", or the next route
        // change); the page then reloads once. The first worker takes the open page at once.
        skipWaiting: false,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        inlineWorkboxRuntime: true,
        sourcemap: false,
        // Precache the shell: its HTML, scripts, styles and catalogs; not maps, not the push script
        // (importScripts caches it), not the worker itself.
        exclude: [/\.map$/, /^sw-push\./, /LICENSE/],
        dontCacheBustURLsMatching: /[.-][0-9a-f]{8}\.(?:js|css)$/,
        // Offline: any page of the site opens the precached shell, which shows an offline notice.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/manifest\.webmanifest$/, /^\/sw\.js$/, /\/[^/?]+\.[a-z0-9]+$/i],
        runtimeCaching: [
          {
            // Remote chunks: content-hashed, so a cached copy is never stale. Manifests
            // (mf-manifest.json), remote entries (remoteEntry.js) and /api/* never match: they
            // always come from the network.
            urlPattern: ({ url, request }) =>
              !url.pathname.startsWith('/api/') &&
              (request.destination === 'script' || request.destination === 'style' || request.destination === '') &&
              /[.-][0-9a-f]{8,}\.(?:js|css)$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'remote-chunks',
              expiration: { maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      }),
    );
  },
});
