// One jest config for the whole repo: a project per package, the same transform everywhere.
const path = require('node:path');

const ESM_ONLY = ['react-router', '@remix-run', 'cookie-es', 'set-cookie-parser', 'jotai', 'react-intl', '@formatjs', 'intl-messageformat', 'single-spa', 'single-spa-react'];

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

function project(dir, environment) {
  return {
    displayName: dir,
    rootDir: path.join(__dirname, dir),
    testEnvironment: environment === 'jsdom' ? path.join(__dirname, 'types/jest-env-dom.js') : environment,
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
    transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
    moduleNameMapper: {
      '\\.module\\.css$': 'identity-obj-proxy',
      '\\.css$': path.join(__dirname, 'types/empty-module.js'),
    },
    setupFilesAfterEnv: environment === 'jsdom' ? ['@testing-library/jest-dom'] : [],
  };
}

module.exports = {
  projects: [
    project('shared', 'jsdom'),
    project('shell', 'jsdom'),
    project('mf-auth-signup', 'jsdom'),
    project('mf-search', 'jsdom'),
    project('mf-chat', 'jsdom'),
    project('mf-likes-notifications', 'jsdom'),
    project('mf-commerce', 'jsdom'),
    project('mf-landers', 'jsdom'),
    project('api', 'node'),
  ],
};
