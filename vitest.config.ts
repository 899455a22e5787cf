import { defineConfig } from 'vitest/config';

/**
 * Every test runs on PGlite; tests that touch the database (`*.int.test.ts`) run again on
 * PostgreSQL when a server answers (TEST_DATABASE_URL, or 127.0.0.1:5432). `scripts/test.mjs`
 * decides and sets STACKLAB_TEST_DBS.
 */
const databases = (process.env.STACKLAB_TEST_DBS ?? 'pglite').split(',');

export default defineConfig({
  test: {
    globalSetup: ['server/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
          env: { STACKLAB_TEST_DB: 'pglite' },
        },
      },
      ...(databases.includes('postgres')
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', include: ['server/**/*.int.test.ts'], env: { STACKLAB_TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
