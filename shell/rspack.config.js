const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { CATALOG, createConfig } = require('../rspack.base.js');

const API_URL = process.env.API_URL || 'http://localhost:8079';

/** A plain script of public/, named by its content (`sw-push.js` → `sw-push.<hash>.js`). */
function publicScript(file) {
  const source = fs.readFileSync(path.join(__dirname, 'public', file));
  const hash = crypto.createHash('sha256').update(source).digest('hex').slice(0, 8);
  return { source, name: file.replace(/\.js$/, `.${hash}.js`) };
}

/** The worker's push script, named by its content so that a change also changes /sw.js. */
const swPushScript = () => publicScript('sw-push.js');

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

/**
 * Writes `startup.json` beside the page: the files the shell's start-up loads after main.js (the
 * bootstrap chunk, its vendor split, the shared singletons it provides) and its catalog chunks per
 * locale (the shell's and the UI kit's), and the shared singletons it provides, read from the build's
 * chunk graph. The front server
 * preloads them in the page (scripts/serve/inject.mjs); the budget check counts them
 * (scripts/budgets.mjs).
 */
class StartupFilesPlugin {
  apply(compiler) {
    compiler.hooks.done.tap('StartupFiles', (stats) => {
      if (stats.hasErrors()) return;
      const { chunks, namedChunkGroups } = stats.toJson({ all: false, chunks: true, chunkOrigins: true, ids: true, chunkGroups: true });
      const startup = [];
      const catalogs = {};
      const provides = new Set();
      // The monolith build (rspack.base.js, MONOLITH=1) compiles the remotes in: their ./mount
      // chunks and catalogs per remote, preloaded for the route like a federated remote's files.
      const remotes = {};
      const remoteOf = (dir) => (remotes[dir.replace(/-/g, '_')] ??= { mount: [], catalogs: {} });
      // The monolith: each view's own chunks (chunk group `view-<view>`, lazyView of the UI kit), which
      // its route needs before it renders, as a federated remote's manifest lists them (budgets.mjs
      // compares both builds per route).
      const views = {};
      for (const [name, group] of Object.entries(namedChunkGroups ?? {})) {
        if (/^view-/.test(name)) views[name.slice('view-'.length)] = (group.assets ?? []).map((a) => a.name ?? a).filter((f) => /\.js$/.test(f));
      }
      for (const chunk of chunks) {
        if (chunk.initial) continue; // main.js is the page's own script
        const files = chunk.files.filter((f) => /\.(js|css)$/.test(f));
        const catalog = /^(?:(mf-[a-z-]+)_)?(?:src_i18n_messages_|src_i18n_|shared_src_ui_i18n_|catalog-)([a-z]{2})(?:_json)?$/.exec(String(chunk.id));
        const mounts = new Set((chunk.origins ?? []).map((o) => /[/\\](mf-[a-z-]+)[/\\]src[/\\]mount\.tsx$/.exec(String(o.request))?.[1]).filter(Boolean));
        const atStartup = (chunk.origins ?? []).some((o) => o.request === './bootstrap' || String(o.moduleName).startsWith('provide shared module'));
        if (catalog && catalog[1]) (remoteOf(catalog[1]).catalogs[catalog[2]] ??= []).push(...files);
        else if (catalog) (catalogs[catalog[2]] ??= []).push(...files);
        else if (mounts.size) for (const dir of mounts) remoteOf(dir).mount.push(...files);
        else if (atStartup) startup.push(...files);
        // The monolith: a view's own chunks (\`view-<view>\`, lazyView of the UI kit), preloaded for
        // its route like a federated remote's (budgets.mjs compares both builds per route).
        for (const name of chunk.names ?? []) if (/^view-/.test(name) && Object.keys(remotes).length) (views[name] ??= []).push(...files);
        for (const o of chunk.origins ?? []) {
          const provided = /^provide shared module \([^)]*\) (.+)@[^@=]+ =/.exec(String(o.moduleName));
          if (provided) provides.add(provided[1]);
        }
      }
      const main = chunks.filter((c) => c.initial).flatMap((c) => c.files.filter((f) => /\.(js|css)$/.test(f)));
      const outDir = stats.compilation.outputOptions.path;
      fs.writeFileSync(path.join(outDir, 'startup.json'), JSON.stringify({ main, startup, catalogs, provides: [...provides].sort(), ...(Object.keys(remotes).length ? { remotes, views } : {}) }));
    });
  }
}

/**
 * Fewer, larger start-up files. Every library the shell provides to the remotes is a chunk of its own
 * by default (one per shared module, ~15 files at start-up), and a browser on HTTP/1.1 opens six
 * connections per origin: on a slow network the start-up came in three waves of round trips
 * (`npm run bench:monolith`). The libraries start-up loads anyway go into one chunk, and
 * the shell's and the UI kit's catalogs of a locale into one; Floating UI (first popover) and the
 * contract's schemas stay apart, loaded when used.
 */
function startupChunks() {
  // Floating UI (first popover), workbox-window (registering the service worker once the page has
  // loaded), the bot list (isbot: the error page, pages/useBot.ts), and the contract's schemas with
  // zod, the back office's lists and the form rules they name (loaded with the first API call,
  // shared/src/api/client.ts loadContract).
  const lazy = /[\\/]node_modules[\\/](@floating-ui|zod|workbox-window|isbot)[\\/]|[\\/]shared[\\/]src[\\/](schemas[\\/](?!messages\.)|operatorLists\.|formRules\.)/;
  return {
    chunks: 'async',
    cacheGroups: {
      default: false,
      defaultVendors: false,
      catalogs: {
        test: (module) => CATALOG.test(module.resource ?? ''),
        name: (module) => `catalog-${CATALOG.exec(module.resource)[1]}`,
        chunks: 'async',
        enforce: true,
        priority: 30,
      },
      startup: {
        test: (module) => {
          const file = module.resource ?? '';
          return !lazy.test(file) && !CATALOG.test(file) && /[\\/](node_modules|shared[\\/]src)[\\/]/.test(file);
        },
        name: 'startup',
        chunks: 'async',
        enforce: true,
        priority: 20,
      },
    },
  };
}

module.exports = createConfig({
  dirname: __dirname,
  name: 'shell',
  port: 8080,
  host: true,
  extend(config, { production, role }) {
    // @module-federation/retry-plugin 0.17 brings its own @module-federation/sdk 0.17 for one
    // logger; the federation runtime's sdk, already in the entry, has the same createLogger. Its ES
    // module build, as the runtime's (rspack.base.js federationRuntimeEsm), so that it is one copy.
    const titles = { test: /[\\/]i18n[\\/]titles[\\/][a-z]{2}\.json$/, loader: path.join(__dirname, '../scripts/compile-catalog.cjs'), type: 'json' };
    // The server variant (rendering in Node, rspack.base.js serverVariant): the sources and catalogs only.
    if (role === 'server') {
      config.module.rules.push(titles);
      return;
    }
    config.resolve.alias = { ...config.resolve.alias, '@module-federation/sdk$': require.resolve('@module-federation/sdk').replace(/index\.cjs$/, 'index.js') };
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
    // The page titles' catalogs (src/i18n/titles/), compiled like every catalog; loaded after the
    // first render (routing/router.tsx loadPageTitles), so no part of the start-up catalogs.
    config.module.rules.push(titles);
    if (!production) return;
    if (role !== 'monolith') config.optimization.splitChunks = startupChunks();
    config.plugins.push(new StartupFilesPlugin());

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
        exclude: [/\.map$/, /^sw-push\./, /^server\//, /LICENSE/],
        dontCacheBustURLsMatching: /[.-][0-9a-f]{8}\.(?:js|css)$/,
        runtimeCaching: [
          {
            // Pages come from the network: the front server writes each one with this visitor's
            // start state (scripts/serve/inject.mjs) and the site's current security headers, whose
            // Content-Security-Policy names the remotes registered now (scripts/serve/headers.mjs); a
            // precached page would pin both to the day the worker was installed. Never stored.
            // Offline: any page of the site opens the precached shell, which shows an offline notice.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !/^\/api\//.test(url.pathname) &&
              !/^\/(manifest\.webmanifest|sw\.js)$/.test(url.pathname) &&
              !/\/[^/?]+\.[a-z0-9]+$/i.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
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
