import { parse as parseCsv } from 'csv-parse/sync';
import { decodeUtf8, readAppleXml, unzipExportXml } from './apple-health.ts';
import { isFitbitJson, readFitbitJson, readFitbitSleepScores } from './fitbit.ts';
import { isFit, readFit } from './garmin.ts';
import { isGoogleFitJson, quoteNanos, readGoogleFitCsv, readGoogleFitJson } from './google-fit.ts';
import { isOuraJson, readOura } from './oura.ts';
import { BATCH_SIZE, HealthImportError, type Measurement, type ReadOptions, type ReadOutcome } from './types.ts';
import { isWithingsCsv, readWithingsCsv } from './withings.ts';

export { HealthImportError } from './types.ts';
export type { Measurement, ReadOptions, ReadOutcome } from './types.ts';

/** Files other than Apple Health's are read whole; none of them comes near this. */
export const MAX_WHOLE_FILE_BYTES = 256 * 1024 * 1024;

export const UNKNOWN_FORMAT =
  'This file is not an export we can read. We read Apple Health (export.zip or export.xml), Google Fit Takeout, Fitbit, Oura, Garmin (.fit) and Withings (.csv) exports.';

/**
 * Recognises an export by its content (its name only where the format puts data there) and reads
 * it. Apple Health is streamed; the others are small and read whole.
 */
export async function readHealthExport(input: AsyncIterable<Uint8Array>, options: ReadOptions): Promise<ReadOutcome> {
  const iterator = input[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < 512) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.byteLength;
  }
  if (headBytes === 0) throw new HealthImportError('The file is empty');
  const rest = async function* () {
    yield* head;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  };
  const start = concat(head);
  const notes: string[] = [];

  if (start[0] === 0x50 && start[1] === 0x4b && start[2] === 0x03 && start[3] === 0x04) {
    return { source: 'apple-health', batches: readAppleXml(decodeUtf8(unzipExportXml(rest())), notes), notes };
  }
  if (isFit(start)) {
    const bytes = await readWhole(rest());
    return { source: 'garmin', batches: inBatches(readFit(bytes, notes)), notes };
  }
  const text = new TextDecoder('utf-8').decode(start.subarray(0, 512)).replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<')) return { source: 'apple-health', batches: readAppleXml(decodeUtf8(rest()), notes), notes };

  const whole = new TextDecoder('utf-8').decode(await readWhole(rest())).replace(/^\uFEFF/, '');
  if (text.startsWith('{') || text.startsWith('[')) return readJson(whole, options, notes);
  return readCsv(whole, options, notes);
}

function readJson(text: string, options: ReadOptions, notes: string[]): ReadOutcome {
  let document: unknown;
  try {
    document = JSON.parse(quoteNanos(text));
  } catch {
    throw new HealthImportError('This JSON file is damaged or cut short and could not be read.');
  }
  if (Array.isArray(document) && isFitbitJson(document)) {
    return { source: 'fitbit', batches: inBatches(readFitbitJson(document as Record<string, unknown>[], options, notes)), notes };
  }
  if (isOuraJson(document)) return { source: 'oura', batches: inBatches(readOura(document as Record<string, unknown>, notes)), notes };
  if (isGoogleFitJson(document)) {
    return { source: 'google-fit', batches: inBatches(readGoogleFitJson(document as Record<string, unknown>, options, notes)), notes };
  }
  throw new HealthImportError(UNKNOWN_FORMAT);
}

function readCsv(text: string, options: ReadOptions, notes: string[]): ReadOutcome {
  let rows: string[][];
  try {
    rows = parseCsv(text, { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch {
    throw new HealthImportError(UNKNOWN_FORMAT);
  }
  const header = rows[0];
  if (!header || header.length < 2) throw new HealthImportError(UNKNOWN_FORMAT);
  const records = rows.slice(1).map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
  if (header[0] === 'sleep_log_entry_id') return { source: 'fitbit', batches: inBatches(readFitbitSleepScores(records, options)), notes };
  if (isWithingsCsv(header)) return { source: 'withings', batches: inBatches(readWithingsCsv(records, options)), notes };
  if (header.includes('Step count') || (header[0] === 'Start time' && header[1] === 'End time') || (header[0] === 'Date' && header.some((name) => name.endsWith('(kg)') || name.startsWith('Move Minutes')))) {
    return { source: 'google-fit', batches: inBatches(readGoogleFitCsv(records, options)), notes };
  }
  throw new HealthImportError(UNKNOWN_FORMAT);
}

async function readWhole(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.byteLength;
    if (total > MAX_WHOLE_FILE_BYTES) throw new HealthImportError(UNKNOWN_FORMAT);
    parts.push(chunk);
  }
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

async function* inBatches(measurements: Measurement[]): AsyncGenerator<Measurement[], void, undefined> {
  for (let at = 0; at < measurements.length; at += BATCH_SIZE) yield measurements.slice(at, at + BATCH_SIZE);
}
