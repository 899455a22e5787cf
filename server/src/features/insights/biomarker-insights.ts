import { addDays } from '#contract/dates.ts';
import {
  type BiomarkerInsight,
  type StackChange,
  BIOMARKER_AFTER_MINIMUM_DAYS,
  BIOMARKER_BEFORE_MAXIMUM_DAYS,
  BIOMARKER_INSIGHT_TEXTS,
  INSIGHT_TEXTS,
  SUPPLEMENT_PAUSE_DAYS,
  labsPathFor,
} from '#contract/insights.ts';
import { formatAmount } from '#contract/supplements-texts.ts';
import type { DoseDayRow, LabPointRow } from './insights.repository.ts';

/** Whole days from `from` to `to` (both yyyy-mm-dd). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function doseOf(row: DoseDayRow): string {
  return `${formatAmount(row.dosageAmount)} ${row.dosageUnit} ${row.frequencyCount}x ${row.frequencyUnit}`;
}

/**
 * The starts, stops and dose changes of the stack, read from the intake logs by supplement name
 * (so deleted supplements count): a run of logs is started on its first day; a gap of more than
 * SUPPLEMENT_PAUSE_DAYS ends it, stopped the day after its last log; the last run is stopped only
 * when the user went on logging other supplements that long after it. A day whose copied dose
 * differs from the previous logged day's is a dose change. Sorted by day, then name.
 */
export function stackChanges(rows: readonly DoseDayRow[]): StackChange[] {
  const byName = new Map<string, DoseDayRow[]>();
  let lastLogged: string | undefined;
  for (const row of rows) {
    byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
    if (!lastLogged || row.localDate > lastLogged) lastLogged = row.localDate;
  }
  const changes: StackChange[] = [];
  for (const [name, unsorted] of byName) {
    const days = [...unsorted].sort((a, b) => a.localDate.localeCompare(b.localDate));
    const at = (change: StackChange['change'], on: string, fromDose: string | null = null, toDose: string | null = null) =>
      changes.push({ name, change, on, fromDose, toDose });
    at('started', days[0]!.localDate);
    for (let i = 1; i < days.length; i += 1) {
      const previous = days[i - 1]!;
      const day = days[i]!;
      if (daysBetween(previous.localDate, day.localDate) > SUPPLEMENT_PAUSE_DAYS) {
        at('stopped', addDays(previous.localDate, 1));
        at('started', day.localDate);
      } else if (doseOf(previous) !== doseOf(day)) {
        at('dose_changed', day.localDate, doseOf(previous), doseOf(day));
      }
    }
    const last = days.at(-1)!.localDate;
    if (lastLogged && daysBetween(last, lastLogged) > SUPPLEMENT_PAUSE_DAYS) at('stopped', addDays(last, 1));
  }
  const order = { stopped: 0, dose_changed: 1, started: 2 };
  return changes.sort((a, b) => a.on.localeCompare(b.on) || a.name.localeCompare(b.name) || order[a.change] - order[b.change]);
}

/** A lab result in its biomarker's one unit, with the printed range converted to it. */
type Point = { date: string; value: number; low: number | null; high: number | null };

function pointOf(row: LabPointRow): Point {
  // The printed range is in the reported unit; the canonical value tells the factor between them.
  const factor = row.value !== 0 ? row.canonicalValue / row.value : 1;
  return {
    date: row.testDate,
    value: row.canonicalValue,
    low: row.referenceLow === null ? null : row.referenceLow * factor,
    high: row.referenceHigh === null ? null : row.referenceHigh * factor,
  };
}

/**
 * For each change of the stack and each biomarker: the latest result on or before the change day
 * (no older than BIOMARKER_BEFORE_MAXIMUM_DAYS) against the first result at least
 * BIOMARKER_AFTER_MINIMUM_DAYS after it, with every other supplement's change between the two
 * tests named. Those with a range first, the largest move as a share of it first. A value printed
 * as a limit ("< 0.5") is not a measured number, so it takes no part (decision 069).
 */
export function computeBiomarkerInsights(changes: readonly StackChange[], labs: readonly LabPointRow[]): BiomarkerInsight[] {
  const series = new Map<string, { name: string; unit: string; points: Point[] }>();
  for (const row of labs) {
    if (row.comparator) continue;
    const entry = series.get(row.biomarkerKey) ?? { name: row.name, unit: row.canonicalUnit, points: [] };
    entry.name = row.name;
    entry.points.push(pointOf(row));
    series.set(row.biomarkerKey, entry);
  }
  const insights: BiomarkerInsight[] = [];
  for (const change of changes) {
    const earliestBefore = addDays(change.on, -BIOMARKER_BEFORE_MAXIMUM_DAYS);
    const earliestAfter = addDays(change.on, BIOMARKER_AFTER_MINIMUM_DAYS);
    for (const [key, { name, unit, points }] of series) {
      const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
      const before = sorted.filter((p) => p.date <= change.on && p.date >= earliestBefore).at(-1);
      const after = sorted.find((p) => p.date >= earliestAfter);
      if (!before || !after) continue;
      const low = after.low !== null && after.high !== null ? after.low : before.low;
      const high = after.low !== null && after.high !== null ? after.high : before.high;
      const width = low !== null && high !== null && high > low ? high - low : null;
      const difference = after.value - before.value;
      insights.push({
        biomarkerKey: key,
        biomarkerName: name,
        unit,
        change,
        before: { value: before.value, date: before.date },
        after: { value: after.value, date: after.date },
        difference,
        referenceLow: width === null ? null : low,
        referenceHigh: width === null ? null : high,
        shareOfRange: width === null ? null : difference / width,
        daysBetween: daysBetween(before.date, after.date),
        // A change on the day of a test comes after the blood was drawn, as the main change does.
        confounders: changes.filter((other) => other.name !== change.name && other.on >= before.date && other.on < after.date),
        association: INSIGHT_TEXTS.association,
        otherCauses: BIOMARKER_INSIGHT_TEXTS.otherCauses,
        labsPath: labsPathFor(key),
      });
    }
  }
  return insights.sort(
    (a, b) =>
      Number(a.shareOfRange === null) - Number(b.shareOfRange === null) ||
      Math.abs(b.shareOfRange ?? 0) - Math.abs(a.shareOfRange ?? 0) ||
      a.change.on.localeCompare(b.change.on) ||
      a.biomarkerName.localeCompare(b.biomarkerName),
  );
}
