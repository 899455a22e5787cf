import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { seedBlogPosts } from '#server/features/blog/blog.seed.ts';
import { seedReferenceData } from '#server/features/supplements/reference-supplements.seed.ts';
import { seedInteractions } from '#server/features/interactions/interactions.seed.ts';

/**
 * Tests run on a migrated copy of a template: PGlite restores a dumped data folder (an initdb per
 * file would cost seconds), PostgreSQL clones a template database. Each test file gets its own.
 * Templates and databases carry the test run's id (the runner's pid), so that two runs on one
 * machine never touch each other's; leftovers of runs that died are removed at the next start.
 */
export const TEMPLATE_DIR = path.resolve('.tmp');
const runId = () => process.env.STACKLAB_TEST_RUN ?? String(process.pid);
const pgliteTemplate = () => path.join(TEMPLATE_DIR, `pglite-template-${runId()}.tar`);
const postgresTemplate = () => `stacklab_tpl_${runId()}`;

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
  await removeLeftoverTemplateFiles();
  if (kinds.includes('pglite')) {
    const database = await openPglite();
    await database.migrate();
    await seedReferenceData(database.db);
    await seedInteractions(database.db);
    await seedBlogPosts(database.db);
    const dump = await database.dump();
    const partial = `${pgliteTemplate()}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, pgliteTemplate());
    await database.close();
  }
  if (kinds.includes('postgres')) {
    await withAdminClient(async (client) => {
      await dropLeftoverDatabases(client);
      await client.query(`create database ${postgresTemplate()}`);
    });
    const database = await openPostgres(databaseUrl(postgresTemplate()), 2);
    await database.migrate();
    await seedReferenceData(database.db);
    await seedInteractions(database.db);
    await seedBlogPosts(database.db);
    await database.close();
  }
}

export async function removeTemplates(kinds: TestDatabaseKind[]): Promise<void> {
  if (kinds.includes('pglite')) await rm(pgliteTemplate(), { force: true });
  if (kinds.includes('postgres')) {
    await withAdminClient((client) => client.query(`drop database if exists ${postgresTemplate()} with (force)`));
  }
}

export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseKind() === 'pglite') {
    const dump = new Blob([await readFile(pgliteTemplate())]);
    return openPglite(undefined, dump);
  }
  const name = `stacklab_t_${runId()}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdminClient((client) => client.query(`create database ${name} template ${postgresTemplate()}`));
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

/** Databases of earlier runs whose runner is no longer alive. */
async function dropLeftoverDatabases(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^stacklab_(tpl|t)_[0-9]+'",
  );
  for (const { datname } of rows) {
    const pid = Number(/^stacklab_(?:tpl|t)_(\d+)/.exec(datname)?.[1]);
    if (!isAlive(pid)) await client.query(`drop database if exists ${datname} with (force)`);
  }
}

async function removeLeftoverTemplateFiles(): Promise<void> {
  for (const file of await readdir(TEMPLATE_DIR)) {
    const pid = Number(/^pglite-template-(\d+)\.tar/.exec(file)?.[1]);
    if (pid && !isAlive(pid)) await rm(path.join(TEMPLATE_DIR, file), { force: true });
  }
}

function isAlive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
