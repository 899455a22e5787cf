import type { BiomarkerFlag, ValueComparator } from '#contract/biomarkers.ts';
import type { SupplementPeriod } from '#contract/labs.ts';
import { addDays, localDateOf } from '#contract/dates.ts';
import { findMarker, toCanonicalValue, unitDefFor } from '#server/features/labs/labs.catalogue.ts';
import { supplementPeriods } from '#server/features/labs/labs.service.ts';
import { type UserData, dosageText, frequencyText } from './export.document.ts';
import type { IntakeLogRow, LabResultRow, SupplementRow } from './export.repository.ts';

/**
 * What the doctor's report says, computed from the user's data and a period; `report.pdf.ts`
 * only lays it out. Kept apart so that the numbers are tested without reading a PDF.
 */

export type ReportPeriod = { from: string; to: string };

export type ReportModel = {
  patient: { name: string; username: string; dateOfBirth: string | null; sex: string | null; allergies: string | null };
  period: ReportPeriod & { days: number };
  generatedOn: string;
  stack: { name: string; dosage: string; frequency: string; since: string; notes: string | null }[];
  adherence: { name: string; dosage: string; daysTaken: number; expectedDays: number; percent: number | null; inStack: boolean }[];
  effects: {
    ratedDays: number;
    averages: { energy: number; mood: number; sleep: number } | null;
    points: { date: string; energy: number; mood: number; sleep: number }[];
  };
  biomarkers: ReportBiomarker[];
  /** Supplement periods up to the end of the report, for the bars beside each chart. */
  supplementPeriods: SupplementPeriod[];
};

export type ReportBiomarker = {
  name: string;
  category: string;
  latest: {
    testDate: string;
    value: number;
    /** Set when the value is a limit as printed ("<" 0.5); null for an exact value. */
    comparator: ValueComparator | null;
    unit: string;
    referenceText: string | null;
    flag: BiomarkerFlag | null;
    reviewed: boolean;
    inPeriod: boolean;
  };
  /** The chart: canonical values, oldest first (at most the newest 24). */
  chartUnit: string;
  points: { testDate: string; value: number; comparator: ValueComparator | null; flag: BiomarkerFlag | null }[];
  range: { low: number | null; high: number | null };
};

const MAX_CHART_POINTS = 24;
const DAY_MS = 86_400_000;

export function daysBetweenInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

function rangeText(result: LabResultRow): string | null {
  if (result.referenceText) return result.referenceText;
  if (result.referenceLow !== null && result.referenceHigh !== null) return `${result.referenceLow} - ${result.referenceHigh}`;
  if (result.referenceLow !== null) return `>= ${result.referenceLow}`;
  if (result.referenceHigh !== null) return `<= ${result.referenceHigh}`;
  return null;
}

/** The latest printed range in the canonical unit, else the catalogue's typical adult range. */
function canonicalRange(results: LabResultRow[]): { low: number | null; high: number | null } {
  const marker = findMarker(results[0]!.biomarkerKey);
  for (let i = results.length - 1; i >= 0; i -= 1) {
    const result = results[i]!;
    if (result.referenceLow === null && result.referenceHigh === null) continue;
    const def = marker ? unitDefFor(marker, result.unit) : null;
    if (!def) continue;
    return {
      low: result.referenceLow === null ? null : toCanonicalValue(def, result.referenceLow),
      high: result.referenceHigh === null ? null : toCanonicalValue(def, result.referenceHigh),
    };
  }
  return marker ? { low: marker.typical[0], high: marker.typical[1] } : { low: null, high: null };
}

/** Days a supplement was expected in the period: every day, or `count` a week for weekly ones. */
function expectedDays(frequency: { frequencyCount: number; frequencyUnit: string }, days: number): number {
  if (frequency.frequencyUnit !== 'weekly') return days;
  return Math.max(1, Math.min(days, Math.round((days / 7) * frequency.frequencyCount)));
}

export function buildReportModel(data: UserData, period: ReportPeriod, now: Date): ReportModel {
  const { user } = data;
  return {
    patient: {
      name: user.name ?? user.username,
      username: user.username,
      dateOfBirth: data.healthStats?.dateOfBirth ?? null,
      sex: data.healthStats?.gender ?? null,
      allergies: data.healthStats?.allergies ?? null,
    },
    period: { ...period, days: daysBetweenInclusive(period.from, period.to) },
    generatedOn: localDateOf(now, user.timeZone),
    stack: data.supplements.map((row) => ({
      name: row.name,
      dosage: dosageText(row),
      frequency: frequencyText(row),
      since: localDateOf(row.createdAt, user.timeZone),
      notes: row.notes,
    })),
    adherence: adherenceOf(data, period),
    effects: effectsOf(data, period),
    biomarkers: biomarkersOf(data, period),
    supplementPeriods: supplementPeriods(
      data.intakeLogs.filter((log) => log.localDate <= period.to).map((log) => ({ name: log.name, day: log.localDate })),
    ),
  };
}

function isInPeriod(day: string, period: ReportPeriod): boolean {
  return day >= period.from && day <= period.to;
}

/** Each supplement of the stack against the days it was expected, then those taken but no longer in it. */
function adherenceOf(data: UserData, period: ReportPeriod): ReportModel['adherence'] {
  const logsInPeriod = data.intakeLogs.filter((log) => isInPeriod(log.localDate, period));
  const stackNames = new Set(data.supplements.map((row) => row.name.toLowerCase()));
  return [
    ...data.supplements.map((row) => stackAdherence(row, logsInPeriod, period, data.user.timeZone)),
    ...formerAdherence(logsInPeriod.filter((log) => !stackNames.has(log.name.toLowerCase()))),
  ];
}

function stackAdherence(row: SupplementRow, logsInPeriod: IntakeLogRow[], period: ReportPeriod, timeZone: string): ReportModel['adherence'][number] {
  const taken = new Set(
    logsInPeriod.filter((log) => log.supplementId === row.id || log.name.toLowerCase() === row.name.toLowerCase()).map((log) => log.localDate),
  );
  // Expected from when it was added, or from its first log if the user logged days before adding it.
  const firstLogged = [...taken].sort()[0];
  const added = localDateOf(row.createdAt, timeZone);
  const since = firstLogged && firstLogged < added ? firstLogged : added;
  const start = since > period.from ? since : period.from;
  const expected = start > period.to ? 0 : expectedDays(row, daysBetweenInclusive(start, period.to));
  return {
    name: row.name,
    dosage: `${dosageText(row)}, ${frequencyText(row)}`,
    daysTaken: taken.size,
    expectedDays: expected,
    percent: expected > 0 ? Math.min(100, Math.round((taken.size / expected) * 100)) : null,
    inStack: true,
  };
}

/** Taken in the period but no longer in the stack: how often, with no expectation to compare. */
function formerAdherence(logs: IntakeLogRow[]): ReportModel['adherence'] {
  const byName = new Map<string, { name: string; dosage: string; days: Set<string> }>();
  for (const log of logs) {
    const key = log.name.toLowerCase();
    const entry = byName.get(key) ?? { name: log.name, dosage: `${dosageText(log)}, ${frequencyText(log)}`, days: new Set<string>() };
    entry.days.add(log.localDate);
    byName.set(key, entry);
  }
  return [...byName.values()].map((entry) => ({ name: entry.name, dosage: entry.dosage, daysTaken: entry.days.size, expectedDays: 0, percent: null, inStack: false }));
}

function effectsOf(data: UserData, period: ReportPeriod): ReportModel['effects'] {
  const ratings = data.notes
    .filter((note) => isInPeriod(note.localDate, period) && note.energy !== null && note.mood !== null && note.sleep !== null)
    .map((note) => ({ date: note.localDate, energy: note.energy!, mood: note.mood!, sleep: note.sleep! }));
  const average = (pick: (r: (typeof ratings)[number]) => number) => Math.round((ratings.reduce((sum, r) => sum + pick(r), 0) / ratings.length) * 10) / 10;
  return {
    ratedDays: ratings.length,
    averages: ratings.length > 0 ? { energy: average((r) => r.energy), mood: average((r) => r.mood), sleep: average((r) => r.sleep) } : null,
    points: ratings,
  };
}

/** Every biomarker tested up to the period's end. Out-of-range values first, then by category and name, so that what needs attention leads. */
function biomarkersOf(data: UserData, period: ReportPeriod): ReportBiomarker[] {
  const byMarker = new Map<string, LabResultRow[]>();
  for (const result of data.labResults) {
    if (result.testDate > period.to) continue;
    const list = byMarker.get(result.biomarkerKey) ?? [];
    list.push(result);
    byMarker.set(result.biomarkerKey, list);
  }
  const biomarkers = [...byMarker.values()].map((results) => reportBiomarker(results, period));
  const rank = (b: ReportBiomarker) => (b.latest.flag === 'high' || b.latest.flag === 'low' ? 0 : 1);
  return biomarkers.sort((a, b) => rank(a) - rank(b) || a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
}

/** One biomarker's latest result and chart, from its results in any order. */
function reportBiomarker(results: LabResultRow[], period: ReportPeriod): ReportBiomarker {
  results.sort((a, b) => a.testDate.localeCompare(b.testDate) || a.createdAt.getTime() - b.createdAt.getTime());
  const latest = results[results.length - 1]!;
  return {
    name: latest.name,
    category: latest.category,
    latest: {
      testDate: latest.testDate,
      value: latest.value,
      comparator: latest.comparator,
      unit: latest.unit,
      referenceText: rangeText(latest),
      flag: latest.flag,
      reviewed: latest.reviewed,
      inPeriod: isInPeriod(latest.testDate, period),
    },
    chartUnit: latest.canonicalUnit,
    points: results.slice(-MAX_CHART_POINTS).map((result) => ({ testDate: result.testDate, value: result.canonicalValue, comparator: result.comparator, flag: result.flag })),
    range: canonicalRange(results),
  };
}

/** The report's period: given dates, or the last `defaultDays` days ending on the user's today. */
export function resolvePeriod(query: { from?: string | undefined; to?: string | undefined }, today: string, defaultDays: number): ReportPeriod {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(defaultDays - 1));
  return { from, to };
}
