import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_MESSAGES, labFileResultsSchema } from '#contract/labs.ts';
import { extractInWorker } from '#server/labs/extract/run-in-worker.ts';
import { makeTextPdf } from '#server/labs/extract/test-fixtures.ts';
import { FakeOpenAi } from '#server/testing/fake-openai.ts';
import { type TestApp, createTestApp } from '#server/testing/test-app.ts';
import { type Extractor, createLabsWorker } from './labs.jobs.ts';
import { clientOnTier, silentLog, uploadFile } from './labs.test-helpers.ts';

/**
 * "Read my reports with the AI model" (product.md, Labs): off until the user turns it on; then a
 * report whose reading left rows unread has its text read by the model, against the local
 * OpenAI-compatible server, and only the rows that text bears out are kept, marked as the model's.
 */
const fake = new FakeOpenAi();
let t: TestApp;
let withoutModel: TestApp;
/** A footnote mark after the ferritin value ("85 (1)") leaves that row unread by the parser. */
let footnoted: Uint8Array;
let plain: Uint8Array;

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'test-model' });
  withoutModel = await createTestApp();
  const head = ['Riverside Laboratory', 'Sample collected on: 14/03/2025', 'Test   Result   Unit   Reference', 'Glucose Fasting   95   mg/dL   70 - 99'];
  footnoted = await makeTextPdf([...head, 'Ferritin   85 (1)   ng/mL   30 - 400', '(1) Method changed on 01/02/2025']);
  plain = await makeTextPdf(head);
});
afterAll(async () => {
  await Promise.all([t?.close(), withoutModel?.close()]);
  await fake.close();
});

const row = (name: string, value: string, unit: string, range: string) => ({ name, value, unit, range });
/** What the model proposes: two rows the report prints, and three it does not (a value, a unit, a name). */
const PROPOSED = {
  rows: [
    row('Glucose Fasting', '95', 'mg/dL', '70 - 99'),
    row('Ferritin', '85', 'ng/mL', '30 - 400'),
    row('Ferritin', '8.5', 'ng/mL', '30 - 400'),
    row('Vitamin D', '85', 'ng/mL', '30 - 100'),
    row('Vitamin B12', '95', 'pg/mL', '200 - 900'),
  ],
};
const answerWith = (answer: unknown) => {
  const text = JSON.stringify(answer);
  fake.behaviour = { kind: 'stream', pieces: [text.slice(0, 40), text.slice(40)] };
};

async function readReport(app: TestApp, bytes: Uint8Array, enabled: boolean, extract?: Extractor) {
  const { client } = await clientOnTier(app, 'pro');
  if (enabled) expect((await client.put('/api/labs/model-reading', { enabled: true })).statusCode).toBe(200);
  const upload = await uploadFile(client, bytes, 'report.pdf');
  expect(upload.statusCode, upload.body).toBe(201);
  const requestsBefore = fake.requests.length;
  await createLabsWorker({ config: app.config, db: app.database.db, log: silentLog, ...(extract ? { extract } : {}) }).drain();
  const review = labFileResultsSchema.parse((await client.get(`/api/labs/${upload.json().id}/results`)).json());
  return { client, review, modelCalls: fake.requests.length - requestsBefore };
}

describe('the setting', () => {
  it('is off by default, says where the text would go, and is the user’s own', async () => {
    const { client } = await clientOnTier(t, 'free');
    const other = await clientOnTier(t, 'free');
    expect((await client.get('/api/labs/model-reading')).json()).toEqual({ available: true, enabled: false, host: new URL(fake.baseUrl).host });
    const on = await client.put('/api/labs/model-reading', { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true });
    expect((await client.get('/api/labs/model-reading')).json()).toMatchObject({ enabled: true });
    expect((await other.client.get('/api/labs/model-reading')).json()).toMatchObject({ enabled: false });
    expect((await client.put('/api/labs/model-reading', { enabled: false })).json()).toMatchObject({ enabled: false });
  });

  it('cannot be turned on where the server has no model', async () => {
    const { client } = await clientOnTier(withoutModel, 'free');
    expect((await client.get('/api/labs/model-reading')).json()).toEqual({ available: false, enabled: false, host: null });
    const refused = await client.put('/api/labs/model-reading', { enabled: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LAB_MESSAGES.noModel);
    expect((await client.put('/api/labs/model-reading', { enabled: 'yes' })).statusCode).toBe(400);
  });
});

describe('a report with a row the reading left unread', () => {
  it('is read without the model while the setting is off', async () => {
    answerWith(PROPOSED);
    const { review, modelCalls } = await readReport(t, footnoted, false);
    expect(modelCalls).toBe(0);
    expect(review.results.map((r) => r.name)).toEqual(['Fasting glucose']);
  });

  it('sends the report’s text to the model and keeps only the rows the text bears out, marked', async () => {
    answerWith(PROPOSED);
    const { client, review, modelCalls } = await readReport(t, footnoted, true);
    expect(modelCalls).toBe(1);
    const sent = fake.requests.at(-1)!.body;
    expect(sent).toMatchObject({ model: 'test-model', response_format: { type: 'json_schema', json_schema: { name: 'lab_report_rows', strict: true } } });
    // Strict structured output needs every field required and no other.
    expect(sent.response_format!.json_schema!.schema).toMatchObject({
      properties: { rows: { items: { required: ['name', 'value', 'unit', 'range'], additionalProperties: false } } },
    });
    const text = sent.messages.map((message) => message.content).join('\n');
    expect(text).toContain('Ferritin');
    expect(text).toContain('85 (1)');
    expect(text).not.toContain('%PDF');

    expect(review.file).toMatchObject({ status: 'needs_review', testDate: '2025-03-14' });
    const rows = review.results.map((r) => [r.name, r.value, r.unit, r.referenceRange.text, r.readByModel, r.reviewed]);
    expect(rows.sort()).toEqual([
      ['Fasting glucose', 95, 'mg/dL', '70 - 99', false, false],
      ['Ferritin', 85, 'ng/mL', '30 - 400', true, false],
    ]);

    // Outlined on the page where its line was read.
    const ferritin = review.results.find((r) => r.name === 'Ferritin')!;
    expect(ferritin.box).toMatchObject({ page: 1 });
    // A correction makes the value the user's own.
    const corrected = await client.put(`/api/labs/results/${ferritin.id}`, { biomarker: 'ferritin', value: 86, unit: 'ng/mL', referenceLow: 30, referenceHigh: 400 });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ value: 86, reviewed: true, readByModel: false });
  });

  it('keeps the reading as it was when the model fails or answers something else', async () => {
    fake.behaviour = { kind: 'status', status: 500, body: { error: { message: 'overloaded' } } };
    const failed = await readReport(t, footnoted, true);
    expect(failed.modelCalls).toBe(1);
    expect(failed.review.file.status).toBe('needs_review');
    expect(failed.review.results.map((r) => r.name)).toEqual(['Fasting glucose']);

    answerWith({ results: 'Ferritin 85' });
    const garbled = await readReport(t, footnoted, true);
    expect(garbled.modelCalls).toBe(1);
    expect(garbled.review.results.map((r) => r.name)).toEqual(['Fasting glucose']);
  });

  it('no longer asks the user to type a value the model read', async () => {
    answerWith(PROPOSED);
    // As if OCR had left ferritin and TSH unread: the model's ferritin settles one, not the other.
    const unreadOnOcr: Extractor = async (bytes, options) => {
      const outcome = await extractInWorker(bytes, options);
      return outcome.ok ? { ...outcome, result: { ...outcome.result, unread: [{ name: 'Ferritin' }, { name: 'TSH' }] } } : outcome;
    };
    const { review } = await readReport(t, footnoted, true, unreadOnOcr);
    expect(review.results.find((r) => r.name === 'Ferritin')).toMatchObject({ value: 85, readByModel: true });
    expect(review.reviewRows.map((r) => [r.kind, r.name])).toEqual([['unread', 'TSH']]);
  });

  it('does not ask the model when every row was read', async () => {
    answerWith(PROPOSED);
    const { review, modelCalls } = await readReport(t, plain, true);
    expect(modelCalls).toBe(0);
    expect(review.results.map((r) => r.name)).toEqual(['Fasting glucose']);
  });
});
