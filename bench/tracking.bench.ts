import { sql } from 'drizzle-orm';
import { addDays } from '#contract/dates.ts';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { seedReferenceData } from '#server/features/supplements/reference-supplements.seed.ts';
import { createToken, hashToken } from '#server/lib/tokens.ts';
import { type Measurement, machineLine, measure, postgresAvailable, recreateDatabase, startBenchApp, table, tempDir } from './support.ts';
import { writeSection } from './results-file.ts';

/**
 * `GET /api/supplement-logs/{yyyy-MM-dd}` and `GET /api/supplements/streak` for one user with
 * three years of daily logs (three supplements and a rating every day), beside the bare route,
 * with 100, 1,000 and 10,000 users in the tables. Every other user has 30 days of the same.
 * Goal: p99 under 20 ms on PostgreSQL at 50 concurrent requests, and a cost that does not grow
 * with the number of other users. Seeded with set-based SQL, not through the API.
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const POPULATIONS = (process.env.BENCH_USERS ?? '100,1000,10000').split(',').map(Number);
const USER_DAYS = 3 * 365;
const OTHER_USER_DAYS = 30;

/** Adds users `bench{from}`..`bench{to}` with their stacks, logs and ratings; `bench1` is the measured user. */
async function seedUsers(database: Database, from: number, to: number): Promise<void> {
  const { db } = database;
  await db.execute(sql`
    insert into users (username, email, time_zone)
    select 'bench' || g, 'bench' || g || '@example.com', 'UTC' from generate_series(${from}::int, ${to}::int) g`);
  const newUsers = sql`(select id, username from users where username like 'bench%' and substr(username, 6)::int between ${from}::int and ${to}::int)`;
  await db.execute(sql`
    insert into supplements (user_id, reference_supplement_id, name, dosage_amount, dosage_unit, frequency_count, frequency_unit)
    select u.id, (select r.id from reference_supplements r where lower(r.name) = lower(s.name)), s.name, s.amount, s.unit, 1, 'daily'
    from ${newUsers} u
    cross join (values ('Vitamin D3', 50::float8, 'mcg'), ('Magnesium', 200::float8, 'mg'), ('Omega-3', 1000::float8, 'mg')) s(name, amount, unit)`);
  const days = sql`generate_series(0, case when u.username = 'bench1' then ${USER_DAYS - 1}::int else ${OTHER_USER_DAYS - 1}::int end)`;
  await db.execute(sql`
    insert into supplement_logs (user_id, supplement_id, reference_supplement_id, local_date, taken_at, name, dosage_amount, dosage_unit, frequency_count, frequency_unit)
    select s.user_id, s.id, s.reference_supplement_id, current_date - d, (current_date - d) + time '08:00', s.name, s.dosage_amount, s.dosage_unit, s.frequency_count, s.frequency_unit
    from supplements s join ${newUsers} u on u.id = s.user_id cross join lateral ${days} d`);
  await db.execute(sql`
    insert into qualitative_logs (user_id, type, local_date, content, energy, mood, sleep, logged_at)
    select u.id, 'other', current_date - d, 'Energy 4/5, mood 3/5, sleep 4/5.', 4, 3, 4, (current_date - d) + time '21:00'
    from ${newUsers} u cross join lateral ${days} d`);
  await db.execute(sql`analyze`);
}

/** A session for `bench1`, inserted as sign-in would; answers the cookie. */
async function signIn(database: Database): Promise<string> {
  const token = createToken();
  await database.db.execute(sql`
    insert into sessions (user_id, token_hash, expires_at)
    select id, ${hashToken(token)}, now() + interval '30 days' from users where username = 'bench1'`);
  return `stacklab_session=${token}`;
}

async function run(kind: 'pglite' | 'postgres', database: Database): Promise<Measurement[]> {
  await database.migrate();
  await seedReferenceData(database.db);
  const { app, address } = await startBenchApp(database);

  const day = addDays(new Date().toISOString().slice(0, 10), -400);
  const rows: Measurement[] = [];
  let seeded = 0;
  let cookie = '';
  for (const population of POPULATIONS) {
    const started = Date.now();
    await seedUsers(database, seeded + 1, population);
    if (seeded === 0) cookie = await signIn(database);
    seeded = population;
    console.log(`${kind}: ${population} users seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const headers = { cookie };
    const check = (await app.inject({ url: `/api/supplement-logs/${day}`, headers })).json();
    const streak = (await app.inject({ url: '/api/supplements/streak', headers })).json();
    if (check.supplements?.length !== 3 || check.qualitativeLogs?.length !== 1 || streak.streakDays !== USER_DAYS) {
      throw new Error(`unexpected answers: ${JSON.stringify({ check, streak })}`);
    }

    const label = (route: string) => `${kind}, ${population.toLocaleString('en-US')} users: ${route}`;
    const bare = await measure(label('bare JSON route'), `${address}/bench/bare`, { seconds: SECONDS });
    const dayView = await measure(label('GET /api/supplement-logs/{date}'), `${address}/api/supplement-logs/${day}`, { headers, seconds: SECONDS });
    const streakView = await measure(label('GET /api/supplements/streak'), `${address}/api/supplements/streak`, { headers, seconds: SECONDS });
    const ratio = (m: Measurement) => `${((m.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)}%`;
    rows.push(bare, { ...dayView, ratio: ratio(dayView) } as Measurement, { ...streakView, ratio: ratio(streakView) } as Measurement);
    console.log(table(rows.slice(-3)));
  }

  // The rows above are answered from the user cache after the first read; these go to the database every time.
  const uncached = await startBenchApp(database, undefined, { USER_CACHE_SECONDS: '0' });
  const label = (route: string) => `${kind}, ${seeded.toLocaleString('en-US')} users, cache off: ${route}`;
  rows.push(
    await measure(label('GET /api/supplement-logs/{date}'), `${uncached.address}/api/supplement-logs/${day}`, { headers: { cookie }, seconds: SECONDS }),
    await measure(label('GET /api/supplements/streak'), `${uncached.address}/api/supplements/streak`, { headers: { cookie }, seconds: SECONDS }),
  );
  await uncached.app.close();
  await app.close();
  await database.close();
  return rows;
}

const rows: Measurement[] = [];
rows.push(...(await run('pglite', await openPglite(tempDir('stacklab-bench-pglite-')))));
if (await postgresAvailable(ADMIN_URL)) {
  rows.push(...(await run('postgres', await openPostgres(await recreateDatabase(ADMIN_URL, 'stacklab_bench_tracking'), 10))));
} else {
  console.log(`PostgreSQL not reachable at ${ADMIN_URL}; measured PGlite only.`);
}

const markdown = `## Tracking (\`GET /api/supplement-logs/{date}\`, \`GET /api/supplements/streak\`)

${machineLine()}; autocannon, 50 connections, ${SECONDS} s per route, load generator on the same machine.
The measured user has ${USER_DAYS} days of logs (three supplements and a rating a day, streak ${USER_DAYS} days); each other user has ${OTHER_USER_DAYS} days of the same.
Goal: p99 under 20 ms on PostgreSQL at 50 concurrent requests, and a cost that does not grow with the number of users.
The app keeps each user's session, day and streak in memory after a first read, until the database notices a change to
that user's data (\`server/src/lib/user-cache.ts\`, decisions/013), so these repeated reads of one user are answered from
memory; the "cache off" rows (\`USER_CACHE_SECONDS=0\`) show the same reads going to the database every time.

${table(rows)}
`;
console.log(markdown);
writeSection('tracking', markdown);
