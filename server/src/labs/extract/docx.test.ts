import { describe, expect, it } from 'vitest';
import { htmlToLines } from './docx.ts';
import { parseLines } from './parser.ts';

describe('htmlToLines', () => {
  it('keeps a table row\'s cells two spaces apart and the spaces inside a cell single', () => {
    const html = '<p>Report  date: 1 March</p><table><tr><td><p>Leucocytes</p></td><td><p>5 200</p></td><td><p>/mm³</p></td><td></td></tr></table>';
    expect(htmlToLines(html)).toEqual(['Report date: 1 March', 'Leucocytes  5 200  /mm³']);
  });

  it('lets a row of two results printed side by side be read as two, each value grouped by a space whole', () => {
    // Generated Word report 20270: the cut between the two results joined the cells with one space, and "5 200" became 5.
    const lines = htmlToLines(
      '<table><tr><td>Leucocytes</td><td>5 200</td><td>/mm³</td><td>(4 000-10 000)</td><td></td><td>Cholestérol total</td><td>5,48</td><td>mmol/L</td><td>&lt; 5,20</td><td>H</td></tr></table>',
    );
    const { results } = parseLines(lines.map((text) => ({ text, source: 'text' })));
    expect(results.map((r) => [r.name, r.value, r.flag])).toEqual([['WBC count', 5200, 'normal'], ['Total cholesterol', 5.48, 'high']]);
  });
});
