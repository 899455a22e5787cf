import { describe, expect, it } from 'vitest';
import type { LineSource } from './parser.ts';
import { placeModelRows, printsValueAndUnit } from './model-rows.ts';

const row = (name: string, value: string, unit: string, range = '') => ({ name, value, unit, range });
const lines = (texts: string[], source: LineSource = 'text') => ({ lines: texts.map((text) => ({ text, source })), unreadRows: 1 });
const placed = (rows: ReturnType<typeof row>[], texts: string[], source?: LineSource) =>
  placeModelRows(rows, lines(texts, source), []).map((r) => [r.name, r.value, r.unit, r.readByModel]);

describe('printsValueAndUnit', () => {
  it('finds a whole number and a whole unit', () => {
    expect(printsValueAndUnit('Ferritin   85 (1)   ng/mL   30 - 400', '85', 'ng/mL')).toBe(true);
    expect(printsValueAndUnit('Ferritin 185 ng/mL', '85', 'ng/mL')).toBe(false);
    expect(printsValueAndUnit('Ferritin 8.5 ng/mL', '8', 'ng/mL')).toBe(false);
    expect(printsValueAndUnit('Ferritin 8,5 ng/mL', '8', 'ng/mL')).toBe(false);
    expect(printsValueAndUnit('Ferritin 85 ng/mL', '85', 'mL')).toBe(false);
    expect(printsValueAndUnit('Ferritin 85 ng/mLx', '85', 'ng/mL')).toBe(false);
    expect(printsValueAndUnit('pH 6.5', '6.5', '')).toBe(true);
  });

  it('takes no value that is not a plain number', () => {
    expect(printsValueAndUnit('CRP <0.5 mg/L', '<0.5', 'mg/L')).toBe(false);
    // A limit is read by the reader with its sign, or not at all: never as the exact value.
    expect(printsValueAndUnit('CRP < 0.5 mg/L', '0.5', 'mg/L')).toBe(false);
    expect(printsValueAndUnit('B12 >2000 pg/mL', '2000', 'pg/mL')).toBe(false);
    expect(printsValueAndUnit('HIV negative', 'negative', '')).toBe(false);
    expect(printsValueAndUnit('x 1.5 y', '1.5.*', '')).toBe(false);
  });
});

describe('placeModelRows', () => {
  it('keeps a row whose value and unit are printed on a line with its name, or under it', () => {
    expect(placed([row('Ferritin', '85', 'ng/mL', '30 - 400')], ['Ferritin   85 (1)   ng/mL   30 - 400'])).toEqual([['Ferritin', 85, 'ng/mL', true]]);
    expect(placed([row('Hämoglobin', '13,5', 'g/dl', '12,0 - 16,0')], ['Hämoglobin', 'Methode: Photometrie', '13,5 g/dl  *  12,0 - 16,0', 'Leukozyten 6,1 /nl 4,0-10,0'])).toEqual([
      ['Hemoglobin', 13.5, 'g/dl', true],
    ]);
  });

  it('is outlined in review where its value line was read', () => {
    const box = { page: 2, x: 0.1, y: 0.4, width: 0.7, height: 0.02 };
    const report = { lines: [{ text: 'Ferritin   85 (1)   ng/mL   30 - 400', source: 'text' as const, box }], unreadRows: 1 };
    expect(placeModelRows([row('Ferritin', '85', 'ng/mL')], report, [])[0]).toMatchObject({ name: 'Ferritin', box });
  });

  it('drops a row whose name is not printed near its value, or whose value or unit is not printed', () => {
    const report = ['Ferritin   85 (1)   ng/mL   30 - 400', 'a', 'b', 'c', 'd', 'Vitamin D'];
    expect(placed([row('Vitamin D', '85', 'ng/mL'), row('Ferritin', '85.0', 'ng/mL'), row('Ferritin', '85', 'µg/L'), row('', '85', 'ng/mL')], report)).toEqual([]);
  });

  it('reads the number by the report’s own convention', () => {
    const report = ['Glukose 1.005 mg/dl 70 - 99', 'Ferritin 1.234 (1) ng/ml 30 - 400', 'Leukozyten 6,1 /nl 4,0 - 10,0'];
    expect(placed([row('Ferritin', '1.234', 'ng/ml', '30 - 400')], report)).toEqual([['Ferritin', 1234, 'ng/ml', true]]);
  });

  it('keeps OCR’s checks: a value that lost its decimal separator on a scan is not taken', () => {
    const report = ['MCH 277 (1) pg 27,0 - 33,0', 'Leukozyten 6,1 /nl 4,0 - 10,0'];
    expect(placed([row('MCH', '277', 'pg', '27,0 - 33,0')], report, 'ocr')).toEqual([]);
  });

  it('leaves a biomarker the reading found to that reading, and takes a row once', () => {
    const report = ['Ferritin   85 (1)   ng/mL   30 - 400'];
    const found = placeModelRows([row('Ferritin', '85', 'ng/mL')], lines(report), []);
    expect(placeModelRows([row('Ferritin', '85', 'ng/mL')], lines(report), found)).toEqual([]);
    expect(placeModelRows([row('Ferritin', '85', 'ng/mL'), row('Ferritin', '85', 'ng/mL')], lines(report), [])).toHaveLength(1);
  });
});
