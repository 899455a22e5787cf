import { mkdtempSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEFAULT_PLAN_CATALOGUE } from '#contract/plans.ts';
import { addDays } from '#contract/dates.ts';
import { DEFAULT_CHUNK_DELAY_MS } from '#server/ai/built-in/built-in-assistant.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { type Database, openPglite, openPostgres } from '#server/db/client.ts';
import { labResults } from '#server/db/schema/index.ts';
import { type NewSupplementLog, replaceDays, upsertEffects } from '#server/features/supplement-logs/supplement-logs.repository.ts';
import { seedReferenceData } from '#server/features/supplements/reference-supplements.seed.ts';
import { insertSupplement } from '#server/features/supplements/supplements.repository.ts';
import { CATALOGUE } from '#server/labs/extract/catalogue.ts';
import { machineLine, postgresAvailable, recreateDatabase } from './support.ts';
import { writeSection } from './results-file.ts';

/**
 * The built-in assistant (no model configured) on a user with three years of records: daily intake
 * of three supplements, a rating every day, and a 40-biomarker panel every quarter (another user
 * holds as much). Each question kind is asked in turn, one at a time, over HTTP with the event
 * stream; we time the first `{response}` event and the end of the stream from the request's start.
 * Goal: the first event under 100 ms at p95.
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const DAYS = 3 * 365;
const QUESTIONS: [kind: string, question: string][] = [
  ['stack', 'What am I taking, and how much?'],
  ['streak', 'What is my streak?'],
  ['biomarker since supplement', 'How is my vitamin D doing since I started taking it?'],
  ['biomarker since date', 'How has my ferritin changed since January 2024?'],
  ['out of range', 'Which of my results are out of range?'],
  ['supplement info', 'What is magnesium for, and what is its upper limit?'],
  ['with vs without', 'How did I feel on days I took magnesium versus days I did not?'],
  ['anything else', 'Will it rain tomorrow?'],
];

type Sample = { kind: string; first: number; last: number };

/** Three years ending today, through the tracking and labs repositories' own writes. */
async function seed(database: Database, userId: string): Promise<void> {
  const { db } = database;
  const today = new Date().toISOString().slice(0, 10);
  const start = addDays(today, -(DAYS - 1));
  const d3 = await insertSupplement(db, userId, { name: 'Vitamin D3', referenceSupplementId: null, dosageAmount: 2000, dosageUnit: 'IU', frequencyCount: 1, frequencyUnit: 'daily', notes: null });
  const magnesium = await insertSupplement(db, userId, { name: 'Magnesium Glycinate', referenceSupplementId: null, dosageAmount: 400, dosageUnit: 'mg', frequencyCount: 1, frequencyUnit: 'daily', notes: null });
  const fishOil = await insertSupplement(db, userId, { name: 'Fish Oil', referenceSupplementId: null, dosageAmount: 1, dosageUnit: 'g', frequencyCount: 2, frequencyUnit: 'daily', notes: null });
  const days = Array.from({ length: DAYS }, (_, i) => addDays(start, i));
  const logs: NewSupplementLog[] = [];
  const log = (supplementId: string, name: string, amount: number, unit: 'IU' | 'mg' | 'g', localDate: string, count = 1) =>
    logs.push({ supplementId, referenceSupplementId: null, localDate, takenAt: new Date(`${localDate}T08:00:00Z`), name, dosageAmount: amount, dosageUnit: unit, frequencyCount: count, frequencyUnit: 'daily' });
  days.forEach((day, i) => {
    if (i >= 200) log(d3, 'Vitamin D3', 2000, 'IU', day);
    if (i % 10 < 7) log(magnesium, 'Magnesium Glycinate', 400, 'mg', day);
    if (i >= DAYS / 2) log(fishOil, 'Fish Oil', 1, 'g', day, 2);
  });
  for (let i = 0; i < days.length; i += 120) {
    const chunk = days.slice(i, i + 120);
    await db.transaction((tx) => replaceDays(tx as never, userId, chunk, logs.filter((row) => chunk.includes(row.localDate))));
  }
  for (const [i, day] of days.entries()) {
    const took = i % 10 < 7;
    await upsertEffects(db, userId, { localDate: day, energy: took ? 4 : 3, mood: 3 + (i % 3 === 0 ? 1 : 0), sleep: took ? 4 : 2, note: null, content: 'rating', loggedAt: new Date(`${day}T20:00:00Z`) });
  }
  const markers = [...new Set(['vitamin-d-25oh', 'ferritin', 'glucose-fasting', ...CATALOGUE.slice(0, 37).map((m) => m.key)])].map((key) => CATALOGUE.find((m) => m.key === key)!);
  const results = [];
  for (let quarter = 0; quarter < 12; quarter += 1) {
    const testDate = addDays(start, quarter * 91 + 10);
    for (const marker of markers) {
      const [low, high] = marker.typical;
      const mid = low !== null && high !== null ? (low + high) / 2 : (marker.plausible[0] + marker.plausible[1]) / 20;
      const value = Math.round(mid * (0.7 + (quarter % 5) * 0.15) * 10) / 10;
      const flag = low !== null && value < low ? 'low' : high !== null && value > high ? 'high' : low !== null || high !== null ? 'normal' : null;
      results.push({
        userId, biomarkerKey: marker.key, name: marker.name, category: marker.category, value, unit: marker.canonicalUnit, canonicalValue: value, canonicalUnit: marker.canonicalUnit,
        referenceLow: low, referenceHigh: high, referenceText: low !== null && high !== null ? `${low} - ${high}` : null, flag: flag as 'low' | 'high' | 'normal' | null,
        testDate, reviewed: true, source: 'manual' as const,
      });
    }
  }
  for (let i = 0; i < results.length; i += 500) await db.insert(labResults).values(results.slice(i, i + 500));
}

async function ask(address: string, cookie: string, question: string): Promise<{ first: number; last: number }> {
  const started = performance.now();
  const response = await fetch(`${address}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie, origin: 'http://127.0.0.1:3000' },
    body: JSON.stringify({ messages: [{ role: 'user', content: question }] }),
  });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  let first = 0;
  let text = '';
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!first && text.includes('data: {"response"')) first = performance.now() - started;
  }
  if (!text.endsWith('data: {"streaming":false}\n\n') || text.includes('"error"')) throw new Error(`bad stream: ${text.slice(-300)}`);
  return { first, last: performance.now() - started };
}

async function run(kind: 'pglite' | 'postgres', database: Database): Promise<Sample[]> {
  await database.migrate();
  await seedReferenceData(database.db);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stacklab-bench-'));
  // The bench asks more than a month's allowance; the limit check itself still runs on every question.
  const catalogue = structuredClone(DEFAULT_PLAN_CATALOGUE);
  catalogue.tiers.free.limits.aiMessagesPerMonth = null;
  writeFileSync(path.join(dataDir, 'plans.json'), JSON.stringify(catalogue));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: '0', PUBLIC_URL: 'http://127.0.0.1:3000', PLAN_CATALOGUE_FILE: path.join(dataDir, 'plans.json') });
  const app = await buildApp({ config, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
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
  const user = await signUp(`ask${stamp}`);
  const other = await signUp(`other${stamp}`);
  const seeding = performance.now();
  await seed(database, user.id);
  await seed(database, other.id);
  // As autovacuum would after a bulk load.
  await database.db.execute(sql`analyze`);
  console.log(`${kind}: seeded two users with three years each in ${Math.round(performance.now() - seeding)} ms`);

  for (const [, question] of QUESTIONS) await ask(address, user.cookie, question); // warm-up
  const samples: Sample[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [questionKind, question] of QUESTIONS) samples.push({ kind: questionKind, ...(await ask(address, user.cookie, question)) });
  }
  await app.close();
  await database.close();
  return samples;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1));
}

const rows: string[] = [];
const summary: string[] = [];
const measureOn = async (kind: 'pglite' | 'postgres', database: Database) => {
  const samples = await run(kind, database);
  for (const [questionKind] of QUESTIONS) {
    const of = samples.filter((sample) => sample.kind === questionKind);
    rows.push(`| ${kind} | ${questionKind} | ${percentile(of.map((s) => s.first), 50)} | ${percentile(of.map((s) => s.first), 95)} | ${percentile(of.map((s) => s.last), 50)} | ${percentile(of.map((s) => s.last), 95)} |`);
  }
  const p95 = percentile(samples.map((s) => s.first), 95);
  rows.push(`| **${kind}** | **all ${samples.length}** | **${percentile(samples.map((s) => s.first), 50)}** | **${p95}** | **${percentile(samples.map((s) => s.last), 50)}** | **${percentile(samples.map((s) => s.last), 95)}** |`);
  summary.push(`${kind}: first event p95 ${p95} ms (${p95 < 100 ? 'meets' : 'misses'} the goal)`);
};
await measureOn('pglite', await openPglite(mkdtempSync(path.join(tmpdir(), 'stacklab-bench-pglite-'))));
if (await postgresAvailable(ADMIN_URL)) {
  await measureOn('postgres', await openPostgres(await recreateDatabase(ADMIN_URL, 'stacklab_bench_assistant'), 10));
} else {
  console.log(`PostgreSQL not reachable at ${ADMIN_URL}; measured PGlite only.`);
}

const markdown = `## Assistant, built-in (\`POST /api/chat\`, event stream)

${machineLine()}; a user with three years of records (${DAYS} days of intake of three supplements, a rating every
day, 40 biomarkers every quarter), and another user with as much. ${QUESTIONS.length} question kinds × ${ROUNDS} rounds,
one at a time over HTTP, after one warm-up round. Times from the request's start: the first \`{response}\` event, and the end
of the stream (the built-in assistant paces its pieces like a model, ${DEFAULT_CHUNK_DELAY_MS} ms apart). Load average at the end: ${os.loadavg()[0]!.toFixed(1)}.
Goal: first event under 100 ms at p95. ${summary.join('; ')}.

| database | question | first p50 ms | first p95 ms | last p50 ms | last p95 ms |
|---|---|---:|---:|---:|---:|
${rows.join('\n')}
`;
console.log(markdown);
writeSection('assistant', markdown);
