import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, DOSAGE_MESSAGES, DOSE_AMOUNT_MAX, DOSE_UNITS, MASS_UNITS, STRENGTH_MESSAGES, checkDoseAmount, defaultDoseAmount, doseAmountOptions, doseUnitLabel, formatDosage, formatLabelAmount, parseDosage, parseLabelAmount } from './supplements-texts.ts';

/** Amounts a person may take: positive, at most 3 decimals, up to the maximum. */
const validAmount = fc.integer({ min: 1, max: DOSE_AMOUNT_MAX * 1000 }).map((thousandths) => thousandths / 1000);
const unit = fc.constantFrom(...DOSE_UNITS);
const massUnit = fc.constantFrom(...MASS_UNITS);

describe('dosage (decision 029)', () => {
  it('reads back every dose it writes, in any unit', () => {
    fc.assert(
      fc.property(validAmount, unit, (amount, doseUnit) => {
        expect(parseDosage(formatDosage({ amount, unit: doseUnit }))).toEqual({ amount, unit: doseUnit });
      }),
    );
  });

  it('reads units in any case, singular or plural, with or without a space', () => {
    fc.assert(
      fc.property(validAmount, unit, fc.boolean(), fc.boolean(), fc.boolean(), (amount, doseUnit, plural, upper, space) => {
        let word = plural ? doseUnitLabel(doseUnit, 2) : doseUnit;
        if (upper) word = word.toUpperCase();
        expect(parseDosage(`${amount}${space ? ' ' : ''}${word}`)).toEqual({ amount, unit: doseUnit });
      }),
    );
  });

  it('says what is wrong: not positive, too many decimals, too large, unknown unit', () => {
    fc.assert(
      fc.property(unit, fc.integer({ min: 0, max: 1000 }), (doseUnit, whole) => {
        expect(parseDosage(`-${whole + 1} ${doseUnit}`)).toBe(DOSAGE_MESSAGES.positive);
        expect(parseDosage(`0 ${doseUnit}`)).toBe(DOSAGE_MESSAGES.positive);
        expect(parseDosage(`${whole}.0001 ${doseUnit}`)).toBe(DOSAGE_MESSAGES.decimals);
        expect(parseDosage(`${DOSE_AMOUNT_MAX + whole + 1} ${doseUnit}`)).toBe(DOSAGE_MESSAGES.max);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,8}$/), (word) => {
        fc.pre(!DOSE_UNITS.some((u) => u.toLowerCase() === word || doseUnitLabel(u, 2) === word));
        expect(parseDosage(`5 ${word}`)).toBe(DOSAGE_MESSAGES.unit);
      }),
    );
    expect(parseDosage('')).toBe(DOSAGE_MESSAGES.required);
    expect(parseDosage('five mg')).toBe(DOSAGE_MESSAGES.format);
    expect(parseDosage('400 mg; drop table')).toBe(DOSAGE_MESSAGES.format);
  });

  it('never accepts a dose that is not a positive amount of at most 3 decimals', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (amount) => {
        const problem = checkDoseAmount(amount);
        const good = Number.isFinite(amount) && amount > 0 && amount <= DOSE_AMOUNT_MAX && Math.round(amount * 1000) / 1000 === amount;
        expect(problem === null).toBe(good);
      }),
    );
  });

  it('writes the common doses as people say them', () => {
    expect(formatDosage({ amount: 5000, unit: 'IU' })).toBe('5000 IU');
    expect(formatDosage({ amount: 2, unit: 'capsule' })).toBe('2 capsules');
    expect(formatDosage({ amount: 1, unit: 'capsule' })).toBe('1 capsule');
    expect(formatDosage({ amount: 3, unit: 'drop' })).toBe('3 drops');
    expect(formatDosage({ amount: 2, unit: 'gummy' })).toBe('2 gummies');
    expect(formatDosage({ amount: 2.5, unit: 'ml' })).toBe('2.5 ml');
    expect(parseDosage('2,5 ml')).toEqual({ amount: 2.5, unit: 'ml' });
  });

  it('offers the spec lists first and starts each unit at an amount it offers', () => {
    expect(doseAmountOptions('mg')).toEqual(Array.from({ length: 20 }, (_, i) => 50 * (i + 1)));
    expect(doseAmountOptions('mcg')).toEqual(doseAmountOptions('mg'));
    expect(doseAmountOptions('IU')).toEqual(Array.from({ length: 40 }, (_, i) => 50 * (i + 1)));
    expect(doseAmountOptions('g')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const doseUnit of DOSE_UNITS) {
      expect(doseAmountOptions(doseUnit)).toContain(defaultDoseAmount(doseUnit));
      for (const amount of doseAmountOptions(doseUnit)) expect(parseDosage(formatDosage({ amount, unit: doseUnit }))).toEqual({ amount, unit: doseUnit });
    }
  });
});

describe('strength and nutrient content', () => {
  const label = fc.option(fc.stringMatching(/^[A-Za-z][A-Za-z0-9+ -]{0,40}[A-Za-z0-9+]$/), { nil: null });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(validAmount, massUnit, label, (amount, massUnitValue, of) => {
        const written = formatLabelAmount({ amount, unit: massUnitValue, of });
        expect(parseLabelAmount(written, CONTENT_MESSAGES)).toEqual({ amount, unit: massUnitValue, of: of?.replace(/\s+/g, ' ') ?? null });
      }),
    );
  });

  it('takes the label example as written and refuses counted units', () => {
    expect(parseLabelAmount('1000 mg EPA+DHA', STRENGTH_MESSAGES)).toEqual({ amount: 1000, unit: 'mg', of: 'EPA+DHA' });
    expect(parseLabelAmount('56 MG elemental magnesium', CONTENT_MESSAGES)).toEqual({ amount: 56, unit: 'mg', of: 'elemental magnesium' });
    expect(parseLabelAmount('1 capsule', STRENGTH_MESSAGES)).toBe(STRENGTH_MESSAGES.unit);
    expect(parseLabelAmount('mg', STRENGTH_MESSAGES)).toBe(STRENGTH_MESSAGES.format);
    expect(parseLabelAmount(`1 mg ${'x'.repeat(61)}`, CONTENT_MESSAGES)).toBe(CONTENT_MESSAGES.ofTooLong);
  });
});
