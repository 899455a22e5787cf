import { Unzip, UnzipInflate } from 'fflate';
import { SaxesParser } from 'saxes';
import type { HealthKind } from '#contract/health-data.ts';
import { BATCH_SIZE, HealthImportError, type Measurement } from './types.ts';

/**
 * Apple Health's export.xml, streamed: saxes reads it a chunk at a time and only the records we
 * keep are turned into measurements, so memory stays flat however large the export is
 * (product.md, Health data from phones and wearables). Records nested in a blood-pressure
 * Correlation are read too; where the export also has them at the top level, both copies give the
 * same measurement and the store keeps one.
 */

const QUANTITY_KINDS = new Map<string, HealthKind>([
  ['HKQuantityTypeIdentifierRestingHeartRate', 'resting_heart_rate'],
  ['HKQuantityTypeIdentifierHeartRateVariabilitySDNN', 'hrv'],
  ['HKQuantityTypeIdentifierStepCount', 'steps'],
  ['HKQuantityTypeIdentifierBodyMass', 'weight'],
  ['HKQuantityTypeIdentifierBodyFatPercentage', 'body_fat'],
  ['HKQuantityTypeIdentifierBloodPressureSystolic', 'blood_pressure_systolic'],
  ['HKQuantityTypeIdentifierBloodPressureDiastolic', 'blood_pressure_diastolic'],
  ['HKQuantityTypeIdentifierBloodGlucose', 'blood_glucose'],
]);
const SLEEP_TYPE = 'HKCategoryTypeIdentifierSleepAnalysis';
const SLEEP_KINDS = new Map<string, HealthKind>([
  ['HKCategoryValueSleepAnalysisInBed', 'sleep_in_bed'],
  ['HKCategoryValueSleepAnalysisAsleep', 'sleep_asleep'],
  ['HKCategoryValueSleepAnalysisAsleepUnspecified', 'sleep_asleep'],
  ['HKCategoryValueSleepAnalysisAsleepCore', 'sleep_light'],
  ['HKCategoryValueSleepAnalysisAsleepDeep', 'sleep_deep'],
  ['HKCategoryValueSleepAnalysisAsleepREM', 'sleep_rem'],
  ['HKCategoryValueSleepAnalysisAwake', 'sleep_awake'],
]);

const POUND_KG = 0.45359237;
/** mg/dL of glucose per mmol/L. */
const GLUCOSE_MG_PER_MMOL = 18.0156;

/** `2026-03-08 10:00:00 -0500`: the instant, and the calendar day at the record's own offset. */
export function parseAppleTime(text: string): { ms: number; day: string; wall: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const offset = (match[7] === '-' ? -1 : 1) * (Number(match[8]) * 60 + Number(match[9]));
  const wall = Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!, +match[6]!);
  if (Number.isNaN(wall)) return null;
  return { ms: wall - offset * 60_000, day: `${match[1]}-${match[2]}-${match[3]}`, wall };
}

function convert(kind: HealthKind, value: number, unit: string): number | null {
  switch (kind) {
    case 'weight':
      if (unit === 'kg') return value;
      if (unit === 'lb') return value * POUND_KG;
      if (unit === 'g') return value / 1000;
      if (unit === 'st') return value * 14 * POUND_KG;
      return null;
    case 'body_fat':
      // Apple stores a fraction (0.185); some writers put the percent itself (18.5).
      return value <= 1 ? value * 100 : value;
    case 'blood_glucose':
      if (unit.startsWith('mmol')) return value;
      if (unit === 'mg/dL') return value / GLUCOSE_MG_PER_MMOL;
      return null;
    default:
      return value;
  }
}

type Attributes = Record<string, string>;

/** The night's day for a sleep segment starting at this wall time: 18:00 or later counts toward the next day. */
function sleepDay(wallStart: number): string {
  return new Date(wallStart + 6 * 3_600_000).toISOString().slice(0, 10);
}

/** One `<Record>` as a measurement, or null when it is of a kind we do not keep. */
export function recordToMeasurement(attributes: Attributes): Measurement | null {
  const type = attributes.type;
  if (type === undefined) return null;
  let kind = QUANTITY_KINDS.get(type);
  const isSleep = type === SLEEP_TYPE;
  if (!kind && !isSleep) return null;
  if (isSleep) kind = SLEEP_KINDS.get(attributes.value ?? '');
  if (!kind) return null;
  const start = parseAppleTime(attributes.startDate ?? '');
  const end = parseAppleTime(attributes.endDate ?? '') ?? start;
  if (!start || !end) return null;
  let value: number | null;
  if (isSleep) {
    value = Math.max(0, (end.ms - start.ms) / 60_000);
  } else {
    value = Number(attributes.value);
    if (!Number.isFinite(value)) return null;
    value = convert(kind, value, attributes.unit ?? '');
    if (value === null) return null;
  }
  return {
    kind,
    startAt: new Date(start.ms),
    endAt: new Date(end.ms),
    // A night belongs to the morning after: a segment begun at 22:30 counts with those after midnight.
    day: isSleep ? sleepDay(start.wall) : start.day,
    value,
    origin: (attributes.sourceName ?? '').replace(/\s+/g, ' ').trim(),
  };
}

/** Reads export.xml from text chunks; yields batches of measurements. */
export async function* readAppleXml(chunks: AsyncIterable<string>, notes: string[]): AsyncGenerator<Measurement[], void, undefined> {
  const parser = new SaxesParser({ position: false });
  let batch: Measurement[] = [];
  let sawHealthData = false;
  let problems = 0;
  parser.on('opentag', (tag) => {
    if (tag.name === 'Record') {
      const measurement = recordToMeasurement(tag.attributes as Attributes);
      if (measurement) batch.push(measurement);
    } else if (tag.name === 'HealthData') {
      sawHealthData = true;
    }
  });
  // Some iOS versions wrote exports that are not quite well-formed; a few slips do not lose the rest.
  parser.on('error', () => {
    problems += 1;
    if (problems > 1000) throw new HealthImportError('This export.xml is damaged and could not be read; please export it again from the Health app');
  });
  for await (const chunk of chunks) {
    parser.write(chunk);
    if (batch.length >= BATCH_SIZE) {
      yield batch;
      batch = [];
    }
  }
  parser.close();
  if (!sawHealthData) throw new HealthImportError('This XML file is not an Apple Health export (it has no HealthData)');
  if (batch.length > 0) yield batch;
  if (problems > 0) notes.push(`${problems} damaged parts of the file were passed over.`);
}

/** Bytes as UTF-8 text, a character split across chunks kept whole. */
export async function* decodeUtf8(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

const isExportXml = (name: string) => name === 'export.xml' || name.endsWith('/export.xml');

/**
 * The export.xml inside export.zip, inflated as the zip streams past (fflate), so neither the
 * zip nor the XML is ever whole in memory.
 */
export async function* unzipExportXml(zipped: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array, void, undefined> {
  const ready: Uint8Array[] = [];
  let found = false;
  let finished = false;
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    if (found || !isExportXml(file.name)) return;
    found = true;
    file.ondata = (error, data, final) => {
      if (error) failure = error;
      else if (data.byteLength > 0) ready.push(data);
      if (final) finished = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const damaged = () => new HealthImportError('This zip file is damaged and could not be read; please export it again from the Health app');
  for await (const chunk of zipped) {
    try {
      unzip.push(chunk);
    } catch {
      throw damaged();
    }
    if (failure) throw damaged();
    while (ready.length > 0) yield ready.shift()!;
    if (finished) return;
  }
  try {
    unzip.push(new Uint8Array(0), true);
  } catch {
    throw damaged();
  }
  while (ready.length > 0) yield ready.shift()!;
  if (!found) throw new HealthImportError('This zip file has no export.xml; upload the export.zip the Health app made, or the export.xml inside it');
  if (!finished) throw damaged();
}
