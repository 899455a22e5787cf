import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LabResult, seriesResponseSchema } from '#contract/labs.ts';
import { jobs, labFiles, labResults, supplementLogs, usageEvents } from '#server/db/schema/index.ts';
import { claimNextJob, findJob } from '#server/jobs/jobs.repository.ts';
import { makeFakeExecutable, makeHugePng, makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { type FileStore, StoredFileMissingError } from '#server/storage/file-store.ts';
import { createFileStore } from '#server/storage/create-file-store.ts';
import { buildApp } from '#server/app.ts';
import { type TestApp, TestClient, createTestApp, discardedLogs, signedInClient } from '#server/testing/test-app.ts';
import { type Extractor, createLabsWorker } from './labs.jobs.ts';
import { LabsService } from './labs.service.ts';
import { FAKE_RESULT, clientOnTier, fakeExtractor, silentLog, uploadFile } from './labs.test-helpers.ts';

let t: TestApp;
let pdf: Uint8Array;
beforeAll(async () => {
  t = await createTestApp();
  pdf = await makeTextPdf(panelLines());
});
afterAll(() => t.close());

const worker = () => createLabsWorker({ config: t.config, db: t.database.db, log: silentLog, extract: fakeExtractor });
const store = () => createFileStore(t.config.storage);
const countUses = async (userId: string) =>
  (await t.database.db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).filter((u) => u.kind === 'lab_upload').length;

async function uploadedAndRead(tier: 'starter' | 'pro' = 'pro') {
  const signed = await clientOnTier(t, tier);
  const response = await uploadFile(signed.client, pdf, 'March panel.pdf', { contentType: 'application/pdf' });
  expect(response.statusCode, response.body).toBe(201);
  await worker().drain();
  return { ...signed, fileId: response.json().id as string };
}

describe('POST /api/labs and GET /api/labs', () => {
  it('stores the file under a generated name, queues it, and lists it with its status and progress', async () => {
    const { client, user } = await clientOnTier(t, 'pro');
    const response = await uploadFile(client, pdf, '../../etc/March panel.pdf', { contentType: 'application/pdf' });
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json();
    expect(file).toMatchObject({
      fileName: 'March panel.pdf',
      fileUrl: `/api/labs/${file.id}/file`,
      contentType: 'application/pdf',
      status: 'queued',
      progress: 0,
      resultCount: 0,
      errorMessage: null,
    });
    const [row] = await t.database.db.select().from(labFiles).where(eq(labFiles.id, file.id));
    expect(row!.storageKey).toMatch(new RegExp(`^${user.id}/[0-9a-f-]{36}$`));
    expect(row!.storageKey).not.toContain('March');

    const list = await client.get('/api/labs');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([file]);

    await worker().drain();
    const [read] = (await client.get('/api/labs')).json();
    expect(read).toMatchObject({ status: 'needs_review', progress: 100, resultCount: 2, unreviewedCount: 2, testDate: '2025-03-14' });
  });

  it('judges the type by content: a PDF named .png is a PDF, and an executable named .pdf is refused with 415', async () => {
    const { client, user } = await clientOnTier(t, 'pro');
    const lying = await uploadFile(client, pdf, 'scan.png', { contentType: 'image/png' });
    expect(lying.statusCode).toBe(201);
    expect(lying.json()).toMatchObject({ fileName: 'scan.pdf', contentType: 'application/pdf' });

    const exe = await uploadFile(client, makeFakeExecutable(), 'report.pdf', { contentType: 'application/pdf' });
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(exe.json().message).toMatch(/not supported.*PDF, Word document \(DOC or DOCX\), PNG or JPEG/);
    const rtf = await uploadFile(client, Buffer.from('{\\rtf1\\ansi Glucose 95}'), 'report.doc');
    expect(rtf.statusCode).toBe(415);
    expect(rtf.json().message).toMatch(/RTF/);
    expect((await client.get('/api/labs')).json()).toHaveLength(1);
    expect(await countUses(user.id)).toBe(1);
  });

  it('refuses an empty file (400), a missing file field (400) and a non-multipart body (415)', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const empty = await uploadFile(client, new Uint8Array(), 'empty.pdf');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The file is empty', details: [{ field: 'file' }] });
    const wrongField = await uploadFile(client, pdf, 'a.pdf', { field: 'document' });
    expect(wrongField.statusCode).toBe(400);
    const json = await client.post('/api/labs', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await client.get('/api/labs')).json()).toHaveLength(0);
  });

  it('refuses a request with two files (one file per request) and stores neither', async () => {
    const { client, user } = await clientOnTier(t, 'pro');
    const boundary = '----stacklabtwo';
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
        Buffer.from(pdf),
        Buffer.from('\r\n'),
      ]);
    const payload = Buffer.concat([part('a.pdf'), part('b.pdf'), Buffer.from(`--${boundary}--\r\n`)]);
    const response = await client.request({
      method: 'POST',
      url: '/api/labs',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Send one file per request');
    expect(await countUses(user.id)).toBe(0);
    expect((await client.get('/api/labs')).json()).toEqual([]);
  });

  it('answers 400 to an upload cut off mid-part or without its boundary, and stores nothing', async () => {
    const { client, user } = await clientOnTier(t, 'pro');
    const head = '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n';
    for (const payload of ['""', '--cut\r\n', Buffer.concat([Buffer.from(head), Buffer.from(pdf)])]) {
      const response = await client.request({ method: 'POST', url: '/api/labs', payload, headers: { 'content-type': 'multipart/form-data; boundary=cut' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The upload was cut off or malformed; please send the file again' });
    }
    expect(await countUses(user.id)).toBe(0);
    expect((await client.get('/api/labs')).json()).toEqual([]);
  });

  it("tells the web this server's cap (LAB_MAX_BYTES), which is the one it enforces", async () => {
    const small = await createTestApp({ LAB_MAX_BYTES: String(1024 * 1024) });
    try {
      expect((await new TestClient(small.app).get('/api/config')).json()).toMatchObject({ labMaxBytes: 1024 * 1024 });
      const { client } = await clientOnTier(small, 'pro');
      const over = new Uint8Array(1024 * 1024 + 1);
      over.set(pdf);
      expect((await uploadFile(client, over, 'over.pdf')).json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 1 MB; please upload a smaller file' });
    } finally {
      await small.close();
    }
    expect((await new TestClient(t.app).get('/api/config')).json()).toMatchObject({ labMaxBytes: 20 * 1024 * 1024 });
  });

  it('answers 413 for a file over LAB_MAX_BYTES, by its declared length or while it streams', async () => {
    const { client, user } = await clientOnTier(t, 'pro');
    const max = t.config.labs.maxBytes;
    const huge = await uploadFile(client, new Uint8Array(max + 200_000), 'huge.pdf');
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 20 MB; please upload a smaller file' });
    const justOver = new Uint8Array(max + 1);
    justOver.set(pdf);
    const streamed = await uploadFile(client, justOver, 'over.pdf');
    expect(streamed.statusCode).toBe(413);
    expect(await countUses(user.id)).toBe(0);
    expect((await client.get('/api/labs')).json()).toHaveLength(0);
  });

  it('strips location and other metadata from images, applying the orientation first', async () => {
    const { client, user } = await clientOnTier(t, 'pro');
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const response = await uploadFile(client, photo, 'IMG_0001.JPG', { contentType: 'image/jpeg' });
    expect(response.statusCode, response.body).toBe(201);
    const download = await client.get(response.json().fileUrl);
    expect(download.headers['content-type']).toBe('image/jpeg');
    const stored = await sharp(download.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([20, 40]);
    expect(download.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false);
    expect(await countUses(user.id)).toBe(1);
  });

  it('refuses a 20,000 x 20,000 image before decoding it, and counts nothing', async () => {
    const { client, user } = await clientOnTier(t, 'pro');
    const response = await uploadFile(client, makeHugePng(), 'huge.png');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/too large \(20000 x 20000 pixels\)/);
    expect(await countUses(user.id)).toBe(0);
    expect((await client.get('/api/labs')).json()).toEqual([]);
  });
});

describe('plan limits', () => {
  it('refuses a free user (429 with a message) and counts nothing', async () => {
    const { client, user } = await clientOnTier(t, 'free');
    const response = await uploadFile(client, pdf, 'a.pdf');
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: 'LIMIT_REACHED', limitReached: true });
    expect(response.json().message).toMatch(/not included in the Free/i);
    expect(await countUses(user.id)).toBe(0);
  });

  it('answers 403 TRIAL_EXPIRED when the trial is over', async () => {
    const { client } = await clientOnTier(t, 'free', { trialExpired: true });
    const response = await uploadFile(client, pdf, 'a.pdf');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'TRIAL_EXPIRED', message: 'Your trial has expired. Please upgrade to continue.' });
  });

  it("refuses a starter user's 4th upload in 12 months; refused uploads count nothing", async () => {
    const { client, user } = await clientOnTier(t, 'starter');
    expect((await uploadFile(client, makeFakeExecutable(), 'x.pdf')).statusCode).toBe(415);
    for (let i = 1; i <= 3; i += 1) expect((await uploadFile(client, pdf, `r${i}.pdf`)).statusCode).toBe(201);
    const fourth = await uploadFile(client, pdf, 'r4.pdf');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/limited to 3 lab uploads per 12 months/);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect(await countUses(user.id)).toBe(3);
    expect((await client.get('/api/user')).json().user.labUploadsCount).toBe(3);
  });

  it('takes the use back when the file cannot be stored (a failed upload counts nothing)', async () => {
    const broken: FileStore = {
      kind: 'local',
      put: async () => Promise.reject(new Error('disk full')),
      get: async () => Promise.reject(new Error('unused')),
      putStream: async () => Promise.reject(new Error('disk full')),
      getStream: async () => Promise.reject(new Error('unused')),
      delete: async () => {},
    };
    const app = await buildApp({ config: t.config, database: t.database, fileStore: broken, logStream: discardedLogs() });
    try {
      const { client, user } = await clientOnTier(t, 'starter');
      const viaBroken = new TestClient(app);
      viaBroken.setCookie('stacklab_session', client.sessionCookie!);
      const response = await uploadFile(viaBroken, pdf, 'a.pdf');
      expect(response.statusCode).toBe(500);
      expect(response.json().message).not.toMatch(/disk full/);
      expect(await countUses(user.id)).toBe(0);
      expect((await client.get('/api/labs')).json()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('counts the upload in profile completion', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const before = (await client.get('/api/profile/completion')).json();
    await uploadFile(client, pdf, 'a.pdf');
    const after = (await client.get('/api/profile/completion')).json();
    expect(JSON.stringify(before)).not.toEqual(JSON.stringify(after));
    expect(JSON.stringify(after)).toMatch(/lab-results[^}]*(completed|true)/);
  });
});

describe('download and delete', () => {
  it('downloads the stored bytes as an attachment with a safe name and the sniffed type', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const file = (await uploadFile(client, pdf, 'Résultats mars; x.pdf')).json();
    const response = await client.get(file.fileUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="R_sultats mars_ x.pdf"; filename*=UTF-8''R%C3%A9sultats%20mars%3B%20x.pdf`,
    );
    expect(Buffer.compare(response.rawPayload, Buffer.from(pdf))).toBe(0);
  });

  it('deletes the file, its stored bytes, its results and its job', async () => {
    const { client, fileId, user } = await uploadedAndRead();
    const [row] = await t.database.db.select().from(labFiles).where(eq(labFiles.id, fileId));
    const response = await client.delete(`/api/labs/${fileId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, message: 'Lab file deleted' });
    expect((await client.get('/api/labs')).json()).toEqual([]);
    expect(await t.database.db.select().from(labResults).where(eq(labResults.userId, user.id))).toEqual([]);
    expect(await t.database.db.select().from(jobs).where(eq(jobs.userId, user.id))).toEqual([]);
    await expect(store().get(row!.storageKey)).rejects.toBeInstanceOf(StoredFileMissingError);
    expect((await client.delete(`/api/labs/${fileId}`)).statusCode).toBe(404);
  });
});

describe('account deletion support', () => {
  it('removes every stored file of a user and only theirs', async () => {
    const { client, user } = await clientOnTier(t, 'pro');
    const other = await clientOnTier(t, 'pro');
    await uploadFile(client, pdf, 'a.pdf');
    await uploadFile(client, pdf, 'b.pdf');
    const kept = (await uploadFile(other.client, pdf, 'c.pdf')).json();
    const labs = new LabsService({ db: t.database.db, store: store(), entitlements: undefined as never, limits: t.config.labs, modelHost: null, log: silentLog });
    const rows = await t.database.db.select().from(labFiles).where(eq(labFiles.userId, user.id));
    expect(await labs.removeAllStoredFiles(user.id)).toBe(2);
    for (const row of rows) await expect(store().get(row.storageKey)).rejects.toBeInstanceOf(StoredFileMissingError);
    expect((await other.client.get(kept.fileUrl)).statusCode).toBe(200);
  });
});

describe('review', () => {
  it('says which unit was taken from the printed range, until the user corrects it', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const response = await uploadFile(client, pdf, 'scan.pdf', { contentType: 'application/pdf' });
    const tsh = { ...FAKE_RESULT.results[1]!, name: 'TSH', loinc: '3016-3', value: 1.12, unit: 'm[IU]/L', canonicalValue: 1.12, canonicalUnit: 'm[IU]/L', unitFromRange: true as const };
    const extract: Extractor = async () => ({ ok: true, result: { ...structuredClone(FAKE_RESULT), results: [FAKE_RESULT.results[0]!, tsh] } });
    await createLabsWorker({ config: t.config, db: t.database.db, log: silentLog, extract }).drain();
    const { results } = (await client.get(`/api/labs/${response.json().id}/results`)).json() as { results: LabResult[] };
    expect(Object.fromEntries(results.map((r) => [r.name, r.unitFromRange]))).toEqual({ 'Fasting glucose': false, TSH: true });
    const corrected = await client.put(`/api/labs/results/${results.find((r) => r.name === 'TSH')!.id}`, { biomarker: 'tsh', value: 1.12, unit: 'm[IU]/L', referenceLow: 0.4, referenceHigh: 4 });
    expect(corrected.json()).toMatchObject({ unit: 'm[IU]/L', reviewed: true, unitFromRange: false });
  });

  it('lists unreviewed results, corrects, deletes and adds rows, sets the test date and confirms', async () => {
    const { client, fileId } = await uploadedAndRead();
    const review = (await client.get(`/api/labs/${fileId}/results`)).json();
    expect(review.file.status).toBe('needs_review');
    expect(review.results).toHaveLength(2);
    expect(review.results.every((r: { reviewed: boolean; source: string }) => !r.reviewed && r.source === 'extracted')).toBe(true);
    const glucose = review.results.find((r: { biomarker: string }) => r.biomarker === 'glucose-fasting');
    expect(glucose).toMatchObject({ value: 104, unit: 'mg/dL', flag: 'high', printedFlag: 'H', testDate: '2025-03-14', category: 'metabolic' });

    const corrected = await client.put(`/api/labs/results/${glucose.id}`, {
      biomarker: 'glucose-fasting',
      value: 5.2,
      unit: 'mmol/L',
      referenceLow: 3.9,
      referenceHigh: 5.5,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ value: 5.2, unit: 'mmol/L', canonicalUnit: 'mg/dL', flag: 'normal', reviewed: true });
    expect(corrected.json().canonicalValue).toBeCloseTo(93.7, 0);

    const added = await client.post(`/api/labs/${fileId}/results`, { biomarker: 'LDL Cholesterol', value: 130, unit: 'mg/dL' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ biomarker: 'ldl', name: 'LDL cholesterol', testDate: '2025-03-14', reviewed: true, source: 'manual' });

    const hemoglobin = review.results.find((r: { biomarker: string }) => r.biomarker === 'hemoglobin');
    expect((await client.delete(`/api/labs/results/${hemoglobin.id}`)).statusCode).toBe(200);

    const dated = await client.put(`/api/labs/${fileId}/test-date`, { testDate: '2025-03-10' });
    expect(dated.statusCode).toBe(200);
    expect(dated.json().file.testDate).toBe('2025-03-10');
    expect(dated.json().results.map((r: { testDate: string }) => r.testDate)).toEqual(['2025-03-10', '2025-03-10']);

    const confirmed = await client.post(`/api/labs/${fileId}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().file).toMatchObject({ status: 'done', unreviewedCount: 0, resultCount: 2 });
  });

  it.each([
    [{ biomarker: 'glucose', value: 5000, unit: 'mg/dL' }, 'confirmImplausible', /far outside what is possible for Glucose/],
    [{ biomarker: 'glucose', value: 95, unit: 'furlongs' }, 'unit', /"furlongs" is not a unit for Glucose; use one of mg\/dL, mmol\/L/],
    [{ biomarker: 'unobtainium', value: 1, unit: 'mg/dL' }, 'biomarker', /Unknown biomarker/],
    [{ biomarker: 'glucose', value: 'high', unit: 'mg/dL' }, 'value', /number/],
    [{ biomarker: 'glucose', value: 90, unit: 'mg/dL', referenceLow: 100, referenceHigh: 70 }, 'referenceLow', /low end/],
  ])('refuses a manual entry %j with 400 naming %s', async (body, field, message) => {
    const { client } = await clientOnTier(t, 'pro');
    const response = await client.post('/api/labs/results', { ...body, testDate: '2025-01-02' });
    expect(response.statusCode).toBe(400);
    const detail = response.json().details.find((d: { field: string }) => d.field === field);
    expect(detail?.message).toMatch(message);
  });

  it('takes manual entries with no file (reviewed), listed apart, and requires their test date', async () => {
    const { client } = await clientOnTier(t, 'free');
    const missingDate = await client.post('/api/labs/results', { biomarker: 'TSH', value: 2.1, unit: 'uIU/mL' });
    expect(missingDate.statusCode).toBe(400);
    const response = await client.post('/api/labs/results', { biomarker: 'TSH', value: 2.1, unit: 'uIU/mL', testDate: '2025-02-01' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ labFileId: null, name: 'TSH', canonicalUnit: 'm[IU]/L', reviewed: true, source: 'manual' });
    expect((await client.get('/api/labs/results/manual')).json()).toHaveLength(1);
  });

  it('marks a report date for review, and asks for a test date before confirming a report without one', async () => {
    const readAs = (result: Partial<typeof FAKE_RESULT>) =>
      createLabsWorker({ config: t.config, db: t.database.db, log: silentLog, extract: async () => ({ ok: true, result: { ...structuredClone(FAKE_RESULT), ...result } }) });
    const { client } = await clientOnTier(t, 'pro');
    const reportDated = (await uploadFile(client, pdf, 'a.pdf')).json();
    await readAs({ collectedAt: '2025-03-15', testDateReview: 'not-collection-date' }).drain();
    expect((await client.get(`/api/labs/${reportDated.id}/results`)).json().file).toMatchObject({ testDate: '2025-03-15', testDateReview: 'not-collection-date' });
    const confirmedAsPrinted = await client.post(`/api/labs/${reportDated.id}/confirm`, {});
    expect(confirmedAsPrinted.statusCode, confirmedAsPrinted.body).toBe(200);
    expect(confirmedAsPrinted.json().file).toMatchObject({ status: 'done', testDate: '2025-03-15', testDateReview: null });

    const undated = (await uploadFile(client, pdf, 'b.pdf')).json();
    await readAs({ collectedAt: null, testDateReview: 'not-found' }).drain();
    const refused = await client.post(`/api/labs/${undated.id}/confirm`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Set the test date before confirming: the date the sample was taken.');
    expect((await client.get(`/api/labs/${undated.id}/results`)).json().file).toMatchObject({ status: 'needs_review', testDate: null, testDateReview: 'not-found', unreviewedCount: 2 });

    const dated = await client.put(`/api/labs/${undated.id}/test-date`, { testDate: '2025-03-01' });
    expect(dated.json().file).toMatchObject({ testDate: '2025-03-01', testDateReview: null });
    const confirmed = await client.post(`/api/labs/${undated.id}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().results.map((r: { testDate: string }) => r.testDate)).toEqual(['2025-03-01', '2025-03-01']);
  });

  it('refuses to confirm a file still being read', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const file = (await uploadFile(client, pdf, 'a.pdf')).json();
    expect((await client.post(`/api/labs/${file.id}/confirm`, {})).statusCode).toBe(409);
  });
});

describe('ownership', () => {
  it("answers 404 to another user's ids on every route and changes nothing", async () => {
    const owner = await uploadedAndRead();
    const { client: other } = await clientOnTier(t, 'pro');
    const resultId = (await owner.client.get(`/api/labs/${owner.fileId}/results`)).json().results[0].id;
    const before = (await owner.client.get(`/api/labs/${owner.fileId}/results`)).json();
    const body = { biomarker: 'glucose', value: 90, unit: 'mg/dL' };
    const calls = [
      other.get(`/api/labs/${owner.fileId}`),
      other.get(`/api/labs/${owner.fileId}/file`),
      other.get(`/api/labs/${owner.fileId}/results`),
      other.post(`/api/labs/${owner.fileId}/results`, body),
      other.put(`/api/labs/${owner.fileId}/test-date`, { testDate: '2020-01-01' }),
      other.post(`/api/labs/${owner.fileId}/confirm`, {}),
      other.put(`/api/labs/results/${resultId}`, body),
      other.delete(`/api/labs/results/${resultId}`),
      other.delete(`/api/labs/${owner.fileId}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await other.get('/api/labs')).json()).toEqual([]);
    expect((await other.get('/api/labs/chart-data')).json().data).toEqual([]);
    expect((await owner.client.get(`/api/labs/${owner.fileId}/results`)).json()).toEqual(before);
  });

  it('answers 401 without a session and 400 to a malformed id', async () => {
    const { client } = await signedInClient(t);
    expect((await client.get('/api/labs/not-a-uuid')).statusCode).toBe(400);
    client.clearCookies();
    expect((await client.get('/api/labs')).statusCode).toBe(401);
    expect((await uploadFile(client, pdf, 'a.pdf')).statusCode).toBe(401);
  });
});

describe('chart data and series', () => {
  it('pages the results exactly as the spec shapes them', async () => {
    const { client } = await uploadedAndRead();
    for (let i = 0; i < 3; i += 1) {
      await client.post('/api/labs/results', { biomarker: 'glucose', value: 5 + i / 10, unit: 'mmol/L', testDate: `2024-0${i + 1}-15` });
    }
    const first = await client.get('/api/labs/chart-data?pageSize=2&page=1');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ success: true, pagination: { page: 1, pageSize: 2, total: 5, totalPages: 3 } });
    expect(body.data[0]).toEqual({ name: 'Glucose', value: 90.0901, testDate: '2024-01-15', unit: 'mg/dL', category: 'metabolic' });
    const last = (await client.get('/api/labs/chart-data?pageSize=2&page=3')).json();
    expect(last.data).toHaveLength(1);
    const all = (await client.get('/api/labs/chart-data')).json();
    expect(all.pagination).toEqual({ page: 1, pageSize: 100, total: 5, totalPages: 1 });
    expect((await client.get('/api/labs/chart-data?pageSize=0')).statusCode).toBe(400);
    expect((await client.get('/api/labs/chart-data?page=abc')).statusCode).toBe(400);
  });

  it('draws one series per biomarker in conventional or SI units, with ranges and supplement periods', async () => {
    const { client, user } = await uploadedAndRead();
    await client.post('/api/labs/results', { biomarker: 'glucose-fasting', value: 5.0, unit: 'mmol/L', testDate: '2025-01-10' });
    const day = (d: string, name: string) => ({
      userId: user.id,
      localDate: d,
      takenAt: new Date(`${d}T08:00:00Z`),
      name,
      dosageAmount: 1000,
      dosageUnit: 'IU' as const,
      frequencyCount: 1,
      frequencyUnit: 'daily' as const,
    });
    await t.database.db
      .insert(supplementLogs)
      .values([day('2025-01-01', 'Vitamin D3'), day('2025-01-05', 'Vitamin D3'), day('2025-01-12', 'Vitamin D3'), day('2025-01-25', 'Vitamin D3'), day('2025-01-03', 'Magnesium')]);

    const conventional = seriesResponseSchema.parse((await client.get('/api/labs/series')).json());
    expect(conventional.units).toBe('conventional');
    const glucose = conventional.series.find((s: { biomarker: string }) => s.biomarker === 'glucose-fasting');
    expect(glucose).toMatchObject({ name: 'Fasting glucose', unit: 'mg/dL', category: 'metabolic', referenceRange: { low: 70, high: 99 } });
    expect(glucose!.points).toEqual({ testDates: ['2025-01-10', '2025-03-14'], values: [90.09, 104], comparators: [null, null], flags: [null, 'high'], reviewed: [true, false] });
    expect(conventional.supplementPeriods).toEqual([
      { name: 'Vitamin D3', start: '2025-01-01', end: '2025-01-12' },
      { name: 'Magnesium', start: '2025-01-03', end: '2025-01-03' },
      { name: 'Vitamin D3', start: '2025-01-25', end: '2025-01-25' },
    ]);

    const si = seriesResponseSchema.parse((await client.get('/api/labs/series?units=si')).json());
    const siGlucose = si.series.find((s: { biomarker: string }) => s.biomarker === 'glucose-fasting');
    expect(siGlucose!.unit).toBe('mmol/L');
    expect(siGlucose!.points.values).toEqual([5, 5.772]);
    expect(siGlucose!.referenceRange.low).toBeCloseTo(3.885, 2);
    const siHemoglobin = si.series.find((s: { biomarker: string }) => s.biomarker === 'hemoglobin');
    expect(siHemoglobin).toMatchObject({ unit: 'g/L', points: { values: [138] } });
    expect((await client.get('/api/labs/series?units=imperial')).statusCode).toBe(400);
  });

  it('lists two results of one day in the order they were stored, and takes the latest range printed in a known unit', async () => {
    const { client, user } = await clientOnTier(t, 'pro');
    const result = (testDate: string, value: number, createdAt: string, range: { unit: string; low: number; high: number } | null) => ({
      userId: user.id,
      biomarkerKey: 'glucose-fasting',
      name: 'Fasting glucose',
      category: 'metabolic',
      value,
      unit: range?.unit ?? 'mg/dL',
      canonicalValue: value,
      canonicalUnit: 'mg/dL',
      referenceLow: range?.low ?? null,
      referenceHigh: range?.high ?? null,
      flag: null,
      testDate,
      reviewed: true,
      source: 'manual' as const,
      createdAt: new Date(createdAt),
    });
    // Stored out of order on purpose; the newest printed range is in a unit the catalogue does not know.
    await t.database.db.insert(labResults).values([
      result('2025-02-01', 95, '2025-02-02T10:00:00Z', { unit: 'mg/dL', low: 65, high: 100 }),
      result('2025-01-05', 92, '2025-01-06T09:00:00Z', null),
      result('2025-01-05', 88, '2025-01-06T08:00:00Z', null),
      result('2025-03-01', 97, '2025-03-02T10:00:00Z', { unit: 'mg per decilitre', low: 1, high: 2 }),
      result('2025-04-01', 99, '2025-04-02T10:00:00Z', null),
    ]);
    const [glucose] = seriesResponseSchema.parse((await client.get('/api/labs/series?units=conventional')).json()).series;
    expect(glucose!.points).toEqual({
      testDates: ['2025-01-05', '2025-01-05', '2025-02-01', '2025-03-01', '2025-04-01'],
      values: [88, 92, 95, 97, 99],
      comparators: [null, null, null, null, null],
      flags: [null, null, null, null, null],
      reviewed: [true, true, true, true, true],
    });
    expect(glucose!.referenceRange).toEqual({ low: 65, high: 100 });
  });

  it('lists the biomarker catalogue for the review form', async () => {
    const { client } = await signedInClient(t);
    const catalogue = (await client.get('/api/labs/biomarkers')).json();
    expect(catalogue.find((m: { key: string }) => m.key === 'glucose')).toMatchObject({
      name: 'Glucose',
      category: 'metabolic',
      canonicalUnit: 'mg/dL',
      siUnit: 'mmol/L',
      units: ['mg/dL', 'mmol/L', 'g/L', 'mg/L'],
    });
  });
});

describe('extraction jobs', () => {
  it('finishes a job whose worker died mid-way (claimed, lease expired) with the next worker', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const file = (await uploadFile(client, pdf, 'a.pdf')).json();
    const dead = await claimNextJob(t.database.db, ['lab.extract'], 'crashed-worker', 60_000);
    expect(dead).toBeDefined();
    await t.database.db.update(labFiles).set({ status: 'reading', progress: 40 }).where(eq(labFiles.id, file.id));
    expect(await worker().drain()).toBe(0); // its lease still holds
    await t.database.db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, dead!.id));
    expect(await worker().drain()).toBe(1);
    expect((await client.get(`/api/labs/${file.id}`)).json()).toMatchObject({ status: 'needs_review', progress: 100, resultCount: 2 });
    expect(await findJob(t.database.db, dead!.id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('keeps a file whose stored bytes vanished, failed with a clear message', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const file = (await uploadFile(client, pdf, 'a.pdf')).json();
    const [row] = await t.database.db.select().from(labFiles).where(eq(labFiles.id, file.id));
    await store().delete(row!.storageKey);
    await worker().drain();
    expect((await client.get(`/api/labs/${file.id}`)).json()).toMatchObject({
      status: 'failed',
      errorCode: 'missing-file',
      errorMessage: 'The stored file is missing; please upload it again',
    });
  });

  it('retries an internal extraction failure, then fails the file with a message', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const file = (await uploadFile(client, pdf, 'a.pdf')).json();
    let calls = 0;
    const failing = createLabsWorker({
      config: t.config,
      db: t.database.db,
      log: silentLog,
      extract: async () => {
        calls += 1;
        return { ok: false, error: { code: 'internal', message: 'The file could not be processed', detail: 'boom' } };
      },
    });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await failing.drain();
      await t.database.db.update(jobs).set({ runAfter: new Date(Date.now() - 1000) }).where(eq(jobs.userId, (await client.get('/api/user')).json().user.id));
    }
    expect(calls).toBe(3);
    expect((await client.get(`/api/labs/${file.id}`)).json()).toMatchObject({ status: 'failed', errorCode: 'internal' });
  });
});
