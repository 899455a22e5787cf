import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractionResult } from '#contract/biomarkers.ts';
import { LAB_MESSAGES, labFileResultsSchema, seriesResponseSchema } from '#contract/labs.ts';
import { makeTextPdf } from '#server/labs/extract/test-fixtures.ts';
import { type TestApp, createTestApp } from '#server/testing/test-app.ts';
import { type Extractor, createLabsWorker } from './labs.jobs.ts';
import { FAKE_RESULT, clientOnTier, silentLog, uploadFile } from './labs.test-helpers.ts';

/**
 * Review of what the reader could not settle alone (product.md, Labs): rows whose names the
 * catalogue does not know, and values no living person can have. Both wait apart from the
 * results until the user decides, and only their owner reaches them.
 */
let t: TestApp;
let pdf: Uint8Array;
beforeAll(async () => {
  t = await createTestApp();
  pdf = await makeTextPdf([
    'Riverside Laboratory',
    'Sample collected on: 14/03/2025',
    'Test   Result   Unit   Reference',
    'Glucose Fasting   95   mg/dL   70 - 99',
    'Haemoglobin   135   g/dL   13.0 - 17.0',
    'Zonulin   48.5   ng/mL   0 - 55',
  ]);
});
afterAll(() => t.close());

const readForReal = () => createLabsWorker({ config: t.config, db: t.database.db, log: silentLog }).drain();

const WITH_UNKNOWN: ExtractionResult = {
  ...FAKE_RESULT,
  unrecognised: [
    {
      name: 'Ferritine sérique',
      value: 85,
      unit: 'ng/mL',
      referenceRange: { low: 30, high: 400, text: '30 - 400' },
      printedFlag: null,
      box: { page: 1, x: 0.1, y: 0.4, width: 0.6, height: 0.02 },
    },
    { name: 'Zonulin', value: 61, unit: 'ng/mL', referenceRange: { low: 0, high: 55, text: '0 - 55' }, printedFlag: 'H' },
  ],
};
/** The worker, its reader answering `result` for any file. */
const readAs = (result: ExtractionResult) => () =>
  createLabsWorker({
    config: t.config,
    db: t.database.db,
    log: silentLog,
    extract: (async () => ({ ok: true, result: structuredClone(result) })) satisfies Extractor,
  }).drain();
const readWithUnknown = readAs(WITH_UNKNOWN);

type Review = ReturnType<typeof labFileResultsSchema.parse>;

async function uploadReport(bytes: Uint8Array, read: () => Promise<number>) {
  const signed = await clientOnTier(t, 'pro');
  const response = await uploadFile(signed.client, bytes, 'report.pdf');
  expect(response.statusCode, response.body).toBe(201);
  await read();
  const fileId = response.json().id as string;
  const review = async (): Promise<Review> => labFileResultsSchema.parse((await signed.client.get(`/api/labs/${fileId}/results`)).json());
  return { ...signed, fileId, review };
}

describe('a report with an unknown row and an implausible value', () => {
  it('keeps both for review with where they were on the page, and reports the pages read', async () => {
    const { fileId, review } = await uploadReport(pdf, readForReal);
    const { file, results, reviewRows } = await review();
    expect(file).toMatchObject({ status: 'needs_review', progress: 100, pagesRead: 1, pageCount: 1, reviewRowCount: 2, testDate: '2025-03-14' });
    expect(results.map((r) => [r.name, r.value])).toEqual([['Fasting glucose', 95]]);
    expect(reviewRows.map((r) => [r.kind, r.name, r.value, r.unit, r.referenceRange.text])).toEqual([
      ['implausible', 'Hemoglobin', 135, 'g/dL', '13.0 - 17.0'],
      ['unrecognised', 'Zonulin', 48.5, 'ng/mL', '0 - 55'],
    ]);
    // Boxes are fractions of the page, each row below the one before it.
    const boxes = [results[0]!.box, ...reviewRows.map((r) => r.box)];
    for (const box of boxes) {
      expect(box).toMatchObject({ page: 1 });
      expect(box!.x + box!.width).toBeLessThanOrEqual(1);
      expect(box!.height).toBeGreaterThan(0);
      expect(box!.height).toBeLessThan(0.05);
    }
    expect(boxes.map((b) => b!.y)).toEqual([...boxes.map((b) => b!.y)].sort((a, b) => a - b));
    expect(fileId).toBeTruthy();
  });

  it('refuses to confirm the file while a row waits for a decision', async () => {
    const { client, fileId } = await uploadReport(pdf, readForReal);
    const refused = await client.post(`/api/labs/${fileId}/confirm`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LAB_MESSAGES.reviewRowsPending);
  });

  it('refuses an implausible value until the user confirms it, then charts it', async () => {
    const { client, fileId, review } = await uploadReport(pdf, readForReal);
    const row = (await review()).reviewRows.find((r) => r.kind === 'implausible')!;
    const body = { biomarker: row.biomarker!, value: row.value, unit: row.unit, referenceLow: 13, referenceHigh: 17 };

    const refused = await client.put(`/api/labs/review-rows/${row.id}`, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'confirmImplausible', message: '135 g/dL is far outside what is possible for Hemoglobin. Check it against your report: correct it, or confirm it is what the report prints.' },
    ]);
    expect((await review()).reviewRows).toHaveLength(2);

    const saved = await client.put(`/api/labs/review-rows/${row.id}`, { ...body, confirmImplausible: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Hemoglobin', value: 135, reviewed: true, flag: 'high', testDate: '2025-03-14', box: row.box });
    // Once: the same row again finds nothing to save.
    expect((await client.put(`/api/labs/review-rows/${row.id}`, { ...body, confirmImplausible: true })).statusCode).toBe(404);

    const series = seriesResponseSchema.parse((await client.get('/api/labs/series?units=conventional')).json());
    expect(series.series.find((s) => s.biomarker === 'hemoglobin')?.points.values).toEqual([135]);
    expect((await review()).file.reviewRowCount).toBe(1);
    expect(fileId).toBeTruthy();
  });

  it('takes a corrected value in place of the implausible one without asking again', async () => {
    const { client, review } = await uploadReport(pdf, readForReal);
    const row = (await review()).reviewRows.find((r) => r.kind === 'implausible')!;
    const saved = await client.put(`/api/labs/review-rows/${row.id}`, { biomarker: 'hemoglobin', value: 13.5, unit: 'g/dL', referenceLow: 13, referenceHigh: 17 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ value: 13.5, flag: 'normal', reviewed: true });
  });

  it("keeps an unknown row as the user's own biomarker, charted in its unit, and then confirms the file", async () => {
    const { client, fileId, review } = await uploadReport(pdf, readForReal);
    const rows = (await review()).reviewRows;
    const zonulin = rows.find((r) => r.kind === 'unrecognised')!;
    const kept = await client.post(`/api/labs/review-rows/${zonulin.id}/own`, { name: 'Zonulin', unit: 'ng/mL' });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ name: 'Zonulin', value: 48.5, unit: 'ng/mL', category: 'other', flag: 'normal', referenceRange: { low: 0, high: 55 } });
    const own = (await client.get('/api/labs/own-biomarkers')).json();
    expect(own).toEqual([{ key: kept.json().biomarker, name: 'Zonulin', unit: 'ng/mL' }]);

    const implausible = rows.find((r) => r.kind === 'implausible')!;
    expect((await client.delete(`/api/labs/review-rows/${implausible.id}`)).statusCode).toBe(200);
    const confirmed = await client.post(`/api/labs/${fileId}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().file).toMatchObject({ status: 'done', reviewRowCount: 0 });

    const series = seriesResponseSchema.parse((await client.get('/api/labs/series')).json());
    expect(series.series.find((s) => s.name === 'Zonulin')).toMatchObject({
      biomarker: kept.json().biomarker,
      unit: 'ng/mL',
      category: 'other',
      points: { testDates: ['2025-03-14'], values: [48.5], reviewed: [true] },
      referenceRange: { low: 0, high: 55 },
    });
    // A result of one's own biomarker is corrected like any other, in its one unit.
    const corrected = await client.put(`/api/labs/results/${kept.json().id}`, { biomarker: kept.json().biomarker, value: 50, unit: 'ng/mL' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const otherUnit = await client.put(`/api/labs/results/${kept.json().id}`, { biomarker: kept.json().biomarker, value: 50, unit: 'mg/L' });
    expect(otherUnit.statusCode).toBe(400);
  });

  it('draws the report page as an image for review beside the table', async () => {
    const { client, fileId } = await uploadReport(pdf, readForReal);
    const page = await client.get(`/api/labs/${fileId}/pages/1`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect(page.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await client.get(`/api/labs/${fileId}/pages/2`)).statusCode).toBe(404);
  });
});

describe('mapping an unknown row', () => {
  it('maps it to a catalogue biomarker with its printed unit', async () => {
    const { client, review } = await uploadReport(pdf, readWithUnknown);
    const [ferritine] = (await review()).reviewRows;
    const mapped = await client.put(`/api/labs/review-rows/${ferritine!.id}`, { biomarker: 'ferritin', value: 85, unit: 'ng/mL', referenceLow: 30, referenceHigh: 400 });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({ biomarker: 'ferritin', name: 'Ferritin', value: 85, reviewed: true, box: ferritine!.box, testDate: FAKE_RESULT.collectedAt });
    expect((await review()).reviewRows.map((r) => r.name)).toEqual(['Zonulin']);
    const series = seriesResponseSchema.parse((await client.get('/api/labs/series')).json());
    expect(series.series.find((s) => s.biomarker === 'ferritin')?.points.values).toEqual([85]);
  });

  it("refuses a kept name in a unit other than the biomarker's", async () => {
    const { client, review } = await uploadReport(pdf, readWithUnknown);
    const rows = (await review()).reviewRows;
    expect((await client.post(`/api/labs/review-rows/${rows[1]!.id}/own`, { name: 'zonulin', unit: 'ng/mL' })).statusCode).toBe(201);
    const refused = await client.post(`/api/labs/review-rows/${rows[0]!.id}/own`, { name: 'ZONULIN', unit: 'mg/L' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toEqual({ field: 'unit', message: `${LAB_MESSAGES.ownBiomarkerUnit} (ng/mL)` });
  });
});

const WITH_UNREAD: ExtractionResult = { ...FAKE_RESULT, unread: [{ name: 'TSH', box: { page: 1, x: 0.1, y: 0.5, width: 0.6, height: 0.02 } }] };
const readWithUnread = readAs(WITH_UNREAD);

describe('a test whose value could not be read', () => {
  it('waits for the value typed from the report, with where it was printed, and holds back confirming', async () => {
    const { client, fileId, review } = await uploadReport(pdf, readWithUnread);
    const { file, reviewRows } = await review();
    expect(file.reviewRowCount).toBe(1);
    expect(reviewRows).toEqual([expect.objectContaining({ kind: 'unread', name: 'TSH', biomarker: 'tsh', value: null, unit: '', box: WITH_UNREAD.unread![0]!.box })]);
    expect((await client.post(`/api/labs/${fileId}/confirm`, {})).json().message).toBe(LAB_MESSAGES.reviewRowsPending);
    const [row] = reviewRows;

    const noValue = await client.put(`/api/labs/review-rows/${row!.id}`, { biomarker: 'tsh', unit: 'mIU/L' });
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json().details[0].field).toBe('value');
    expect((await client.post(`/api/labs/review-rows/${row!.id}/own`, { name: 'TSH', unit: 'mIU/L' })).statusCode).toBe(400);

    const saved = await client.put(`/api/labs/review-rows/${row!.id}`, { biomarker: 'tsh', value: 1.77, unit: 'mIU/L' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ biomarker: 'tsh', value: 1.77, unit: 'mIU/L', reviewed: true, box: row!.box, testDate: FAKE_RESULT.collectedAt });
    expect((await review()).reviewRows).toEqual([]);
    expect((await client.post(`/api/labs/${fileId}/confirm`, {})).statusCode).toBe(200);
    const series = seriesResponseSchema.parse((await client.get('/api/labs/series')).json());
    expect(series.series.find((s) => s.biomarker === 'tsh')?.points.values).toEqual([1.77]);
  });

  it('keeps the unit and range read beside a value whose readings disagreed', async () => {
    const inDoubt = { name: 'TSH', unit: 'mIU/L', referenceRange: { low: 0.4, high: 4, text: '0.4 - 4.0' } };
    const { review } = await uploadReport(pdf, readAs({ ...FAKE_RESULT, unread: [inDoubt] }));
    const [row] = (await review()).reviewRows;
    expect(row).toMatchObject({ kind: 'unread', value: null, ...inDoubt });
  });

  it('can be left out, and then the file confirms', async () => {
    const { client, fileId, review } = await uploadReport(pdf, readWithUnread);
    const [row] = (await review()).reviewRows;
    expect((await client.delete(`/api/labs/review-rows/${row!.id}`)).statusCode).toBe(200);
    expect((await client.post(`/api/labs/${fileId}/confirm`, {})).statusCode).toBe(200);
  });
});

describe('typed results', () => {
  it('asks for confirmation of an implausible value typed by hand and stores it once confirmed', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const body = { biomarker: 'glucose-fasting', value: 9500, unit: 'mg/dL', testDate: '2025-02-01' };
    const refused = await client.post('/api/labs/results', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].field).toBe('confirmImplausible');
    expect((await client.get('/api/labs/results/manual')).json()).toEqual([]);
    const stored = await client.post('/api/labs/results', { ...body, confirmImplausible: true });
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toMatchObject({ value: 9500, reviewed: true });
  });
});

describe('only the owner', () => {
  it("reaches a user's review rows, own biomarkers and page images", async () => {
    const owner = await uploadReport(pdf, readWithUnknown);
    const [row] = (await owner.review()).reviewRows;
    const kept = await owner.client.post(`/api/labs/review-rows/${row!.id}/own`, { name: 'Ferritine sérique', unit: 'ng/mL' });
    expect(kept.statusCode).toBe(201);
    const [other] = (await owner.review()).reviewRows;

    const { client: stranger } = await clientOnTier(t, 'pro');
    expect((await stranger.put(`/api/labs/review-rows/${other!.id}`, { biomarker: 'ferritin', value: 61, unit: 'ng/mL' })).statusCode).toBe(404);
    expect((await stranger.post(`/api/labs/review-rows/${other!.id}/own`, { name: 'Zonulin', unit: 'ng/mL' })).statusCode).toBe(404);
    expect((await stranger.delete(`/api/labs/review-rows/${other!.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/labs/${owner.fileId}/pages/1`)).statusCode).toBe(404);
    expect((await stranger.get('/api/labs/own-biomarkers')).json()).toEqual([]);
    // Another user's biomarker key names nothing for this user.
    const borrowed = await stranger.post('/api/labs/results', { biomarker: kept.json().biomarker, value: 85, unit: 'ng/mL', testDate: '2025-01-01' });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().details[0].field).toBe('biomarker');

    expect((await owner.review()).reviewRows).toHaveLength(1);
    const visitor = await fetchAsVisitor(`/api/labs/review-rows/${other!.id}`);
    expect(visitor).toBe(401);
  });
});

async function fetchAsVisitor(url: string): Promise<number> {
  const response = await t.app.inject({ method: 'DELETE', url, headers: { origin: 'http://localhost:3000' } });
  return response.statusCode;
}
