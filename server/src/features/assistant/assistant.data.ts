import type { IntakeWarningsResponse } from '#contract/supplements.ts';
import { addDays, localDateOf } from '#contract/dates.ts';
import { formatDosage, formatFrequency } from '#contract/supplements-texts.ts';
import type {
  BiomarkerOverview,
  BiomarkerPoint,
  BiomarkerSeries,
  DailyMeasurement,
  EffectsEntry,
  HealthSnapshot,
  IntakeDay,
  LoggedSupplement,
  Measure,
  ReferenceData,
  ReferenceEntry,
  StackEntry,
  StreakInfo,
  UserData,
} from '#server/ai/assistant-data.ts';
import { MAX_MEASUREMENT_DAYS } from '#server/ai/assistant-data.ts';
import { containsWords } from '#server/ai/built-in/questions.ts';
import type { Db } from '#server/db/client.ts';
import type { HealthService } from '#server/features/health/health.service.ts';
import type { InsightsService } from '#server/features/insights/insights.service.ts';
import { findMarker, siUnitOf, toCanonicalValue, unitDefFor } from '#server/features/labs/labs.catalogue.ts';
import type { UnitDef } from '#server/labs/extract/catalogue.ts';
import type { StreakService } from '#server/features/streaks/streaks.service.ts';
import type { SupplementWithNutrient, SupplementsService } from '#server/features/supplements/supplements.service.ts';
import type { HealthKind } from '#contract/health-data.ts';
import { ASLEEP_KINDS } from '#contract/health-data.ts';
import { type DayTotal, listDayTotals } from '#server/features/health-data/public.ts';
import { summariseDay } from '#server/features/health-data/health-data.service.ts';
import { listStackItems } from '#server/features/interactions/public.ts';
import { InteractionsService, interactionNamesIn } from '#server/features/interactions/interactions.service.ts';
import {
  type LabResultRead,
  findReferenceNamesIn,
  listBiomarkerEnds,
  listBiomarkerResults,
  listDayNotes,
  listEffectsSince,
  listIntakeBetween,
  listRatedDays,
  summariseLoggedSupplements,
} from './assistant.repository.ts';
import type { User } from '#server/domain/user.ts';

export type DataSources = {
  db: Db;
  insights: InsightsService;
  supplements: SupplementsService;
  health: HealthService;
  streaks: StreakService;
};

/**
 * One user's records for one request, read through the repositories (every read scoped by this
 * user's id) and the tracking services, each at most once.
 */
export function createUserData(sources: DataSources, user: User, now: Date, labUnits?: LabUnits): UserData {
  const { db } = sources;
  const userId = user.id;
  const today = localDateOf(now, user.timeZone);
  const once = memo();
  const seriesByKey = new Map<string, Promise<BiomarkerSeries | null>>();

  const loggedRows = once('logged', () => summariseLoggedSupplements(db, userId));
  const intakeRows = once('intake', () => listIntakeBetween(db, userId, addDays(today, -(MAX_RECENT_DAYS - 1)), today));

  return {
    viewer: { id: userId, displayName: user.name ?? user.username, timeZone: user.timeZone, today, unitSystem: user.unitSystem },
    insights: once('insights', () => sources.insights.insights(user)),
    stack: once('stack', async () => {
      const [supplements, logged] = await Promise.all([sources.supplements.listWithNutrients(userId), loggedRows()]);
      return supplements.map((supplement) => toStackEntry(supplement, logged, user.timeZone));
    }),
    loggedSupplements: once('loggedSupplements', async () => mergeLoggedByName(await loggedRows())),
    intakeWarnings: once('warnings', (): Promise<IntakeWarningsResponse> => sources.supplements.warnings(user, now)),
    recentIntake: async (days) => {
      const from = addDays(today, -(Math.min(days, MAX_RECENT_DAYS) - 1));
      return groupIntake((await intakeRows()).filter((row) => row.date >= from));
    },
    recentEffects: async (days) => (await listEffectsSince(db, userId, addDays(today, -(days - 1)))).map(toEffects),
    intakeBetween: async (from, to) => groupIntake(await listIntakeBetween(db, userId, from, to)),
    effectsBetween: async (from, to) => (await listEffectsSince(db, userId, from, to)).map(toEffects),
    healthStats: once('health', async () => toHealthSnapshot(await sources.health.get(userId), user.timeZone)),
    streak: once('streak', async () => toStreakInfo(await sources.streaks.streak(user))),
    biomarkerOverview: once('biomarkers', () => readBiomarkerOverview(db, userId, labUnits)),
    biomarkerSeries: (key) => {
      let series = seriesByKey.get(key);
      if (!series) {
        series = readBiomarkerSeries(db, userId, key, labUnits);
        seriesByKey.set(key, series);
      }
      return series;
    },
    ratedDays: async (match) =>
      (await listRatedDays(db, userId, match)).map((row) => ({ ...toEffects(row), took: Boolean(row.took) })),
    measurementsBetween: (measure, from, to) => readMeasurements(db, userId, measure, from, to),
    stackInteractions: once('interactions', () => readStackInteractions(db, userId)),
    day: (date) => readDay(db, userId, date),
  };
}

type LoggedRow = Awaited<ReturnType<typeof summariseLoggedSupplements>>[number];
type IntakeRow = Awaited<ReturnType<typeof listIntakeBetween>>[number];

/** A supplement of the stack as the supplements feature shows it, with when and on how many days it was logged. */
function toStackEntry(supplement: SupplementWithNutrient, logged: LoggedRow[], timeZone: string): StackEntry {
  const { id, name, dosage, frequency, notes, referenceSupplementId, nutrient } = supplement;
  const logs = logged.filter((log) => log.supplementId === id);
  const first = logs.map((log) => log.firstLoggedOn).sort()[0] ?? null;
  const last = logs.map((log) => log.lastLoggedOn).sort().at(-1) ?? null;
  return {
    id,
    name,
    dosage,
    frequency,
    notes,
    referenceSupplementId,
    nutrient,
    addedOn: localDateOf(new Date(supplement.createdAt), timeZone),
    firstLoggedOn: first,
    lastLoggedOn: last,
    loggedDays: logs.reduce((sum, log) => sum + log.loggedDays, 0),
  };
}

/** Every supplement ever logged, one per name however it was spelled in case and spaces. */
function mergeLoggedByName(rows: LoggedRow[]): LoggedSupplement[] {
  const byName = new Map<string, LoggedSupplement>();
  for (const row of rows) {
    const key = row.name.trim().toLowerCase();
    const existing = byName.get(key);
    if (!existing) {
      byName.set(key, { ...row, firstLoggedOn: row.firstLoggedOn, lastLoggedOn: row.lastLoggedOn });
      continue;
    }
    existing.firstLoggedOn = existing.firstLoggedOn < row.firstLoggedOn ? existing.firstLoggedOn : row.firstLoggedOn;
    existing.lastLoggedOn = existing.lastLoggedOn > row.lastLoggedOn ? existing.lastLoggedOn : row.lastLoggedOn;
    existing.loggedDays += row.loggedDays;
    existing.supplementId ??= row.supplementId;
    existing.nutrient ??= row.nutrient;
    existing.referenceSupplementId ??= row.referenceSupplementId;
  }
  return [...byName.values()];
}

function toHealthSnapshot(stats: Awaited<ReturnType<HealthService['get']>>, timeZone: string): HealthSnapshot {
  return {
    weightLbs: stats.weight,
    heightInches: stats.height,
    gender: stats.gender,
    dateOfBirth: stats.dateOfBirth,
    averageSleepMinutes: stats.averageSleep,
    allergies: stats.allergies,
    updatedOn: stats.updatedAt ? localDateOf(new Date(stats.updatedAt), timeZone) : null,
  };
}

function toStreakInfo(streak: Awaited<ReturnType<StreakService['streak']>>): StreakInfo {
  return { current: streak.currentStreak, longest: streak.longestStreak, goalDays: streak.goalDays, loggedToday: streak.loggedToday, lastLogDate: streak.lastLogDate };
}

/** Each biomarker's first, previous and latest result, the most recently measured first. */
async function readBiomarkerOverview(db: Db, userId: string, labUnits: LabUnits | undefined): Promise<BiomarkerOverview[]> {
  const byKey = new Map<string, (LabResultRead & { newest: number; total: number })[]>();
  for (const row of await listBiomarkerEnds(db, userId)) {
    const list = byKey.get(row.biomarkerKey) ?? [];
    list.push(row);
    byKey.set(row.biomarkerKey, list);
  }
  const overview: BiomarkerOverview[] = [];
  for (const [key, rows] of byKey) {
    const latest = rows.find((row) => row.newest === 1)!;
    const display = displayOf(key, labUnits, latest);
    if (!display) continue;
    const previous = rows.find((row) => row.newest === 2);
    const first = [...rows].sort((a, b) => a.testDate.localeCompare(b.testDate))[0]!;
    overview.push({
      key,
      name: display.name,
      category: display.category,
      unit: display.unit,
      count: latest.total,
      first: display.point(first),
      previous: previous ? display.point(previous) : null,
      latest: display.point(latest),
    });
  }
  return overview.sort((a, b) => b.latest.date.localeCompare(a.latest.date) || a.name.localeCompare(b.name));
}

async function readBiomarkerSeries(db: Db, userId: string, key: string, labUnits: LabUnits | undefined): Promise<BiomarkerSeries | null> {
  const rows = await listBiomarkerResults(db, userId, key);
  if (rows.length === 0) return null;
  const display = displayOf(key, labUnits, rows.at(-1)!);
  if (!display) return null;
  return { key, name: display.name, category: display.category, unit: display.unit, points: rows.map(display.point) };
}

async function readMeasurements(db: Db, userId: string, measure: Measure, from: string, to: string): Promise<DailyMeasurement[]> {
  const start = from > addDays(to, -(MAX_MEASUREMENT_DAYS - 1)) ? from : addDays(to, -(MAX_MEASUREMENT_DAYS - 1));
  if (start > to) return [];
  const byDay = new Map<string, DayTotal[]>();
  for (const total of await listDayTotals(db, userId, MEASURE_KINDS[measure], start, to)) byDay.set(total.day, [...(byDay.get(total.day) ?? []), total]);
  const days: DailyMeasurement[] = [];
  for (const [date, totals] of [...byDay].sort(([a], [b]) => a.localeCompare(b))) {
    const value = dailyValue(measure, date, totals);
    if (value !== null) days.push({ date, value });
  }
  return days;
}

async function readStackInteractions(db: Db, userId: string) {
  const [items, report] = await Promise.all([listStackItems(db, userId), new InteractionsService(db).report(userId)]);
  return { items: items.map((item) => ({ kind: item.kind, name: item.name })), interactions: report.interactions };
}

/** Everything logged on one day: intake, the day's rating, and its own notes. */
async function readDay(db: Db, userId: string, date: string) {
  const [intake, notes] = await Promise.all([listIntakeBetween(db, userId, date, date), listDayNotes(db, userId, date)]);
  const rating = notes.find((note) => note.energy !== null);
  return {
    intake: { date, items: intake.map(toIntakeItem) },
    effects: rating ? toEffects({ ...rating, date }) : null,
    notes: notes
      .filter((note) => note.energy === null && (note.type === 'chat' || note.type === 'other'))
      .map((note) => ({ id: note.id, date, type: note.type as 'chat' | 'other', content: note.content })),
  };
}

/** The stored kinds each daily measure is read from. */
const MEASURE_KINDS: Record<Measure, readonly HealthKind[]> = {
  sleep: ASLEEP_KINDS,
  deep_sleep: ASLEEP_KINDS,
  rem_sleep: ASLEEP_KINDS,
  resting_heart_rate: ['resting_heart_rate'],
  hrv: ['hrv'],
  steps: ['steps'],
  weight: ['weight'],
  body_fat: ['body_fat'],
  blood_pressure_systolic: ['blood_pressure_systolic'],
  blood_pressure_diastolic: ['blood_pressure_diastolic'],
  blood_glucose: ['blood_glucose'],
};

/**
 * One day's value, as the health page reads it for the kinds it shows (one writer's night, the
 * writer with the most steps); a reading such as weight is the mean of the day's writers.
 */
function dailyValue(measure: Measure, date: string, totals: DayTotal[]): number | null {
  const day = summariseDay(date, totals);
  switch (measure) {
    case 'sleep':
      return day.asleepMinutes;
    case 'deep_sleep':
      return day.deepMinutes;
    case 'rem_sleep':
      return day.remMinutes;
    case 'resting_heart_rate':
      return day.restingHeartRate;
    case 'hrv':
      return day.hrv;
    case 'steps':
      return day.steps;
    default: {
      if (totals.length === 0) return null;
      return Math.round((totals.reduce((sum, total) => sum + total.mean, 0) / totals.length) * 10) / 10;
    }
  }
}

/** Intake rows (newest day first) as days with their items, in the rows' order. */
function groupIntake(rows: IntakeRow[]): IntakeDay[] {
  const byDay = new Map<string, IntakeDay>();
  for (const row of rows) {
    const day = byDay.get(row.date) ?? { date: row.date, items: [] };
    day.items.push(toIntakeItem(row));
    byDay.set(row.date, day);
  }
  return [...byDay.values()];
}

function toIntakeItem(row: IntakeRow): IntakeDay['items'][number] {
  return {
    id: row.id,
    supplementId: row.supplementId,
    name: row.name,
    dosage: formatDosage({ amount: row.dosageAmount, unit: row.dosageUnit }),
    frequency: formatFrequency({ count: row.frequencyCount, unit: row.frequencyUnit }),
  };
}

/** The days `recentIntake` can look back; the context builder asks for two weeks. */
const MAX_RECENT_DAYS = 31;

function toEffects(row: { id: string; date: string; energy: number | null; mood: number | null; sleep: number | null; note: string | null }): EffectsEntry {
  return { id: row.id, date: row.date, energy: row.energy ?? 0, mood: row.mood ?? 0, sleep: row.sleep ?? 0, note: row.note };
}

/** The labs' unit switch: conventional (US) units or SI. */
export type LabUnits = 'conventional' | 'si';

/**
 * How a biomarker is shown to this user: the catalogue's name, in the units of the labs' switch
 * when the request says which, else in the system the latest report printed it in (not the body
 * units of the profile). A value in the unit it was printed in is the printed number; a converted
 * one keeps no more significant figures than the report printed. Printed ranges are stored in
 * the report's unit and converted like the values.
 */
function displayOf(key: string, labUnits: LabUnits | undefined, latest: LabResultRead) {
  const marker = findMarker(key);
  if (!marker) return undefined;
  const si = siUnitOf(marker);
  const conventional: UnitDef = { unit: marker.canonicalUnit, factor: 1 };
  const printedSi = si.unit !== marker.canonicalUnit && unitDefFor(marker, latest.unit)?.unit === si.unit;
  const target = (labUnits ?? (printedSi ? 'si' : 'conventional')) === 'si' ? si : conventional;
  const shown = (canonical: number, printed: number, printedUnit: string) => {
    if (sameUnit(marker, printedUnit, target)) return printed;
    // From the canonical value directly: rounding twice would turn 3.3152 into 3.31.
    const converted = (canonical - (target.offset ?? 0)) / target.factor;
    return roundToFigures(converted, Math.min(CONVERTED_FIGURES, significantFigures(printed) + 1));
  };
  const rangeValue = (value: number | null, reportedUnit: string) => {
    if (value === null) return null;
    const def = unitDefFor(marker, reportedUnit);
    return def ? shown(toCanonicalValue(def, value), value, reportedUnit) : null;
  };
  return {
    name: marker.name,
    category: marker.category,
    unit: target.unit,
    point: (row: LabResultRead): BiomarkerPoint => ({
      id: row.id,
      date: row.testDate,
      // A limit converts as a value does: every unit's conversion keeps the order of values.
      value: shown(row.canonicalValue, row.value, row.unit),
      comparator: row.comparator,
      low: rangeValue(row.referenceLow, row.unit),
      high: rangeValue(row.referenceHigh, row.unit),
      flag: row.flag,
      reviewed: row.reviewed,
      rangeText: row.referenceText,
      printedFlag: row.printedFlag,
      fileName: row.fileName,
    }),
  };
}

/** A converted value keeps three significant figures at most (3.32 mmol/L, not 3.315), as reports print them. */
const CONVERTED_FIGURES = 3;

/** Whether a printed unit is `target` (same factor), whatever its spelling. */
function sameUnit(marker: NonNullable<ReturnType<typeof findMarker>>, printed: string, target: UnitDef): boolean {
  const def = unitDefFor(marker, printed);
  return def !== null && def.factor === target.factor && (def.offset ?? 0) === (target.offset ?? 0);
}

/** Significant figures of a printed number (128 → 3, 150.1 → 4, 0.05 → 1). */
function significantFigures(value: number): number {
  const digits = String(Math.abs(value)).replace('.', '').replace(/^0+/, '');
  return Math.max(1, digits.length);
}

function roundToFigures(value: number, figures: number): number {
  if (value === 0) return 0;
  return Number(value.toPrecision(figures));
}

/** Alternative names that are also dose units ("mg" for magnesium): in a question they are units. */
const UNIT_WORDS = new Set(['mg', 'g', 'mcg', 'ug', 'µg', 'iu', 'ml']);

/** The reference database, read per question (admins may change it at any time). */
export function createReferenceData(db: Db): ReferenceData {
  const interactions = new InteractionsService(db);
  return {
    interactionNamesIn,
    interactionsAmong: (names) => interactions.among(names),
    findNamedIn: async (text) => {
      const rows = await findReferenceNamesIn(db, text);
      const seen = new Set<string>();
      const entries: ReferenceEntry[] = [];
      const named = rows.filter((candidate) => !UNIT_WORDS.has(candidate.matched) && containsWords(text, candidate.matched));
      // Longest name first; then a supplement's own name before another's alternative; then by name, so ties never flip.
      named.sort((a, b) => b.matched.length - a.matched.length || Number(b.isPrimary) - Number(a.isPrimary) || a.name.localeCompare(b.name));
      for (const row of named) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        entries.push({
          id: row.id,
          name: row.name,
          category: row.category,
          description: row.description,
          source: row.source,
          sourceUrl: row.sourceUrl,
          nutrient: row.nutrient,
          upperLimit:
            row.upperLimitAmount !== null && row.upperLimitUnit
              ? { amount: row.upperLimitAmount, unit: row.upperLimitUnit, note: row.upperLimitNote, source: row.upperLimitSource, sourceUrl: row.upperLimitSourceUrl }
              : null,
        });
      }
      return entries;
    },
  };
}

/** Loaders that run once per request, however many answers ask for them. */
function memo() {
  const cache = new Map<string, Promise<unknown>>();
  return <T>(key: string, load: () => Promise<T>) =>
    (): Promise<T> => {
      let value = cache.get(key) as Promise<T> | undefined;
      if (!value) {
        value = load();
        cache.set(key, value);
      }
      return value;
    };
}
