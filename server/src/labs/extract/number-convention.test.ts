import { describe, expect, it } from 'vitest';
import { detectNumberConvention, joinSpaceGroupedDigits, readNumber } from './number-convention.ts';
import { parseLines, parseText } from './parser.ts';

describe('number convention, decided once per report', () => {
  it('takes the decimal separator from numbers that read one way, ignoring dates and times', () => {
    expect(detectNumberConvention(['Entnahme: 14.03.2025 08:15', 'Hämoglobin 13,8 g/dl', 'Kreatinin 0,92 mg/dl'])).toEqual({ decimal: ',' });
    expect(detectNumberConvention(['Collected 14.03.2025', 'Hemoglobin 13.8 g/dL', 'WBC 7,450 /cumm'])).toEqual({ decimal: '.' });
    expect(detectNumberConvention(['Platelets 250,000 /uL', 'Sodium 139 mmol/L'])).toEqual({ decimal: null });
  });

  it('reads a number with three digits after one separator by the convention, and leaves it out without one', () => {
    expect(readNumber('150.000', { decimal: ',' })?.value).toBe(150000);
    expect(readNumber('1,025', { decimal: ',' })?.value).toBe(1.025);
    expect(readNumber('5,100', { decimal: '.' })?.value).toBe(5100);
    expect(readNumber('5,100', { decimal: null })).toBeNull();
    expect(readNumber('13,8', { decimal: '.' })?.value).toBe(13.8);
    expect(readNumber('1.500.000', { decimal: ',' })?.value).toBe(1500000);
  });

  it('joins digits grouped by a no-break space, and by a space only in a decimal-comma text layer', () => {
    expect(joinSpaceGroupedDigits('Leucocytes  7\u00a0500  /mm³', { fromTextLayer: false })).toBe('Leucocytes  7500  /mm³');
    expect(joinSpaceGroupedDigits('Leucocytes  7 500  /mm³  4 000 – 10 000', { fromTextLayer: true, convention: { decimal: ',' } })).toBe('Leucocytes  7500  /mm³  4000 – 10000');
    expect(joinSpaceGroupedDigits('Leucocytes  > 13 000  /mm³', { fromTextLayer: true, convention: { decimal: ',' } })).toBe('Leucocytes  > 13000  /mm³');
    expect(joinSpaceGroupedDigits('Leucocytes 7 500 /mm³', { fromTextLayer: false, convention: { decimal: ',' } })).toBe('Leucocytes 7 500 /mm³');
  });

  it('joins space-grouped digits on an OCR line only when its range is printed grouped on both sides', () => {
    const ocr = (text: string) => joinSpaceGroupedDigits(text, { fromTextLayer: false, convention: { decimal: ',' } });
    expect(ocr('Globules blancs 5 500 /mm3 (4 000-10 000)')).toBe('Globules blancs 5500 /mm3 (4000-10000)');
    expect(ocr('Plaquettes 250 000 /mm3 150 000 - 400 000 H')).toBe('Plaquettes 250000 /mm3 150000-400000 H');
    expect(ocr('Plaquettes 165 000 /mm3 150 000 — 400 000')).toBe('Plaquettes 165000 /mm3 150000—400000');
    expect(ocr('Globules blancs > 13 000 /mm3 4 000 - 10 000')).toBe('Globules blancs > 13000 /mm3 4000-10000');
    // A value and a range, one space apart, stay apart; so does a right column's value beside a grouped row.
    expect(ocr('Sodium 140 135-145')).toBe('Sodium 140 135-145');
    expect(ocr('Globules blancs 5 500 /mm3 (4 000-10 000) Sodium 140 135-145')).toBe('Globules blancs 5500 /mm3 (4000-10000) Sodium 140 135-145');
  });
});

describe('reports in other languages', () => {
  it('reads a German report with decimal commas and dotted thousands', () => {
    const { results } = parseText(['Entnahme: 14.03.2025', 'Hämoglobin  13,8  g/dl  12,0 - 16,0', 'Thrombozyten  250.000  /µl  150.000 - 400.000', 'Leukozyten  7,4  G/l  4,0 - 10,0', 'GOT (AST)  54  U/l  < 40'].join('\n'));
    expect(results.map((r) => [r.name, r.value])).toEqual([['Hemoglobin', 13.8], ['Platelet count', 250000], ['WBC count', 7.4], ['AST', 54]]);
  });

  it('reads names and units in French, Italian, Spanish, Portuguese and Dutch', () => {
    const text = ['Hémoglobine  13,2  g/dL  12,0 - 16,0', 'Emoglobina glicata (HbA1c)  5,9  %  4,0 - 5,6', 'Triglicéridos  1,20  mmol/L  < 1,70', 'Leucócitos  6.800  /mm³  4.000 - 10.000', 'TSH  2,10  µUI/mL  0,40 - 4,00', 'Kreatinine  88  µmol/l  53 - 106'].join('\n');
    expect(parseText(text).results.map((r) => [r.name, r.value])).toEqual([['Hemoglobin', 13.2], ['HbA1c', 5.9], ['Triglycerides', 1.2], ['WBC count', 6800], ['TSH', 2.1], ['Creatinine', 88]]);
  });

  it('reads both results of a line from a two-column page', () => {
    const { results } = parseText('Calcium 2,41 mmol/l 2,20 - 2,60 Natrium 139 mmol/l 135 - 145', { source: 'ocr' });
    expect(results.map((r) => [r.name, r.value])).toEqual([['Calcium', 2.41], ['Sodium', 139]]);
    // The right column's name as OCR misreads it ("HbAlc") still starts a result.
    const misread = parseText('Serum Creatinine 118 pHmol/L 53 - 106 H HbAlc 5.0 % 4.0-5.6', { source: 'ocr' });
    expect(misread.results.map((r) => [r.name, r.value])).toEqual([['Creatinine', 118], ['HbA1c', 5]]);
  });

  it('reads two columns of stacked rows from OCR: two names on a line, their values on the next', () => {
    const ocr = (...texts: string[]) => parseLines(texts.map((text) => ({ text, source: 'ocr' as const }))).results.map((r) => [r.name, r.value]);
    expect(ocr('VSG Colesterol total', '12 mm/h <20 4,54 mmol/L (< 5,20)', 'Fosfatasa alcalina Vitamina B12', '137 U/L 40-130 H 419 pmol/L 145 - 570')).toEqual([
      ['ESR', 12], ['Total cholesterol', 4.54], ['Alkaline phosphatase', 137], ['Vitamin B12', 419],
    ]);
    // The right name ends in a tail of its own ("(25-OH)"), its "µ" read "p" on the left.
    expect(ocr('Harnséure Vitamin D (25-OH)', '396 pmol/L 200-430 50 nmol/l 75 - 250 L')).toEqual([['Uric acid', 396], ['25-OH vitamin D', 50]]);
    // A name misread by OCR ("Albimina") still takes the value on the line below it.
    expect(ocr('Albimina', '50 g/L 35-50')).toEqual([['Albumin', 50]]);
  });

  it('reads a decimal separator OCR took for a colon by the report\'s convention, not a ratio', () => {
    const ocr = (...texts: string[]) => parseLines(texts.map((text) => ({ text, source: 'ocr' as const }))).results.map((r) => [r.name, r.value]);
    expect(ocr('Uric Acid 5:1 mg/dL 3.5-7.2', 'Glucose 5.4 mmol/L 3.9-5.6')).toEqual([['Uric acid', 5.1], ['Glucose', 5.4]]);
    expect(ocr('Kalium 5:1 mmol/l 3,5-5,1', 'Natrium 139,0 mmol/l')).toEqual([['Potassium', 5.1], ['Sodium', 139]]);
    expect(ocr('A/G Ratio 2:1 1.1-2.2', 'Glucose 5.4 mmol/L 3.9-5.6')).toEqual([['Glucose', 5.4]]);
    expect(ocr('Albimina', '50 g/L 35-50')).toEqual([['Albumin', 50]]);
  });

  it('leaves out an OCR value that may have lost its decimal comma when no range was read', () => {
    const lines = [{ text: 'Kreatinin 1,10 mg/dl 0,60 - 1,20', source: 'ocr' as const }, { text: 'C-reaktives Protein 31 mg/l', source: 'ocr' as const }];
    expect(parseLines(lines).results.map((r) => r.name)).toEqual(['Creatinine']);
  });
});
