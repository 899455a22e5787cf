import { createHash } from 'node:crypto';
import { type Schedule, hasEnded } from '#contract/schedule.ts';
import { type IntakeWarningsResponse } from '#contract/supplements.ts';
import { type DoseUnit, type FrequencyUnit, type MassUnit, isMassUnit } from '#contract/supplements-texts.ts';
import { NUTRIENT_IU_CONVERSIONS } from './reference-supplements.data.ts';

/** One supplement (or one logged intake) with what its reference entry says about its nutrient. */
export type IntakeItem = {
  name: string;
  dosageAmount: number;
  dosageUnit: DoseUnit;
  frequencyCount: number;
  frequencyUnit: FrequencyUnit;
  /** What one unit of a dose in ml, drops or a countable form holds. */
  strengthAmount: number | null;
  strengthUnit: MassUnit | null;
  /** How much of the nutrient the whole dose holds; counted instead of the dose when given. */
  contentAmount: number | null;
  contentUnit: MassUnit | null;
  nutrient: string | null;
  upperLimitAmount: number | null;
  upperLimitUnit: string | null;
  upperLimitSource: string | null;
  upperLimitSourceUrl: string | null;
  upperLimitNote: string | null;
  iuConversion: string | null;
  /** When it is taken; where there is one, it says how many doses a day, not the frequency. */
  schedule: Schedule | null;
};

const MG_PER: Record<string, number> = { g: 1000, mg: 1, mcg: 0.001 };

/**
 * Doses a day from a typed frequency: "2x daily" is two, "1x weekly" a seventh, and "n x hourly"
 * is read as n doses a day (the form's "hourly" is a count of doses spread over the day, not 24 n).
 */
export function dosesPerDay(count: number, unit: FrequencyUnit): number {
  return unit === 'weekly' ? count / 7 : count;
}

/**
 * Doses on a day the supplement is taken: its schedule's times when it has a schedule (whatever
 * the frequency says), else the typed frequency. A schedule of every other day or of some
 * weekdays is not spread over the days between: the limits are per day, and the day it is taken
 * holds the whole amount.
 */
export function dosesOnDay(item: Pick<IntakeItem, 'frequencyCount' | 'frequencyUnit' | 'schedule'>): number {
  return item.schedule ? item.schedule.times.length : dosesPerDay(item.frequencyCount, item.frequencyUnit);
}

/**
 * The nutrient in one dose, as an amount and a mass unit (decision 029): the label's nutrient
 * content when given; else the dose itself when it is a mass or IU; else the dose's count times
 * the strength of one unit. Null when a dose in ml, drops or units has neither.
 */
export function nutrientPerDose(item: Pick<IntakeItem, 'dosageAmount' | 'dosageUnit' | 'strengthAmount' | 'strengthUnit' | 'contentAmount' | 'contentUnit'>): { amount: number; unit: MassUnit } | null {
  if (item.contentAmount !== null && item.contentUnit !== null) return { amount: item.contentAmount, unit: item.contentUnit };
  if (isMassUnit(item.dosageUnit)) return { amount: item.dosageAmount, unit: item.dosageUnit };
  if (item.strengthAmount !== null && item.strengthUnit !== null) return { amount: item.dosageAmount * item.strengthAmount, unit: item.strengthUnit };
  return null;
}

/** An amount in the upper limit's unit, or null when it cannot be converted (IU without a defined conversion). */
function toLimitUnit(dose: { amount: number; unit: MassUnit }, item: IntakeItem, limitUnit: string): number | null {
  let amount = dose.amount;
  let unit: string = dose.unit;
  if (unit === 'IU') {
    const conversion = NUTRIENT_IU_CONVERSIONS.find((c) => c.key === item.iuConversion && c.nutrient === item.nutrient);
    if (!conversion) return null;
    amount *= conversion.amount;
    unit = conversion.unit;
  }
  const from = MG_PER[unit];
  const to = MG_PER[limitUnit];
  if (from === undefined || to === undefined) return null;
  return (amount * from) / to;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * What a put-away warning is tied to: the doses that add up to it. Any change of a contributing
 * supplement's amount, unit, strength, content or frequency, or a supplement joining or leaving
 * the total, gives another hash. A scheduled supplement is tied to what its schedule counts (doses
 * a day, which days, and the first day when that decides which days) instead of its frequency;
 * moving a dose from morning to evening changes no total and keeps the warning away.
 */
function hashDoses(items: readonly IntakeItem[]): string {
  const parts = items
    .map((item) => {
      const label = [item.name, item.dosageAmount, item.dosageUnit, item.strengthAmount, item.strengthUnit, item.contentAmount, item.contentUnit];
      if (!item.schedule) return JSON.stringify([...label, item.frequencyCount, item.frequencyUnit]);
      const { times, days, startDate } = item.schedule;
      return JSON.stringify([...label, { doses: times.length, days, ...(days.every === 'days' ? { startDate } : {}) }]);
    })
    .sort();
  return createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 32);
}

export type IntakeWarningsResult = IntakeWarningsResponse & {
  /** Per warned nutrient, the hash of the doses behind it (for putting the warning away). */
  dosesHashes: Map<string, string>;
};

/** Days enough to see every way weekday and every-N-days schedules fall together, in practice. */
const MAX_CYCLE_DAYS = 3660;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** Whole days since 1970-01-01 (a Thursday) of a `yyyy-MM-dd` date. */
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
const isoWeekday = (day: number) => (((day + 3) % 7) + 7) % 7 + 1;

/** A scheduled supplement that is not taken every day: its amount on the days it is taken. */
type SomeDays = { amount: number; schedule: Schedule };

/**
 * The most that supplements taken on some days only add up to on one day. Weekday schedules
 * repeat every week and every-N-days ones every N days from their first day, so one run over the
 * common cycle sees every day there is; the course's start and end are not otherwise read. A
 * cycle too long to walk counts them all on one day, which can only warn too soon, never too late.
 */
function heaviestDay(doses: readonly SomeDays[]): number {
  if (doses.length <= 1) return doses[0]?.amount ?? 0;
  let cycle = 1;
  for (const { schedule } of doses) {
    const period = schedule.days.every === 'days' ? schedule.days.interval : 7;
    cycle = (cycle / gcd(cycle, period)) * period;
    if (cycle > MAX_CYCLE_DAYS) return doses.reduce((sum, dose) => sum + dose.amount, 0);
  }
  const rules = doses.map(({ amount, schedule: { days, startDate } }) => {
    const first = dayNumber(startDate);
    if (days.every === 'days') return { amount, on: (day: number) => (((day - first) % days.interval) + days.interval) % days.interval === 0 };
    if (days.every === 'week') return { amount, on: (day: number) => (days.weekdays as number[]).includes(isoWeekday(day)) };
    return { amount, on: () => true };
  });
  const from = dayNumber(doses[0]!.schedule.startDate);
  let most = 0;
  for (let day = from; day < from + cycle; day += 1) {
    let total = 0;
    for (const rule of rules) if (rule.on(day)) total += rule.amount;
    most = Math.max(most, total);
  }
  return most;
}

/**
 * Sums each nutrient per day across the items and reports the totals above the adult upper limit.
 * A scheduled supplement counts its schedule's doses on the days it is taken; the total is the
 * heaviest day. `oneDay` reads the items as all taken on the same day (a logged day's intake);
 * with `today`, a course that ended before it adds nothing.
 * A warning is `dismissed` when `dismissals` holds its nutrient with the hash of the same doses.
 */
export function computeIntakeWarnings(
  items: readonly IntakeItem[],
  dismissals: ReadonlyMap<string, string> = new Map(),
  options: { oneDay?: boolean; today?: string } = {},
): IntakeWarningsResult {
  type Total = { everyDay: number; someDays: SomeDays[]; item: IntakeItem; names: string[]; items: IntakeItem[] };
  const totals = new Map<string, Total>();
  const unconverted: string[] = [];
  const uncounted: string[] = [];
  for (const item of items) {
    if (!item.nutrient || item.upperLimitAmount === null || !item.upperLimitUnit) continue;
    if (item.schedule && options.today && hasEnded(item.schedule, options.today)) continue;
    const dose = nutrientPerDose(item);
    if (dose === null) {
      if (!uncounted.includes(item.name)) uncounted.push(item.name);
      continue;
    }
    const perDose = toLimitUnit(dose, item, item.upperLimitUnit);
    if (perDose === null) {
      if (!unconverted.includes(item.name)) unconverted.push(item.name);
      continue;
    }
    const amount = perDose * dosesOnDay(item);
    const entry = totals.get(item.nutrient) ?? { everyDay: 0, someDays: [], item, names: [], items: [] };
    if (item.schedule && item.schedule.days.every !== 'day' && !options.oneDay) entry.someDays.push({ amount, schedule: item.schedule });
    else entry.everyDay += amount;
    entry.items.push(item);
    if (!entry.names.includes(item.name)) entry.names.push(item.name);
    totals.set(item.nutrient, entry);
  }
  const dosesHashes = new Map<string, string>();
  const warnings = [...totals]
    .map(([nutrient, entry]) => ({ nutrient, ...entry, total: round2(entry.everyDay + heaviestDay(entry.someDays)) }))
    .filter(({ total, item }) => total > item.upperLimitAmount!)
    .map(({ nutrient, total, item, names, items: contributors }) => {
      const hash = hashDoses(contributors);
      dosesHashes.set(nutrient, hash);
      return {
        nutrient,
        total,
        unit: item.upperLimitUnit!,
        limit: item.upperLimitAmount!,
        source: item.upperLimitSource ?? '',
        sourceUrl: item.upperLimitSourceUrl ?? '',
        note: item.upperLimitNote,
        supplements: names,
        dismissed: dismissals.get(nutrient) === hash,
      };
    })
    .sort((a, b) => a.nutrient.localeCompare(b.nutrient));
  return { warnings, unconverted, uncounted, dosesHashes };
}
