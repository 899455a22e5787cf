import { eq, sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { labResults, users } from '#server/db/schema/index.ts';
import { CATALOGUE } from '#server/labs/extract/catalogue.ts';
import { type Measurement, machineLine, measure, postgresAvailable, recreateDatabase, startBenchApp, table, tempDir } from './support.ts';
import { writeSection } from './results-file.ts';

/**
 * `GET /api/labs/chart-data?pageSize=100&page=N` for a user with 20,000 results (another user
 * holds 20,000 more), beside a minimal authenticated read. Goal: every page under 100 ms, one
 * request at a time, and the series call (all 20,000 points) measured alongside.
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const RESULTS = 20_000;

type Timing = { label: string; p50: number; max: number };

async function seed(database: Database, userId: string): Promise<void> {
  const markers = CATALOGUE.slice(0, 40);
  const rows = Array.from({ length: RESULTS }, (_, i) => {
    const marker = markers[i % markers.length]!;
    const day = new Date(Date.UTC(2015, 0, 1) + Math.floor(i / markers.length) * 86_400_000 * 7).toISOString().slice(0, 10);
    const value = (marker.plausible[0] + marker.plausible[1]) / 10;
    // Each with a printed range and a flag, as extracted results have: the series call carries both.
    return {
      userId,
      biomarkerKey: marker.key,
      name: marker.name,
      category: marker.category,
      value,
      unit: marker.canonicalUnit,
      canonicalValue: value,
      canonicalUnit: marker.canonicalUnit,
      referenceLow: value / 2,
      referenceHigh: value * 2,
      flag: 'normal' as const,
      testDate: day,
      reviewed: true,
      source: 'manual' as const,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(labResults).values(rows.slice(i, i + 1000));
  // As autovacuum would after a bulk load; without statistics the planner sorts instead of walking the index.
  await database.db.execute(sql`analyze lab_results`);
}

async function timeSequential(label: string, url: string, headers: Record<string, string>, count = 30): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { label, p50: Number(times[Math.floor(times.length / 2)]!.toFixed(1)), max: Number(times.at(-1)!.toFixed(1)) };
}

async function run(kind: 'pglite' | 'postgres', database: Database): Promise<{ timings: Timing[]; load: Measurement[] }> {
  await database.migrate();
  const { app, address } = await startBenchApp(database);
  const signUp = async (name: string) => {
    const response = await fetch(`${address}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3000' },
      body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'benchmark password' }),
    });
    const body = (await response.json()) as { user: { id: string } };
    return { id: body.user.id, cookie: response.headers.get('set-cookie')!.split(';')[0]! };
  };
  const stamp = Date.now().toString(36);
  const user = await signUp(`chart${stamp}`);
  const other = await signUp(`other${stamp}`);
  await seed(database, user.id);
  await seed(database, other.id);
  await database.db.update(users).set({ subscriptionTier: 'pro' }).where(eq(users.id, user.id));
  const headers = { cookie: user.cookie };
  const pages = Math.ceil(RESULTS / 100);

  const timings = [
    await timeSequential(`${kind}: chart-data page 1`, `${address}/api/labs/chart-data?pageSize=100&page=1`, headers),
    await timeSequential(`${kind}: chart-data page ${pages / 2}`, `${address}/api/labs/chart-data?pageSize=100&page=${pages / 2}`, headers),
    await timeSequential(`${kind}: chart-data page ${pages}`, `${address}/api/labs/chart-data?pageSize=100&page=${pages}`, headers),
    await timeSequential(`${kind}: series (20,000 points)`, `${address}/api/labs/series`, headers, 10),
  ];
  const load = [
    await measure(`${kind}: GET /api/user (reference)`, `${address}/api/user`, { headers, seconds: SECONDS, connections: 10 }),
    await measure(`${kind}: chart-data page ${pages}`, `${address}/api/labs/chart-data?pageSize=100&page=${pages}`, { headers, seconds: SECONDS, connections: 10 }),
  ];
  await app.close();
  await database.close();
  return { timings, load };
}

const timings: Timing[] = [];
const load: Measurement[] = [];
const collect = (result: { timings: Timing[]; load: Measurement[] }) => {
  timings.push(...result.timings);
  load.push(...result.load);
};
collect(await run('pglite', await openPglite(tempDir('stacklab-bench-pglite-'))));
if (await postgresAvailable(ADMIN_URL)) {
  collect(await run('postgres', await openPostgres(await recreateDatabase(ADMIN_URL, 'stacklab_bench_labs'), 10)));
} else {
  console.log(`PostgreSQL not reachable at ${ADMIN_URL}; measured PGlite only.`);
}

const timingTable = ['| call, one at a time | p50 ms | max ms |', '|---|---:|---:|', ...timings.map((t) => `| ${t.label} | ${t.p50} | ${t.max} |`)].join('\n');
const markdown = `## Lab chart data (\`GET /api/labs/chart-data\`)

${machineLine()}; a user with ${RESULTS.toLocaleString('en-US')} results (and another user with as many). Goal: every
page under 100 ms one request at a time. Then autocannon, 10 connections, ${SECONDS} s, beside the current-user read.

${timingTable}

${table(load)}
`;
console.log(markdown);
writeSection('chart-data', markdown);
