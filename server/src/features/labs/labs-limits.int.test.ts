import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labAttentionListSchema, labFileResultsSchema, labResultSchema, seriesResponseSchema } from '#contract/labs.ts';
import { makeTextPdf } from '#server/labs/extract/test-fixtures.ts';
import { type TestApp, createTestApp } from '#server/testing/test-app.ts';
import { createLabsWorker } from './labs.jobs.ts';
import { clientOnTier, silentLog, uploadFile } from './labs.test-helpers.ts';

/**
 * A value printed as a limit ("< 0.5": under the test's detection limit; "> 2000": over its top)
 * is kept with its sign from the report to the chart and the dashboard, and can be typed so.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const readForReal = () => createLabsWorker({ config: t.config, db: t.database.db, log: silentLog }).drain();

async function readReport() {
  const signed = await clientOnTier(t, 'pro');
  const pdf = await makeTextPdf([
    'Riverside Laboratory',
    'Sample collected on: 14/03/2025',
    'Test   Result   Unit   Reference',
    'C-Reactive Protein   < 0.5   mg/L   0 - 5.0',
    'Vitamin B12   >2000   pg/mL   200 - 900   H',
    'TSH   <0.01   mIU/L   0.4 - 4.0',
    'Ferritin   85   ng/mL   30 - 400',
  ]);
  const uploaded = await uploadFile(signed.client, pdf, 'report.pdf');
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await readForReal();
  const fileId = uploaded.json().id as string;
  const review = labFileResultsSchema.parse((await signed.client.get(`/api/labs/${fileId}/results`)).json());
  return { ...signed, fileId, review };
}

const byName = <T extends { name: string }>(results: T[], name: string): T => results.find((r) => r.name === name)!;

describe('a report that prints values as limits', () => {
  it('stores each limit with its sign, and flags it only where every value under or over it would be', async () => {
    const { review } = await readReport();
    expect(review.results.map((r) => [r.name, r.comparator, r.value, r.flag]).sort()).toEqual([
      ['CRP', '<', 0.5, 'normal'],
      ['Ferritin', null, 85, 'normal'],
      ['TSH', '<', 0.01, 'low'],
      ['Vitamin B12', '>', 2000, 'high'],
    ]);
  });

  it('charts a limit with its sign and lists it on the dashboard', async () => {
    const { client, fileId } = await readReport();
    expect((await client.post(`/api/labs/${fileId}/confirm`, {})).statusCode).toBe(200);
    const { series } = seriesResponseSchema.parse((await client.get('/api/labs/series?units=conventional')).json());
    expect(series.find((s) => s.biomarker === 'vitamin-b12')?.points).toMatchObject({ values: [2000], comparators: ['>'] });
    expect(series.find((s) => s.biomarker === 'ferritin')?.points.comparators).toEqual([null]);
    const attention = labAttentionListSchema.parse((await client.get('/api/labs/attention')).json());
    expect(attention.map((item) => [item.name, item.comparator, item.value, item.reason])).toEqual(
      expect.arrayContaining([
        ['Vitamin B12', '>', 2000, 'high'],
        ['TSH', '<', 0.01, 'low'],
      ]),
    );
    // "< 0.5" by 0 - 5 is in range whatever the value: not on the dashboard.
    expect(attention.map((item) => item.name)).not.toContain('CRP');
  });

  it('takes a correction that drops the sign or sets one, and refuses a sign it does not know', async () => {
    const { client, review } = await readReport();
    const crp = byName(review.results, 'CRP');
    const body = { biomarker: 'crp', unit: 'mg/L', referenceLow: 0, referenceHigh: 5 };
    const exact = labResultSchema.parse((await client.put(`/api/labs/results/${crp.id}`, { ...body, value: 0.7, comparator: null })).json());
    expect([exact.comparator, exact.value, exact.flag, exact.reviewed]).toEqual([null, 0.7, 'normal', true]);
    const over = labResultSchema.parse((await client.put(`/api/labs/results/${crp.id}`, { ...body, value: 10, comparator: '>=' })).json());
    expect([over.comparator, over.value, over.flag]).toEqual(['>=', 10, 'high']);
    const refused = await client.put(`/api/labs/results/${crp.id}`, { ...body, value: 1, comparator: '~' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual(expect.arrayContaining([{ field: 'comparator', message: 'The sign before a value must be <, <=, > or >=' }]));
  });

  it('keeps a limit typed by hand with no report', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const typed = await client.post('/api/labs/results', { biomarker: 'CRP', value: 0.3, comparator: '<', unit: 'mg/L', referenceLow: 1, referenceHigh: 5, testDate: '2025-02-01' });
    expect(typed.statusCode, typed.body).toBe(201);
    expect(labResultSchema.parse(typed.json())).toMatchObject({ comparator: '<', value: 0.3, flag: 'low' });
  });
});
