import { describe, expect, it } from 'vitest';
import { findColumnBand, wordsOfTsv } from './columns.ts';
import { mergeColumns } from './ocr.ts';
import type { TextLine } from './parser.ts';

/** Tesseract TSV (level 5 words) for lines of words placed at x, at OCR scale (a 2000 px wide page, lines 40 px apart). */
function tsv(lines: Array<Array<[number, string]>>): string {
  const rows = ['level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext'];
  lines.forEach((words, l) => {
    words.forEach(([x, text], w) => rows.push(`5\t1\t1\t1\t${l + 1}\t${w + 1}\t${x}\t${100 + l * 40}\t${text.length * 18}\t28\t90\t${text}`));
  });
  return rows.join('\n');
}

const band = (lines: Array<Array<[number, string]>>) => findColumnBand(wordsOfTsv(tsv(lines), { top: 0, tag: '0' }), 2000);

describe('two columns under OCR: where the right column starts', () => {
  it('finds the cut where test names start again mid-page, stacked rows of two columns joined by OCR', () => {
    const found = band([
      [[140, 'LABORATORY'], [200, 'REPORT']],
      [[140, 'HEMATOLOGY'], [1030, 'Uric'], [1110, 'Acid']],
      [[140, 'Platelets'], [1090, '459'], [1200, 'µmol/L']],
      [[200, '225'], [320, '10^9/L'], [1030, 'Albumin']],
      [[140, 'Lymphocytes'], [1090, '34'], [1200, 'g/L']],
      [[200, '3.73'], [320, '10^9/L'], [1030, 'Ferritin']],
      [[1090, '16'], [1200, 'ng/mL']],
      [[140, 'Cholesterol'], [400, 'desirable'], [940, '<'], [990, '200'], [1070, 'mg/dL']],
    ]);
    expect(found).not.toBeNull();
    expect(found!.gutter).toBeGreaterThan(320 + 6 * 18);
    expect(found!.gutter).toBeLessThan(1030);
    // The note under the columns runs across the cut: it stays out of the band.
    expect(found!.bottom).toBeLessThan(100 + 7 * 40);
  });

  it('finds it from two names where OCR misread the right column\'s others (photo seed 10015)', () => {
    const found = band([
      [[140, 'EMOCROMO'], [1030, 'Sodio']],
      [[200, '29,8'], [320, 'pg'], [1090, '142'], [1200, 'mEq/L']],
      [[140, 'Linfociti'], [320, 'assoluti'], [1030, 'Colesieioio'], [1250, 'totale']],
      [[200, '3,69'], [320, 'x10^9/L'], [1090, '279'], [1200, 'mg/dL']],
      [[140, 'Albumina'], [1030, 'TSH']],
      [[200, '4,8'], [320, 'g/dL'], [1090, '0,50'], [1200, 'mU/L']],
    ]);
    expect(found?.gutter).toBeGreaterThan(320 + 8 * 18);
    expect(found?.gutter).toBeLessThan(1030);
  });

  it('reaches down over the right column\'s rows whose names OCR garbled, to where its lines stop (photo seed 12009)', () => {
    const found = band([
      [[140, 'EMOCROMO'], [1030, 'Proteine'], [1180, 'totali']],
      [[200, '4,57'], [320, 'x10^12/L'], [1090, '6,2'], [1200, 'g/dL']],
      [[140, 'MCHC'], [1030, 'Colesterolo'], [1240, 'HDL']],
      [[200, '33,9'], [320, 'g/dL'], [1090, '54'], [1200, 'mg/dL']],
      [[140, 'Piastrine'], [1030, 'ORMONI'], [1180, 'E'], [1220, 'VITAMINE']],
      [[200, '>480'], [1030, 'Esame']],
      [[140, 'Neutrofili'], [1030, 'porns'], [1200, '3']],
      [[200, '61,2'], [320, '%'], [1090, '237'], [1200, 'ng/mL']],
      [[140, 'MCV']],
      [[200, '98,1'], [320, 'fL']],
      [],
      [],
      [],
      [],
      [],
      [[140, 'Interpretazione']],
      [[180, 'Emoglobina'], [400, 'glicata'], [760, '5,7-6,4'], [1130, 'prediabete']],
      [[180, 'Vitamina'], [330, 'D'], [760, '<'], [790, '20'], [1130, 'carenza']],
    ]);
    // The right column's rows down to Ferritin's value line (237) are in the band, the interpretation table below is not.
    expect(found?.bottom).toBeGreaterThan(100 + 7 * 40 + 28);
    expect(found?.bottom).toBeLessThan(100 + 15 * 40);
  });

  it('takes one name for a column when headings and garbled names start at its x too, from the column\'s top (photo seed 15026)', () => {
    const found = band([
      [[140, 'BLUTBILD'], [1030, 'FETTSTOFFWECHSEL']],
      [[140, 'MCH'], [1030, 'Untersuchung']],
      [[200, '29,0'], [320, 'pg'], [1030, 'Gesamicholesierin']],
      [[140, 'Kalium'], [1090, '7,11'], [1200, 'mmol/L']],
      [[200, '3,9'], [320, 'mmol/l'], [1030, 'HORMONE'], [1180, 'UND'], [1250, 'VITAMINE']],
      [[140, 'Natrium'], [1030, 'TSH'], [1100, 'basal']],
      [[200, '144'], [320, 'mmol/l'], [1090, '0,59'], [1200, 'mU/l']],
    ]);
    expect(found?.gutter).toBeGreaterThan(320 + 6 * 18);
    expect(found?.gutter).toBeLessThan(1030);
    // From the column's heading down: Gesamtcholesterin's row (its name garbled) is read column by column too.
    expect(found?.top).toBeLessThanOrEqual(100);
    expect(found?.bottom).toBeGreaterThan(100 + 6 * 40 + 28);
  });

  it('counts a name in brackets as a name, its value after it (photo seed 12019)', () => {
    const found = band([
      [[140, 'HEMATOLOGY'], [1030, 'ALT'], [1090, '(SGPT)'], [1300, '<8'], [1400, 'U/L']],
      [[140, 'ESR'], [600, '21'], [700, 'mm/hr'], [1030, 'AST'], [1090, '(SGOT)'], [1300, '13'], [1400, 'U/L']],
    ]);
    expect(found?.gutter).toBeGreaterThan(700 + 5 * 18);
    expect(found?.gutter).toBeLessThan(1030);
  });

  it('leaves a one-column table alone: a unit column mid-page is no column of results ("mg" is no magnesium)', () => {
    expect(
      band([
        [[140, 'Glucose'], [700, '84'], [976, 'mg/dL'], [1300, '70-100']],
        [[140, 'Calcium,'], [290, 'Total'], [700, '10.7'], [976, 'mg/dL'], [1300, '8.6-10.3']],
        [[140, 'C-Reactive'], [340, 'Protein'], [700, '4.1'], [976, 'mg/L'], [1300, '<5.0']],
        [[140, 'Serum'], [260, 'Iron'], [700, '159'], [976, 'mcg/dL'], [1300, '60-170']],
      ]),
    ).toBeNull();
  });

  it('leaves a one-column table alone when OCR reads a unit as a test\'s name ("G/l" read "Gh", photo seed 31007)', () => {
    expect(
      band([
        [[140, 'Untersuchung'], [700, 'Ergebnis'], [880, 'Einheit'], [1120, 'Referenzbereich']],
        [[140, 'Thrombozyten'], [700, '>'], [730, '480'], [880, 'x10"9/L'], [1120, '(150'], [1200, '-'], [1230, '400)']],
        [[140, 'Lymphozyten'], [400, 'absolut'], [700, '1,16'], [880, 'Gh'], [1120, '1,00'], [1200, '-'], [1230, '4,00']],
        [[140, 'Untersuchung'], [700, 'Ergebnis'], [880, 'Einheit'], [1120, 'Referenzbereich']],
        [[140, 'Kreatinin'], [700, '51'], [880, 'pmol/l'], [1120, '53-106']],
        [[140, 'Untersuchung'], [700, 'Ergebnis'], [880, 'Einheit'], [1120, 'Referenzbereich']],
      ]),
    ).toBeNull();
  });

  it('puts the columns, left then right, between what was read above and below them', () => {
    const line = (text: string, y: number): TextLine => ({ text, source: 'ocr', box: { page: 1, x: 0.07, y, width: 0.5, height: 0.01 } });
    const first = [line('REPORT', 0.05), line('Platelets 4 Albumin', 0.2), line('Note', 0.5)];
    const columns = [line('Platelets', 0.2), line('225 10^9/L', 0.21), line('Albumin', 0.2), line('34 g/L', 0.21)];
    const merged = mergeColumns(first, { gutter: 1000, top: 500, bottom: 700 }, 2829, columns);
    expect(merged.map((l) => l.text)).toEqual(['REPORT', 'Platelets', '225 10^9/L', 'Albumin', '34 g/L', 'Note']);
  });
});
