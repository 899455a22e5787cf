import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biomarkerReadingsSchema, LAB_MESSAGES } from '#contract/labs.ts';
import { makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { type TestApp, createTestApp } from '#server/testing/test-app.ts';
import { createLabsWorker } from './labs.jobs.ts';
import { findOrCreateOwnBiomarker } from './labs.repository.ts';
import { clientOnTier, fakeExtractor, silentLog, uploadFile } from './labs.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const readingsPath = (biomarker: string) => `/api/labs/biomarkers/${encodeURIComponent(biomarker)}/readings`;

/** A user with a report read (fasting glucose 104 mg/dL on 2025-03-14) and a fasting glucose typed in later. */
async function userWithGlucose() {
  const signed = await clientOnTier(t, 'pro');
  const upload = await uploadFile(signed.client, await makeTextPdf(panelLines()), 'March panel.pdf', { contentType: 'application/pdf' });
  expect(upload.statusCode, upload.body).toBe(201);
  await createLabsWorker({ config: t.config, db: t.database.db, log: silentLog, extract: fakeExtractor }).drain();
  const typed = await signed.client.post('/api/labs/results', { biomarker: 'glucose-fasting', value: 92, unit: 'mg/dL', referenceLow: 70, referenceHigh: 99, testDate: '2025-06-02' });
  expect(typed.statusCode, typed.body).toBe(201);
  return { ...signed, fileId: upload.json().id as string };
}

describe('GET /api/labs/biomarkers/:biomarker/readings', () => {
  it('gives the biomarker and every reading of it, newest first, with the report each came from', async () => {
    const { client, fileId } = await userWithGlucose();
    const response = await client.get(readingsPath('glucose-fasting'));
    expect(response.statusCode, response.body).toBe(200);
    const body = biomarkerReadingsSchema.parse(response.json());
    expect(body).toMatchObject({ biomarker: 'glucose-fasting', name: 'Fasting glucose', category: 'metabolic' });
    expect(body.readings.map(({ testDate, value, unit, referenceRange, report }) => ({ testDate, value, unit, referenceRange, report }))).toEqual([
      { testDate: '2025-06-02', value: 92, unit: 'mg/dL', referenceRange: { low: 70, high: 99, text: '70 - 99' }, report: null },
      { testDate: '2025-03-14', value: 104, unit: 'mg/dL', referenceRange: { low: 70, high: 99, text: '70 - 99' }, report: { id: fileId, fileName: 'March panel.pdf', fileUrl: `/api/labs/${fileId}/file` } },
    ]);
  });

  it("gives another user none of the owner's readings, and not the owner's own biomarker at all", async () => {
    const owner = await userWithGlucose();
    const own = await findOrCreateOwnBiomarker(t.database.db, owner.user.id, 'Omega-3 index', '%');
    const key = `own:${own.id}`;
    const typed = await owner.client.post('/api/labs/results', { biomarker: key, value: 6.1, unit: '%', testDate: '2025-05-01' });
    expect(typed.statusCode, typed.body).toBe(201);

    const mine = await owner.client.get(readingsPath(key));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ biomarker: key, name: 'Omega-3 index', category: 'other', readings: [{ value: 6.1, unit: '%', report: null }] });

    const other = await clientOnTier(t, 'pro');
    const catalogue = await other.client.get(readingsPath('glucose-fasting'));
    expect(catalogue.statusCode).toBe(200);
    expect(catalogue.json()).toMatchObject({ name: 'Fasting glucose', readings: [] });
    const theirs = await other.client.get(readingsPath(key));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(LAB_MESSAGES.biomarkerNotFound);
  });

  it('does not find a biomarker that neither the catalogue nor the user has', async () => {
    const { client } = await clientOnTier(t, 'pro');
    for (const key of ['no-such-marker', 'own:not-an-id', `own:${crypto.randomUUID()}`]) {
      const response = await client.get(readingsPath(key));
      expect(response.statusCode, key).toBe(404);
      expect(response.json().message).toBe(LAB_MESSAGES.biomarkerNotFound);
    }
  });
});
