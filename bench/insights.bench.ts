import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { selectRows } from '#server/db/sql.ts';
import { CATALOGUE } from '#server/labs/extract/catalogue.ts';
import { createToken, hashToken } from '#server/lib/tokens.ts';
import { writeSection } from './results-file.ts';
import { type Measurement, machineLine, measure, postgresAvailable, recreateDatabase, startBenchApp, table, tempDir } from './support.ts';

/**
 * `GET /api/insights` for a Pro user with three years of daily data: six supplements started,
 * paused and re-dosed at different times, a rating every day, imported sleep, resting heart rate
 * and steps every day, and 40 biomarkers tested every quarter. Goal: p99 under 300 ms on both
 * databases, one request at a time. Seeded with set-based SQL, not through the API.
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DAYS = 3 * 365;
const BIOMARKERS = CATALOGUE.filter((marker) => marker.typical[0] !== null && marker.typical[1] !== null).slice(0, 40);

async function seed(database: Database): Promise<string> {
  const { db } = database;
  const [user] = await selectRows<{ id: string }>(
    db,
    sql`insert into users (username, email, time_zone, subscription_tier) values ('bench1', 'bench1@example.com', 'UTC', 'pro') returning id`,
  );
  const userId = user!.id;
  // Supplement k is taken on days where (day + k) % (k + 2) is not 0, from day 60k on; its dose doubles half way.
  await db.execute(sql`
    insert into supplements (user_id, name, dosage_amount, dosage_unit, frequency_count, frequency_unit)
    select ${userId}, 'Bench supplement ' || k, 100, 'mg', 1, 'daily' from generate_series(1, 6) k`);
  await db.execute(sql`
    insert into supplement_logs (user_id, supplement_id, local_date, taken_at, name, dosage_amount, dosage_unit, frequency_count, frequency_unit)
    select s.user_id, s.id, current_date - d, (current_date - d) + time '08:00', s.name,
           case when d < ${Math.floor(DAYS / 2)} then 200 else 100 end, 'mg', 1, 'daily'
    from supplements s
    cross join lateral (select substr(s.name, 18)::int as k) n
    cross join generate_series(0, ${DAYS - 1}) d
    where s.user_id = ${userId} and d <= ${DAYS} - 60 * n.k and (d + n.k) % (n.k + 2) <> 0`);
  await db.execute(sql`
    insert into qualitative_logs (user_id, type, local_date, content, energy, mood, sleep, logged_at)
    select ${userId}, 'other', current_date - d, 'Rated.', 1 + d % 5, 1 + (d * 7) % 5, 1 + (d * 3) % 5, (current_date - d) + time '21:00'
    from generate_series(0, ${DAYS - 1}) d`);
  await db.execute(sql`
    insert into health_measurements (user_id, source, origin, kind, start_at, end_at, day, value, unit, dedupe_key)
    select ${userId}, 'apple-health', 'Bench Watch', m.kind, (current_date - d) + time '07:00', (current_date - d) + time '07:00', current_date - d,
           m.base + (d * 13) % 40, m.unit, m.kind || ':' || d
    from generate_series(0, ${DAYS - 1}) d
    cross join (values ('sleep_asleep', 380, 'min'), ('resting_heart_rate', 52, 'bpm'), ('steps', 6000, 'steps')) m(kind, base, unit)`);
  for (const marker of BIOMARKERS) {
    const [low, high] = marker.typical as [number, number];
    await db.execute(sql`
      insert into lab_results (user_id, biomarker_key, name, category, value, unit, canonical_value, canonical_unit, reference_low, reference_high, test_date, reviewed, source)
      select ${userId}, ${marker.key}, ${marker.name}, ${marker.category}, v, ${marker.canonicalUnit}, v, ${marker.canonicalUnit}, ${low}, ${high}, current_date - q * 91, true, 'manual'
      from generate_series(0, ${Math.floor(DAYS / 91)}) q
      cross join lateral (select ${low}::float8 + (${high}::float8 - ${low}::float8) * ((q * 37) % 100) / 100.0 as v) value`);
  }
  await db.execute(sql`analyze`);
  const token = createToken();
  await db.execute(sql`insert into sessions (user_id, token_hash, expires_at) values (${userId}, ${hashToken(token)}, now() + interval '30 days')`);
  return `stacklab_session=${token}`;
}

async function run(kind: 'pglite' | 'postgres', database: Database): Promise<Measurement[]> {
  await database.migrate();
  const cookie = await seed(database);
  const { app, address } = await startBenchApp(database);
  const answer = (await app.inject({ url: '/api/insights', headers: { cookie } })).json();
  console.log(`${kind}: ${answer.insights?.length ?? 0} rating and measure insights, ${answer.biomarkers?.insights?.length ?? 0} biomarker insights`);
  const row = await measure(`${kind}: GET /api/insights`, `${address}/api/insights`, { headers: { cookie }, seconds: SECONDS, connections: 1 });
  await app.close();
  await database.close();
  return [row];
}

const rows: Measurement[] = [];
rows.push(...(await run('pglite', await openPglite(tempDir('stacklab-bench-insights-')))));
if (await postgresAvailable(ADMIN_URL)) {
  rows.push(...(await run('postgres', await openPostgres(await recreateDatabase(ADMIN_URL, 'stacklab_bench_insights'), 10))));
} else {
  console.log(`PostgreSQL not reachable at ${ADMIN_URL}; measured PGlite only.`);
}

const markdown = `## Insights (\`GET /api/insights\`)

${machineLine()}; autocannon, one connection, ${SECONDS} s.
One Pro user with ${DAYS} days of intake (six supplements, paused and re-dosed), ratings, sleep, resting heart rate and steps, and ${BIOMARKERS.length} biomarkers every quarter.
Goal: p99 under 300 ms on both databases.

${table(rows)}
`;
console.log(markdown);
writeSection('insights', markdown);
