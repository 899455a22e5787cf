import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEFAULT_PLAN_CATALOGUE } from '#contract/plans.ts';
import { addDays } from '#contract/dates.ts';
import { openPostgres } from '#server/db/client.ts';
import { labResults, supplements, users } from '#server/db/schema/index.ts';
import { hashPassword, PASSWORD_HASHING } from '#server/lib/passwords.ts';
import { CATALOGUE } from '#server/labs/extract/catalogue.ts';
import { writeSection } from './results-file.ts';
import { machineLine, postgresAvailable, recreateDatabase } from './support.ts';

/**
 * Journeys of many users at once against the app on PostgreSQL (a fresh database), with the app
 * in its own process and this process as the users: each signs in, logs the day (intake and a
 * rating), reads its history and lab chart data, asks the built-in assistant (event stream) and
 * signs out, again and again until the time is up. Every answer must be a success, and afterwards
 * every write must be in the database. Users and their supplements and lab results are
 * created in bulk beforehand with one password hash: signing up 200 people through the API is
 * not the journey being measured. Only failed sign-ins count towards the sign-in limits, so no
 * limit needs raising; the plan catalogue lifts the monthly assistant allowance (its check still runs).
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const POOL_SIZE = 20;
/** A person reads each page before the next step: a pause of THINK_MS ± half. Users arrive over RAMP_SECONDS. */
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 1000);
const RAMP_SECONDS = 10;
const PASSWORD = 'load test password';
const QUESTIONS = ['What am I taking, and how much?', 'What is my streak?', 'Which of my results are out of range?'];

type RouteName = 'POST /api/login' | 'POST /api/supplement-logs' | 'POST /api/effects' | 'GET /api/supplement-logs/days' | 'GET /api/supplement-logs/:date' | 'GET /api/labs/chart-data' | 'POST /api/chat (to end of stream)' | 'POST /api/logout';
type VirtualUser = { index: number; id: string; email: string; supplementId: string; journeys: number; intakeDays: Set<string>; ratedDays: Set<string>; chats: number };

if (!(await postgresAvailable(ADMIN_URL))) {
  console.log(`load: PostgreSQL not reachable at ${ADMIN_URL}; the load scenario needs it and was not run.`);
  process.exit(0);
}

const databaseUrl = await recreateDatabase(ADMIN_URL, 'stacklab_bench_load');
const dataDir = mkdtempSync(path.join(tmpdir(), 'stacklab-load-'));
const catalogue = structuredClone(DEFAULT_PLAN_CATALOGUE);
catalogue.tiers.free.limits.aiMessagesPerMonth = null;
writeFileSync(path.join(dataDir, 'plans.json'), JSON.stringify(catalogue));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const app = startApp();

try {
  await waitUntilReady();
  const database = await openPostgres(databaseUrl, 4);
  const people = await seed(database.db);
  console.log(`load: ${people.length} users ready; ${SECONDS} s of journeys`);

  const samples = new Map<RouteName, number[]>();
  const firstEvent: number[] = [];
  const failures: string[] = [];
  const cpuBefore = appCpuSeconds();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(people.map((person) => journeys(person, deadline, samples, firstEvent, failures)));
  const elapsedSeconds = (performance.now() - started) / 1000;
  const loadAverage = os.loadavg()[0]!.toFixed(1);
  const appCpu = appCpuSeconds() - cpuBefore;

  const missing = await missingWrites(database.db, people);
  await database.close();

  const totalRequests = [...samples.values()].reduce((sum, list) => sum + list.length, 0);
  const journeyCount = people.reduce((sum, person) => sum + person.journeys, 0);
  const rows = [...samples].map(([route, list]) => `| ${route} | ${list.length} | ${(list.length / elapsedSeconds).toFixed(1)} | ${percentile(list, 50)} | ${percentile(list, 95)} | ${percentile(list, 99)} |`);
  rows.push(`| first \`{response}\` event of a chat | ${firstEvent.length} |  | ${percentile(firstEvent, 50)} | ${percentile(firstEvent, 95)} | ${percentile(firstEvent, 99)} |`);
  const verdict = failures.length === 0 && missing.length === 0 ? 'Met: no errors, and every write was found afterwards.' : 'NOT met.';
  const markdown = `## Load: ${USERS} users' journeys for ${SECONDS} s (PostgreSQL)

${machineLine()}; load average ${loadAverage} when the journeys ended (1-minute; other work shares the two cores).
The app process used ${appCpu.toFixed(0)} CPU-seconds in those ${elapsedSeconds.toFixed(0)} s (${(appCpu / elapsedSeconds).toFixed(2)} of a core on average).
The app (\`server/src/main.ts\`, production settings, pool of ${POOL_SIZE} connections, the built-in assistant) in its
own process on a fresh PostgreSQL database; the ${USERS} users are async loops in the bench process, all on the same machine.
Each journey: sign in (argon2id), log the day's intake, rate the day, read the month's logged days and one day,
read the lab chart data (12 results), ask the assistant one question (event stream, read to the end), sign out.
A pause of ${THINK_MS / 2}–${(THINK_MS * 3) / 2} ms between steps (reading the page); users arrive over the first ${RAMP_SECONDS} s.
Latency from sending the request to the last byte of the answer.

${journeyCount} journeys, ${totalRequests} requests in ${elapsedSeconds.toFixed(1)} s (${Math.round(totalRequests / elapsedSeconds)} req/s overall);
errors: ${failures.length}; acknowledged writes missing afterwards: ${missing.length} (each day's intake and rating, and each answered question's plan use, looked up per user in the database). ${verdict}

| route | requests | req/s | p50 ms | p95 ms | p99 ms |
|---|---:|---:|---:|---:|---:|
${rows.join('\n')}
${failures.length > 0 ? `\nFirst errors:\n\n${failures.slice(0, 10).map((failure) => `- ${failure}`).join('\n')}\n` : ''}${missing.length > 0 ? `\nMissing writes:\n\n${missing.slice(0, 10).map((line) => `- ${line}`).join('\n')}\n` : ''}`;
  console.log(markdown);
  writeSection('load', markdown);
  if (failures.length > 0 || missing.length > 0) process.exitCode = 1;
} finally {
  await stopApp(app);
  rmSync(dataDir, { recursive: true, force: true });
}

/** User and system time of the app process so far (Linux), to see what share of the machine it had. */
function appCpuSeconds(): number {
  const fields = readFileSync(`/proc/${app.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function startApp(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PAYMENTS: 'local',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      LOG_LEVEL: 'warn',
      PLAN_CATALOGUE_FILE: path.join(dataDir, 'plans.json'),
      WEB_DIR: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function stopApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function waitUntilReady(): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (app.exitCode !== null) throw new Error(`the app exited with ${app.exitCode}`);
    const ready = await fetch(`${origin}/readyz`).then((response) => response.ok).catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the app did not become ready within 60 s');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: found } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return found;
}

/** Users, one supplement each and a small lab history, in a few statements. */
async function seed(db: Awaited<ReturnType<typeof openPostgres>>['db']): Promise<VirtualUser[]> {
  const passwordHash = await hashPassword(PASSWORD, PASSWORD_HASHING);
  const stamp = Date.now().toString(36);
  const created = await db
    .insert(users)
    .values(Array.from({ length: USERS }, (_, i) => ({ username: `load${stamp}${i}`, email: `load${stamp}${i}@example.com`, passwordHash, timeZone: 'UTC' })))
    .returning({ id: users.id, email: users.email });
  const stack = await db
    .insert(supplements)
    .values(created.map((user) => ({ userId: user.id, name: 'Magnesium Glycinate', referenceSupplementId: null, dosageAmount: 400, dosageUnit: 'mg' as const, frequencyCount: 1, frequencyUnit: 'daily' as const, notes: null })))
    .returning({ id: supplements.id, userId: supplements.userId });
  const markers = ['vitamin-d-25oh', 'ferritin', 'glucose-fasting'].map((key) => CATALOGUE.find((marker) => marker.key === key)!);
  const today = new Date().toISOString().slice(0, 10);
  const results = created.flatMap((user) =>
    markers.flatMap((marker, m) =>
      [0, 1, 2, 3].map((quarter) => ({
        userId: user.id, biomarkerKey: marker.key, name: marker.name, category: marker.category,
        value: 40 + m * 10 + quarter, unit: marker.canonicalUnit, canonicalValue: 40 + m * 10 + quarter, canonicalUnit: marker.canonicalUnit,
        referenceLow: null, referenceHigh: null, referenceText: null, flag: null, testDate: addDays(today, -91 * (quarter + 1)), reviewed: true, source: 'manual' as const,
      })),
    ),
  );
  for (let i = 0; i < results.length; i += 1000) await db.insert(labResults).values(results.slice(i, i + 1000));
  await db.execute(sql`analyze`);
  return created.map((user, index) => ({ index, id: user.id, email: user.email, supplementId: stack.find((row) => row.userId === user.id)!.id, journeys: 0, intakeDays: new Set(), ratedDays: new Set(), chats: 0 }));
}

/** One user's journeys until the deadline; a journey under way when time is up is finished. */
async function journeys(person: VirtualUser, deadline: number, samples: Map<RouteName, number[]>, firstEvent: number[], failures: string[]): Promise<void> {
  const time = async (route: RouteName, send: () => Promise<Response>, read: (response: Response) => Promise<unknown> = (response) => response.arrayBuffer()) => {
    const started = performance.now();
    let response: Response;
    try {
      response = await send();
      if (!response.ok) throw new Error(`HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
      const body = await read(response);
      const list = samples.get(route) ?? [];
      list.push(performance.now() - started);
      samples.set(route, list);
      return { response, body };
    } catch (error) {
      failures.push(`${route} (user ${person.index}): ${(error as Error).message}`);
      throw error;
    }
  };
  const json = { 'content-type': 'application/json', origin };
  const think = () => new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
  await new Promise((resolve) => setTimeout(resolve, (person.index / USERS) * RAMP_SECONDS * 1000));
  while (performance.now() < deadline) {
    try {
      const { response } = await time('POST /api/login', () => fetch(`${origin}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: person.email, password: PASSWORD }) }));
      const cookie = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
      const headers = { ...json, cookie };
      // A different day each journey, so that every journey adds one day of intake and one rating.
      const takenAt = new Date(Date.now() - person.journeys * 86_400_000 - 60_000);
      const day = takenAt.toISOString().slice(0, 10);
      person.journeys += 1;
      await think();
      await time('POST /api/supplement-logs', () => fetch(`${origin}/api/supplement-logs`, { method: 'POST', headers, body: JSON.stringify({ logs: [{ supplementId: person.supplementId, takenAt: takenAt.toISOString() }] }) }));
      person.intakeDays.add(day);
      await think();
      await time('POST /api/effects', () => fetch(`${origin}/api/effects`, { method: 'POST', headers, body: JSON.stringify({ date: day, energy: 4, mood: 3, sleep: 4 }) }));
      person.ratedDays.add(day);
      await think();
      await time('GET /api/supplement-logs/days', () => fetch(`${origin}/api/supplement-logs/days?month=${day.slice(0, 7)}`, { headers }));
      await think();
      await time('GET /api/supplement-logs/:date', () => fetch(`${origin}/api/supplement-logs/${day}`, { headers }));
      await think();
      await time('GET /api/labs/chart-data', () => fetch(`${origin}/api/labs/chart-data`, { headers }));
      await think();
      const question = QUESTIONS[(person.index + person.journeys) % QUESTIONS.length]!;
      const chatStarted = performance.now();
      await time(
        'POST /api/chat (to end of stream)',
        () => fetch(`${origin}/api/chat`, { method: 'POST', headers: { ...headers, accept: 'text/event-stream' }, body: JSON.stringify({ messages: [{ role: 'user', content: question }] }) }),
        async (answer) => {
          let text = '';
          let first = 0;
          const decoder = new TextDecoder();
          const reader = answer.body!.getReader();
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            text += decoder.decode(chunk.value, { stream: true });
            if (!first && text.includes('data: {"response"')) first = performance.now() - chatStarted;
          }
          if (!text.endsWith('data: {"streaming":false}\n\n') || text.includes('"error"')) throw new Error(`bad stream: ${text.slice(-200)}`);
          firstEvent.push(first);
          return text;
        },
      );
      person.chats += 1;
      await think();
      await time('POST /api/logout', () => fetch(`${origin}/api/logout`, { method: 'POST', headers: { origin, cookie } }));
    } catch {
      // Counted in failures; the user starts a new journey.
    }
  }
}

/** Every write the app acknowledged is in the database: each day's intake and rating, and each question's plan use. */
async function missingWrites(db: Awaited<ReturnType<typeof openPostgres>>['db'], people: VirtualUser[]): Promise<string[]> {
  const result = (await db.execute(sql`
    select u.id,
      array(select distinct local_date::text from supplement_logs l where l.user_id = u.id) as intake,
      array(select local_date::text from qualitative_logs q where q.user_id = u.id and q.energy is not null) as rated,
      (select count(*)::int from usage_events e where e.user_id = u.id and e.kind = 'ai_message') as chats
    from users u`)) as unknown as { rows: { id: string; intake: string[]; rated: string[]; chats: number }[] };
  const found = new Map(result.rows.map((row) => [row.id, row]));
  const missing: string[] = [];
  for (const person of people) {
    const row = found.get(person.id);
    const intake = new Set(row?.intake ?? []);
    const rated = new Set(row?.rated ?? []);
    const lostIntake = [...person.intakeDays].filter((day) => !intake.has(day));
    const lostRatings = [...person.ratedDays].filter((day) => !rated.has(day));
    if (lostIntake.length > 0 || lostRatings.length > 0 || (row?.chats ?? 0) < person.chats) {
      missing.push(`user ${person.index}: intake of ${lostIntake.join(', ') || 'no day'} and rating of ${lostRatings.join(', ') || 'no day'} missing; ${person.chats} questions answered, ${row?.chats ?? 0} uses recorded`);
    }
  }
  return missing;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}
