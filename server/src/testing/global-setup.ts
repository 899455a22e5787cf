import { type TestDatabaseKind, prepareTemplates } from './databases.ts';

/** Migrates one template per database kind before any test file runs. */
export default async function setup({ provide: _provide }: { provide: unknown }): Promise<void> {
  const kinds = (process.env.STACKLAB_TEST_DBS ?? 'pglite').split(',') as TestDatabaseKind[];
  await prepareTemplates(kinds);
}
