import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Measurement, readHealthExport } from './read-export.ts';

/** The real exports in ../shared/health-samples (never copied here); the counts are those SOURCES.md states. */
const SAMPLES = path.resolve(process.env.HEALTH_SAMPLES_DIR ?? '/work/shared/health-samples');
const present = existsSync(SAMPLES);
if (!present) console.warn(`Skipping the real health-export samples: ${SAMPLES} is absent`);

async function read(relative: string, timeZone = 'UTC') {
  const outcome = await readHealthExport(createReadStream(path.join(SAMPLES, relative)), { fileName: path.basename(relative), timeZone });
  const all: Measurement[] = [];
  for await (const batch of outcome.batches) all.push(...batch);
  return { source: outcome.source, all, notes: outcome.notes, of: (kind: string) => all.filter((m) => m.kind === kind) };
}
const sum = (list: Measurement[]) => list.reduce((total, m) => total + m.value, 0);

describe.skipIf(!present)('readers against the real samples', () => {
  it('Apple (hydawo): 7 resting rates, 7 steps from two sources, 4 sleep segments, 3 HRV, 2 weights in kg, days by each record offset', async () => {
    const { source, of } = await read('apple/export_hydawo_synthetic_v14.xml');
    expect(source).toBe('apple-health');
    expect(of('resting_heart_rate')).toHaveLength(7);
    expect(of('steps')).toHaveLength(7);
    expect(new Set(of('steps').map((m) => m.origin))).toEqual(new Set(['Fixture Watch', 'Fixture Phone']));
    expect(['sleep_in_bed', 'sleep_light', 'sleep_deep', 'sleep_rem'].map((kind) => of(kind).length)).toEqual([1, 1, 1, 1]);
    expect(of('hrv')).toHaveLength(3);
    const weights = of('weight');
    expect(weights).toHaveLength(2);
    for (const weight of weights) expect(weight.value).toBeGreaterThan(40); // pounds turned into kilograms
    expect(weights.every((weight) => weight.value < 150)).toBe(true);
    // The pair appears at the top level and in its Correlation: read twice, stored once (same key).
    expect(of('blood_pressure_systolic')).toHaveLength(2);
    // The night starting 22:30 on 03-04 belongs to the morning of 03-05.
    expect(of('sleep_in_bed')[0]!.day).toBe('2026-03-05');
  });

  it('Apple (grll): glucose in mmol/L, blood pressure only inside the Correlation, body fat as a percent', async () => {
    const { of } = await read('apple/export_grll_v14.xml');
    expect(of('blood_glucose')).toHaveLength(2);
    expect(of('blood_pressure_systolic')).toHaveLength(1);
    expect(of('blood_pressure_diastolic')).toHaveLength(1);
    expect(of('body_fat')[0]!.value).toBeCloseTo(18.5);
    expect(of('weight')).toHaveLength(2);
  });

  it('Google Fit: the per-day CSV takes its date from the name and counts 7686 steps; weight from nanoseconds', async () => {
    const day = await read('google_fit/daily_activity_metrics_2025-02-04.csv');
    expect(day.source).toBe('google-fit');
    expect(sum(day.of('steps'))).toBe(7686);
    expect(day.all.every((m) => m.day === '2025-02-04')).toBe(true);
    const weight = await read('google_fit/all_data_derived_weight.json');
    expect(weight.of('weight')).toHaveLength(1);
    expect(weight.of('weight')[0]!.value).toBeCloseTo(49.21, 2);
    expect(weight.of('weight')[0]!.startAt.toISOString()).toBe('2025-01-29T13:18:10.340Z');
    const session = await read('google_fit/session_2025-02-04_walking.json');
    expect(session.of('steps')[0]!.value).toBe(1833);
  });

  it('Fitbit: 20 sleep logs (11 stages, 9 classic), 1180 steps, 21 weights in kg, 89 resting rates', async () => {
    const sleep = await read('fitbit/sleep-2017-09-03.json', 'Australia/Sydney');
    expect(sleep.source).toBe('fitbit');
    expect(sleep.of('sleep_in_bed')).toHaveLength(20);
    expect(sleep.of('sleep_deep')).toHaveLength(11);
    expect(sleep.of('sleep_asleep')).toHaveLength(9);
    const steps = await read('fitbit/steps-2017-11-02.json', 'Australia/Sydney');
    expect(sum(steps.of('steps'))).toBe(1180);
    const weight = await read('fitbit/weight-2017-07-05.json', 'Australia/Sydney');
    expect(weight.of('weight')).toHaveLength(21);
    expect(weight.of('weight').find((m) => m.origin === 'Fitbit Aria')!.value).toBeCloseTo(193.9 * 0.45359237, 3);
    const scores = await read('fitbit/sleep_score.csv');
    expect(scores.of('resting_heart_rate')).toHaveLength(89);
    const heart = await read('fitbit/heart_rate-2017-04-02.json');
    expect(heart.all).toHaveLength(0);
    expect(heart.notes.join(' ')).toMatch(/10780 heart-rate samples/);
  });

  it('Oura: rows repeated with the same id count once; one main sleep a day', async () => {
    const bundle = await read('oura/oura_api_v2_daily_bundle.json');
    expect(bundle.source).toBe('oura');
    // 8 unique days, one of them (2024-07-23) with no steps.
    expect(bundle.of('steps')).toHaveLength(7);
    expect(new Set(bundle.of('steps').map((m) => m.day)).size).toBe(7);
    const sleep = await read('oura/sleep_L480.json');
    expect(sleep.of('sleep_deep').map((m) => m.day).sort()).toEqual(['2026-10-05', '2026-10-06']);
    expect(sleep.of('resting_heart_rate').map((m) => m.value)).toEqual([47, 47]);
  });

  it('Garmin: two weigh-ins with body fat, 3173 steps for 2014-12-27, and a workout of system times dated nowhere', async () => {
    const scale = await read('garmin/WeightScaleSingleUser.fit');
    expect(scale.source).toBe('garmin');
    expect(scale.of('weight').map((m) => m.value)).toEqual([75.8, 76.09]);
    expect(scale.of('body_fat').map((m) => m.value)).toEqual([22.3, 25.1]);
    const monitoring = await read('garmin/MonitoringFile.fit');
    expect(monitoring.of('steps').map((m) => [m.day, m.value])).toEqual([['2014-12-27', 3173]]);
    const run = await read('garmin/antfs-dump.63.fit');
    expect(run.all).toHaveLength(0);
    expect(run.notes.join(' ')).toMatch(/workout/);
  });

  it('Withings: German headers; 89 nights with the re-synced one kept once (the longer); 3 weights', async () => {
    const sleep = await read('withings/sleep_de.csv');
    expect(sleep.source).toBe('withings');
    expect(sleep.of('sleep_light')).toHaveLength(88);
    expect(sleep.of('sleep_rem')).toHaveLength(0); // always 0 on this tracker: no data
    const resynced = sleep.of('sleep_light').filter((m) => m.startAt.toISOString() === '2020-02-01T23:41:00.000Z');
    expect(resynced).toHaveLength(1);
    expect(resynced[0]!.endAt.toISOString()).toBe('2020-02-02T08:21:00.000Z');
    const states = await read('withings/raw_tracker_sleep-state.csv');
    // 198 rows, some of them the same run written again: 162 runs.
    expect(new Set(states.all.map((m) => m.startAt.getTime())).size).toBe(162);
    const weight = await read('withings/weight_de.csv', 'Europe/Berlin');
    expect(weight.of('weight').map((m) => m.value)).toEqual([83, 83, 83]);
    expect(weight.of('weight')[0]!.startAt.toISOString()).toBe('2019-12-28T12:32:55.000Z');
  });
});
