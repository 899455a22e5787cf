import { describe, expect, it } from 'vitest';
import { parseLines, type TextLine } from '#server/labs/extract/parser.ts';
import { seededRandom, type Random } from './prng.ts';
import { generateReport, type GeneratedReport } from './report.ts';

/**
 * Review asks the user to type a value only for a test the report prints (decision 068). Each
 * generated report's lines, results and distractor tables alike, are read as OCR would give
 * them with characters misread, lost or added, many times over; no page is drawn, so thousands of
 * lines cost a second.
 */

const SEEDS = Array.from({ length: 300 }, (_, i) => 20_000 + i);
const CONFUSIONS = ['l', 'I', 'O', 'o', '|', '.', ',', ':', ' ', '~', 'a', 'S', 'B', '-', '/'];

function ocrLines(report: GeneratedReport): string[] {
  return report.blocks.flatMap((block) => (block.kind === 'results' ? block.lines.map((line) => line.cells.filter(Boolean).join('  ')) : block.rows.map((row) => row.join('  '))));
}

/** One character misread, dropped or added at a random place, on about half the lines. */
function misread(line: string, random: Random): string {
  if (!random.chance(0.5) || line.length === 0) return line;
  const at = random.int(0, line.length - 1);
  const glyph = random.pick(CONFUSIONS);
  const edit = random.int(0, 2);
  return edit === 0 ? line.slice(0, at) + glyph + line.slice(at + 1) : edit === 1 ? line.slice(0, at) + line.slice(at + 1) : line.slice(0, at) + glyph + line.slice(at);
}

describe('tests listed for the user to type, on misread OCR lines', () => {
  it('name only tests the report prints, and some are listed', () => {
    const notPrinted: string[] = [];
    let listed = 0;
    for (const seed of SEEDS) {
      const report = generateReport(seed);
      const printed = new Set(report.rows.map((row) => row.name));
      const random = seededRandom(seed);
      for (let round = 0; round < 3; round++) {
        const lines: TextLine[] = ocrLines(report).map((text) => ({ text: misread(text, random), source: 'ocr' }));
        const { unread = [] } = parseLines(lines);
        listed += unread.length;
        notPrinted.push(...unread.filter((row) => !printed.has(row.name)).map((row) => `seed ${seed} round ${round}: ${row.name}`));
      }
    }
    expect(notPrinted).toEqual([]);
    expect(listed).toBeGreaterThan(SEEDS.length / 10);
  });
});
