// `npm test`: typecheck, lint, no function over 80 lines, and the unit and integration tests
// (PGlite, and on PostgreSQL those that can differ by database when a server answers) side by
// side; then the build; then the end-to-end tests in Chromium against it, beside the slow tests
// (OCR, faults, fuzzing).
// Ends with the names of the tests that failed and one summary line, and exits non-zero on any
// failure. `npm run test:quick` stops before the build.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import pg from 'pg';

const quick = process.argv.includes('--quick');
const results = [];

/** Runs a step; a step whose output is `buffered` prints it whole when it ends, so parallel steps do not interleave. */
function step(name, command, args, { env = {}, buffered = false } = {}) {
  console.log(`▶ ${name}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    let output = '';
    if (buffered) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code) => {
      const ok = code === 0;
      const seconds = Math.round((Date.now() - started) / 1000);
      if (buffered && output.trim()) console.log(`\n── ${name} ──\n${output.trimEnd()}`);
      console.log(`${ok ? '✓' : '✗'} ${name} (${seconds} s)`);
      results.push({ name, ok, seconds });
      resolve(ok);
    });
  });
}

async function postgresReachable() {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${url.replace(/:[^:@/]+@/, ':***@')} (${error.message}): integration tests run on PGlite only.`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

mkdirSync('.tmp', { recursive: true });
const reports = { vitest: ['.tmp/vitest.json', '.tmp/vitest-slow.json'], playwright: '.tmp/playwright.json' };
for (const report of [...reports.vitest, reports.playwright]) rmSync(report, { force: true });
const databases = (await postgresReachable()) ? 'pglite,postgres' : 'pglite';
const npx = 'npx';
const vitest = (projects, outputFile, options) =>
  step(options.name, npx, ['vitest', 'run', ...projects.flatMap((project) => ['--project', project]), ...(options.args ?? []), '--reporter=dot', '--reporter=json', `--outputFile=${outputFile}`], {
    env: { STACKLAB_TEST_DBS: databases },
    buffered: options.buffered,
  });

await Promise.all([
  step('typecheck', 'npm', ['run', 'typecheck', '--silent'], { buffered: true }),
  step('lint', npx, ['eslint', '.', '--max-warnings=0'], { buffered: true }),
  step('functions under 80 lines', 'node', ['scripts/long-functions.mjs'], { buffered: true }),
  vitest(databases === 'pglite' ? ['pglite'] : ['pglite', 'postgres'], reports.vitest[0], { name: 'unit and integration tests' }),
]);
if (!quick && (await step('build', 'npm', ['run', 'build', '--silent'], { buffered: true }))) {
  await Promise.all([
    step('end-to-end tests', npx, ['playwright', 'test', '--reporter=dot,json,./e2e/support/server-log-reporter.ts'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: reports.playwright } }),
    // One worker: the browsers and their apps have the rest of the machine.
    vitest(['slow'], reports.vitest[1], { name: 'slow tests (OCR, faults, fuzzing)', args: ['--maxWorkers=1'], buffered: true }),
  ]);
}

let passed = 0;
let failedCount = 0;
let skipped = 0;
const failedTests = [];
for (const file of reports.vitest.filter(existsSync)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failedCount += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const { name, assertionResults } of report.testResults) {
    for (const test of assertionResults) if (test.status === 'failed') failedTests.push(`${relative('.', name)} › ${test.fullName}`);
  }
}
if (existsSync(reports.playwright)) {
  const { stats, suites } = JSON.parse(readFileSync(reports.playwright, 'utf8'));
  passed += stats.expected + stats.flaky;
  failedCount += stats.unexpected;
  skipped += stats.skipped;
  failedTests.push(...failedSpecs(suites));
}

/** Playwright's report nests suites (files, describes) around specs; a spec that is not `ok` failed. */
function failedSpecs(suites, path = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => [...path, suite.title, `${spec.title} (line ${spec.line})`].join(' › ')),
    ...failedSpecs(suite.suites ?? [], [...path, suite.title]),
  ]);
}

console.log('\nSteps:');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? '✓' : '✗'} ${name} (${seconds} s)`);
if (failedTests.length > 0) console.log(`Failed:\n${failedTests.map((title) => `  ✗ ${title}`).join('\n')}`);
console.log(`Tests: ${passed} passed, ${failedCount} failed, ${skipped} skipped`);
process.exit(results.some((result) => !result.ok) || failedCount > 0 ? 1 : 0);
