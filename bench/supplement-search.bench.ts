/**
 * Supplement search (`GET /api/supplements/search`) over 5,000 reference entries: the query itself,
 * timed one call after another, on PGlite and (when it answers) PostgreSQL. Goal: under 20 ms.
 *
 *   node --import tsx bench/supplement-search.bench.ts   (or `npm run bench supplement-search`)
 *
 * PostgreSQL: BENCH_POSTGRES_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres); the
 * script creates and drops its own database, stacklab_bench_search. BENCH_VERBOSE=1 prints each query.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { searchReferenceSupplements } from '#server/features/supplements/reference-supplements.repository.ts';
import { seedReferenceData } from '#server/features/supplements/reference-supplements.seed.ts';
import { syntheticSupplements } from '#server/features/supplements/synthetic-supplements.ts';
import { writeSection } from './results-file.ts';
import { machineLine, postgresAvailable, recreateDatabase } from './support.ts';

const ADMIN_URL = process.env.BENCH_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_NAME = 'stacklab_bench_search';
const ENTRIES = 5_000;
const QUERIES = ['magnesum', 'vit d', 'd3', 'mag glycinate', 'ashwa', 'omega 3', 'creatine', 'zn', 'turmeric', 'b12', 'glycinate', 'vitamin'];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

type Result = { kind: string; queries: number; p50: number; p95: number; max: number };

async function run(database: Database): Promise<Result> {
  await database.migrate();
  await seedReferenceData(database.db);
  const counted = (await database.db.execute(sql`select count(*)::int as n from reference_supplements`)) as unknown as { rows: { n: number }[] };
  await seedReferenceData(database.db, syntheticSupplements(ENTRIES - counted.rows[0]!.n));
  await database.db.execute(sql`analyze`);

  for (const q of QUERIES) await searchReferenceSupplements(database.db, q, 20); // warm-up
  const times: number[] = [];
  const perQuery = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      const started = performance.now();
      await searchReferenceSupplements(database.db, q, 20);
      const took = performance.now() - started;
      times.push(took);
      perQuery.set(q, [...(perQuery.get(q) ?? []), took]);
    }
  }
  if (process.env.BENCH_VERBOSE) {
    for (const [q, list] of perQuery) console.log(`  ${database.kind} ${q.padEnd(16)} median ${percentile(list, 0.5).toFixed(2)} ms`);
  }
  return { kind: database.kind, queries: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: percentile(times, 1) };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const results: Result[] = [];
const pglite = await openPglite();
results.push(await run(pglite));
await pglite.close();
if (await postgresAvailable(ADMIN_URL)) {
  const postgres = await openPostgres(await recreateDatabase(ADMIN_URL, DATABASE_NAME), 2);
  results.push(await run(postgres));
  await postgres.close();
  await dropDatabase();
}

async function dropDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(`drop database if exists ${DATABASE_NAME} with (force)`);
  await client.end();
}

const lines = [
  '## Supplement search (`GET /api/supplements/search`)',
  '',
  `${machineLine()}; ${ENTRIES.toLocaleString('en-US')} reference entries (225 real, the rest look-alikes), ${QUERIES.length} typed texts × ${ROUNDS} rounds, one query at a time, the repository call without HTTP. Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`,
  'Goal: under 20 ms a query.',
  '',
  '| database | queries | p50 ms | p95 ms | max ms |',
  '|---|---:|---:|---:|---:|',
  ...results.map((r) => `| ${r.kind} | ${r.queries} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`),
];
console.log(lines.join('\n'));
writeSection('supplement-search', lines.join('\n'));
