import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { ChatStreamEvent } from '#contract/assistant.ts';
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

// ─── A local OpenAI-compatible server ───────────────────────────────────────────────────────────

export type FakeBehaviour =
  | { kind: 'stream'; pieces: string[]; delayMs?: number }
  /** Some pieces, then an error event in the stream, then the end. */
  | { kind: 'error-mid-stream'; pieces: string[] }
  /** Some pieces, then the connection is cut. */
  | { kind: 'cut-mid-stream'; pieces: string[] }
  /** Some pieces, then nothing more, ever (until the client gives up). */
  | { kind: 'stall'; pieces: string[] }
  | { kind: 'status'; status: number; body: unknown }
  /** Each request is answered as `answer` says, from what it was sent: text, or tool calls. */
  | { kind: 'script'; answer: (request: FakeRequest) => FakeTurn };

/**
 * One answer of a scripted model: text pieces, or tool calls (streamed as OpenAI streams them:
 * the name first, the arguments in several pieces, `finish_reason: 'tool_calls'`), or a refusal.
 */
export type FakeTurn =
  | { pieces: string[] }
  | { toolCalls: { name: string; arguments: string; id?: string }[]; pieces?: string[] }
  | { status: number; body: unknown };

export type FakeToolCall = { id: string; type: string; function: { name: string; arguments: string } };

export type FakeRequest = {
  body: {
    model: string;
    stream: boolean;
    /** `content` is null in an assistant turn that only calls tools. */
    messages: { role: string; content: string; tool_calls?: FakeToolCall[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; description: string; parameters: unknown } }[];
    tool_choice?: unknown;
  };
  headers: IncomingMessage['headers'];
  /** Set when the client closed the connection before the fake finished its answer. */
  abortedByClient: boolean;
  closed: Promise<void>;
};

/**
 * Speaks `POST /v1/chat/completions` with `stream: true` as OpenAI does: server-sent events of
 * `chat.completion.chunk` objects, then `data: [DONE]`. Each test sets what it does next.
 */
export class FakeOpenAi {
  readonly requests: FakeRequest[] = [];
  behaviour: FakeBehaviour = { kind: 'stream', pieces: ['Hello', ' there'] };
  private server: Server | undefined;
  private readonly open = new Set<ServerResponse>();

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    for (const response of this.open) response.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    let finished = false;
    let markClosed!: () => void;
    const record: FakeRequest = {
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      headers: request.headers,
      abortedByClient: false,
      closed: new Promise<void>((resolve) => (markClosed = resolve)),
    };
    this.requests.push(record);
    this.open.add(response);
    response.on('close', () => {
      this.open.delete(response);
      if (!finished) record.abortedByClient = true;
      markClosed();
    });
    const behaviour = this.behaviour;
    if (behaviour.kind === 'status') {
      finished = true;
      response.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(JSON.stringify(behaviour.body));
      return;
    }
    if (behaviour.kind === 'script') {
      const turn = behaviour.answer(record);
      if ('status' in turn) {
        finished = true;
        response.writeHead(turn.status, { 'content-type': 'application/json' }).end(JSON.stringify(turn.body));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      await this.streamTurn(response, record.body.model, turn);
      finished = true;
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    for (const piece of behaviour.pieces) {
      if (response.destroyed) return;
      send({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model: record.body.model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
      await new Promise((resolve) => setTimeout(resolve, behaviour.kind === 'stream' ? (behaviour.delayMs ?? 5) : 5));
    }
    switch (behaviour.kind) {
      case 'stream':
        send({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model: record.body.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
        response.write('data: [DONE]\n\n');
        finished = true;
        response.end();
        return;
      case 'error-mid-stream':
        send({ error: { message: 'The server had an error while processing your request.', type: 'server_error' } });
        finished = true;
        response.end();
        return;
      case 'cut-mid-stream':
        finished = true;
        response.socket?.destroy();
        return;
      case 'stall':
        return;
    }
  }

  private async streamTurn(response: ServerResponse, model: string, turn: Exclude<FakeTurn, { status: number }>): Promise<void> {
    const chunk = (delta: unknown, finishReason: string | null = null) =>
      response.write(`data: ${JSON.stringify({ id: 'chatcmpl-2', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`);
    chunk({ role: 'assistant', content: '' });
    for (const piece of turn.pieces ?? []) {
      chunk({ content: piece });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const calls = 'toolCalls' in turn ? turn.toolCalls : [];
    for (const [index, call] of calls.entries()) {
      chunk({ tool_calls: [{ index, id: call.id ?? `call_fake_${index}`, type: 'function', function: { name: call.name, arguments: '' } }] });
      // The arguments arrive in pieces, as OpenAI sends them.
      const cut = Math.ceil(call.arguments.length / 3);
      for (let at = 0; at < call.arguments.length; at += cut || 1) chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(at, at + (cut || 1)) } }] });
    }
    chunk({}, calls.length > 0 ? 'tool_calls' : 'stop');
    response.write('data: [DONE]\n\n');
  }
}

/** Every tool result a request carries, parsed, with the name of the call it answers. */
export function toolResultsIn(request: FakeRequest): { name: string; result: Record<string, unknown> }[] {
  const messages = request.body.messages;
  const results: { name: string; result: Record<string, unknown> }[] = [];
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    const call = messages.flatMap((m) => m.tool_calls ?? []).find((c) => c.id === message.tool_call_id);
    results.push({ name: call?.function.name ?? '?', result: JSON.parse(message.content) as Record<string, unknown> });
  }
  return results;
}
