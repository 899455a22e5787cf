import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Supplement, scheduleSchema, supplementBodySchema } from '#contract/supplements.ts';
import { DOSE_UNITS, doseAmountOptions, parseDosage, parseFrequency } from '#contract/supplements-texts.ts';
import {
  FREQUENCY_COUNTS,
  changeUnit,
  emptySupplementForm,
  formFieldOf,
  formToSupplementBody,
  readClockTimes,
  supplementToForm,
  suggestionsToOffer,
  uniqueById,
} from './supplement-form.ts';

const stored: Supplement = {
  id: 'a',
  name: 'Fish Oil',
  dosage: '2 capsules',
  frequency: '2x daily',
  notes: null,
  dosageAmount: 2,
  dosageUnit: 'capsule',
  frequencyCount: 2,
  frequencyUnit: 'daily',
  strength: '1000 mg EPA+DHA',
  nutrientContent: null,
  schedule: { times: ['07:30', 'morning'], days: { every: 'week', weekdays: [1, 3] }, startDate: '2025-01-06', endDate: '2025-03-31' },
  referenceSupplementId: null,
  category: null,
  createdAt: '',
  updatedAt: '',
};

describe('dosage amounts', () => {
  it('resets the amount when the unit changes: 50 for mg, mcg and IU, 1 for the rest', () => {
    const form = { ...emptySupplementForm(), amount: '400' };
    expect(changeUnit(form, 'g').amount).toBe('1');
    expect(changeUnit(form, 'mcg').amount).toBe('50');
    expect(changeUnit(form, 'IU')).toMatchObject({ unit: 'IU', amount: '50' });
    expect(changeUnit(form, 'capsule').amount).toBe('1');
    // The same unit again keeps the chosen amount; a mass unit drops the strength per unit.
    expect(changeUnit(form, 'mg')).toBe(form);
    expect(changeUnit({ ...form, unit: 'capsule', strength: '1000 mg' }, 'mg').strength).toBe('');
  });

  it('starts at the spec defaults, 1 mg and 1 daily, which the server accepts', () => {
    const form = emptySupplementForm();
    expect(form).toMatchObject({ name: '', amount: '1', unit: 'mg', frequencyCount: 1, frequencyUnit: 'daily', notes: '', scheduled: false });
    expect(parseDosage(formToSupplementBody({ ...form, name: 'x' }).dosage)).toEqual({ amount: 1, unit: 'mg' });
  });

  it('sends any typed amount as it was typed, a decimal comma included', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.constantFrom(...DOSE_UNITS), (thousandths, unit) => {
        const amount = thousandths / 1000;
        const body = formToSupplementBody({ ...emptySupplementForm(), name: 'x', unit, amount: String(amount).replace('.', ',') });
        expect(parseDosage(body.dosage)).toEqual({ amount, unit });
      }),
    );
  });
});

describe('frequency', () => {
  it('offers 1 to 14', () => {
    expect(FREQUENCY_COUNTS).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
  });
});

describe('the request body', () => {
  it('writes "<amount> <unit>" and "<n>x <unit>", trims, and sends empty parts as null', () => {
    const body = formToSupplementBody({ ...emptySupplementForm(), name: '  Vitamin D3 ', amount: '5000', unit: 'IU', frequencyCount: 2, frequencyUnit: 'weekly', notes: '   ' });
    expect(body).toEqual({ name: 'Vitamin D3', dosage: '5000 IU', frequency: '2x weekly', notes: null, strength: null, nutrientContent: null, schedule: null });
  });

  it('every amount the picker offers, in every unit, is one the server accepts', () => {
    for (const unit of DOSE_UNITS) {
      for (const amount of doseAmountOptions(unit)) {
        const body = formToSupplementBody({ ...emptySupplementForm(), name: 'x', unit, amount: String(amount) });
        expect(supplementBodySchema.safeParse(body).success).toBe(true);
      }
    }
    for (const count of FREQUENCY_COUNTS) {
      for (const unit of ['hourly', 'daily', 'weekly'] as const) {
        expect(parseFrequency(formToSupplementBody({ ...emptySupplementForm(), frequencyCount: count, frequencyUnit: unit }).frequency)).toEqual({ count, unit });
      }
    }
  });

  it('sends "every morning" as a daily schedule with no start (the server starts it today)', () => {
    const body = formToSupplementBody({ ...emptySupplementForm(), name: 'Vitamin D3', amount: '5000', unit: 'IU', scheduled: true, times: ['morning'] });
    expect(body.schedule).toEqual({ times: ['morning'], days: { every: 'day' }, endDate: null });
    expect(scheduleSchema.safeParse(body.schedule).success).toBe(true);
  });

  it('reads a stored supplement back into the form and sends it back unchanged', () => {
    const form = supplementToForm(stored);
    expect(form).toMatchObject({ amount: '2', unit: 'capsule', strength: '1000 mg EPA+DHA', scheduled: true, times: ['morning'], clockTimes: '07:30', daysKind: 'week', weekdays: [1, 3], endDate: '2025-03-31' });
    const body = formToSupplementBody(form);
    expect(body).toMatchObject({ dosage: '2 capsule', strength: '1000 mg EPA+DHA', schedule: { ...stored.schedule, times: ['07:30', 'morning'] } });
    expect(parseDosage(body.dosage)).toEqual({ amount: 2, unit: 'capsule' });
  });

  it('reads clock times typed loosely', () => {
    expect(readClockTimes(' 7:30, 21:00;22:15 ')).toEqual(['07:30', '21:00', '22:15']);
    expect(readClockTimes('')).toEqual([]);
  });

  it('maps server fields to form fields', () => {
    expect(formFieldOf('dosage')).toBe('amount');
    expect(formFieldOf('frequency')).toBe('frequencyCount');
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('strength')).toBe('strength');
    expect(formFieldOf('schedule.times')).toBe('clockTimes');
    expect(formFieldOf('userId')).toBeNull();
  });
});

describe('suggestions', () => {
  it('drops repeated ids, keeping the first', () => {
    expect(uniqueById([{ id: '1', n: 'a' }, { id: '2', n: 'b' }, { id: '1', n: 'c' }])).toEqual([{ id: '1', n: 'a' }, { id: '2', n: 'b' }]);
  });

  const forMa = [{ name: 'Maca' }, { name: 'Magnesium Glycinate' }, { name: 'Manganese' }];

  it('offers the answer for the typed text whole, and nothing for empty text', () => {
    expect(suggestionsToOffer('ma', forMa, true)).toEqual(forMa);
    expect(suggestionsToOffer('  ', forMa, false)).toEqual([]);
  });

  it('narrows an earlier text\'s answer to the names that still fit while the new search runs', () => {
    expect(suggestionsToOffer('MAGNES', forMa, false)).toEqual([{ name: 'Magnesium Glycinate' }]);
    expect(suggestionsToOffer('zinc', forMa, false)).toEqual([]);
  });
});
