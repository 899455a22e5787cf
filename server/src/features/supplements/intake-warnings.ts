import { createHash } from 'node:crypto';
import { type IntakeWarningsResponse } from '#contract/supplements.ts';
import { type DoseUnit, type FrequencyUnit, type MassUnit, isMassUnit } from '#contract/tracking-texts.ts';
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
};

const MG_PER: Record<string, number> = { g: 1000, mg: 1, mcg: 0.001 };

/**
 * Doses a day: "2x daily" is two, "1x weekly" a seventh, and "n x hourly" is read as n doses a
 * day (the form's "hourly" is a count of doses spread over the day, not 24 n).
 */
export function dosesPerDay(count: number, unit: FrequencyUnit): number {
  return unit === 'weekly' ? count / 7 : count;
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
 * the total, gives another hash.
 */
function hashDoses(items: readonly IntakeItem[]): string {
  const parts = items
    .map((item) => JSON.stringify([item.name, item.dosageAmount, item.dosageUnit, item.strengthAmount, item.strengthUnit, item.contentAmount, item.contentUnit, item.frequencyCount, item.frequencyUnit]))
    .sort();
  return createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 32);
}

export type IntakeWarningsResult = IntakeWarningsResponse & {
  /** Per warned nutrient, the hash of the doses behind it (for putting the warning away). */
  dosesHashes: Map<string, string>;
};

/**
 * Sums each nutrient per day across the items and reports the totals above the adult upper limit.
 * A warning is `dismissed` when `dismissals` holds its nutrient with the hash of the same doses.
 */
export function computeIntakeWarnings(items: readonly IntakeItem[], dismissals: ReadonlyMap<string, string> = new Map()): IntakeWarningsResult {
  type Total = { total: number; item: IntakeItem; names: string[]; items: IntakeItem[] };
  const totals = new Map<string, Total>();
  const unconverted: string[] = [];
  const uncounted: string[] = [];
  for (const item of items) {
    if (!item.nutrient || item.upperLimitAmount === null || !item.upperLimitUnit) continue;
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
    const daily = perDose * dosesPerDay(item.frequencyCount, item.frequencyUnit);
    const entry = totals.get(item.nutrient) ?? { total: 0, item, names: [], items: [] };
    entry.total += daily;
    entry.items.push(item);
    if (!entry.names.includes(item.name)) entry.names.push(item.name);
    totals.set(item.nutrient, entry);
  }
  const dosesHashes = new Map<string, string>();
  const warnings = [...totals]
    .filter(([, { total, item }]) => round2(total) > item.upperLimitAmount!)
    .map(([nutrient, { total, item, names, items: contributors }]) => {
      const hash = hashDoses(contributors);
      dosesHashes.set(nutrient, hash);
      return {
        nutrient,
        total: round2(total),
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
