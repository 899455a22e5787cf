import { describe, expect, it } from 'vitest';
import { readDocxLines } from './docx.ts';
import { ExtractionError } from './errors.ts';
import { extractDocument } from './extract-document.ts';
import { makeEncryptedPdf, makeFakeExecutable, makeHugePng, makeTruncatedJpeg, makeZipBombDocx } from './test-fixtures.ts';

async function expectFailure(promise: Promise<unknown>, code: string, message: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  expect((error as ExtractionError).code).toBe(code);
  expect((error as ExtractionError).message).toMatch(message);
}

describe('bad files give a clear typed error', () => {
  it('empty file', async () => {
    await expectFailure(extractDocument(new Uint8Array(0)), 'empty-file', /empty/);
  });

  it('an executable renamed to .pdf', async () => {
    await expectFailure(extractDocument(makeFakeExecutable()), 'unsupported-type', /not supported/);
  });

  it('plain text and RTF saved as .doc', async () => {
    await expectFailure(extractDocument(new TextEncoder().encode('Hemoglobin 13.5 g/dL')), 'unsupported-type', /not supported/);
    await expectFailure(extractDocument(new TextEncoder().encode('{\\rtf1\\ansi Hemoglobin 13.5}')), 'rtf-as-doc', /RTF/);
  });

  it('an encrypted PDF', async () => {
    await expectFailure(extractDocument(await makeEncryptedPdf(), { ocr: false }), 'password-protected', /password-protected/);
  });

  it('a garbage PDF and a PDF with no pages', async () => {
    await expectFailure(extractDocument(new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf\n%%EOF'), { ocr: false }), 'corrupt-file', /PDF/);
    const noPages = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF';
    await expectFailure(extractDocument(new TextEncoder().encode(noPages), { ocr: false }), 'corrupt-file', /PDF/);
  });

  it('a DOCX zip bomb, by declared size and by actual inflated size', async () => {
    await expectFailure(extractDocument(makeZipBombDocx(20)), 'zip-bomb', /expands/);
    await expectFailure(readDocxLines(makeZipBombDocx(4, true), { maxInflatedBytes: 1024 * 1024 }), 'zip-bomb', /expands/);
  });

  it('an image of 20,000 x 20,000 pixels is refused before decoding', async () => {
    const before = process.memoryUsage().rss;
    await expectFailure(extractDocument(makeHugePng()), 'too-many-pixels', /too large/);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('a truncated JPEG', async () => {
    await expectFailure(extractDocument(await makeTruncatedJpeg(), { ocr: false }), 'corrupt-file', /damaged|incomplete/);
  });

  it('a file over the size limit', async () => {
    await expectFailure(extractDocument(new Uint8Array(2048).fill(1), { maxBytes: 1024 }), 'too-large', /too large/);
  });
});
