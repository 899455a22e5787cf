import { describe, expect, it } from 'vitest';
import type { LabResult } from '#contract/labs.ts';
import { anyBeingRead, finishedReading, formToResultInput, parseLabValue, parseNumber, rangeText, resultToForm, testDateHint, withTypedSign } from './lab-results.ts';

const result: LabResult = {
  id: '00000000-0000-4000-8000-000000000001',
  labFileId: null,
  biomarker: 'ldl',
  name: 'LDL cholesterol',
  category: 'lipid',
  loinc: null,
  value: 130,
  comparator: null,
  unit: 'mg/dL',
  canonicalValue: 130,
  canonicalUnit: 'mg/dL',
  referenceRange: { low: null, high: 100, text: '< 100' },
  flag: 'high',
  printedFlag: 'H',
  testDate: '2025-03-14',
  reviewed: false,
  unitFromRange: false,
  readByModel: false,
  source: 'extracted',
};

describe('file status', () => {
  it('polls while a file is queued or reading, and notices when reading ends', () => {
    expect(anyBeingRead([{ status: 'done' }, { status: 'reading' }])).toBe(true);
    expect(anyBeingRead([{ status: 'needs_review' }, { status: 'failed' }])).toBe(false);
    expect(anyBeingRead(undefined)).toBe(false);
    expect(
      finishedReading(
        [{ id: 'a', status: 'reading' }, { id: 'b', status: 'queued' }, { id: 'c', status: 'done' }],
        [{ id: 'a', status: 'needs_review' }, { id: 'b', status: 'reading' }, { id: 'c', status: 'done' }],
      ),
    ).toEqual(['a']);
  });
});

describe('result form', () => {
  it('shows the printed range, else one built from its ends', () => {
    expect(rangeText({ low: 70, high: 99, text: null })).toBe('70 - 99');
    expect(rangeText({ low: null, high: 200, text: null })).toBe('< 200');
    expect(rangeText({ low: 40, high: null, text: null })).toBe('> 40');
    expect(rangeText({ low: null, high: null, text: 'Negative' })).toBe('Negative');
    expect(rangeText({ low: null, high: null, text: null })).toBe('');
  });

  it('reads numbers as typed, with a decimal comma too', () => {
    expect(parseNumber(' 5,2 ')).toBe(5.2);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('high')).toBeNaN();
    expect(parseNumber('5.2.1')).toBeNaN();
  });

  it('keeps the printed range text when its ends are unchanged, and drops it when they change', () => {
    const same = formToResultInput(resultToForm(result), result);
    expect(same).toEqual({ biomarker: 'ldl', value: 130, comparator: null, unit: 'mg/dL', referenceLow: null, referenceHigh: 100, referenceText: '< 100', testDate: '2025-03-14' });
    const changed = formToResultInput({ ...resultToForm(result), referenceHigh: '130', value: '3,1', unit: 'mmol/L' }, result);
    expect(changed).toMatchObject({ value: 3.1, unit: 'mmol/L', referenceHigh: 130 });
    expect(changed.referenceText).toBeUndefined();
  });

  it('reads the sign of a limit typed before the value', () => {
    expect(parseLabValue('< 0,5')).toEqual({ value: 0.5, comparator: '<' });
    expect(parseLabValue('>2000')).toEqual({ value: 2000, comparator: '>' });
    expect(parseLabValue(' <= 3 ')).toEqual({ value: 3, comparator: '<=' });
    expect(parseLabValue('≤3')).toEqual({ value: 3, comparator: '<=' });
    expect(parseLabValue('≥ 1.5')).toEqual({ value: 1.5, comparator: '>=' });
    expect(parseLabValue('0.7')).toEqual({ value: 0.7, comparator: null });
    expect(parseLabValue('')).toEqual({ value: null, comparator: null });
    // A sign alone, or twice, is not a number: the field says "Value must be a number" as for any other.
    expect(parseLabValue('<').value).toBeNaN();
    expect(parseLabValue('<< 1').value).toBeNaN();
    expect(parseLabValue('1 <').value).toBeNaN();
  });

  it('sets or drops the sign picked beside the value, keeping the number as typed', () => {
    expect(withTypedSign('0,5', '<')).toBe('< 0,5');
    expect(withTypedSign('< 0,5', '>=')).toBe('≥ 0,5');
    expect(withTypedSign('≤0,5', null)).toBe('0,5');
    expect(parseLabValue(withTypedSign('2000', '>'))).toEqual({ value: 2000, comparator: '>' });
  });

  it('opens a limit with its sign and sends the sign typed, or none for an exact value', () => {
    const crp: LabResult = { ...result, biomarker: 'crp', name: 'CRP', value: 0.5, comparator: '<', unit: 'mg/L', referenceRange: { low: null, high: 5, text: '< 5' }, flag: 'normal' };
    expect(resultToForm(crp).value).toBe('< 0.5');
    expect(resultToForm({ ...crp, comparator: '>=' }).value).toBe('≥ 0.5');
    expect(formToResultInput(resultToForm(crp), crp)).toMatchObject({ value: 0.5, comparator: '<' });
    expect(formToResultInput({ ...resultToForm(crp), value: '≥ 0.5' }, crp)).toMatchObject({ value: 0.5, comparator: '>=' });
    // Corrected to an exact value, the limit's sign goes: null is sent.
    expect(formToResultInput({ ...resultToForm(crp), value: '0.7' }, crp)).toMatchObject({ value: 0.7, comparator: null });
    expect(formToResultInput({ ...resultToForm(result), value: '< 0.5' }, result)).toMatchObject({ value: 0.5, comparator: '<' });
  });

  it('leaves the test date out when none is given (the file keeps its own)', () => {
    expect(formToResultInput({ biomarker: 'tsh', value: '2', unit: 'uIU/mL', referenceLow: '', referenceHigh: '', testDate: '' }).testDate).toBeUndefined();
  });
});

describe('testDateHint', () => {
  it('asks for a missing date on confirm and warns when the date is the report\'s own', () => {
    expect(testDateHint(null, 'not-found', true)).toBe('Set the test date before confirming: the date the sample was taken.');
    expect(testDateHint(null, 'not-found', false)).toMatch(/No collection date was found/);
    expect(testDateHint('2025-03-15', 'not-collection-date', false)).toMatch(/not a collection date: check it/);
    expect(testDateHint('2025-03-15', null, false)).toMatch(/^The date the sample was taken/);
  });
});
