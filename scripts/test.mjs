// `npm test`: typecheck, lint, unit and integration tests (PGlite, and PostgreSQL when one
// answers), then the end-to-end tests in Chromium against the built app. Ends with one summary
// line and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

const results = [];
let failed = false;

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
  const run = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = run.status === 0;
  results.push({ name, ok });
  if (!ok) failed = true;
  return ok;
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
const databases = (await postgresReachable()) ? 'pglite,postgres' : 'pglite';
const npx = 'npx';

step('typecheck', npx, ['tsc', '-p', '.']);
step('lint', npx, ['eslint', '.', '--max-warnings=0']);
step('unit and integration tests', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=.tmp/vitest.json'], {
  STACKLAB_TEST_DBS: databases,
});
if (step('build', 'npm', ['run', 'build', '--silent'])) {
  step('end-to-end tests', npx, ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json',
  });
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
for (const { name, ok } of results) console.log(`  ${ok ? '✓' : '✗'} ${name}`);
console.log(`Tests: ${passed} passed, ${failedCount} failed, ${skipped} skipped`);
process.exit(failed || failedCount > 0 ? 1 : 0);
