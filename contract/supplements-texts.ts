/**
 * The stack's texts, lists and dosage rules (product.md, Tracking).
 * Zod-free, so the web uses them without schema code (decision 017); the schemas are in `supplements.ts`.
 */

// ─── Dosage and frequency (product.md, Tracking, "Supplement form") ───────────────────────────────────

/**
 * The units a dose is taken in (decision 029): masses and IU, volumes and drops, and countable
 * forms. Stored singular; written plural where the amount asks for it ("2 capsules").
 */
export const MASS_UNITS = ['mg', 'g', 'mcg', 'IU'] as const;
export type MassUnit = (typeof MASS_UNITS)[number];
export const COUNT_UNITS = ['ml', 'drop', 'capsule', 'tablet', 'softgel', 'gummy', 'scoop', 'serving'] as const;
export type CountUnit = (typeof COUNT_UNITS)[number];
export const DOSE_UNITS = [...MASS_UNITS, ...COUNT_UNITS] as const;
export type DoseUnit = (typeof DOSE_UNITS)[number];
export const FREQUENCY_UNITS = ['hourly', 'daily', 'weekly'] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];

const PLURALS: Partial<Record<DoseUnit, string>> = {
  drop: 'drops',
  capsule: 'capsules',
  tablet: 'tablets',
  softgel: 'softgels',
  gummy: 'gummies',
  scoop: 'scoops',
  serving: 'servings',
};

export function isMassUnit(unit: DoseUnit): unit is MassUnit {
  return (MASS_UNITS as readonly string[]).includes(unit);
}

/** "capsule" for 1, "capsules" otherwise; masses, IU and ml never change. */
export function doseUnitLabel(unit: DoseUnit, amount = 2): string {
  return amount === 1 ? unit : (PLURALS[unit] ?? unit);
}

/** A unit as people type it ("MG", "iu", "mL", "Capsules", "drops"), or undefined. */
export function readDoseUnit(text: string): DoseUnit | undefined {
  const lower = text.trim().toLowerCase();
  return DOSE_UNITS.find((unit) => unit.toLowerCase() === lower || PLURALS[unit] === lower);
}

/** The largest amount accepted: far above any real dose, low enough to catch a slipped key. */
export const DOSE_AMOUNT_MAX = 1_000_000;
export const DOSE_DECIMALS_MAX = 3;

/**
 * The amounts the picker offers first for a unit (product.md, Tracking): the spec's lists for
 * mg, mcg, IU and g, small counts for the rest. Any other positive amount may be typed.
 */
export function doseAmountOptions(unit: DoseUnit): number[] {
  if (unit === 'g') return range(1, 10, 1);
  if (unit === 'mg' || unit === 'mcg') return range(50, 1000, 50);
  if (unit === 'IU') return range(50, 2000, 50);
  if (unit === 'ml') return [0.5, 1, 2, 2.5, 5, 10, 15, 20];
  return range(1, 10, 1);
}
/** Changing the unit resets the amount to this (product.md, Tracking): 50 for mg, mcg and IU, else 1. */
export function defaultDoseAmount(unit: DoseUnit): number {
  return unit === 'mg' || unit === 'mcg' || unit === 'IU' ? 50 : 1;
}
export const FREQUENCY_COUNT_MIN = 1;
export const FREQUENCY_COUNT_MAX = 14;

function range(from: number, to: number, step: number): number[] {
  const values: number[] = [];
  for (let value = from; value <= to; value += step) values.push(value);
  return values;
}

export type Dosage = { amount: number; unit: DoseUnit };
export type Frequency = { count: number; unit: FrequencyUnit };
/** An amount of a mass or IU with what it is of: "1000 mg EPA+DHA", "56 mg elemental magnesium". */
export type LabelAmount = { amount: number; unit: MassUnit; of: string | null };

export const DOSAGE_MESSAGES = {
  required: 'Dosage is required',
  format: 'Dosage must be an amount and a unit, like "500 mg" or "2 capsules"',
  unit: 'Dosage unit must be mg, g, mcg, IU, ml, drops, capsules, tablets, softgels, gummies, scoops or servings',
  positive: 'Amount must be more than 0',
  decimals: 'Amounts have at most 3 decimals, like 0.125',
  max: 'Amounts go up to 1,000,000',
} as const;

export const STRENGTH_MESSAGES = {
  format: 'Strength must be an amount and a unit per one unit of the dose, like "1000 mg EPA+DHA"',
  unit: 'Strength unit must be mg, g, mcg or IU',
  massDose: 'A strength is given only for doses in ml, drops, capsules, tablets, softgels, gummies, scoops or servings',
  ofTooLong: 'What the strength is of must be less than 60 characters',
} as const;

export const CONTENT_MESSAGES = {
  format: 'Nutrient content must be an amount and a unit, like "56 mg elemental magnesium"',
  unit: 'Nutrient content unit must be mg, g, mcg or IU',
  ofTooLong: 'What the content is of must be less than 60 characters',
} as const;

export const FREQUENCY_MESSAGES = {
  required: 'Frequency is required',
  format: 'Frequency must be a count and a unit, like "1x daily"',
  count: 'Frequency must be from 1 to 14 times',
  unit: 'Frequency unit must be hourly, daily or weekly',
} as const;

/** Why an amount is refused, or null when it is a positive number of at most 3 decimals. */
export function checkDoseAmount(amount: number): string | null {
  if (!Number.isFinite(amount) || amount <= 0) return DOSAGE_MESSAGES.positive;
  if (amount > DOSE_AMOUNT_MAX) return DOSAGE_MESSAGES.max;
  // The shortest text of the number, as JSON and the form carry it: "0.125" passes, "0.1255" not.
  if (!/^\d+(\.\d{1,3})?$/.test(String(amount))) return DOSAGE_MESSAGES.decimals;
  return null;
}

const AMOUNT = String.raw`(\d+(?:[.,]\d+)?|[.,]\d+)`;

function readAmount(text: string): number {
  return Number(text.replace(',', '.'));
}

/**
 * Reads "<amount> <unit>": any positive amount up to 3 decimals (a decimal comma is read as a
 * point) in any dose unit, singular or plural, ignoring case ("5000 iu", "2 Capsules", "0.5 mL").
 * Returns a message saying what is wrong on failure.
 */
export function parseDosage(text: string): Dosage | string {
  const trimmed = text.trim();
  if (!trimmed) return DOSAGE_MESSAGES.required;
  const match = new RegExp(String.raw`^(-?)${AMOUNT}\s*([A-Za-z]+)$`).exec(trimmed);
  if (!match) return DOSAGE_MESSAGES.format;
  const unit = readDoseUnit(match[3]!);
  if (!unit) return DOSAGE_MESSAGES.unit;
  if (match[1]) return DOSAGE_MESSAGES.positive;
  const amount = readAmount(match[2]!);
  const problem = checkDoseAmount(amount);
  return problem ?? { amount, unit };
}

/** Reads "<amount> <mg|g|mcg|IU> [what it is of]", as a label prints it. */
export function parseLabelAmount(
  text: string,
  messages: { format: string; unit: string; ofTooLong: string },
): LabelAmount | string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const match = new RegExp(String.raw`^(-?)${AMOUNT}\s*([A-Za-z]+)(?:\s+(.+))?$`).exec(trimmed);
  if (!match) return messages.format;
  const unit = MASS_UNITS.find((u) => u.toLowerCase() === match[3]!.toLowerCase());
  if (!unit) return messages.unit;
  if (match[1]) return DOSAGE_MESSAGES.positive;
  const amount = readAmount(match[2]!);
  const problem = checkDoseAmount(amount);
  if (problem) return problem;
  const of = match[4]?.trim() || null;
  if (of && of.length > 60) return messages.ofTooLong;
  return { amount, unit, of };
}

export function formatLabelAmount({ amount, unit, of }: LabelAmount): string {
  return of ? `${formatAmount(amount)} ${unit} ${of}` : `${formatAmount(amount)} ${unit}`;
}

/** Reads "<n>x <unit>" ("2x daily", "1 x weekly"). Returns a message on failure. */
export function parseFrequency(text: string): Frequency | string {
  const trimmed = text.trim();
  if (!trimmed) return FREQUENCY_MESSAGES.required;
  const match = /^(\d+)\s*x\s*([A-Za-z]+)$/i.exec(trimmed);
  if (!match) return FREQUENCY_MESSAGES.format;
  const unit = FREQUENCY_UNITS.find((u) => u === match[2]!.toLowerCase());
  if (!unit) return FREQUENCY_MESSAGES.unit;
  const count = Number(match[1]);
  if (!Number.isInteger(count) || count < FREQUENCY_COUNT_MIN || count > FREQUENCY_COUNT_MAX) return FREQUENCY_MESSAGES.count;
  return { count, unit };
}

/** An amount as typed: no grouping, no trailing zeros, at most 3 decimals ("0.125", "5000"). */
export function formatAmount(amount: number): string {
  return String(Math.round(amount * 1000) / 1000);
}

/** "<amount> <unit>", the text the spec's API carries: "5000 IU", "2 capsules", "1 capsule". */
export function formatDosage({ amount, unit }: Dosage): string {
  return `${formatAmount(amount)} ${doseUnitLabel(unit, amount)}`;
}
export function formatFrequency({ count, unit }: Frequency): string {
  return `${count}x ${unit}`;
}

// ─── Reference supplements and search ───────────────────────────────────────────────────────────

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

export const SUPPLEMENT_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  notesTooLong: 'Notes must be less than 1000 characters',
  notFound: 'Supplement not found',
} as const;
