import type { HealthKind } from '#contract/health-data.ts';
import { parseZoned } from './time.ts';
import type { Measurement } from './types.ts';

/**
 * Oura API v2 answers (`{"data": [...], "next_token": ...}`), one endpoint or several saved under
 * their names. Rows repeat with the same `id` when pages were saved more than once: the id is the
 * identity, so a repeat is one measurement. The calendar key is Oura's own `day`.
 */

type Json = Record<string, unknown>;

export function isOuraJson(document: unknown): boolean {
  if (!document || typeof document !== 'object' || Array.isArray(document)) return false;
  const object = document as Json;
  if (Array.isArray(object.data) && 'next_token' in object) return true;
  return ['daily_activity', 'daily_sleep', 'daily_readiness', 'sleep', 'heartrate'].some((key) => {
    const page = object[key] as Json | undefined;
    return page !== undefined && typeof page === 'object' && Array.isArray(page.data);
  });
}

/** Every row of every page in the document, repeats removed by id. */
function rowsOf(document: Json): Json[] {
  const pages = Array.isArray(document.data) ? [document] : Object.values(document).filter((page): page is Json => !!page && typeof page === 'object' && Array.isArray((page as Json).data));
  const seen = new Set<string>();
  const rows: Json[] = [];
  for (const page of pages) {
    for (const row of page.data as Json[]) {
      const id = typeof row.id === 'string' ? row.id : undefined;
      if (id !== undefined) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      rows.push(row);
    }
  }
  return rows;
}

export function readOura(document: Json, notes: string[]): Measurement[] {
  const rows = rowsOf(document);
  const out: Measurement[] = [];
  const periods: Json[] = [];
  let heartSamples = 0;
  for (const row of rows) {
    if ('bedtime_start' in row) periods.push(row);
    else if ('class_5_min' in row || ('steps' in row && 'active_calories' in row)) out.push(...dailySteps(row));
    else if ('bpm' in row) heartSamples += 1;
  }
  out.push(...mainSleeps(periods));
  if (heartSamples > 0) {
    notes.push(`${heartSamples} heart-rate samples taken through the day were passed over; resting heart rate comes from Oura's sleep periods.`);
  }
  return out;
}

function dailySteps(row: Json): Measurement[] {
  const steps = Number(row.steps);
  const day = typeof row.day === 'string' ? row.day : undefined;
  const anchor = parseZoned(String(row.timestamp ?? ''));
  // A day with no steps is a ring not worn (or a day just begun), not a day spent still.
  if (!day || !anchor || !Number.isFinite(steps) || steps <= 0) return [];
  const start = anchor.instant;
  return [{ kind: 'steps', startAt: start, endAt: new Date(start.getTime() + 86_400_000), day, value: steps, origin: 'Oura', identity: `${String(row.id ?? day)}:steps` }];
}

/**
 * One night a day: the longest `long_sleep` period. Oura can list overlapping periods and naps on
 * the same day; adding them up would count the same hours twice.
 */
function mainSleeps(periods: Json[]): Measurement[] {
  const best = new Map<string, Json>();
  for (const period of periods) {
    if (period.type !== 'long_sleep' || typeof period.day !== 'string') continue;
    const current = best.get(period.day);
    if (!current || Number(period.total_sleep_duration) > Number(current.total_sleep_duration)) best.set(period.day, period);
  }
  const out: Measurement[] = [];
  for (const [day, period] of best) {
    const start = parseZoned(String(period.bedtime_start ?? ''));
    const end = parseZoned(String(period.bedtime_end ?? ''));
    if (!start || !end) continue;
    const id = String(period.id ?? `${day}:${String(period.bedtime_start)}`);
    const add = (kind: HealthKind, value: unknown, scale: number) => {
      const number = Number(value);
      if (value === null || value === undefined || !Number.isFinite(number) || number <= 0) return;
      out.push({ kind, startAt: start.instant, endAt: end.instant, day, value: number / scale, origin: 'Oura', identity: `${id}:${kind}` });
    };
    add('sleep_in_bed', period.time_in_bed, 60);
    add('sleep_light', period.light_sleep_duration, 60);
    add('sleep_deep', period.deep_sleep_duration, 60);
    add('sleep_rem', period.rem_sleep_duration, 60);
    add('sleep_awake', period.awake_time, 60);
    add('resting_heart_rate', period.lowest_heart_rate, 1);
    add('hrv', period.average_hrv, 1);
  }
  return out;
}
