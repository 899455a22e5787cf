import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { seedReferenceData } from '#server/features/supplements/reference-supplements.seed.ts';

/**
 * Tests run on a migrated copy of a template: PGlite restores a dumped data folder (an initdb per
 * file would cost seconds), PostgreSQL clones a template database. Each test file gets its own.
 */
export const TEMPLATE_DIR = path.resolve('.tmp');
const PGLITE_TEMPLATE = path.join(TEMPLATE_DIR, 'pglite-template.tar');
const POSTGRES_TEMPLATE = 'stacklab_test_template';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.STACKLAB_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export function postgresAdminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

function databaseUrl(name: string): string {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${name}`;
  return url.href;
}

export async function isPostgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function prepareTemplates(kinds: TestDatabaseKind[]): Promise<void> {
  await mkdir(TEMPLATE_DIR, { recursive: true });
  if (kinds.includes('pglite')) {
    const database = await openPglite();
    await database.migrate();
    await seedReferenceData(database.db);
    const dump = await database.dump();
    await writeFile(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
    await database.close();
  }
  if (kinds.includes('postgres')) {
    await withAdminClient(async (client) => {
      await dropDatabasesLike(client, 'stacklab_test_%');
      await client.query(`create database ${POSTGRES_TEMPLATE}`);
    });
    const database = await openPostgres(databaseUrl(POSTGRES_TEMPLATE), 2);
    await database.migrate();
    await seedReferenceData(database.db);
    await database.close();
  }
}

export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind() === 'pglite') {
    const dump = new Blob([await readFile(PGLITE_TEMPLATE)]);
    return openPglite(undefined, dump);
  }
  const name = `stacklab_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdminClient((client) => client.query(`create database ${name} template ${POSTGRES_TEMPLATE}`));
  const database = await openPostgres(databaseUrl(name), 5);
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function dropDatabasesLike(client: pg.Client, pattern: string): Promise<void> {
  const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [pattern]);
  for (const row of rows) await client.query(`drop database if exists ${row.datname} with (force)`);
}
