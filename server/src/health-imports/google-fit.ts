import type { HealthKind } from '#contract/health-data.ts';
import { dayAtOffset, fromWallTime, parseWallTime, parseZoned, zoneOffsetAt } from './time.ts';
import { HealthImportError, type Measurement, type ReadOptions } from './types.ts';

/**
 * Google Fit in Takeout: the daily and per-day activity CSVs, "All Sessions" JSON and
 * "All Data" JSON. Columns are found by their header, never their position; an empty cell is no
 * data, not zero.
 */

type Json = Record<string, unknown>;
const number = (text: string | undefined) => (text === undefined || text.trim() === '' ? null : Number(text));

/** `Daily activity metrics.csv` (a `Date` column) or a per-day file (`Start time`, `End time`). */
export function readGoogleFitCsv(records: Record<string, string>[], { fileName, timeZone }: ReadOptions): Measurement[] {
  const first = records[0] ?? {};
  if ('Start time' in first) return readPerDay(records, fileName);
  if (!('Date' in first)) throw new HealthImportError('This Google Fit CSV is not one we can read.');
  const out: Measurement[] = [];
  for (const row of records) {
    const wall = parseWallTime(row.Date ?? '');
    if (!wall) continue;
    const day = row.Date!.trim();
    const start = fromWallTime(wall, timeZone).instant;
    const end = fromWallTime({ ...wall, day: wall.day + 1 }, timeZone).instant;
    const steps = number(row['Step count']);
    if (steps !== null && steps > 0) out.push({ kind: 'steps', startAt: start, endAt: end, day, value: steps, origin: 'Google Fit daily' });
    const weight = number(row['Average weight (kg)']);
    if (weight !== null && weight > 0) out.push({ kind: 'weight', startAt: start, endAt: start, day, value: weight, origin: 'Google Fit daily' });
  }
  return out;
}

/** The date is only in the file's name (`2025-02-04.csv`); the rows have times with an offset. */
function readPerDay(records: Record<string, string>[], fileName: string): Measurement[] {
  const date = /(\d{4}-\d{2}-\d{2})/.exec(fileName)?.[1];
  if (!date) {
    throw new HealthImportError('A Google Fit daily CSV carries its date only in its name: upload it under its Takeout name, such as 2025-02-04.csv.');
  }
  const out: Measurement[] = [];
  for (const row of records) {
    const start = parseZoned(`${date}T${row['Start time'] ?? ''}`);
    let end = parseZoned(`${date}T${row['End time'] ?? ''}`);
    if (!start || !end) continue;
    // The last interval ends at midnight, written as 00:00 of the same date.
    if (end.instant <= start.instant) end = { ...end, instant: new Date(end.instant.getTime() + 86_400_000) };
    const steps = number(row['Step count']);
    if (steps !== null && steps > 0) out.push({ kind: 'steps', startAt: start.instant, endAt: end.instant, day: date, value: steps, origin: 'Google Fit' });
    const weight = number(row['Average weight (kg)']);
    if (weight !== null && weight > 0) out.push({ kind: 'weight', startAt: start.instant, endAt: start.instant, day: date, value: weight, origin: 'Google Fit' });
  }
  return out;
}

export function isGoogleFitJson(document: unknown): boolean {
  if (!document || typeof document !== 'object' || Array.isArray(document)) return false;
  const object = document as Json;
  return ('Data Points' in object && 'Data Source' in object) || ('fitnessActivity' in object && 'aggregate' in object);
}

/**
 * Nanosecond times pass 2^53: read as plain numbers they lose digits. They are quoted before
 * parsing, and turned into milliseconds exactly.
 */
export function quoteNanos(text: string): string {
  return text.replace(/("[A-Za-z]*Nanos"\s*:\s*)(\d+)/g, '$1"$2"');
}

const nanosToDate = (value: unknown) => {
  const text = String(value ?? '');
  if (!/^\d+$/.test(text)) return null;
  return new Date(Number(BigInt(text) / 1_000_000n));
};

const SLEEP_STAGES: Record<number, HealthKind> = { 1: 'sleep_awake', 2: 'sleep_asleep', 4: 'sleep_light', 5: 'sleep_deep', 6: 'sleep_rem' };

export function readGoogleFitJson(document: Json, { timeZone }: ReadOptions, notes: string[]): Measurement[] {
  const dayOf = (instant: Date) => dayAtOffset(instant, zoneOffsetAt(instant, timeZone));
  if ('fitnessActivity' in document) {
    const start = parseZoned(String(document.startTime ?? ''));
    const end = parseZoned(String(document.endTime ?? ''));
    const steps = (document.aggregate as Json[] | undefined)?.find((entry) => entry.metricName === 'com.google.step_count.delta');
    const value = Number(steps?.intValue ?? steps?.floatValue);
    if (!start || !end || !Number.isFinite(value) || value <= 0) return [];
    // A session's steps are also in the day's totals: kept as their own writer so they are not added twice.
    return [{ kind: 'steps', startAt: start.instant, endAt: end.instant, day: dayOf(start.instant), value, origin: 'Google Fit session' }];
  }
  const out: Measurement[] = [];
  let passed = 0;
  for (const point of (document['Data Points'] as Json[] | undefined) ?? []) {
    const start = nanosToDate(point.startTimeNanos);
    const end = nanosToDate(point.endTimeNanos) ?? start;
    if (!start || !end) continue;
    const values = ((point.fitValue as Json[] | undefined) ?? []).map((entry) => entry.value as Json | undefined);
    const first = values[0];
    const float = Number(first?.fpVal ?? first?.intVal);
    const origin = `Google Fit ${String(point.originDataSourceId ?? '').split(':')[1] ?? ''}`.trim();
    const add = (kind: HealthKind, value: number, at: Date = start) => {
      if (Number.isFinite(value) && value > 0) out.push({ kind, startAt: at, endAt: end, day: dayOf(kind.startsWith('sleep_') ? end : at), value, origin });
    };
    switch (point.dataTypeName) {
      case 'com.google.weight':
        add('weight', float);
        break;
      case 'com.google.body.fat.percentage':
        add('body_fat', float);
        break;
      case 'com.google.step_count.delta':
        add('steps', float);
        break;
      case 'com.google.blood_glucose':
        add('blood_glucose', float);
        break;
      case 'com.google.blood_pressure':
        add('blood_pressure_systolic', float);
        add('blood_pressure_diastolic', Number(values[1]?.fpVal));
        break;
      case 'com.google.sleep.segment': {
        const kind = SLEEP_STAGES[Number(first?.intVal)];
        if (kind) add(kind, (end.getTime() - start.getTime()) / 60_000);
        break;
      }
      default:
        passed += 1;
    }
  }
  if (passed > 0) notes.push(`${passed} data points of kinds we do not keep were passed over.`);
  return out;
}
