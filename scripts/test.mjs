// `npm test`: typecheck, lint, and the unit and integration tests (PGlite, and PostgreSQL when
// one answers) side by side, then the build and the end-to-end tests in Chromium against it.
// Ends with one summary line and exits non-zero on any failure. `npm run test:quick` stops
// before the build.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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
for (const report of ['.tmp/vitest.json', '.tmp/playwright.json']) rmSync(report, { force: true });
const databases = (await postgresReachable()) ? 'pglite,postgres' : 'pglite';
const npx = 'npx';

await Promise.all([
  step('typecheck', npx, ['tsc', '-p', '.'], { buffered: true }),
  step('lint', npx, ['eslint', '.', '--max-warnings=0'], { buffered: true }),
  step('unit and integration tests', npx, ['vitest', 'run', '--reporter=dot', '--reporter=json', '--outputFile=.tmp/vitest.json'], {
    env: { STACKLAB_TEST_DBS: databases },
  }),
]);
if (!quick && (await step('build', 'npm', ['run', 'build', '--silent'], { buffered: true }))) {
  await step('end-to-end tests', npx, ['playwright', 'test', '--reporter=dot,json'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json' } });
}

let passed = 0;
let failedCount = 0;
let skipped = 0;
if (existsSync('.tmp/vitest.json')) {
  const report = JSON.parse(readFileSync('.tmp/vitest.json', 'utf8'));
  passed += report.numPassedTests;
  failedCount += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
if (existsSync('.tmp/playwright.json')) {
  const { stats } = JSON.parse(readFileSync('.tmp/playwright.json', 'utf8'));
  passed += stats.expected + stats.flaky;
  failedCount += stats.unexpected;
  skipped += stats.skipped;
}

console.log('\nSteps:');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? '✓' : '✗'} ${name} (${seconds} s)`);
console.log(`Tests: ${passed} passed, ${failedCount} failed, ${skipped} skipped`);
process.exit(results.some((result) => !result.ok) || failedCount > 0 ? 1 : 0);
