import { eq } from 'drizzle-orm';
import type { ExtractionResult } from '#contract/biomarkers.ts';
import { users } from '#server/db/schema/index.ts';
import { type TestApp, type TestClient, signedInClient } from '#server/testing/test-app.ts';
import type { Extractor } from './labs.jobs.ts';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipart(
  bytes: Uint8Array,
  fileName: string,
  options: { field?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----stacklab${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${fileName}"\r\n` +
      `Content-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(bytes), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadFile(client: TestClient, bytes: Uint8Array, fileName: string, options: { field?: string; contentType?: string } = {}) {
  const { payload, headers } = multipart(bytes, fileName, options);
  return client.request({ method: 'POST', url: '/api/labs', payload, headers });
}

/** A signed-in user on a tier (free users are in their trial unless `trialExpired`). */
export async function clientOnTier(t: TestApp, tier: 'free' | 'starter' | 'pro', options: { trialExpired?: boolean } = {}) {
  const signed = await signedInClient(t);
  await t.database.db
    .update(users)
    .set({ subscriptionTier: tier, ...(options.trialExpired ? { trialEndsAt: new Date(Date.now() - 1000) } : {}) })
    .where(eq(users.id, signed.user.id));
  return signed;
}

export const FAKE_RESULT: ExtractionResult = {
  collectedAt: '2025-03-14',
  results: [
    {
      name: 'Fasting glucose',
      loinc: '1558-6',
      value: 104,
      unit: 'mg/dL',
      canonicalValue: 104,
      canonicalUnit: 'mg/dL',
      referenceRange: { low: 70, high: 99, text: '70 - 99' },
      flag: 'high',
      printedFlag: 'H',
    },
    {
      name: 'Hemoglobin',
      loinc: '718-7',
      value: 13.8,
      unit: 'g/dL',
      canonicalValue: 13.8,
      canonicalUnit: 'g/dL',
      referenceRange: { low: 12, high: 15.5, text: '12.0 - 15.5' },
      flag: 'normal',
      printedFlag: null,
    },
  ],
};

/** Stands in for the worker-thread extraction where a test is about the queue or the API, not reading. */
export const fakeExtractor: Extractor = async () => ({ ok: true, result: structuredClone(FAKE_RESULT) });

export const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** The smallest valid PDF with text, built by hand (no generator needed). */
export function handmadePdf(objects: string[]): Uint8Array {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

export function zeroPagePdf(): Uint8Array {
  return handmadePdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
}

/** A one-page text PDF that also carries JavaScript run on open (which must never run). */
export function pdfWithScript(): Uint8Array {
  const text = 'BT /F1 12 Tf 50 720 Td (Northfield Community Laboratory - Chemistry) Tj ET BT /F1 12 Tf 50 700 Td (Glucose Fasting   95   mg/dL   70 - 99) Tj ET';
  return handmadePdf([
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Action /S /JavaScript /JS (app.alert\\("pwned"\\);) >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}
