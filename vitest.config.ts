import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects. `pglite`: every test but the slow ones, on PGlite. `slow`: tests long on their
 * own (OCR, restarted processes and databases, requests by the thousand), which `npm test` runs
 * beside the browser tests. `postgres`: the tests whose outcome can differ by database, again on
 * PostgreSQL when a server answers (TEST_DATABASE_URL, or 127.0.0.1:5432); `scripts/test.mjs`
 * decides and sets STACKLAB_TEST_DBS.
 */
const databases = (process.env.STACKLAB_TEST_DBS ?? 'pglite').split(',');

const SLOW = [
  'server/src/http/route-spellings.test.ts',
  'server/src/http/api-fuzz.int.test.ts',
  'server/src/faults/*.test.ts',
  'server/src/testing/lab-reports/generated-reports.test.ts',
  'server/src/labs/extract/samples-accuracy.test.ts',
  'server/src/labs/extract/run-in-worker.test.ts',
  'server/src/features/labs/labs-extraction.int.test.ts',
  'server/src/features/labs/labs-review.int.test.ts',
  'server/src/features/labs/labs-model-reading.int.test.ts',
  'server/src/features/labs/labs.cli.test.ts',
  'server/src/features/system/system.int.test.ts',
];

/**
 * What PostgreSQL can answer otherwise than PGlite: a second connection (notices, locks, jobs
 * taken by several workers, parallel requests), dates and time zones in SQL, text search,
 * aggregates, bulk writes and cascades, and every route's ownership checks.
 */
const DIFFERS_BY_DATABASE = [
  'server/src/features/auth/user-cache.int.test.ts',
  'server/src/jobs/job-worker.int.test.ts',
  'server/src/features/auth/sign-in-limits.int.test.ts',
  'server/src/features/usage/*.int.test.ts',
  'server/src/features/billing/stripe.int.test.ts',
  'server/src/features/supplement-logs/*.int.test.ts',
  'server/src/features/streaks/streaks.int.test.ts',
  'server/src/features/reminders/reminders.int.test.ts',
  'server/src/features/supplements/search.int.test.ts',
  'server/src/features/insights/insights.int.test.ts',
  'server/src/features/labs/labs.int.test.ts',
  'server/src/features/labs/labs-targets.int.test.ts',
  'server/src/features/admin/admin.int.test.ts',
  'server/src/features/account/account.int.test.ts',
  'server/src/features/data-ownership/*.int.test.ts',
  'server/src/features/health-data/health-data.int.test.ts',
  'server/src/http/authorization.int.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['server/src/testing/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest leaves a core free by default; on two cores that is half the machine idle.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          // Test files in a worker share its loaded modules rather than importing them again each;
          // nothing here mocks modules, and every test builds its own app and database.
          isolate: false,
          include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...SLOW],
          env: { STACKLAB_TEST_DB: 'pglite' },
        },
      },
      // Processes started cold (the CLI through tsx, restarted apps) and OCR: minutes on a slow day,
      // several times that beside the browser tests on two cores. The timeout only catches a hang.
      { extends: true, test: { name: 'slow', include: SLOW, testTimeout: 600_000, hookTimeout: 600_000, env: { STACKLAB_TEST_DB: 'pglite' } } },
      ...(databases.includes('postgres')
        ? [{ extends: true as const, test: { name: 'postgres', include: DIFFERS_BY_DATABASE, isolate: false, env: { STACKLAB_TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
