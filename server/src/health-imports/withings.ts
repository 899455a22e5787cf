import type { HealthKind } from '#contract/health-data.ts';
import { fromWallTime, parseWallTime, parseZoned } from './time.ts';
import { HealthImportError, type Measurement, type ReadOptions } from './types.ts';

/**
 * Withings Health Mate CSVs. Headers follow the app's language, and only partly: each column is
 * found by any of its known names (English and German).
 */

const COLUMNS = {
  from: ['from', 'von'],
  to: ['to', 'bis'],
  light: ['light (s)', 'leicht (s)'],
  deep: ['deep (s)', 'tief (s)'],
  rem: ['rem (s)'],
  awake: ['awake (s)', 'wach (s)'],
  date: ['date', 'datum'],
  weight: ['weight (kg)', 'gewicht (kg)'],
  fatMass: ['fat mass (kg)', 'fettmasse (kg)'],
  systolic: ['systolic', 'systolisch'],
  diastolic: ['diastolic', 'diastolisch'],
} as const;

type Row = Record<string, string>;

function column(row: Row, names: readonly string[]): string | undefined {
  for (const [key, value] of Object.entries(row)) if (names.includes(key.trim().toLowerCase())) return value;
  return undefined;
}

export function isWithingsCsv(header: string[]): boolean {
  const names = header.map((name) => name.trim().toLowerCase());
  const has = (list: readonly string[]) => names.some((name) => list.includes(name));
  return (has(COLUMNS.from) && has(COLUMNS.light)) || (has(COLUMNS.date) && (has(COLUMNS.weight) || has(COLUMNS.systolic))) || names.join(',') === 'start,duration,value';
}

export function readWithingsCsv(records: Row[], options: ReadOptions): Measurement[] {
  const first = records[0] ?? {};
  if (column(first, COLUMNS.light) !== undefined) return readSleep(records);
  if ('start' in first && 'duration' in first) return readSleepStates(records);
  if (column(first, COLUMNS.weight) !== undefined) return readWeight(records, options);
  if (column(first, COLUMNS.systolic) !== undefined) return readBloodPressure(records, options);
  throw new HealthImportError('This Withings file is not one we can read yet. We read sleep.csv, raw_tracker_sleep-state.csv, weight.csv and bp.csv.');
}

/**
 * `sleep.csv`: a night a row. A re-synced night appears twice with the same start and a later end;
 * the start is the night's identity, so the longer one is kept.
 */
function readSleep(records: Row[]): Measurement[] {
  const nights = new Map<string, { start: ReturnType<typeof parseZoned> & {}; end: ReturnType<typeof parseZoned> & {}; row: Row }>();
  for (const row of records) {
    const start = parseZoned(column(row, COLUMNS.from) ?? '');
    const end = parseZoned(column(row, COLUMNS.to) ?? '');
    if (!start || !end) continue;
    const key = start.instant.toISOString();
    const known = nights.get(key);
    if (!known || known.end.instant < end.instant) nights.set(key, { start, end, row });
  }
  const out: Measurement[] = [];
  for (const [key, { start, end, row }] of nights) {
    const day = new Date(end.instant.getTime() + end.offset * 60_000).toISOString().slice(0, 10);
    const add = (kind: HealthKind, seconds: string | undefined) => {
      const value = Number(seconds);
      // This tracker writes REM as 0 when it cannot tell REM apart: no data, not no REM.
      if (!Number.isFinite(value) || value <= 0) return;
      out.push({ kind, startAt: start.instant, endAt: end.instant, day, value: value / 60, origin: 'Withings', identity: `${key}:${kind}` });
    };
    add('sleep_light', column(row, COLUMNS.light));
    add('sleep_deep', column(row, COLUMNS.deep));
    add('sleep_rem', column(row, COLUMNS.rem));
    add('sleep_awake', column(row, COLUMNS.awake));
  }
  return out;
}

const STATE_KINDS: Record<number, HealthKind> = { 0: 'sleep_awake', 1: 'sleep_light', 2: 'sleep_deep', 3: 'sleep_rem' };

/** `raw_tracker_sleep-state.csv`: runs of epochs, durations and states as JSON arrays in the cells. */
function readSleepStates(records: Row[]): Measurement[] {
  const out: Measurement[] = [];
  for (const row of records) {
    const start = parseZoned(row.start ?? '');
    let durations: unknown;
    let values: unknown;
    try {
      durations = JSON.parse(row.duration ?? '');
      values = JSON.parse(row.value ?? '');
    } catch {
      continue;
    }
    if (!start || !Array.isArray(durations) || !Array.isArray(values)) continue;
    const totals = new Map<HealthKind, number>();
    let seconds = 0;
    durations.forEach((duration, index) => {
      const kind = STATE_KINDS[Number(values[index])];
      if (!kind || typeof duration !== 'number') return;
      totals.set(kind, (totals.get(kind) ?? 0) + duration);
      seconds += duration;
    });
    const end = new Date(start.instant.getTime() + seconds * 1000);
    const day = new Date(end.getTime() + start.offset * 60_000).toISOString().slice(0, 10);
    for (const [kind, total] of totals) {
      out.push({ kind, startAt: start.instant, endAt: end, day, value: total / 60, origin: 'Withings tracker', identity: `${start.instant.toISOString()}:${kind}` });
    }
  }
  return out;
}

function readWeight(records: Row[], { timeZone }: ReadOptions): Measurement[] {
  const out: Measurement[] = [];
  for (const row of records) {
    const text = column(row, COLUMNS.date) ?? '';
    const wall = parseWallTime(text);
    const weight = Number(column(row, COLUMNS.weight));
    if (!wall || !Number.isFinite(weight) || weight <= 0) continue;
    const at = fromWallTime(wall, timeZone).instant;
    const day = text.trim().slice(0, 10);
    out.push({ kind: 'weight', startAt: at, endAt: at, day, value: weight, origin: 'Withings' });
    const fatText = column(row, COLUMNS.fatMass);
    const fat = fatText ? Number(fatText) : NaN;
    if (Number.isFinite(fat) && fat > 0) out.push({ kind: 'body_fat', startAt: at, endAt: at, day, value: (fat / weight) * 100, origin: 'Withings' });
  }
  return out;
}

function readBloodPressure(records: Row[], { timeZone }: ReadOptions): Measurement[] {
  const out: Measurement[] = [];
  for (const row of records) {
    const text = column(row, COLUMNS.date) ?? '';
    const wall = parseWallTime(text);
    const systolic = Number(column(row, COLUMNS.systolic));
    const diastolic = Number(column(row, COLUMNS.diastolic));
    if (!wall || !(systolic > 0) || !(diastolic > 0)) continue;
    const at = fromWallTime(wall, timeZone).instant;
    const day = text.trim().slice(0, 10);
    out.push({ kind: 'blood_pressure_systolic', startAt: at, endAt: at, day, value: systolic, origin: 'Withings' });
    out.push({ kind: 'blood_pressure_diastolic', startAt: at, endAt: at, day, value: diastolic, origin: 'Withings' });
  }
  return out;
}
