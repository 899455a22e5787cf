import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { ASLEEP_KINDS, type HealthKind } from '#contract/health-data.ts';
import type { InsightImportedMeasure } from '#contract/insights.ts';
import type { ValueComparator } from '#contract/biomarkers.ts';
import type { Db } from '#server/db/client.ts';
import { type DayTotal, listDayTotals } from '#server/features/health-data/public.ts';
import { summariseDay } from '#server/features/health-data/health-data.service.ts';
import { labResults, qualitativeLogs, supplementLogs, supplements } from '#server/db/schema/index.ts';

export type StackRow = { id: string; name: string };
export type IntakeDayRow = { supplementId: string | null; name: string; localDate: string };
export type DoseDayRow = {
  name: string;
  localDate: string;
  dosageAmount: number;
  dosageUnit: string;
  frequencyCount: number;
  frequencyUnit: string;
};
export type LabPointRow = {
  biomarkerKey: string;
  name: string;
  testDate: string;
  value: number;
  /** Set when the value is a limit as printed ("<" 0.5): not a measured number (decision 069). */
  comparator: ValueComparator | null;
  canonicalValue: number;
  canonicalUnit: string;
  referenceLow: number | null;
  referenceHigh: number | null;
};
export type RatingDayRow = { localDate: string; energy: number; mood: number; sleep: number };

/** The user's stack, oldest first, so that insights keep one order. */
export async function listStack(db: Db, userId: string): Promise<StackRow[]> {
  return db
    .select({ id: supplements.id, name: supplements.name })
    .from(supplements)
    .where(eq(supplements.userId, userId))
    .orderBy(asc(supplements.createdAt), asc(supplements.id));
}

/** Every day on which each supplement was logged taken, deleted supplements included (by name). */
export async function listIntakeDays(db: Db, userId: string): Promise<IntakeDayRow[]> {
  return db
    .select({ supplementId: supplementLogs.supplementId, name: supplementLogs.name, localDate: supplementLogs.localDate })
    .from(supplementLogs)
    .where(eq(supplementLogs.userId, userId))
    .orderBy(asc(supplementLogs.localDate));
}

/** The day's energy, mood and sleep rating, one row per rated day. */
export async function listRatingDays(db: Db, userId: string): Promise<RatingDayRow[]> {
  const rows = await db
    .select({ localDate: qualitativeLogs.localDate, energy: qualitativeLogs.energy, mood: qualitativeLogs.mood, sleep: qualitativeLogs.sleep })
    .from(qualitativeLogs)
    .where(and(eq(qualitativeLogs.userId, userId), isNotNull(qualitativeLogs.energy)))
    .orderBy(asc(qualitativeLogs.localDate));
  // A rating row has all three set (the schema's note); the filter keeps the types honest.
  return rows.filter((row): row is RatingDayRow => row.energy !== null && row.mood !== null && row.sleep !== null);
}

/** Every logged day with the dose copied that day, deleted supplements included (by name). */
export async function listDoseDays(db: Db, userId: string): Promise<DoseDayRow[]> {
  return db
    .select({
      name: supplementLogs.name,
      localDate: supplementLogs.localDate,
      dosageAmount: supplementLogs.dosageAmount,
      dosageUnit: supplementLogs.dosageUnit,
      frequencyCount: supplementLogs.frequencyCount,
      frequencyUnit: supplementLogs.frequencyUnit,
    })
    .from(supplementLogs)
    .where(eq(supplementLogs.userId, userId))
    .orderBy(asc(supplementLogs.localDate), asc(supplementLogs.name));
}

/** Every lab result of the user, by biomarker and date; reported values come with their canonical ones. */
export async function listLabPoints(db: Db, userId: string): Promise<LabPointRow[]> {
  return db
    .select({
      biomarkerKey: labResults.biomarkerKey,
      name: labResults.name,
      testDate: labResults.testDate,
      value: labResults.value,
      comparator: labResults.comparator,
      canonicalValue: labResults.canonicalValue,
      canonicalUnit: labResults.canonicalUnit,
      referenceLow: labResults.referenceLow,
      referenceHigh: labResults.referenceHigh,
    })
    .from(labResults)
    .where(eq(labResults.userId, userId))
    .orderBy(asc(labResults.biomarkerKey), asc(labResults.testDate), asc(labResults.createdAt));
}

export type MeasurementDayRow = { localDate: string } & Record<InsightImportedMeasure, number | null>;

const MEASUREMENT_KINDS: readonly HealthKind[] = [...ASLEEP_KINDS, 'resting_heart_rate', 'steps'];

/**
 * Each day with imported sleep, resting heart rate or steps, the day's figure taken as the
 * sleep and heart cards take it (decision 031: the writer that recorded the most, rates averaged).
 */
export async function listMeasurementDays(db: Db, userId: string): Promise<MeasurementDayRow[]> {
  const byDay = new Map<string, DayTotal[]>();
  for (const total of await listDayTotals(db, userId, MEASUREMENT_KINDS, '1900-01-01', '2999-12-31')) {
    byDay.set(total.day, [...(byDay.get(total.day) ?? []), total]);
  }
  return [...byDay]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, totals]) => {
      const figures = summariseDay(day, totals);
      return { localDate: day, sleep_duration: figures.asleepMinutes, resting_heart_rate: figures.restingHeartRate, steps: figures.steps };
    });
}
