import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SYNTHETIC_PANEL,
  WORD_LIPID_PANEL,
  makeEncryptedPdf,
  makeTextPdf,
  makeTruncatedJpeg,
  makeZipBombDocx,
  panelLines,
  readLipidPanelDoc,
} from '#server/labs/extract/test-fixtures.ts';
import { type TestApp, createTestApp } from '#server/testing/test-app.ts';
import { createLabsWorker } from './labs.jobs.ts';
import { clientOnTier, pdfWithScript, silentLog, uploadFile, zeroPagePdf } from './labs.test-helpers.ts';

/**
 * Uploads read by the real extraction (worker threads with time and memory caps), end to end:
 * good reports, the shared sample reports, and hostile or broken files.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const samplesDir = path.resolve('../shared/labs-samples');
const samplesPresent = existsSync(path.join(samplesDir, 'GROUND_TRUTH.json'));
if (!samplesPresent) console.log(`labs extraction: ${samplesDir} is absent; the sample-report tests are skipped`);

const drain = () => createLabsWorker({ config: t.config, db: t.database.db, log: silentLog }).drain();

type Truth = { files: Record<string, { results: { canonical: string; value: string }[] }> };

describe('extraction through the queue', () => {
  it('reads a text PDF into unreviewed results with the collection date', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const file = (await uploadFile(client, await makeTextPdf(panelLines()), 'panel.pdf')).json();
    expect(await drain()).toBe(1);
    const review = (await client.get(`/api/labs/${file.id}/results`)).json();
    expect(review.file).toMatchObject({ status: 'needs_review', progress: 100, testDate: SYNTHETIC_PANEL.collectedAt, errorMessage: null });
    const found = review.results.map((r: { name: string; value: number }) => ({ name: r.name, value: r.value }));
    expect(found).toEqual(expect.arrayContaining(SYNTHETIC_PANEL.expected));
    expect(review.results.every((r: { reviewed: boolean }) => !r.reviewed)).toBe(true);
  });

  it('reads an uploaded Word 97 (.doc) report with every value and the collection date', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const file = (await uploadFile(client, readLipidPanelDoc(), 'lipid-panel.doc')).json();
    expect(await drain()).toBe(1);
    const review = (await client.get(`/api/labs/${file.id}/results`)).json();
    expect(review.file).toMatchObject({ status: 'needs_review', testDate: WORD_LIPID_PANEL.collectedAt, errorMessage: null });
    const found = review.results.map((r: { name: string; value: number; unit: string; referenceRange: { low: number | null; high: number | null }; flag: string }) => ({
      name: r.name,
      value: r.value,
      unit: r.unit,
      referenceRange: { low: r.referenceRange.low, high: r.referenceRange.high },
      flag: r.flag,
    }));
    // Rows saved together share a timestamp, so the review order among them is not the file's.
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(found.sort(byName)).toEqual([...WORD_LIPID_PANEL.expected].sort(byName));
  });

  it.skipIf(!samplesPresent)('reads a real sample report (text PDF) with every ground-truth value', async () => {
    const name = 'in-drlogy-lipid-normal.pdf';
    const truth = (JSON.parse(readFileSync(path.join(samplesDir, 'GROUND_TRUTH.json'), 'utf8')) as Truth).files[name]!;
    const { client } = await clientOnTier(t, 'pro');
    const file = (await uploadFile(client, readFileSync(path.join(samplesDir, name)), name)).json();
    await drain();
    const review = (await client.get(`/api/labs/${file.id}/results`)).json();
    expect(review.file.status).toBe('needs_review');
    const values = new Map(review.results.map((r: { name: string; value: number }) => [r.name.toLowerCase(), r.value]));
    for (const expected of truth.results) {
      const value = values.get(expected.canonical.toLowerCase());
      if (value !== undefined) expect(value).toBeCloseTo(Number(expected.value), 3);
    }
    expect(review.results.length).toBeGreaterThanOrEqual(Math.min(3, truth.results.length));
    const chart = (await client.get('/api/labs/chart-data')).json();
    expect(chart.pagination.total).toBe(review.results.length);
  });

  it.skipIf(!samplesPresent)('reads a real sample image by OCR', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const file = (await uploadFile(client, readFileSync(path.join(samplesDir, 'img-labsmart-cbc.png')), 'cbc.png')).json();
    await drain();
    const read = (await client.get(`/api/labs/${file.id}`)).json();
    expect(read.status).toBe('needs_review');
    expect(read.resultCount).toBeGreaterThanOrEqual(5);
  });
});

describe('bad files', () => {
  it('gives each a clear status and message, keeps it, and the app stays up with nothing else lost', async () => {
    const { client } = await clientOnTier(t, 'pro');
    const good = (await uploadFile(client, await makeTextPdf(panelLines()), 'good.pdf')).json();
    await drain();
    const goodBefore = (await client.get(`/api/labs/${good.id}/results`)).json();

    const bad: [string, Uint8Array][] = [
      ['encrypted.pdf', await makeEncryptedPdf()],
      ['bomb.docx', makeZipBombDocx(200)],
      ['zero-pages.pdf', zeroPagePdf()],
      ['script.pdf', pdfWithScript()],
      ['truncated.jpg', await makeTruncatedJpeg()],
    ];
    const ids = new Map<string, string>();
    for (const [name, bytes] of bad) {
      const response = await uploadFile(client, bytes, name);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
      ids.set(name, response.json().id);
    }
    expect(await drain()).toBe(bad.length);

    const files = new Map<string, { status: string; errorCode: string | null; errorMessage: string | null; resultCount: number }>(
      (await client.get('/api/labs')).json().map((f: { id: string }) => [f.id, f]),
    );
    const statusOf = (name: string) => files.get(ids.get(name)!)!;
    expect(statusOf('encrypted.pdf')).toMatchObject({ status: 'failed', errorCode: 'password-protected' });
    expect(statusOf('bomb.docx')).toMatchObject({ status: 'failed', errorCode: 'zip-bomb' });
    expect(statusOf('zero-pages.pdf').status).toBe('failed');
    // The script is never run; the page's text is read like any other.
    expect(statusOf('script.pdf')).toMatchObject({ status: 'needs_review', resultCount: 1 });
    expect(['failed', 'needs_review']).toContain(statusOf('truncated.jpg').status);
    for (const name of ids.keys()) {
      const file = statusOf(name);
      if (file.status === 'failed' || file.resultCount === 0) expect(file.errorMessage?.length ?? 0, name).toBeGreaterThan(15);
    }
    // Kept: each can still be downloaded.
    for (const id of ids.values()) expect((await client.get(`/api/labs/${id}/file`)).statusCode).toBe(200);

    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await client.get(`/api/labs/${good.id}/results`)).json()).toEqual(goodBefore);

    // Files that could not be read cost no upload: only the readable ones count against the plan.
    const readable = [...files.values()].filter((file) => file.status !== 'failed').length;
    expect((await client.get('/api/user')).json().user.labUploadsCount).toBe(readable);
  });
});
