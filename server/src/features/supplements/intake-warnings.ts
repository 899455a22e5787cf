import type { DoseUnit, FrequencyUnit, IntakeWarningsResponse } from '#contract/tracking.ts';
import { NUTRIENT_IU_CONVERSIONS } from './reference-supplements.data.ts';

/** One supplement (or one logged intake) with what its reference entry says about its nutrient. */
export type IntakeItem = {
  name: string;
  dosageAmount: number;
  dosageUnit: DoseUnit;
  frequencyCount: number;
  frequencyUnit: FrequencyUnit;
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

/** An amount in the upper limit's unit, or null when it cannot be converted (IU without a defined conversion). */
function toLimitUnit(item: IntakeItem, limitUnit: string): number | null {
  let amount = item.dosageAmount;
  let unit: string = item.dosageUnit;
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

/** Sums each nutrient per day across the items and reports the totals above the adult upper limit. */
export function computeIntakeWarnings(items: readonly IntakeItem[]): IntakeWarningsResponse {
  type Total = { total: number; item: IntakeItem; names: string[] };
  const totals = new Map<string, Total>();
  const unconverted: string[] = [];
  for (const item of items) {
    if (!item.nutrient || item.upperLimitAmount === null || !item.upperLimitUnit) continue;
    const perDose = toLimitUnit(item, item.upperLimitUnit);
    if (perDose === null) {
      if (!unconverted.includes(item.name)) unconverted.push(item.name);
      continue;
    }
    const daily = perDose * dosesPerDay(item.frequencyCount, item.frequencyUnit);
    const entry = totals.get(item.nutrient) ?? { total: 0, item, names: [] };
    entry.total += daily;
    if (!entry.names.includes(item.name)) entry.names.push(item.name);
    totals.set(item.nutrient, entry);
  }
  const warnings = [...totals]
    .filter(([, { total, item }]) => round2(total) > item.upperLimitAmount!)
    .map(([nutrient, { total, item, names }]) => ({
      nutrient,
      total: round2(total),
      unit: item.upperLimitUnit!,
      limit: item.upperLimitAmount!,
      source: item.upperLimitSource ?? '',
      sourceUrl: item.upperLimitSourceUrl ?? '',
      note: item.upperLimitNote,
      supplements: names,
    }))
    .sort((a, b) => a.nutrient.localeCompare(b.nutrient));
  return { warnings, unconverted };
}
