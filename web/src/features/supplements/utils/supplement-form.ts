import type { Supplement, SupplementBody } from '#contract/supplements.ts';
import {
  type DoseTime,
  type Schedule,
  type TimeOfDay,
  type Weekday,
  isTimeOfDay,
  sortDoseTimes,
} from '#contract/schedule.ts';
import { type DoseUnit, type FrequencyUnit, FREQUENCY_COUNT_MAX, FREQUENCY_COUNT_MIN, defaultDoseAmount, formatAmount, formatFrequency, isMassUnit } from '#contract/supplements-texts.ts';

/** How the form chooses days: every day, days of the week, every N days. */
export type ScheduleDaysKind = 'day' | 'week' | 'days';

/**
 * What the Add/Edit Supplement dialog edits (product.md, Tracking, "Supplement form"). The amount
 * is text: the picker offers the usual amounts and any other may be typed (decision 029).
 */
export type SupplementFormValues = {
  name: string;
  amount: string;
  unit: DoseUnit;
  /** What one unit holds, for ml, drops and countable forms: "1000 mg EPA+DHA". */
  strength: string;
  /** How much of the nutrient the whole dose holds: "56 mg elemental magnesium". */
  nutrientContent: string;
  frequencyCount: number;
  frequencyUnit: FrequencyUnit;
  notes: string;
  scheduled: boolean;
  times: TimeOfDay[];
  /** Clock times, comma separated: "07:30, 21:00". */
  clockTimes: string;
  daysKind: ScheduleDaysKind;
  weekdays: Weekday[];
  interval: number;
  /** The course's first day (kept when editing; a new schedule starts today on the server). */
  startDate: string;
  /** The course's last day, or "" for none. */
  endDate: string;
};

/** The spec's defaults: amount 1, unit mg (any positive amount is a dose now, so 1 mg stands). */
export const SPEC_DEFAULT_AMOUNT = 1;
export const DEFAULT_UNIT: DoseUnit = 'mg';

/** Spec: changing the unit resets the amount; choosing the same unit again changes nothing. */
export function changeUnit(values: SupplementFormValues, unit: DoseUnit): SupplementFormValues {
  if (values.unit === unit) return values;
  return { ...values, unit, amount: String(defaultDoseAmount(unit)), strength: isMassUnit(unit) ? '' : values.strength };
}

export const FREQUENCY_COUNTS: number[] = Array.from(
  { length: FREQUENCY_COUNT_MAX - FREQUENCY_COUNT_MIN + 1 },
  (_, index) => FREQUENCY_COUNT_MIN + index,
);

const NO_SCHEDULE = {
  scheduled: false,
  times: ['morning'] as TimeOfDay[],
  clockTimes: '',
  daysKind: 'day' as ScheduleDaysKind,
  weekdays: [1, 2, 3, 4, 5, 6, 7] as Weekday[],
  interval: 2,
  startDate: '',
  endDate: '',
};

/** A new supplement starts at the spec's defaults: 1 mg, 1x daily, no schedule. */
export function emptySupplementForm(): SupplementFormValues {
  return {
    name: '',
    amount: String(SPEC_DEFAULT_AMOUNT),
    unit: DEFAULT_UNIT,
    strength: '',
    nutrientContent: '',
    frequencyCount: 1,
    frequencyUnit: 'daily',
    notes: '',
    ...NO_SCHEDULE,
  };
}

function scheduleToForm(schedule: Schedule | null): Pick<SupplementFormValues, keyof typeof NO_SCHEDULE> {
  if (!schedule) return { ...NO_SCHEDULE };
  const { days } = schedule;
  return {
    scheduled: true,
    times: schedule.times.filter(isTimeOfDay),
    clockTimes: schedule.times.filter((time) => !isTimeOfDay(time)).join(', '),
    daysKind: days.every,
    weekdays: days.every === 'week' ? days.weekdays : NO_SCHEDULE.weekdays,
    interval: days.every === 'days' ? days.interval : NO_SCHEDULE.interval,
    startDate: schedule.startDate,
    endDate: schedule.endDate ?? '',
  };
}

/** The form for an existing supplement, from the parts the server stores. */
export function supplementToForm(supplement: Supplement): SupplementFormValues {
  return {
    name: supplement.name,
    amount: formatAmount(supplement.dosageAmount),
    unit: supplement.dosageUnit,
    strength: supplement.strength ?? '',
    nutrientContent: supplement.nutrientContent ?? '',
    frequencyCount: supplement.frequencyCount,
    frequencyUnit: supplement.frequencyUnit,
    notes: supplement.notes ?? '',
    ...scheduleToForm(supplement.schedule),
  };
}

/** The clock times typed, as written ("7:30" becomes "07:30"); what is not a time is kept for the check to name. */
export function readClockTimes(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (/^\d:\d\d$/.test(part) ? `0${part}` : part));
}

/** The schedule the form describes, or null when "On a schedule" is off. */
export function formToSchedule(values: SupplementFormValues): SupplementBody['schedule'] {
  if (!values.scheduled) return null;
  const times = [...values.times, ...readClockTimes(values.clockTimes)] as DoseTime[];
  const days =
    values.daysKind === 'week'
      ? { every: 'week' as const, weekdays: [...values.weekdays].sort((a, b) => a - b) }
      : values.daysKind === 'days'
        ? { every: 'days' as const, interval: values.interval }
        : { every: 'day' as const };
  return {
    times: sortDoseTimes(times),
    days,
    ...(values.startDate ? { startDate: values.startDate } : {}),
    endDate: values.endDate ? values.endDate : null,
  };
}

/**
 * The body of POST /api/supplements and PUT /api/supplements/{id}: "<amount> <unit>", "<n>x
 * <unit>", and the strength (only for units it applies to), content and schedule.
 */
export function formToSupplementBody(values: SupplementFormValues): SupplementBody {
  const notes = values.notes.trim();
  const strength = values.strength.trim();
  const content = values.nutrientContent.trim();
  return {
    name: values.name.trim(),
    dosage: `${values.amount.trim().replace(',', '.')} ${values.unit}`,
    frequency: formatFrequency({ count: values.frequencyCount, unit: values.frequencyUnit }),
    notes: notes ? notes : null,
    strength: strength && !isMassUnit(values.unit) ? strength : null,
    nutrientContent: content ? content : null,
    schedule: formToSchedule(values),
  };
}

/** Server field names (`details[].field`) mapped to the form's fields. */
export function formFieldOf(serverField: string): keyof SupplementFormValues | null {
  if (serverField === 'name' || serverField === 'notes' || serverField === 'strength' || serverField === 'nutrientContent') return serverField;
  if (serverField === 'dosage') return 'amount';
  if (serverField === 'frequency') return 'frequencyCount';
  if (serverField === 'schedule.times') return 'clockTimes';
  if (serverField === 'schedule.days.weekdays') return 'weekdays';
  if (serverField === 'schedule.days.interval') return 'interval';
  if (serverField === 'schedule.endDate' || serverField === 'schedule.startDate') return 'endDate';
  return null;
}

/** Search suggestions without repeats (product.md, Tracking: duplicates by id are removed). */
export function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/**
 * The suggestions to offer for the typed text. While its own search is on the way, the last
 * answer (for an earlier text) stays without flicker, narrowed to the names that contain what is
 * typed, so that a quick Enter never picks a name the text has moved away from.
 */
export function suggestionsToOffer<T extends { name: string }>(typed: string, answer: readonly T[], answerIsForTyped: boolean): T[] {
  const text = typed.trim().toLocaleLowerCase();
  if (!text) return [];
  return answerIsForTyped ? [...answer] : answer.filter((suggestion) => suggestion.name.toLocaleLowerCase().includes(text));
}
