import { describe, expect, it } from 'vitest';
import { doseAmountOptions, parseDosage, parseFrequency } from '#contract/tracking.ts';
import {
  FREQUENCY_COUNTS,
  allowedAmount,
  changeUnit,
  emptySupplementForm,
  formFieldOf,
  formToSupplementBody,
  supplementToForm,
  uniqueById,
} from './supplement-form.ts';

describe('dosage amounts', () => {
  it('offers the spec lists: mg and mcg 50-1000 by 50, IU 50-2000 by 50, g 1-10', () => {
    expect(doseAmountOptions('mg')).toHaveLength(20);
    expect(doseAmountOptions('mcg')).toEqual(doseAmountOptions('mg'));
    expect(doseAmountOptions('mg')[0]).toBe(50);
    expect(doseAmountOptions('mg').at(-1)).toBe(1000);
    expect(doseAmountOptions('IU')).toHaveLength(40);
    expect(doseAmountOptions('IU').at(-1)).toBe(2000);
    expect(doseAmountOptions('g')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('resets the amount when the unit changes: 50 for mg, mcg and IU, 1 for g', () => {
    const form = { ...emptySupplementForm(), amount: 400 };
    expect(changeUnit(form, 'g').amount).toBe(1);
    expect(changeUnit(form, 'mcg').amount).toBe(50);
    expect(changeUnit(form, 'IU')).toMatchObject({ unit: 'IU', amount: 50 });
    expect(changeUnit({ ...form, unit: 'g', amount: 5 }, 'mg').amount).toBe(50);
    // The same unit again keeps the chosen amount.
    expect(changeUnit(form, 'mg')).toBe(form);
  });

  it('starts at mg and 1 daily, with the amount the server accepts instead of the invalid "1 mg"', () => {
    const form = emptySupplementForm();
    expect(form).toEqual({ name: '', amount: 50, unit: 'mg', frequencyCount: 1, frequencyUnit: 'daily', notes: '' });
    expect(parseDosage('1 mg')).toEqual(expect.any(String));
    expect(parseDosage(formToSupplementBody({ ...form, name: 'x' }).dosage)).toEqual({ amount: 50, unit: 'mg' });
  });

  it('keeps an allowed amount and replaces one the unit does not offer', () => {
    expect(allowedAmount('mg', 400)).toBe(400);
    expect(allowedAmount('mg', 75)).toBe(50);
    expect(allowedAmount('g', 10)).toBe(10);
    expect(allowedAmount('g', 50)).toBe(1);
    expect(allowedAmount('IU', 2000)).toBe(2000);
  });
});

describe('frequency', () => {
  it('offers 1 to 14', () => {
    expect(FREQUENCY_COUNTS).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
  });
});

describe('the request body', () => {
  it('writes "<amount> <unit>" and "<n>x <unit>", trims, and sends empty notes as null', () => {
    const body = formToSupplementBody({ name: '  Vitamin D3 ', amount: 2000, unit: 'IU', frequencyCount: 2, frequencyUnit: 'weekly', notes: '   ' });
    expect(body).toEqual({ name: 'Vitamin D3', dosage: '2000 IU', frequency: '2x weekly', notes: null });
    expect(parseDosage(body.dosage)).toEqual({ amount: 2000, unit: 'IU' });
    expect(parseFrequency(body.frequency)).toEqual({ count: 2, unit: 'weekly' });
  });

  it('every amount the form can offer is one the server accepts', () => {
    for (const unit of ['mg', 'g', 'mcg', 'IU'] as const) {
      for (const amount of doseAmountOptions(unit)) {
        const body = formToSupplementBody({ ...emptySupplementForm(), name: 'x', unit, amount });
        expect(parseDosage(body.dosage)).toEqual({ amount, unit });
      }
    }
    for (const count of FREQUENCY_COUNTS) {
      for (const unit of ['hourly', 'daily', 'weekly'] as const) {
        expect(parseFrequency(formToSupplementBody({ ...emptySupplementForm(), frequencyCount: count, frequencyUnit: unit }).frequency)).toEqual({ count, unit });
      }
    }
  });

  it('reads a stored supplement back into the form', () => {
    const form = supplementToForm({
      id: 'a',
      name: 'Zinc',
      dosage: '50 mg',
      frequency: '2x daily',
      notes: null,
      dosageAmount: 50,
      dosageUnit: 'mg',
      frequencyCount: 2,
      frequencyUnit: 'daily',
      referenceSupplementId: null,
      category: null,
      createdAt: '',
      updatedAt: '',
    });
    expect(form).toEqual({ name: 'Zinc', amount: 50, unit: 'mg', frequencyCount: 2, frequencyUnit: 'daily', notes: '' });
  });

  it('maps server fields to form fields', () => {
    expect(formFieldOf('dosage')).toBe('amount');
    expect(formFieldOf('frequency')).toBe('frequencyCount');
    expect(formFieldOf('name')).toBe('name');
    expect(formFieldOf('userId')).toBeNull();
  });
});

describe('suggestions', () => {
  it('drops repeated ids, keeping the first', () => {
    expect(uniqueById([{ id: '1', n: 'a' }, { id: '2', n: 'b' }, { id: '1', n: 'c' }])).toEqual([{ id: '1', n: 'a' }, { id: '2', n: 'b' }]);
  });
});
