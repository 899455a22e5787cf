import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JsonSchema, arbitraryFromSchema, hostileValue } from '#server/testing/arbitrary-from-schema.ts';
import { type TestApp, TestClient, createTestApp } from '#server/testing/test-app.ts';
import { AUTHORIZATION_MATRIX } from './authorization-matrix.ts';
import { type Callers, pathOf, seedCallers } from './security.test-helpers.ts';

/**
 * Random and hostile bodies, query strings and headers, generated from the schemas the OpenAPI
 * document carries (the contract's zod schemas), sent to every route that takes them: the answer
 * is 2xx or 4xx, never 5xx, and a refusal writes nothing. FUZZ_RUNS scales the runs; a failure
 * prints fast-check's seed, and FUZZ_SEED replays it.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const SEED = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {};
// Generous: the machine running CI may be busy, and a run cut short would leave a request in flight.
const TIMEOUT_MS = 240_000 * RUNS;

/** Tables a refusal may write to: the counters that make the refusal (rate limits) and the audit trail of failed sign-ins. */
const WRITTEN_ON_REFUSAL = new Set(['rate_limits', 'audit_log']);

type Operation = { key: string; method: string; url: string; body?: JsonSchema; query?: { name: string; schema: JsonSchema; required: boolean }[] };

let t: TestApp;
let callers: Callers;
let operations: Operation[];
let tables: string[];

beforeAll(async () => {
  t = await createTestApp();
  callers = await seedCallers(t);
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> }; parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[] }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const key = `${method.toUpperCase()} ${path}`;
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: p.required === true }));
      return {
        key,
        method: method.toUpperCase(),
        url: pathOf(key, AUTHORIZATION_MATRIX[key]!, callers.seed),
        body: operation.requestBody?.content['application/json']?.schema,
        query: query.length > 0 ? query : undefined,
      };
    }),
  );
  const rows = await t.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  tables = (rows as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename).filter((name) => !WRITTEN_ON_REFUSAL.has(name));
});
afterAll(() => t.close());

/** Admin routes as the admin, the rest as the owner of the seeded ids; routes that start or end a session without one, so that the callers' sessions live on. */
function clientFor(operation: Operation): TestClient {
  if (AUTHORIZATION_MATRIX[operation.key]!.freshSession) return new TestClient(t.app);
  return operation.url.startsWith('/api/admin/') ? callers.clients.admin : callers.clients.owner;
}

async function rowCounts(): Promise<Record<string, number>> {
  const query = sql.join(
    tables.map((table) => sql`select ${table} as name, count(*)::int as count from ${sql.identifier(table)}`),
    sql` union all `,
  );
  const result = (await t.database.db.execute(query)) as unknown as { rows: { name: string; count: number }[] };
  return Object.fromEntries(result.rows.map((row) => [row.name, row.count]));
}

/** Sends one request and checks the two promises: no 5xx, and a refusal leaves every table as it was. */
async function sendAndCheck(operation: Operation, request: { url: string; payload?: string; headers: Record<string, string> }) {
  const before = await rowCounts();
  const response = await clientFor(operation).request({ method: operation.method, ...request });
  const what = `${operation.method} ${request.url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, what).toBeGreaterThanOrEqual(200);
  expect(response.statusCode, what).toBeLessThan(500);
  if (response.statusCode >= 400) expect(await rowCounts(), `${what}: a refused request wrote rows`).toEqual(before);
}

function toQueryValue(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(toQueryValue);
  if (typeof value === 'string') return [value];
  return [JSON.stringify(value) ?? ''];
}

const printableText = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

describe('hostile input', () => {
  it('refuses text holding U+0000 (which PostgreSQL cannot store) with 400, in a query, a path or a body', async () => {
    const { owner, admin } = callers.clients;
    for (const response of [
      await admin.get('/api/admin/blog?q=%00'),
      await owner.get('/api/supplements/search?q=vit%00amin'),
      await owner.get('/api/blog/thumbnails/a%00b'),
      await owner.post('/api/supplements', { name: 'Zinc\u0000', dosage: '50 mg', frequency: '1x daily' }),
      await owner.post('/api/effects', { energy: 3, mood: 3, sleep: 3, note: 'ok\u0000' }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Text cannot contain the NUL character (U+0000).' });
    }
  });

  it('answers every JSON body with 2xx or 4xx, and writes nothing when it refuses', async () => {
    const withBody = operations.filter((operation) => operation.body);
    expect(withBody.length).toBeGreaterThan(30);
    const input = fc.constantFrom(...withBody).chain((operation) => fc.tuple(fc.constant(operation), arbitraryFromSchema(operation.body!)));
    await fc.assert(
      fc.asyncProperty(input, async ([operation, body]) => {
        await sendAndCheck(operation, { url: operation.url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      }),
      { numRuns: 120 * RUNS, ...SEED },
    );
  }, TIMEOUT_MS);

  it('answers every query string with 2xx or 4xx, and writes nothing when it refuses', async () => {
    const withQuery = operations.filter((operation) => operation.query);
    expect(withQuery.length).toBeGreaterThan(10);
    const rawTails = fc.constantFrom('', '&%', '&a=%E0%A4%A', '&q=%00', '&__proto__[isAdmin]=true', '&constructor.prototype.x=1', '&page=1&page=2');
    const input = fc.constantFrom(...withQuery).chain((operation) =>
      fc.tuple(
        fc.constant(operation),
        fc.tuple(...operation.query!.map((parameter) => (parameter.required ? arbitraryFromSchema(parameter.schema) : fc.option(arbitraryFromSchema(parameter.schema), { nil: undefined })))),
        rawTails,
      ),
    );
    await fc.assert(
      fc.asyncProperty(input, async ([operation, values, tail]) => {
        const search = new URLSearchParams();
        operation.query!.forEach((parameter, index) => {
          if (values[index] !== undefined) for (const value of toQueryValue(values[index])) search.append(parameter.name, value);
        });
        await sendAndCheck(operation, { url: `${operation.url}?${search}${tail}`, headers: {} });
      }),
      { numRuns: 80 * RUNS, ...SEED },
    );
  }, TIMEOUT_MS);

  it('answers odd headers and raw bodies on every route with 2xx or 4xx, and writes nothing when it refuses', async () => {
    // Deleting is tried by the authorisation matrix; here it would only remove the things the other runs need.
    const routes = operations.filter((operation) => operation.method !== 'DELETE');
    const headers = fc.record(
      {
        'content-type': fc.constantFrom('application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', '*/*', ';;;'),
        accept: fc.constantFrom('text/event-stream', 'application/json', '*/*', 'image/png', ''),
        cookie: fc.oneof(printableText(200), fc.constantFrom('stacklab_session=', 'stacklab_session=' + 'x'.repeat(4000), 'stacklab_session=a; stacklab_session=b')),
        'x-request-id': printableText(200),
        'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1', 'not-an-address', '1.2.3.4, 5.6.7.8'),
        'accept-language': printableText(100),
        'content-encoding': fc.constantFrom('gzip', 'br', 'identity'),
        'sec-fetch-site': fc.constantFrom('same-origin', 'none'),
      },
      { requiredKeys: [] },
    );
    const rawBody = fc.oneof(printableText(300), fc.constantFrom('{', '{"a":', 'null', '[]', '{"__proto__":{"isAdmin":true}}', '\u0000'), hostileValue().map((value) => JSON.stringify(value)));
    const input = fc.tuple(fc.constantFrom(...routes), headers, rawBody);
    await fc.assert(
      fc.asyncProperty(input, async ([operation, headerValues, body]) => {
        const payload = operation.method === 'GET' ? undefined : body;
        await sendAndCheck(operation, { url: operation.url, headers: headerValues as Record<string, string>, ...(payload === undefined ? {} : { payload }) });
      }),
      { numRuns: 80 * RUNS, ...SEED },
    );
  }, TIMEOUT_MS);
});
