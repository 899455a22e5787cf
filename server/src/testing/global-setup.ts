import { type TestDatabaseKind, prepareTemplates, removeTemplates } from './databases.ts';

const kinds = (process.env.STACKLAB_TEST_DBS ?? 'pglite').split(',') as TestDatabaseKind[];
// Each project may load this file afresh, so the shared state lives on the process.
const shared = globalThis as typeof globalThis & { stacklabTemplates?: Promise<void> };

/**
 * Migrates one template per database kind before any test file runs, and removes them after.
 * Each Vitest project calls this; the templates are made once per run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  // Test workers inherit this, so they find this run's templates.
  process.env.STACKLAB_TEST_RUN = String(process.pid);
  shared.stacklabTemplates ??= prepareTemplates(kinds);
  await shared.stacklabTemplates;
  return async () => {
    if (!shared.stacklabTemplates) return;
    shared.stacklabTemplates = undefined;
    await removeTemplates(kinds);
  };
}
