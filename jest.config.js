// One jest config for the whole repo: a project per package, the same transform everywhere.
const path = require('node:path');

// Transformed from node_modules as well:
// - ESM-only packages that CommonJS code requires (Node 20.19+ can require ESM; jest cannot);
// - packages whose CommonJS build uses dynamic import(), which jest refuses without
//   --experimental-vm-modules: @fastify/cookie (imports `cookie`) and PGlite's .cjs build.
const TRANSFORMED = [
  'react-router', '@remix-run', 'cookie-es', 'set-cookie-parser', 'jotai', 'react-intl', '@formatjs',
  'intl-messageformat', 'single-spa', 'single-spa-react', 'cookie', '@fastify/cookie', '@electric-sql/pglite',
  '@faker-js/faker',
];

const swc = [
  require.resolve('./types/jest-transform.js'),
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

function project(dir, environment, extra = {}) {
  return {
    displayName: dir,
    rootDir: path.join(__dirname, dir),
    testEnvironment: environment === 'jsdom' ? path.join(__dirname, 'types/jest-env-dom.js') : environment,
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.[cm]js$': swc },
    transformIgnorePatterns: [`/node_modules/(?!(${TRANSFORMED.join('|')})/)`],
    moduleNameMapper: {
      '\\.module\\.css$': 'identity-obj-proxy',
      '\\.css$': path.join(__dirname, 'types/empty-module.js'),
    },
    setupFilesAfterEnv: [path.join(__dirname, environment === 'jsdom' ? 'types/jest-dom-setup.js' : 'types/jest-node-timeout.js')],
    // API test files each open one PGlite database (≈3–5 s) and hash passwords with scrypt. A
    // component test has room for several findBy/waitFor of up to 5 s each (types/jest-dom-setup.js).
    testTimeout: environment === 'node' ? 30_000 : 15_000,
    ...extra,
  };
}

module.exports = {
  // A worker per core. Jest's default (cores − 1) is one worker on a 2-core machine, which runs the
  // files in band and leaves a core idle: the API files spend their time in their own process
  // (module loading, PGlite's WASM, the app), so a second worker nearly halves the wall time there.
  maxWorkers: '100%',
  projects: [
    project('shared', 'jsdom'),
    project('shell', 'jsdom'),
    project('mf-auth-signup', 'jsdom'),
    project('mf-search', 'jsdom'),
    project('mf-chat', 'jsdom'),
    project('mf-likes-notifications', 'jsdom'),
    project('mf-commerce', 'jsdom'),
    project('mf-landers', 'jsdom'),
    project('mf-backoffice', 'jsdom'),
    // The API suite migrates and seeds once into a template that each test file clones (api/test/template.ts).
    project('api', 'node', {
      globalSetup: path.join(__dirname, 'api/test/global-setup.ts'),
      globalTeardown: path.join(__dirname, 'api/test/global-teardown.ts'),
    }),
  ],
};
