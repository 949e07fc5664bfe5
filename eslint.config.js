// The one lint config (ESLint flat config) for every package: typescript-eslint's recommended
// rules, the rules of hooks, jsx-a11y's recommended rules on every view, and static message ids
// so that formatjs extraction sees every message. `npm run lint`; a step of `npm test`, where a
// warning (e.g. react-hooks/exhaustive-deps) fails as well (--max-warnings 0).
//
// typescript-eslint parses with the TypeScript 6 JS API: `typescript` is the @typescript/typescript6
// package, and `tsc` comes from TypeScript 7 (`@typescript/native`), as the TypeScript 7 release
// describes running both side by side.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');
const globals = require('globals');

const FRONTENDS = ['shared', 'shell', 'mf-auth-signup', 'mf-search', 'mf-chat', 'mf-likes-notifications', 'mf-commerce', 'mf-landers', 'mf-backoffice'];

/**
 * A message id must be a string literal where it is written (formatMessage / defineMessage(s)
 * descriptors, <FormattedMessage id>): formatjs extraction only sees literal ids, and a computed id
 * escapes both extraction and the catalog check (scripts/messages.mjs). To choose a message at run
 * time, pick a descriptor from a map of descriptors written with literal ids.
 */
const STATIC_MESSAGE_IDS = [
  {
    selector:
      "CallExpression[callee.property.name='formatMessage'] > ObjectExpression:first-child > Property[key.name='id']:not([value.type='Literal'])",
    message: 'Message ids must be string literals (formatjs extraction cannot see computed ids): pick a descriptor from a map of messages instead.',
  },
  {
    selector:
      "CallExpression[callee.name=/^(defineMessage|defineMessages)$/] ObjectExpression > Property[key.name='id']:not([value.type='Literal'])",
    message: 'Message ids must be string literals (formatjs extraction cannot see computed ids).',
  },
  {
    // A descriptor built anywhere (it has a defaultMessage) and handed on.
    selector: "ObjectExpression:has(> Property[key.name='defaultMessage']) > Property[key.name='id']:not([value.type='Literal'])",
    message: 'Message ids must be string literals (formatjs extraction cannot see computed ids).',
  },
  {
    // Looking a computed id up in the catalog (`intl.messages[key]`) to format it: the same escape.
    selector: "MemberExpression[computed=true][object.type='MemberExpression'][object.property.name='messages'][object.object.name='intl']",
    message: 'Message ids must be string literals (formatjs extraction cannot see computed ids): map the key to a descriptor with a literal id.',
  },
  {
    selector: "JSXOpeningElement[name.name='FormattedMessage'] > JSXAttribute[name.name='id'][value.type='JSXExpressionContainer']",
    message: 'FormattedMessage ids must be string literals (formatjs extraction cannot see computed ids): pass a descriptor with {...messages.key}.',
  },
];

module.exports = tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', '**/coverage/**', '.bench/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.es2023 } },
    rules: {
      // `_`-prefixed names are deliberately unused (ignored arguments, rest siblings).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  // Node: the API, scripts, build and test configs, e2e journeys.
  {
    files: ['api/**', 'scripts/**', 'e2e/**', '*.js', '*/rspack.config.js', 'types/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    ignores: ['scripts/browser/**'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      // `const crypto = require('node:crypto')` names the module after the global it stands for.
      'no-redeclare': ['error', { builtinGlobals: false }],
    },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module', globals: { ...globals.node } } },
  { files: ['scripts/browser/**'], languageOptions: { sourceType: 'script', globals: { ...globals.browser } } },
  // The service worker's push handling (imported by the generated /sw.js).
  { files: ['shell/public/**/*.js'], languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } } },
  // A prerendered page's first script runs in the page, not in the worker.
  { files: ['shell/public/prerender-start.js'], languageOptions: { sourceType: 'script', globals: { ...globals.browser } } },
  // Browser code: the shell, the remotes and the contracts package.
  {
    files: FRONTENDS.map((d) => `${d}/src/**/*.{ts,tsx}`),
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: FRONTENDS.map((d) => `${d}/**/*.{ts,tsx}`),
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Says which components the React Compiler would skip (react-hook-form's watch, TanStack
      // Virtual): the builds do not run the compiler, so there is nothing to act on.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: FRONTENDS.map((d) => `${d}/**/*.tsx`),
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: FRONTENDS.map((d) => `${d}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...STATIC_MESSAGE_IDS] },
  },
  // The router is the shell's alone (rspack.base.js does not share it): remotes and the contract
  // navigate through the mount contract (props.navigate / href), never with a router of their own.
  {
    files: FRONTENDS.filter((d) => d !== 'shell').map((d) => `${d}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'react-router', message: 'Navigate through the mount contract (props.navigate / href); the router is the shell\'s alone.' }] }],
    },
  },
  // API feature folders (api/src/<feature>/) keep their internals: the route plugin (plugin.ts,
  // registered by app.ts alone) and the repository (repository.ts, the feature's SQL). Another
  // feature calls the modules a feature offers (its services and hooks), never these two.
  // docs/architecture.md, "Boundaries".
  {
    files: ['api/src/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/plugin', '../*/repository'],
              message: "A feature's route plugin and repository are its own: import a module the feature offers for others (docs/architecture.md, Boundaries).",
            },
          ],
        },
      ],
    },
  },
  // Tests and jest setup run in jest's environments (node or jsdom).
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**', '**/testing.tsx', 'types/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);
