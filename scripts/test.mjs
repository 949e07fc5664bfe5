// npm test: typecheck, lint, build, the remote entries' size budget, jest (every package, API against a real PGlite; the message
// catalogs against formatjs extraction in shared/test/catalogs.test.ts), the Playwright
// journeys against the built site in Chromium, then the `npm run dev` smoke test. Ends with one
// line: "N passed, N failed". `--skip-<step>` leaves a step out (e.g. --skip-e2e --skip-dev).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from './build.mjs';
import { FRONTENDS, ROOT } from './packages.mjs';

const args = process.argv.slice(2);
const skip = new Set(args.filter((a) => a.startsWith('--skip-')).map((a) => a.slice(7)));
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const out = mkdtempSync(path.join(os.tmpdir(), 'dating-test-'));
let passed = 0;
let failed = 0;
const failures = [];

/** Runs and counts one step; `started`: when it began, if it ran before (beside()). */
function step(name, fn, started = Date.now()) {
  if (skip.has(name)) {
    console.log(`\n=== ${name}: skipped (--skip-${name})`);
    return;
  }
  console.log(`\n=== ${name}`);
  try {
    fn();
  } catch (e) {
    failed++;
    failures.push(`${name}: ${e.message}`);
    console.error(`✗ ${name}: ${e.message}`);
  }
  console.log(`=== ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function sh(cmd, argv, opts = {}) {
  return spawnSync(cmd, argv, { cwd: ROOT, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
}

/**
 * A command started now, beside the steps that follow: answers its exit code, its output (kept, to
 * be printed with its step, not interleaved with theirs) and when it started.
 */
function beside(cmd, argv) {
  const started = Date.now();
  const child = spawn(cmd, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (c) => output.push(c));
  child.stderr.on('data', (c) => output.push(c));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ error, output, started }));
    child.on('close', (code) => resolve({ code, output, started }));
  });
}

// ESLint over every package (eslint.config.js), beside typecheck and build: it keeps one core busy
// (single-threaded) where they leave room; the cache keeps a re-run to the files that changed.
const lint = skip.has('lint') ? null : beside(bin('eslint'), ['.', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '--max-warnings', '0']);

step('typecheck', () => {
  const res = sh(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  if (res.status !== 0) throw new Error('type errors');
  passed++;
});

step('build', () => {
  build(FRONTENDS.map((f) => f.dir));
  passed++;
});

const linted = await lint;
step('lint', () => {
  process.stdout.write(Buffer.concat(linted.output));
  if (linted.error) throw linted.error;
  if (linted.code !== 0) throw new Error('lint errors or warnings');
  passed++;
}, linted?.started);

// Size budgets of the build (scripts/budgets.mjs), against a single-bundle build of the same code
// made here (.bench/monolith/shell, about as long as the shell's build): a remote entry over 20 kB
// brotli, or a public route over its regression ceilings (scripts/budgets-ceilings.json: its
// weight, and what it weighs more than in the single-bundle build), fails the run with its figure.
// The budgets themselves (150 kB, 1.10× the single-bundle build) are printed with every route and
// hold for every route without a ceiling.
step('budgets', () => {
  const res = sh(process.execPath, ['scripts/budgets.mjs', '--enforce', 'ceiling', '--monolith']);
  if (res.status !== 0) throw new Error('a remote entry is over its size budget, or a route over its regression ceilings or the budgets');
  passed++;
});

step('jest', () => {
  const file = path.join(out, 'jest.json');
  sh(bin('jest'), ['--ci', '--json', `--outputFile=${file}`], { env: { TEST_DATABASE_URL: '', TEST_REDIS_URL: '' } });
  if (!existsSync(file)) throw new Error('jest wrote no results');
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
  if (r.numFailedTests || r.numRuntimeErrorTestSuites) failures.push(`jest: ${r.numFailedTests} failed tests, ${r.numRuntimeErrorTestSuites} broken suites`);
  if (r.numTotalTests === 0) throw new Error('jest ran no test');
});

// The same API suite on a PostgreSQL server when one is given (CI starts one): every test file
// gets a database of its own there (api/test/helpers.ts). With TEST_REDIS_URL too (CI starts a
// redis-server), api/test/cluster.test.ts runs two API processes on PostgreSQL + Redis.
if (process.env.TEST_DATABASE_URL) {
  step('api-postgres', () => {
    const file = path.join(out, 'jest-postgres.json');
    sh(bin('jest'), ['--ci', '--selectProjects', 'api', '--json', `--outputFile=${file}`]);
    if (!existsSync(file)) throw new Error('jest wrote no results');
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
    if (r.numFailedTests || r.numRuntimeErrorTestSuites) failures.push(`api on PostgreSQL: ${r.numFailedTests} failed tests`);
    if (r.numTotalTests === 0) throw new Error('jest ran no test');
  });
}

/** Runs a Playwright config and counts its results. */
function playwright(label, config) {
  const file = path.join(out, `playwright-${label}.json`);
  sh(bin('playwright'), ['test', '-c', config], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, PW_REPORTERS: 'list,json' },
  });
  if (!existsSync(file)) throw new Error('playwright wrote no results');
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  passed += s.expected ?? 0;
  failed += s.unexpected ?? 0;
  if (s.unexpected) failures.push(`${label}: ${s.unexpected} failed`);
  if (r.errors?.length) {
    failed += r.errors.length;
    failures.push(`${label}: ${r.errors.length} errors outside tests`);
  }
  if ((s.expected ?? 0) + (s.unexpected ?? 0) === 0) throw new Error('playwright ran no test');
}

step('e2e', () => playwright('e2e', 'e2e/playwright.config.ts'));

// `npm run dev` (dev servers with HMR) on the same ports, after the e2e servers have stopped.
step('dev', () => playwright('dev', 'e2e/dev/playwright.config.ts'));

if (failures.length) console.log(`\nFailures:\n- ${failures.join('\n- ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
