import type { HealthKind } from '#contract/health-data.ts';
import { dayAtOffset, fromWallTime, parseUsDateTime, parseWallTime, parseZoned, zoneOffsetAt } from './time.ts';
import { HealthImportError, type Measurement, type ReadOptions } from './types.ts';

/**
 * Fitbit's account archive (`user-site-export/*.json`) and the newer `sleep_score.csv`. Sleep,
 * steps and weight times are the wearer's wall time with no zone, read in the user's time zone;
 * the heart-rate samples are UTC (product.md, Health data from phones and wearables).
 */

const POUND_KG = 0.45359237;
type Json = Record<string, unknown>;

type WallTime = NonNullable<ReturnType<typeof parseWallTime>>;
const dateOfWall = (wall: WallTime) => `${wall.year}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;

export function isFitbitJson(rows: unknown[]): boolean {
  const first = rows[0] as Json | undefined;
  if (!first || typeof first !== 'object') return false;
  return ('logId' in first && ('levels' in first || 'weight' in first)) || ('dateTime' in first && 'value' in first);
}

export function readFitbitJson(rows: Json[], options: ReadOptions, notes: string[]): Measurement[] {
  const first = rows[0]!;
  if ('levels' in first) return readSleepLogs(rows, options);
  if ('weight' in first) return readWeights(rows, options);
  const value = first.value;
  if (value && typeof value === 'object' && 'bpm' in value) {
    notes.push(
      `This file holds ${rows.length} heart-rate samples taken through the day. We keep resting heart rate, which Fitbit writes in its resting_heart_rate files.`,
    );
    return [];
  }
  if (value && typeof value === 'object' && 'value' in value && 'date' in value) return readRestingHeartRates(rows, options);
  if (typeof value === 'string' || typeof value === 'number') return readSteps(rows, options);
  throw new HealthImportError('This Fitbit file is not one we can read yet. We read sleep, steps, weight and resting heart rate.');
}

function readSleepLogs(rows: Json[], { timeZone }: ReadOptions): Measurement[] {
  const out: Measurement[] = [];
  for (const log of rows) {
    const startWall = parseWallTime(String(log.startTime ?? ''));
    const endWall = parseWallTime(String(log.endTime ?? ''));
    if (!startWall || !endWall) continue;
    const start = fromWallTime(startWall, timeZone).instant;
    const end = fromWallTime(endWall, timeZone).instant;
    const day = typeof log.dateOfSleep === 'string' ? log.dateOfSleep : dateOfWall(endWall);
    const add = (kind: HealthKind, minutes: unknown) => {
      if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0) return;
      out.push({ kind, startAt: start, endAt: end, day, value: minutes, origin: 'Fitbit', identity: `${String(log.logId)}:${kind}` });
    };
    add('sleep_in_bed', log.timeInBed);
    const summary = ((log.levels as Json | undefined)?.summary ?? {}) as Record<string, { minutes?: number } | undefined>;
    if (log.type === 'stages') {
      add('sleep_light', summary.light?.minutes);
      add('sleep_deep', summary.deep?.minutes);
      add('sleep_rem', summary.rem?.minutes);
      add('sleep_awake', summary.wake?.minutes);
    } else {
      // Classic logs have no stages: Fitbit counts restless minutes as asleep.
      add('sleep_asleep', log.minutesAsleep);
      add('sleep_awake', log.minutesAwake);
    }
  }
  return out;
}

/**
 * Weight is in the account's unit, which the file does not name. Weight over BMI is the height
 * squared: above 4.5 m² it can only be pounds.
 */
function readWeights(rows: Json[], { timeZone }: ReadOptions): Measurement[] {
  const out: Measurement[] = [];
  for (const row of rows) {
    const wall = parseUsDateTime(`${String(row.date ?? '')} ${String(row.time ?? '00:00:00')}`);
    const weight = Number(row.weight);
    if (!wall || !Number.isFinite(weight) || weight <= 0) continue;
    const bmi = Number(row.bmi);
    const pounds = Number.isFinite(bmi) && bmi > 0 ? weight / bmi > 4.5 : weight > 250;
    const at = fromWallTime(wall, timeZone).instant;
    const origin = `Fitbit ${String(row.source ?? '')}`.trim();
    const day = dateOfWall(wall);
    out.push({ kind: 'weight', startAt: at, endAt: at, day, value: pounds ? weight * POUND_KG : weight, origin, identity: `${String(row.logId)}:weight` });
    const fat = Number(row.fat);
    if (Number.isFinite(fat) && fat > 0) out.push({ kind: 'body_fat', startAt: at, endAt: at, day, value: fat, origin, identity: `${String(row.logId)}:fat` });
  }
  return out;
}

function readSteps(rows: Json[], { timeZone }: ReadOptions): Measurement[] {
  const out: Measurement[] = [];
  for (const row of rows) {
    const wall = parseUsDateTime(String(row.dateTime ?? ''));
    const steps = Number(row.value);
    // Minutes with no steps say nothing; Fitbit leaves most of them out already.
    if (!wall || !Number.isFinite(steps) || steps <= 0) continue;
    const start = fromWallTime(wall, timeZone).instant;
    out.push({ kind: 'steps', startAt: start, endAt: new Date(start.getTime() + 60_000), day: dateOfWall(wall), value: steps, origin: 'Fitbit' });
  }
  return out;
}

function readRestingHeartRates(rows: Json[], { timeZone }: ReadOptions): Measurement[] {
  const out: Measurement[] = [];
  for (const row of rows) {
    const value = row.value as { date?: string; value?: number };
    const wall = parseUsDateTime(String(value.date ?? row.dateTime ?? ''));
    if (!wall || typeof value.value !== 'number' || value.value <= 0) continue;
    const start = fromWallTime(wall, timeZone).instant;
    out.push({ kind: 'resting_heart_rate', startAt: start, endAt: start, day: dateOfWall(wall), value: value.value, origin: 'Fitbit' });
  }
  return out;
}

/** `sleep_score.csv`: one night a row; its timestamp is the wake-up time in UTC. */
export function readFitbitSleepScores(records: Record<string, string>[], { timeZone }: ReadOptions): Measurement[] {
  const out: Measurement[] = [];
  for (const row of records) {
    const woke = parseZoned(row.timestamp ?? '');
    const rate = Number(row.resting_heart_rate);
    if (!woke || !Number.isFinite(rate) || rate <= 0) continue;
    const local = dayAtOffset(woke.instant, zoneOffsetAt(woke.instant, timeZone));
    out.push({
      kind: 'resting_heart_rate',
      startAt: woke.instant,
      endAt: woke.instant,
      day: local,
      value: rate,
      origin: 'Fitbit',
      identity: `${row.sleep_log_entry_id ?? row.timestamp}:rhr`,
    });
  }
  return out;
}
