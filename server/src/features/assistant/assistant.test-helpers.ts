import { and, eq, sql } from 'drizzle-orm';
import type { ChatStreamEvent } from '#contract/assistant.ts';
import type { ValueComparator } from '#contract/biomarkers.ts';
import { addDays, localDateOf } from '#contract/dates.ts';
import type { HealthKind } from '#contract/health-data.ts';
import { healthImports, labFiles, labResults, usageEvents } from '#server/db/schema/index.ts';
import { saveMeasurements } from '#server/features/health-data/health-data.repository.ts';
import { noonOf } from '#server/testing/days.ts';
import { type TestApp, type TestClient, signedInClient } from '#server/testing/test-app.ts';

// ─── Reading replies ────────────────────────────────────────────────────────────────────────────

/** The events of an event-stream body; throws on anything that is not a `data: <json>` event. */
export function readEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      if (!block.startsWith('data: ') || block.includes('\n')) throw new Error(`not one data line: ${JSON.stringify(block)}`);
      return JSON.parse(block.slice('data: '.length)) as ChatStreamEvent;
    });
}

export function replyText(events: readonly ChatStreamEvent[]): string {
  return events.map((event) => ('response' in event ? event.response : '')).join('');
}

export const SSE = { accept: 'text/event-stream' };

export function ask(client: TestClient, question: string, url = '/api/chat') {
  return client.post(url, { messages: [{ role: 'user', content: question }] }, SSE);
}

/** The reply text of one streamed question, checking the stream's shape on the way. */
export async function askText(client: TestClient, question: string): Promise<string> {
  const response = await ask(client, question);
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
  const events = readEvents(response.body);
  if (JSON.stringify(events.at(-1)) !== JSON.stringify({ streaming: false })) throw new Error(`no end event: ${response.body}`);
  const error = events.find((event) => 'error' in event);
  if (error) throw new Error(`error event: ${JSON.stringify(error)}`);
  return replyText(events);
}

export async function countAiUses(t: TestApp, userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, 'ai_message')));
  return row!.n;
}

// ─── Seeding ────────────────────────────────────────────────────────────────────────────────────

export const today = () => localDateOf(new Date(), 'UTC');

export async function addSupplement(client: TestClient, body: { name: string; dosage: string; frequency: string; notes?: string }): Promise<string> {
  const response = await client.post('/api/supplements', body);
  if (response.statusCode !== 200) throw new Error(`add supplement: ${response.body}`);
  return response.json().id as string;
}

export async function logDays(client: TestClient, supplementId: string, dates: string[]): Promise<void> {
  for (let i = 0; i < dates.length; i += 100) {
    const logs = dates.slice(i, i + 100).map((date) => ({ supplementId, takenAt: noonOf(date) }));
    const response = await client.post('/api/supplement-logs', { logs });
    if (response.statusCode !== 200) throw new Error(`log: ${response.body}`);
  }
}

/** Logs several supplements on the same days in one go (each day's intake is replaced as a whole). */
export async function logDaysTogether(client: TestClient, supplementIds: string[], dates: string[]): Promise<void> {
  const logs = dates.flatMap((date) => supplementIds.map((supplementId) => ({ supplementId, takenAt: noonOf(date) })));
  for (let i = 0; i < logs.length; i += 100) {
    const response = await client.post('/api/supplement-logs', { logs: logs.slice(i, i + 100) });
    if (response.statusCode !== 200) throw new Error(`log: ${response.body}`);
  }
}

export async function rateDay(client: TestClient, date: string, ratings: { energy: number; mood: number; sleep: number; note?: string }): Promise<void> {
  const response = await client.post('/api/effects', { date, ...ratings });
  if (response.statusCode !== 200) throw new Error(`effects: ${response.body}`);
}

export function daysFrom(start: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

type ResultSeed = {
  key: string;
  name: string;
  category: string;
  value: number;
  /** A limit as printed ("<" 0.5); none for an exact value. */
  comparator?: ValueComparator;
  unit: string;
  low?: number | null;
  high?: number | null;
  rangeText?: string | null;
  flag?: 'low' | 'high' | 'normal' | null;
  date: string;
  fileId?: string | null;
};

/** Lab results written straight to the table, as a reviewed extraction would leave them. */
export async function addResults(t: TestApp, userId: string, results: ResultSeed[]): Promise<string[]> {
  const rows = await t.database.db
    .insert(labResults)
    .values(
      results.map((r) => ({
        userId,
        labFileId: r.fileId ?? null,
        biomarkerKey: r.key,
        name: r.name,
        category: r.category,
        value: r.value,
        comparator: r.comparator ?? null,
        unit: r.unit,
        canonicalValue: r.value,
        canonicalUnit: r.unit,
        referenceLow: r.low ?? null,
        referenceHigh: r.high ?? null,
        referenceText: r.rangeText ?? (r.low != null && r.high != null ? `${r.low} - ${r.high}` : null),
        flag: r.flag ?? null,
        testDate: r.date,
        reviewed: true,
        source: r.fileId ? ('extracted' as const) : ('manual' as const),
      })),
    )
    .returning({ id: labResults.id });
  return rows.map((row) => row.id);
}

/** CRP 3.2 mg/L, then "< 0.5" mg/L (a limit as printed), both in range 0 - 5. */
export async function addCrpWithLimit(t: TestApp, userId: string): Promise<void> {
  const crp = { key: 'crp', name: 'CRP', category: 'other', unit: 'mg/L', low: 0, high: 5, flag: 'normal' as const };
  await addResults(t, userId, [
    { ...crp, value: 3.2, date: '2025-01-02' },
    { ...crp, value: 0.5, comparator: '<', date: '2025-06-01' },
  ]);
}

export type MeasurementSeed = { kind: HealthKind; day: string; value: number; origin?: string };

/** Measurements saved as a read import saves them (one Oura import), each at 07:00 UTC of its day. */
export async function addMeasurements(t: TestApp, userId: string, seeds: MeasurementSeed[]): Promise<void> {
  const db = t.database.db;
  const [created] = await db.insert(healthImports).values({ userId, fileName: 'oura.json', source: 'oura', sizeBytes: 1, status: 'done' }).returning();
  const measurements = seeds.map((seed) => {
    const at = new Date(`${seed.day}T07:00:00Z`);
    return { kind: seed.kind, day: seed.day, value: seed.value, origin: seed.origin ?? 'Oura Ring', startAt: at, endAt: at };
  });
  await saveMeasurements(db, { userId, importId: created!.id, source: 'oura', measurements });
}

export async function addLabFile(t: TestApp, userId: string, fileName: string): Promise<string> {
  const [row] = await t.database.db
    .insert(labFiles)
    .values({ userId, fileName, storageKey: `test/${crypto.randomUUID()}`, contentType: 'application/pdf', kind: 'pdf', sizeBytes: 1000, status: 'done', progress: 100, testDate: '2025-03-14' })
    .returning({ id: labFiles.id });
  return row!.id;
}

/**
 * A user with a year and a half of records, whose every number the tests know:
 * - stack: Vitamin D3 2000 IU 1x daily, Magnesium Glycinate 400 mg 2x daily (800 mg of magnesium a
 *   day, above the 350 mg upper limit);
 * - Vitamin D3 logged 2024-07-01 to 2024-07-10 (the longest streak, 10 days) and the last 5 days;
 * - Magnesium logged 2025-02-01 to 2025-02-03; days 2025-02-01 to 2025-02-06 rated;
 * - 25-OH vitamin D 18 (2024-01-10, low), 24 (2024-06-15, low), 41 (2025-01-20), 45 ng/mL (2025-06-01), range 30-100;
 * - fasting glucose 92 (2023-11-01), 98 (2024-05-01), 104 mg/dL (2025-05-01, high), range 70-99;
 * - hemoglobin 13.8 g/dL (2025-05-01, range 12-15.5); TSH 2.1 mIU/L (2025-05-01, no range).
 */
export async function seedRichUser(t: TestApp) {
  const signed = await signedInClient(t);
  const { client } = signed;
  const vitaminD = await addSupplement(client, { name: 'Vitamin D3', dosage: '2000 IU', frequency: '1x daily' });
  const magnesium = await addSupplement(client, { name: 'Magnesium Glycinate', dosage: '400 mg', frequency: '2x daily', notes: 'before bed' });
  await logDays(client, vitaminD, daysFrom('2024-07-01', 10));
  await logDays(client, vitaminD, daysFrom(addDays(today(), -4), 5));
  await logDays(client, magnesium, daysFrom('2025-02-01', 3));
  const withMagnesium = [
    { energy: 4, mood: 3, sleep: 5 },
    { energy: 5, mood: 4, sleep: 4 },
    { energy: 4, mood: 5, sleep: 5 },
  ];
  const withoutMagnesium = [
    { energy: 2, mood: 3, sleep: 2 },
    { energy: 3, mood: 3, sleep: 3 },
    { energy: 2, mood: 3, sleep: 3 },
  ];
  const ratedDays = daysFrom('2025-02-01', 6);
  for (const [i, date] of ratedDays.entries()) await rateDay(client, date, (i < 3 ? withMagnesium[i] : withoutMagnesium[i - 3])!);
  const vitaminDMarker = { key: 'vitamin-d-25oh', name: '25-OH vitamin D', category: 'vitamin', unit: 'ng/mL', low: 30, high: 100 };
  const glucose = { key: 'glucose-fasting', name: 'Fasting glucose', category: 'metabolic', unit: 'mg/dL', low: 70, high: 99 };
  await addResults(t, signed.user.id, [
    { ...vitaminDMarker, value: 18, date: '2024-01-10', flag: 'low' },
    { ...vitaminDMarker, value: 24, date: '2024-06-15', flag: 'low' },
    { ...vitaminDMarker, value: 41, date: '2025-01-20', flag: 'normal' },
    { ...vitaminDMarker, value: 45, date: '2025-06-01', flag: 'normal' },
    { ...glucose, value: 92, date: '2023-11-01', flag: 'normal' },
    { ...glucose, value: 98, date: '2024-05-01', flag: 'normal' },
    { ...glucose, value: 104, date: '2025-05-01', flag: 'high' },
    { key: 'hemoglobin', name: 'Hemoglobin', category: 'blood', unit: 'g/dL', low: 12, high: 15.5, value: 13.8, date: '2025-05-01', flag: 'normal' },
    { key: 'tsh', name: 'TSH', category: 'thyroid', unit: 'mIU/L', value: 2.1, date: '2025-05-01', flag: null },
  ]);
  return { ...signed, supplements: { vitaminD, magnesium } };
}
