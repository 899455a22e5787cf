import { Zip, ZipDeflate, ZipPassThrough, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { IMPORT_ARCHIVE_LIMITS } from '#contract/data-ownership.ts';
import { AppError } from '#server/http/app-error.ts';
import { readZipEntries } from './import.archive.ts';
import { deflatedZeros, measureWhile, writeRawZip, zipBomb } from './import.archive.test-helpers.ts';

const everything = () => true;
const small = { maxEntries: 5, maxEntryBytes: 1024 * 1024, maxTotalBytes: 3 * 1024 * 1024 };

/** A zip as the CSV export streams it: deflated entries and stored files, sizes in data descriptors. */
async function streamedZip(files: Record<string, { data: Uint8Array; stored: boolean }>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const zip = new Zip((error, chunk, final) => {
      if (error) reject(error);
      chunks.push(chunk);
      if (final) resolve();
    });
    for (const [name, { data, stored }] of Object.entries(files)) {
      const entry = stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(data, true);
    }
    zip.end();
  });
  await done;
  return Buffer.concat(chunks);
}

async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await work.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).statusCode, message: (error as AppError).message };
}

describe('reading an import zip', () => {
  it('reads the entries it wants from a streamed zip, stored files with zip signatures inside included', async () => {
    // A DOCX is itself a zip: its bytes carry the signatures a streaming reader would stop at.
    const docx = zipSync({ 'word/document.xml': strToU8('<w:document>Hemoglobin 13.1 g/dL</w:document>') }, { level: 0 });
    const json = strToU8(JSON.stringify({ format: 'stacklab-export', notes: 'x'.repeat(50_000) }));
    const zip = await streamedZip({
      'stacklab-export.json': { data: json, stored: false },
      'intake-logs.csv': { data: strToU8('date,name\n'), stored: false },
      'lab-files/1-panel.docx': { data: docx, stored: true },
    });
    const entries = await readZipEntries(zip, (name) => name !== 'intake-logs.csv', IMPORT_ARCHIVE_LIMITS);
    expect([...entries.keys()].sort()).toEqual(['lab-files/1-panel.docx', 'stacklab-export.json']);
    expect(Buffer.compare(Buffer.from(entries.get('lab-files/1-panel.docx')!), Buffer.from(docx))).toBe(0);
    expect(Buffer.from(entries.get('stacklab-export.json')!).toString('utf8')).toBe(Buffer.from(json).toString('utf8'));
  });

  it('refuses a zip bomb whose header claims 1 KB: quickly, with memory bounded and the event loop free', async () => {
    const bomb = zipBomb('stacklab-export.json', 1024); // 1 MB on disk, 1 GB inflated
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    const run = await measureWhile(() => readZipEntries(bomb, everything, IMPORT_ARCHIVE_LIMITS));
    expect(run.outcome.status).toBe('rejected');
    expect(await refusal(readZipEntries(bomb, everything, small))).toEqual({ status: 413, message: 'A file in this zip unpacks to more than 1 MB; nothing was imported' });
    expect(run.ms).toBeLessThan(5_000);
    // Inflating stops at the 50 MB entry cap, never near the gigabyte.
    expect(run.extraMemoryMb).toBeLessThan(300);
    expect(run.longestStallMs).toBeLessThan(500);
  });

  it('refuses a zip that declares more than the caps before inflating anything', async () => {
    const honest = writeRawZip([{ name: 'stacklab-export.json', data: deflatedZeros(1), method: 8, declaredSize: 0xfffffff0 }]);
    expect(await refusal(readZipEntries(honest, everything, small))).toEqual({ status: 413, message: 'A file in this zip unpacks to more than 1 MB; nothing was imported' });
  });

  it('caps the total across entries, and the number of entries', async () => {
    const four = writeRawZip(
      ['a', 'b', 'c', 'd'].map((name) => ({ name: `lab-files/${name}`, data: deflatedZeros(1), method: 8 as const, declaredSize: 1000 })),
    );
    expect(await refusal(readZipEntries(four, everything, small))).toEqual({ status: 413, message: 'This zip unpacks to more than 3 MB in all; nothing was imported' });

    const many = writeRawZip(Array.from({ length: 6 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x'), method: 0 as const, declaredSize: 1 })));
    expect(await refusal(readZipEntries(many, everything, small))).toEqual({
      status: 400,
      message: 'This zip holds more than 5 files, more than a StackLab export has; nothing was imported',
    });
  });

  it('refuses a damaged zip as unreadable', async () => {
    const zip = zipSync({ 'stacklab-export.json': strToU8('{}') });
    const cut = Buffer.from(zip.subarray(0, zip.byteLength - 30));
    expect((await refusal(readZipEntries(cut, everything, small))).status).toBe(400);
  });
});
