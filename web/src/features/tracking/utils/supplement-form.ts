import type { Supplement, SupplementBody } from '#contract/tracking.ts';
import {
  type DoseUnit,
  type FrequencyUnit,
  FREQUENCY_COUNT_MAX,
  FREQUENCY_COUNT_MIN,
  defaultDoseAmount,
  doseAmountOptions,
  formatDosage,
  formatFrequency,
} from '#contract/tracking-texts.ts';

/** What the Add/Edit Supplement dialog edits (spec section 5, "Supplement form"). */
export type SupplementFormValues = {
  name: string;
  amount: number;
  unit: DoseUnit;
  frequencyCount: number;
  frequencyUnit: FrequencyUnit;
  notes: string;
};

/** The spec's default amount. It is not among the mg amounts, which the server insists on. */
export const SPEC_DEFAULT_AMOUNT = 1;
export const DEFAULT_UNIT: DoseUnit = 'mg';

/**
 * An amount the unit's list offers: the amount itself when the list has it, otherwise the amount
 * a unit change resets to (50 for mg, mcg and IU, 1 for g). The form never holds a dosage the
 * server would refuse.
 */
export function allowedAmount(unit: DoseUnit, amount: number): number {
  return doseAmountOptions(unit).includes(amount) ? amount : defaultDoseAmount(unit);
}

/** Spec: changing the unit resets the amount; choosing the same unit again changes nothing. */
export function changeUnit(values: SupplementFormValues, unit: DoseUnit): SupplementFormValues {
  if (values.unit === unit) return values;
  return { ...values, unit, amount: defaultDoseAmount(unit) };
}

export const FREQUENCY_COUNTS: number[] = Array.from(
  { length: FREQUENCY_COUNT_MAX - FREQUENCY_COUNT_MIN + 1 },
  (_, index) => FREQUENCY_COUNT_MIN + index,
);

/**
 * A new supplement starts at the spec's defaults (1, mg; 1 daily), with the amount moved to the
 * first one the mg list offers (50 mg), since "1 mg" is not a dosage the server accepts.
 */
export function emptySupplementForm(): SupplementFormValues {
  return {
    name: '',
    amount: allowedAmount(DEFAULT_UNIT, SPEC_DEFAULT_AMOUNT),
    unit: DEFAULT_UNIT,
    frequencyCount: 1,
    frequencyUnit: 'daily',
    notes: '',
  };
}

/** The form for an existing supplement, from the parts the server stores. */
export function supplementToForm(supplement: Supplement): SupplementFormValues {
  return {
    name: supplement.name,
    amount: allowedAmount(supplement.dosageUnit, supplement.dosageAmount),
    unit: supplement.dosageUnit,
    frequencyCount: supplement.frequencyCount,
    frequencyUnit: supplement.frequencyUnit,
    notes: supplement.notes ?? '',
  };
}

/** The body of POST /api/supplements and PUT /api/supplements/{id}: "<amount> <unit>", "<n>x <unit>". */
export function formToSupplementBody(values: SupplementFormValues): SupplementBody {
  const notes = values.notes.trim();
  return {
    name: values.name.trim(),
    dosage: formatDosage({ amount: values.amount, unit: values.unit }),
    frequency: formatFrequency({ count: values.frequencyCount, unit: values.frequencyUnit }),
    notes: notes ? notes : null,
  };
}

/** Server field names (`details[].field`) mapped to the form's fields. */
export function formFieldOf(serverField: string): keyof SupplementFormValues | null {
  if (serverField === 'name' || serverField === 'notes') return serverField;
  if (serverField === 'dosage') return 'amount';
  if (serverField === 'frequency') return 'frequencyCount';
  return null;
}

/** Search suggestions without repeats (spec section 7: duplicates by id are removed). */
export function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}
