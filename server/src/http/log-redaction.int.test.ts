import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import { createLabsWorker } from '#server/features/labs/labs.jobs.ts';
import { fakeExtractor, uploadFile } from '#server/features/labs/labs.test-helpers.ts';
import { makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { type TestApp, TestClient, createTestApp, newUserBody } from '#server/testing/test-app.ts';

/**
 * Secrets and health data never reach the log, at the most talkative level, through every path
 * that handles them: sign-up, sign-in, results, the assistant, exports, and failures.
 */
const PASSWORD = 'Quartz-zebra-7719-lantern';
const BIOMARKER_VALUE = 987.654;
const NOTE = 'tingling in the left toe since Tuesday';
const ALLERGY = 'Sulfonamide rash, 2019';
const QUESTION = 'Should I worry about my ferritin of 987.654?';

let t: TestApp;
let client: TestClient;
let logText: () => string;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'trace' });
  logText = () => t.logs.join('');
  client = new TestClient(t.app);
  const body = newUserBody({ password: PASSWORD });
  expect((await client.post('/api/register', body)).statusCode).toBe(200);
  expect((await new TestClient(t.app).post('/api/login', { email: body.email, password: 'a wrong password, logged?' })).statusCode).toBe(401);
  expect((await client.post('/api/login', { email: body.email, password: PASSWORD })).statusCode).toBe(200);
  await t.database.db.update(users).set({ subscriptionTier: 'pro' }).where(eq(users.email, body.email));

  const result = await client.post('/api/labs/results', { biomarker: 'ferritin', value: BIOMARKER_VALUE, unit: 'ng/mL', testDate: '2025-06-01' });
  expect(result.statusCode, result.body).toBe(201);
  expect((await client.post('/api/effects', { energy: 2, mood: 2, sleep: 1, note: NOTE })).statusCode).toBe(200);
  expect((await client.post('/api/health-stats', { allergies: ALLERGY })).statusCode).toBe(200);
  const supplement = await client.post('/api/supplements', { name: 'Iron', dosage: '100 mg', frequency: '1x daily', notes: NOTE });
  expect(supplement.statusCode).toBe(200);

  // A lab report read by the job worker, logging to the app's log.
  expect((await uploadFile(client, await makeTextPdf(panelLines()), 'Ferritin panel.pdf')).statusCode).toBe(201);
  await createLabsWorker({ config: t.config, db: t.database.db, log: t.app.log, extract: fakeExtractor }).drain();

  const question = { messages: [{ role: 'user', content: QUESTION }] };
  expect((await client.post('/api/chat', question)).statusCode).toBe(200);
  expect((await client.post('/api/query', question)).statusCode).toBe(200);
  expect((await client.get(`/api/chat?message=${encodeURIComponent(QUESTION)}`)).statusCode).toBe(200);
  for (const url of ['/api/export/json', '/api/export/csv', '/api/export/fhir', '/api/export/report', '/api/labs/series', '/api/labs/chart-data']) {
    expect((await client.get(url)).statusCode, url).toBe(200);
  }
  // A refusal and a failure: both are logged, and neither may carry what was sent.
  expect((await client.post('/api/effects', { energy: 9, mood: 2, sleep: 1, note: NOTE })).statusCode).toBe(400);
  await t.database.db.execute(sql`alter table qualitative_logs rename to qualitative_logs_away`);
  try {
    expect((await client.post('/api/effects', { date: '2025-06-02', energy: 2, mood: 2, sleep: 1, note: NOTE })).statusCode).toBe(500);
  } finally {
    await t.database.db.execute(sql`alter table qualitative_logs_away rename to qualitative_logs`);
  }
});
afterAll(() => t.close());

describe('the log', () => {
  it('was written (this test reads the real stream)', () => {
    expect(t.logs.length).toBeGreaterThan(20);
    expect(logText()).toContain('"reqId"');
    expect(logText()).toContain('request failed');
  });

  it('still says which query failed and why, without its values', () => {
    const failure = t.logs.find((line) => line.includes('"request failed"'))!;
    expect(failure).toContain('Failed query: insert into \\"qualitative_logs\\"');
    expect(failure).toContain('params: [not logged]');
    expect(failure).toContain('does not exist');
  });

  it.each([
    ['the password', () => PASSWORD],
    ['the session token', () => client.sessionCookie!],
    ['the biomarker value', () => String(BIOMARKER_VALUE)],
    ['the health note', () => NOTE],
    ['the allergy text', () => ALLERGY],
    ['the question to the assistant', () => QUESTION.slice(0, 30)],
    ['the wrong password tried', () => 'a wrong password, logged?'],
  ])('never holds %s', (_what, secret) => {
    expect(logText()).not.toContain(secret());
  });
});
