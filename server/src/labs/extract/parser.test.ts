import { describe, expect, it } from 'vitest';
import { extractionResultSchema } from '#contract/biomarkers.ts';
import { parseLines, parseRow, parseText, type TextLine } from './parser.ts';

const one = (line: string, source: 'text' | 'ocr' = 'text') => {
  const outcome = parseRow(line, source);
  return outcome.kind === 'ok' ? outcome.result : null;
};

describe('parseRow: one printed row', () => {
  it('reads name, value, flag, two-sided range and unit', () => {
    const r = one('Haemoglobin (Hb)   10.2   Low   12.0 - 15.5   g/dL');
    expect(r).toMatchObject({
      name: 'Hemoglobin', loinc: '718-7', value: 10.2, unit: 'g/dL', canonicalValue: 10.2, canonicalUnit: 'g/dL',
      referenceRange: { low: 12, high: 15.5, text: '12.0 - 15.5' }, flag: 'low', printedFlag: 'Low',
    });
  });

  it('reads one-sided ranges and "Upto"', () => {
    expect(one('Cholesterol, Total 212 mg/dL < 200')).toMatchObject({ referenceRange: { low: null, high: 200 }, flag: 'high' });
    expect(one('HDL-C 38 mg/dL > 40')).toMatchObject({ referenceRange: { low: 40, high: null }, flag: 'low' });
    expect(one('SGPT (ALT) 22 U/L Upto 40')).toMatchObject({ name: 'ALT', referenceRange: { low: null, high: 40, text: 'Upto 40' }, flag: 'normal' });
  });

  it('recomputes the flag and keeps a contradicting printed flag', () => {
    expect(one('Serum Sodium 121 Normal 136 - 146 mmol/L')).toMatchObject({ flag: 'low', printedFlag: 'Normal' });
  });

  it('reads a flag printed left of the value', () => {
    expect(one('EOSINOPHILS H 9 % 1 - 6')).toMatchObject({ name: 'Eosinophils %', value: 9, printedFlag: 'H', flag: 'high' });
  });

  it('reads decimal commas and thousands separators', () => {
    expect(one('Potassium 4,25 mmol/L 3,5 - 5,1')).toMatchObject({ value: 4.25, referenceRange: { low: 3.5, high: 5.1 } });
    expect(one('Total Leucocyte Count (TLC) 7,450 /cumm 4,000 - 11,000')).toMatchObject({ name: 'WBC count', value: 7450, canonicalValue: 7.45, canonicalUnit: '10*3/uL' });
    expect(one('Platelet Count 2,15,000 /cumm 1,50,000 - 4,10,000')).toMatchObject({ value: 215000, canonicalValue: 215 });
  });

  it('converts lakhs/cumm (10^5 per microlitre) and SI units to canonical units', () => {
    expect(one('Platelets 2.4 lakhs/cumm 1.5 - 4.5')).toMatchObject({ canonicalValue: 240, canonicalUnit: '10*3/uL' });
    expect(one('Glucose 5.5 mmol/L 3.9 - 5.5')).toMatchObject({ name: 'Glucose', loinc: '14749-6', canonicalValue: 99.0991, canonicalUnit: 'mg/dL' });
    expect(one('Creatinine 88.4 umol/L 60 - 110')).toMatchObject({ loinc: '14682-9', canonicalValue: 1 });
    expect(one('HbA1c 48 mmol/mol < 42')).toMatchObject({ canonicalValue: 6.54163, canonicalUnit: '%' });
  });

  it('tells percentage from absolute counts by the unit', () => {
    expect(one('Neutrophils 58 % 40 - 75')?.name).toBe('Neutrophils %');
    expect(one('Neutrophils 3.9 10^3/uL 2.0 - 7.0')?.name).toBe('Neutrophils (absolute)');
  });

  it('accepts a unit the vendor misprinted only where it is unambiguous (U/I for U/L)', () => {
    expect(one('SGOT (AST) 31 U/I 0 - 40')).toMatchObject({ name: 'AST', unit: 'U/I', canonicalUnit: 'U/L' });
  });

  it('reads a ratio printed without a unit', () => {
    expect(one('A/G Ratio 1.6 1.1 - 2.2')).toMatchObject({ name: 'A/G ratio', unit: '', canonicalUnit: '{ratio}' });
  });

  it('refuses a unit the marker does not come in', () => {
    expect(one('Hemoglobin 13.2 mg/L 12 - 16')).toBeNull();
  });

  it('never returns a physically impossible value', () => {
    expect(one('Chloride 3.50 Normal 3.50 - 5.00 mEq/L')).toBeNull();
    expect(one('Hemoglobin 142 g/dL 13 - 17')).toBeNull();
  });

  it('skips censored values rather than inventing a number', () => {
    expect(one('CRP < 0.5 mg/L 0 - 5')).toBeNull();
  });

  it('resolves a name cut short by the layout when only one marker fits', () => {
    expect(one('Mean Corpuscular Hemoglobin Co 33.9 g/dL 32 - 36')?.name).toBe('MCHC');
  });

  it('ignores guideline and interpretation rows', () => {
    expect(one('Borderline High 200 - 239 130 - 159 150 - 199')).toBeNull();
    expect(one('Thyroxine (T4) hypothyroidism hyperthyroidism')).toBeNull();
    expect(one('4. Values <0.04 mU/L need to be clinically correlated')).toBeNull();
  });
});

describe('parseRow: OCR text', () => {
  it('fixes letter/digit confusions inside numbers', () => {
    expect(one('Hemoglobin 1O.5 g/dl 12 - 16', 'ocr')).toMatchObject({ value: 10.5 });
    expect(one('Potassium 4.l mmol/L 3.5 - 5.1', 'ocr')).toMatchObject({ value: 4.1 });
  });

  it('puts back a dropped decimal point when only one reading fits', () => {
    expect(one('PLATELET COUNT 35 lakhs/cumm 15-41', 'ocr')).toMatchObject({ value: 3.5, canonicalValue: 350, referenceRange: { low: 1.5, high: 4.1 } });
    expect(one('MCHC H 35.7 % 315-345', 'ocr')).toMatchObject({ value: 35.7, referenceRange: { low: 31.5, high: 34.5 }, flag: 'high' });
    expect(one('TOTAL RBC COUNT 5 million/cumm 45-55', 'ocr')).toMatchObject({ value: 5, referenceRange: { low: 4.5, high: 5.5 } });
  });

  it('repairs OCR unit misreadings', () => {
    expect(one('MCV 84.0 iL 83-101', 'ocr')).toMatchObject({ unit: 'fL', value: 84 });
    expect(one('TSH 2.1 ulU/mL 0.4-4.5', 'ocr')).toMatchObject({ name: 'TSH', canonicalValue: 2.1 });
  });

  it('rejects a plausible value far outside the range when a repaired reading would fit (ambiguous)', () => {
    expect(one('Creatinine 12 mg/dL 0.6 - 1.3', 'ocr')).toBeNull();
    // the same text from a PDF text layer is what was printed
    expect(one('Creatinine 12 mg/dL 0.6 - 1.3', 'text')).toMatchObject({ value: 12, flag: 'high' });
  });
});

describe('parseLines: layouts', () => {
  it('joins a name printed a few points above its value row, and skips the method line', () => {
    const lines: TextLine[] = [
      { text: 'Serum Albumin', source: 'text', y: 500, height: 8 },
      { text: '4.1  Normal  3.5 - 5.2  g/dL', source: 'text', y: 496.5, height: 8 },
      { text: 'Bromocresol green', source: 'text', y: 492, height: 5 },
    ];
    expect(parseLines(lines).results).toMatchObject([{ name: 'Albumin', value: 4.1, printedFlag: 'Normal' }]);
  });

  it('reads a two-column card layout with "Ref:" on the next line', () => {
    const lines: TextLine[] = [
      { text: 'Hemoglobin  Platelet Count', source: 'text', y: 700, height: 9, cells: [{ text: 'Hemoglobin', x: 40 }, { text: 'Platelet Count', x: 300 }] },
      { text: 'Patient | 01/02/2024', source: 'text', y: 690, height: 9, cells: [{ text: 'Patient | 01/02/2024', x: 30 }] },
      { text: '14.2 g/dL  251 K/uL', source: 'text', y: 682, height: 11, cells: [{ text: '14.2 g/dL', x: 40 }, { text: '251 K/uL', x: 300 }] },
      { text: 'Ref: 13.5-17.5  NORMAL  Ref: 150-400  NORMAL', source: 'text', y: 668, height: 7, cells: [{ text: 'Ref: 13.5-17.5', x: 40 }, { text: 'NORMAL', x: 240 }, { text: 'Ref: 150-400', x: 300 }, { text: 'NORMAL', x: 480 }] },
    ];
    const { results } = parseLines(lines);
    expect(results).toMatchObject([
      { name: 'Hemoglobin', value: 14.2, referenceRange: { low: 13.5, high: 17.5 }, printedFlag: 'NORMAL' },
      { name: 'Platelet count', value: 251, referenceRange: { low: 150, high: 400 } },
    ]);
  });

  it('returns a result that satisfies the contract schema', () => {
    const result = parseText('Collection Date: 2024-05-06\nTSH 1.9 uIU/mL 0.4 - 4.0\nFree T4 1.2 ng/dL 0.8 - 1.8');
    expect(extractionResultSchema.parse(result)).toEqual(result);
    expect(result.collectedAt).toBe('2024-05-06');
    expect(result.results.map((r) => r.name)).toEqual(['TSH', 'Free T4']);
  });
});
