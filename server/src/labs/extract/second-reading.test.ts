import { describe, expect, it } from 'vitest';
import type { PageBox } from './boxes.ts';
import type { LineReading } from './ocr.ts';
import { parseLines, type TextLine } from './parser.ts';
import { contradicts, readDoubtfulLinesAgain, sameDigits, withMargin, type LineReader } from './second-reading.ts';

/** OCR lines one under the other, each with its box, as ocr.ts gives them. */
const page = (...texts: string[]): TextLine[] => texts.map((text, i) => ({ text, source: 'ocr', box: { page: 1, x: 0.08, y: 0.2 + i * 0.015, width: 0.6, height: 0.012 } }));

/**
 * A reader that reads each line again as `mend` says (by its first reading and, for a tight cut
 * other than the line's own box, where the cut's top is), recording what it was asked.
 */
function reader(lines: TextLine[], mend: (first: string, how: LineReading & { cutTop?: number }) => string | null): LineReader & { asked: string[] } {
  const asked: string[] = [];
  const read = async (boxes: PageBox[], how: LineReading) =>
    boxes.map((box) => {
      const line = lines.find((l) => l.box && Math.abs(l.box.y + l.box.height / 2 - (box.y + box.height / 2)) < l.box.height / 2);
      const cutTop = (how.stretch || how.binarise) && line?.box && line.box.y !== box.y ? Math.round(((box.y - line.box.y) / line.box.height) * 100) / 100 : undefined;
      asked.push(`${how.digits ? 'digits ' : ''}${how.stretch ? 'tight ' : ''}${how.binarise ? 'binary ' : ''}${cutTop !== undefined ? `cut ${cutTop} ` : ''}${line?.text ?? ''}`);
      return mend(line?.text ?? '', cutTop !== undefined ? { ...how, cutTop } : how);
    });
  return Object.assign(read, { asked });
}

const values = (lines: TextLine[]) => parseLines(lines).results.map((r) => `${r.name} ${r.value} ${r.unit}`);

describe('a second reading of doubtful OCR lines', () => {
  it('takes the separator a second reading supplies, and only for the line that lost it', async () => {
    const lines = page('Leukocyten 58 x10^9/L 4,0-10,0', 'Kalium 4,2 mmol/l 3,5-5,1');
    const read = reader(lines, (first) => (first.startsWith('Leukocyten') ? 'Leukocyten 5,8 x1079/L 40-10,0' : first));
    const mended = await readDoubtfulLinesAgain(lines, read);
    expect(values(mended)).toEqual(['WBC count 5.8 x10^9/L', 'Potassium 4.2 mmol/l']);
    // Both are read once more in black and white, the mended line too: grey readings can repeat a misread.
    expect(read.asked).toEqual(['Leukocyten 58 x10^9/L 4,0-10,0', 'binary cut -0.25 Leukocyten 58 x10^9/L 4,0-10,0', 'binary cut -0.25 Kalium 4,2 mmol/l 3,5-5,1']);
  });

  it('reads the value as digits only when the whole line lost its separator again', async () => {
    const lines = page('Glycémie', '59 mmol/L 3,9-5,6 H');
    const read = reader(lines, (first, how) => (how.digits ? '5,9 1111 3,9-5,6' : first));
    expect(values(await readDoubtfulLinesAgain(lines, read))).toEqual(['Glucose 5.9 mmol/L']);
  });

  it('reads the line cut tight when neither reading gave the separator, and takes only the separator', async () => {
    const lines = page('Triglicéridos', '154 mmol/L <1,70');
    const read = reader(lines, (first, how) => (how.stretch ? '1,54 mmol/L <1,70' : first));
    expect(values(await readDoubtfulLinesAgain(lines, read))).toEqual(['Triglycerides 1.54 mmol/L']);
    expect(read.asked).toEqual(['154 mmol/L <1,70', 'digits 154 mmol/L <1,70', 'tight 154 mmol/L <1,70', 'binary cut -0.25 154 mmol/L <1,70']);
  });

  it('reads the line cut at other heights when no reading gave the separator, and takes it only where the cuts agree', async () => {
    const lines = page('MCH 298 pg 27,0-33,0');
    const agreeing = reader(lines, (first, how) => (how.cutTop === 0.1 || how.cutTop === 0.2 ? 'MCH 29.8 pg 27,0-33,0' : first));
    expect(values(await readDoubtfulLinesAgain(lines, agreeing))).toEqual(['MCH 29.8 pg']);
    expect(agreeing.asked).toEqual([
      'MCH 298 pg 27,0-33,0',
      'digits MCH 298 pg 27,0-33,0',
      'tight MCH 298 pg 27,0-33,0',
      'tight cut -0.25 MCH 298 pg 27,0-33,0',
      'tight cut 0.1 MCH 298 pg 27,0-33,0',
      'tight cut 0.2 MCH 298 pg 27,0-33,0',
      'binary cut -0.25 MCH 298 pg 27,0-33,0',
    ]);
    const disagreeing = reader(lines, (first, how) => (how.cutTop === 0.1 ? 'MCH 29.8 pg 27,0-33,0' : how.cutTop === 0.2 ? 'MCH 2,98 pg 27,0-33,0' : first));
    expect(values(await readDoubtfulLinesAgain(lines, disagreeing))).toEqual([]);
  });

  it('reads the line in black and white, at its own cut and the others, when no stretched cut gave the separator, and takes it only where they agree', async () => {
    const lines = page('Triglicéridos 154 mmol/L <1,70');
    const agreeing = reader(lines, (first, how) => (how.binarise && how.cutTop !== -0.25 ? 'Triglicéridos 1.54 mmol/L <1.70' : first));
    expect(values(await readDoubtfulLinesAgain(lines, agreeing))).toEqual(['Triglycerides 1.54 mmol/L']);
    expect(agreeing.asked.slice(-5, -1)).toEqual([
      'binary Triglicéridos 154 mmol/L <1,70',
      'binary cut -0.25 Triglicéridos 154 mmol/L <1,70',
      'binary cut 0.1 Triglicéridos 154 mmol/L <1,70',
      'binary cut 0.2 Triglicéridos 154 mmol/L <1,70',
    ]);
    const disagreeing = reader(lines, (first, how) => (how.binarise ? (how.cutTop === 0.2 ? 'Triglicéridos 15,4 mmol/L <1,70' : 'Triglicéridos 1,54 mmol/L <1,70') : first));
    expect(values(await readDoubtfulLinesAgain(lines, disagreeing))).toEqual([]);
  });

  it('keeps the row out when the second reading disagrees on the digits', async () => {
    const lines = page('CRP 29 mg/l <5,0');
    const read = reader(lines, () => 'CRP 2,8 mg/l <5,0');
    expect(values(await readDoubtfulLinesAgain(lines, read))).toEqual([]);
  });

  it('replaces a whole value no one can have only with its own digits read with a separator', async () => {
    const lines = page('Kalium 38 mmol/L 355.1', 'Natrium 140 mmol/L 135-145');
    const implausible = (mended: TextLine[]) => parseLines(mended).results.filter((r) => r.implausible).map((r) => `${r.name} ${r.value}`);
    expect(implausible(lines)).toEqual(['Potassium 38']);
    const separator = reader(lines, (first) => (first.startsWith('Kalium') ? 'Kalium 3,8 mmol/L 3,5-5,1' : first));
    const mended = await readDoubtfulLinesAgain(lines, separator);
    expect(values(mended)).toEqual(['Potassium 3.8 mmol/L', 'Sodium 140 mmol/L']);
    expect(implausible(mended)).toEqual([]);
    // Other digits are no reading of this value: it stays as first read, with its warning.
    const otherDigits = reader(lines, (first) => (first.startsWith('Kalium') ? 'Kalium 3,6 mmol/L 3,5-5,1' : first));
    expect(implausible(await readDoubtfulLinesAgain(lines, otherDigits))).toEqual(['Potassium 38']);
  });

  it('takes a value OCR made letters of only when two readings print the same digits there', async () => {
    const lines = page('Total Protein TT g/L 64 - 83', 'Natrium 140 mmol/L 135-145');
    const alike = reader(lines, (first) => (first.startsWith('Total') ? 'Total Protein 77 g/L 64 - 83' : first));
    expect(values(await readDoubtfulLinesAgain(lines, alike))).toEqual(['Total protein 77 g/L', 'Sodium 140 mmol/L']);
    expect(alike.asked).toEqual([
      'Total Protein TT g/L 64 - 83',
      'tight Total Protein TT g/L 64 - 83',
      'binary Total Protein TT g/L 64 - 83',
      'binary cut -0.25 Total Protein TT g/L 64 - 83',
      'binary cut -0.25 Total Protein TT g/L 64 - 83',
      'binary cut -0.25 Natrium 140 mmol/L 135-145',
    ]);
    // One reading against one: no value; two against one: theirs.
    const unlike = reader(lines, (first, how) => (first.startsWith('Total') ? `Total Protein ${how.stretch ? 71 : how.binarise ? 'TT' : 77} g/L 64 - 83` : first));
    expect(values(await readDoubtfulLinesAgain(lines, unlike))).toEqual(['Sodium 140 mmol/L']);
    const twoToOne = reader(lines, (first, how) => (first.startsWith('Total') ? `Total Protein ${how.stretch ? 71 : 77} g/L 64 - 83` : first));
    expect(values(await readDoubtfulLinesAgain(lines, twoToOne))).toEqual(['Total protein 77 g/L', 'Sodium 140 mmol/L']);
    // Photo seed 32044: "44" read "a4", then garbled with a margin; cut tight, in grey and in black and white, "44".
    const got = page('GOT a4 U/L <40 H');
    const tightAlike = reader(got, (_first, how) => (how.stretch || how.binarise ? 'GOT 44 U/L <40 H' : 'Got Ri 1 rg Ad U/L <40 H'));
    expect(values(await readDoubtfulLinesAgain(got, tightAlike))).toEqual(['AST 44 U/L']);
    // Photo seed 33013: "47" read "a7" with a margin and "a" cut tight; in black and white "47", cut tight and with a margin.
    const gpt = page('GPT a7 un <45 H');
    const blackAndWhite = reader(gpt, (_first, how) => (how.binarise ? 'GPT 47 uit < 45 H' : how.stretch ? 'GPT a UAL <45 H' : 'GPT a7 UL <45 H'));
    expect(values(await readDoubtfulLinesAgain(gpt, blackAndWhite))).toEqual(['ALT 47 U/L']);
    // Photo seed 33035: the test's other name after its first ("GOT (AST)") stands between the name and the value.
    const ast = page('GOT (AST) a6 un <40 H');
    const otherName = reader(ast, (_first, how) => (how.stretch || how.binarise ? 'GOT (AST) 46 un <40 H' : 'GOT (AST) a6 un <40 H'));
    expect(values(await readDoubtfulLinesAgain(ast, otherName))).toEqual(['AST 46 U/L']);
    // A digit beside a letter is no reading of the value: "a4" twice says nothing of 44 (photo seed 32028).
    const urea = page('Ureia aa mg/dL 17-43 H');
    const lettersLeft = reader(urea, (_first, how) => (how.stretch ? 'Ureia a mg/dL 17-43 H' : 'Ureia a4 mg/dL 17-43 H'));
    expect(values(await readDoubtfulLinesAgain(urea, lettersLeft))).toEqual([]);
    // One reading lost the separator the other gives: the same digits, and the separator taken.
    const glucose = page('Glycémie rl mmol/L 3,9-5,6 H');
    const separator = reader(glucose, (_first, how) => (how.stretch ? 'Glycémie 71 mmol/L 3,9-5,6 H' : 'Glycémie 7,1 mmol/L 3,9-5,6 H'));
    expect(values(await readDoubtfulLinesAgain(glucose, separator))).toEqual(['Glucose 7.1 mmol/L']);
  });

  it('reads again a value a speck beside it made unreadable, and takes what two readings print clean (scan seed 32006)', async () => {
    const lines = page('Emoglobina 13,1. g/dL (12,0-16,0)');
    const specks = reader(lines, (first, how) => (how.stretch ? first : 'Emoglobina 13,1 g/dL (12,0-16,0)'));
    expect(values(await readDoubtfulLinesAgain(lines, specks))).toEqual(['Hemoglobin 13.1 g/dL']);
    // The speck read again each time says nothing.
    expect(values(await readDoubtfulLinesAgain(lines, reader(lines, (first) => first)))).toEqual([]);
  });

  it('takes a value glued to a bar only when both readings print the digits after the bar', async () => {
    const lines = page('| Cholesterol, Total |214 | mg/dL <200 H |');
    const barGone = reader(lines, (first, how) => (how.stretch ? first : '| Cholesterol, Total | 214 | mg/dL < 200 H |'));
    expect(values(await readDoubtfulLinesAgain(lines, barGone))).toEqual(['Total cholesterol 214 mg/dL']);
    const barAsOne = reader(lines, () => '| Cholesterol, Total 1214 | mg/dL < 200 H |');
    expect(values(await readDoubtfulLinesAgain(lines, barAsOne))).toEqual([]);
  });

  it('mends a mangled unit only with the value as first read', async () => {
    // No range: the unit cannot be told from it (parser.ts, unitFromRange).
    const lines = page('MCV 88 fr');
    expect(values(await readDoubtfulLinesAgain(lines, reader(lines, () => 'MCV 88 fL')))).toEqual(['MCV 88 fL']);
    expect(values(await readDoubtfulLinesAgain(lines, reader(lines, () => 'MCV 8,8 fL')))).toEqual([]);
  });

  it('leaves out a row taken in doubt when a second reading gives its value other digits', async () => {
    // A decimal-comma report: "5,2" read "8.2" beside a range that lost its commas.
    const lines = page('Kalium 4,2 mmol/l 3,5-5,1', 'Glucose 8.2 mmol/l 39-56');
    const read = reader(lines, (first) => (first.startsWith('Glucose') ? 'Glucose 52 mmol/l 39-56' : first));
    expect(values(await readDoubtfulLinesAgain(lines, read))).toEqual(['Potassium 4.2 mmol/l']);
    expect(read.asked).toEqual(['Glucose 8.2 mmol/l 39-56', 'tight Glucose 8.2 mmol/l 39-56', 'binary cut -0.25 Kalium 4,2 mmol/l 3,5-5,1']);
    // A tight reading that only repeats the first one, separator and all, does not break the tie.
    const repeated = reader(lines, (first, how) => (first.startsWith('Glucose') && !how.stretch ? 'Glucose 52 mmol/l 39-56' : first));
    expect(values(await readDoubtfulLinesAgain(lines, repeated))).toEqual(['Potassium 4.2 mmol/l']);
  });

  it('reads again a value kept without its garbled range, and leaves it out when the digits differ', async () => {
    const lines = page('Kalium 4,2 mmol/l 3,5-5,1', 'Plaquettes 123000 /mm³ 150 000 —- 400 008');
    expect(values(await readDoubtfulLinesAgain(lines, reader(lines, (first) => first)))).toEqual(['Potassium 4.2 mmol/l', 'Platelet count 123000 /mm3']);
    const read = reader(lines, (first) => (first.startsWith('Plaquettes') ? 'Plaquettes 128000 /mm³ 150 000 - 400 000' : first));
    expect(values(await readDoubtfulLinesAgain(lines, read))).toEqual(['Potassium 4.2 mmol/l']);
  });

  it('keeps a row in doubt when a third reading, cut tight, gives the first one\'s digits and value', async () => {
    // Photo seed 6022: "7,5" read "75" beside "75-100" (taken as 7.5), again "1.5", tight "7,5".
    const lines = page('Kalium 4,2 mmol/l 3,5-5,1', 'Hemoglobina 75 mmol/L 75-100');
    const tight = (third: string) => reader(lines, (first, how) => (!first.startsWith('Hemoglobina') ? first : how.stretch || how.binarise ? third : 'Hemoglobina 1.5 mmol/L 75-100'));
    expect(values(await readDoubtfulLinesAgain(lines, tight('Hemoglobina 7,5 mmol/L 75-100')))).toEqual(['Potassium 4.2 mmol/l', 'Hemoglobin 7.5 mmol/L']);
    // Other digits, a number lost, or the same digits with a separator elsewhere: left out as before.
    for (const third of ['Hemoglobina 1,5 mmol/L 75-100', 'Hemoglobina 7,5 mmol/L', 'Hemoglobina 75 mmol/L 7,5-100', 'Hemoglobina 0,75 mmol/L 75-100']) {
      expect(values(await readDoubtfulLinesAgain(lines, tight(third))), third).toEqual(['Potassium 4.2 mmol/l']);
    }
  });

  it('leaves out a whole number beside a range printed with decimals when it is read again with decimals', async () => {
    // Photo seed 9117: "2,1" read "2" beside "1,7-2,5"; another lab prints "5" beside "4.5 - 5.5".
    const lines = page('Kalium 4,2 mmol/l 3,5-5,1', 'Magnésio 2 mg/dL (1,7-2,5)');
    const read = (second: string, third = second) => reader(lines, (first, how) => (!first.startsWith('Magn') ? first : how.stretch ? third : second));
    expect(values(await readDoubtfulLinesAgain(lines, read('Magnésio 2,1 mg/dL (1,7-2,5)')))).toEqual(['Potassium 4.2 mmol/l']);
    expect(values(await readDoubtfulLinesAgain(lines, read('Magnésio 2 mg/dL (1,7-2,5)')))).toEqual(['Potassium 4.2 mmol/l', 'Magnesium 2 mg/dL']);
  });

  it('keeps a row taken in doubt when its second reading agrees or reads no value', async () => {
    const lines = page('Kalium 4,2 mmol/l 3,5-5,1', 'Glucose 8.2 mmol/l 39-56');
    expect(values(await readDoubtfulLinesAgain(lines, reader(lines, (first) => first.replace('8.2', '8,2'))))).toEqual(['Potassium 4.2 mmol/l', 'Glucose 8.2 mmol/l']);
    expect(values(await readDoubtfulLinesAgain(lines, reader(lines, (first) => first.replace('8.2', 'Tag'))))).toEqual(['Potassium 4.2 mmol/l', 'Glucose 8.2 mmol/l']);
  });

  it('leaves out a row taken in doubt whose second reading reads no value and a third, cut tight, other digits', async () => {
    // Photo seed 11003: "12,7" read "2.7" in a decimal-comma report, again "nd", tight "12,7".
    const lines = page('Kalium 4,2 mmol/l 3,5-5,1', 'T4 livre 2.7 pmol/L 10,0 -22,0');
    const read = (third: string) => reader(lines, (first, how) => (!first.startsWith('T4') ? first : how.stretch ? third : 'T4 livre nd pmol/L 10,0-22,0'));
    expect(values(await readDoubtfulLinesAgain(lines, read('T4 livre 12,7 pmol/L 10,0 - 22,0')))).toEqual(['Potassium 4.2 mmol/l']);
    expect(values(await readDoubtfulLinesAgain(lines, read('T4 livre 2,7 pmol/L 10,0 - 22,0')))).toEqual(['Potassium 4.2 mmol/l', 'Free T4 2.7 pmol/L']);
  });

  it('reads a line again cut no further than the lines printed just above and below it', async () => {
    // Room above the doubtful line, none below it.
    const lines = (
      [
        ['Kalium 4,2 mmol/l 3,5-5,1', 0.2],
        ['Leukocyten 58 x10^9/L 4,0-10,0', 0.218],
        ['Natrium 140 mmol/l 135-145', 0.23],
      ] as const
    ).map(([text, y]): TextLine => ({ text, source: 'ocr', box: { page: 1, x: 0.08, y, width: 0.6, height: 0.012 } }));
    const cuts: PageBox[] = [];
    await readDoubtfulLinesAgain(lines, async (boxes) => {
      cuts.push(...boxes);
      return boxes.map(() => null);
    });
    expect(cuts[0]!.y).toBeCloseTo(0.215, 6);
    expect(cuts[0]!.y + cuts[0]!.height).toBeCloseTo(0.23, 6);
  });

  it('reads each value only once more, in black and white, when no row is in doubt and the readings agree', async () => {
    const lines = page('Kalium 4,2 mmol/l 3,5-5,1');
    const read = reader(lines, (first) => first);
    expect(await readDoubtfulLinesAgain(lines, read)).toBe(lines);
    expect(read.asked).toEqual(['binary cut -0.25 Kalium 4,2 mmol/l 3,5-5,1']);
  });

  it('leaves out a value no rule doubts when its black-and-white reading gives other digits, unless a plain or stretched reading gives the first and neither others', async () => {
    // Scan seed 11001: "2,27" read "2,21", plain and cut tight alike; black and white, and stretched, "2,27".
    const lines = page('Natrium 140 mmol/L 135-145', 'Calcio 2,21 mmol/L 2,20-2,60');
    const calcium = (plain: string, stretched: string) =>
      reader(lines, (first, how) => (!first.startsWith('Calcio') ? first : how.binarise ? 'Calcio 2,27 mmol/L 2,20-2,60' : how.stretch ? stretched : plain));
    const misread = calcium('Calcio 2.21 mmol/L 2,20-2,60', 'Calcio 2,27 mmol/L 2,20-2,60');
    expect(values(await readDoubtfulLinesAgain(lines, misread))).toEqual(['Sodium 140 mmol/L']);
    expect(misread.asked).toEqual([
      'binary cut -0.25 Natrium 140 mmol/L 135-145',
      'binary cut -0.25 Calcio 2,21 mmol/L 2,20-2,60',
      'Calcio 2,21 mmol/L 2,20-2,60',
      'tight cut -0.25 Calcio 2,21 mmol/L 2,20-2,60',
    ]);
    // Both others give the first reading's digits: the black-and-white one was the misread.
    expect(values(await readDoubtfulLinesAgain(lines, calcium('Calcio 2.21 mmol/L 2,20-2,60', 'Calcio 2,21 mmol/L 2,20 - 2,60')))).toEqual(['Sodium 140 mmol/L', 'Calcium 2.21 mmol/L']);
    // One gives them, the other lost a number or a digit, which says nothing: kept ("79" read "’9", then "79" and "7").
    expect(values(await readDoubtfulLinesAgain(lines, calcium('Calcio 2,21 mmol/L', 'Calcio 2,21 mmol/L 2,20-2,60')))).toEqual(['Sodium 140 mmol/L', 'Calcium 2.21 mmol/L']);
    // Neither gives them: nothing settles it.
    expect(values(await readDoubtfulLinesAgain(lines, calcium('Calcio 2,21 mmol/L', 'Calcio 2,2 mmol/L 2,20-2,60')))).toEqual(['Sodium 140 mmol/L']);
  });

  it('reads once more a value whose separator OCR read as a colon', async () => {
    // Photo seed 18016: "51,1" read "1:1", taken as 1,1; in black and white "51,1".
    const lines = page('Natrium 140 mmol/L 135-145', '25-OH vitamina D 1:1 ng/mL 30,0 - 100,0');
    const both = ['Sodium 140 mmol/L', '25-OH vitamin D 1.1 ng/mL'];
    expect(values(lines)).toEqual(both);
    const misread = reader(lines, (first) => (first.startsWith('25-OH') ? '25-OH vitamina D 51,1 ng/mL 30,0 - 100,0' : first));
    expect(values(await readDoubtfulLinesAgain(lines, misread))).toEqual(['Sodium 140 mmol/L']);
    // Read alike in black and white: kept.
    expect(values(await readDoubtfulLinesAgain(lines, reader(lines, (first) => first)))).toEqual(both);
  });

  it('leaves out a mended value whose black-and-white reading gives other digits, though it prints the range otherwise', async () => {
    // Photo seed 17023: MCH "27,7" read "217" and again "21,7" in grey; in black and white "27.7", its range "270-330".
    const lines = page('Natrium 140 mmol/L 135-145', 'TCMH 217 pg 27,0330');
    const grey = (first: string) => (first.startsWith('TCMH') ? 'TCMH 21,7 pg 27,0330' : first);
    const misread = reader(lines, (first, how) => (how.binarise && first.startsWith('TCMH') ? 'TCMH 27.7 pg 270-330' : grey(first)));
    expect(values(await readDoubtfulLinesAgain(lines, misread))).toEqual(['Sodium 140 mmol/L']);
    // Read alike in black and white: kept as mended.
    const alike = reader(lines, (first, how) => (how.binarise && first.startsWith('TCMH') ? 'TCMH 21.7 pg 270-330' : grey(first)));
    expect(values(await readDoubtfulLinesAgain(lines, alike))).toEqual(['Sodium 140 mmol/L', 'MCH 21.7 pg']);
  });

  it('leaves out a value taken in doubt whose black-and-white reading gives other digits, though a grey one repeats the first', async () => {
    // The same photo on Node 24: the page read "217" beside "27,0-330", taken in doubt as 21.7; stretched "217" again.
    const lines = page('Natrium 140 mmol/L 135-145', 'TCMH 217 Pg 27,0-330');
    expect(values(lines)).toEqual(['Sodium 140 mmol/L', 'MCH 21.7 Pg']);
    const read = (binary: string) =>
      reader(lines, (first, how) => (!first.startsWith('TCMH') ? first : how.binarise ? binary : how.stretch ? 'TCMH 217 Po 27,0-330' : 'TCMH 21.7 pg 27,0330'));
    expect(values(await readDoubtfulLinesAgain(lines, read('TCMH 27.7 ng 270-330')))).toEqual(['Sodium 140 mmol/L']);
    expect(values(await readDoubtfulLinesAgain(lines, read('TCMH 217 ng 270-330')))).toEqual(['Sodium 140 mmol/L', 'MCH 21.7 Pg']);
  });

  it('leaves out a value a table border was glued to, which the black-and-white reading prints without it', async () => {
    // Photo seed 23015: calcium "|2,27" read "1227" beside "220-260", taken in doubt as 1.227; "227" in black and white.
    const lines = page('Natrium 140 mmol/L 135-145', '| Calcio 1227 |mmoL [220-260 | |');
    expect(values(lines)).toEqual(['Sodium 140 mmol/L', 'Calcium 1.227 mmol/L']);
    const read = (binary: string) => reader(lines, (first, how) => (how.binarise && first.includes('Calcio') ? binary : first));
    expect(values(await readDoubtfulLinesAgain(lines, read('| Calcio 227 mmol 220-260 |')))).toEqual(['Sodium 140 mmol/L']);
    // Another digit lost says nothing ("1227" read "127"); a digit the first did not print does ("1227" read "128").
    expect(values(await readDoubtfulLinesAgain(lines, read('| Calcio 128 mmol 220-260 |')))).toEqual(['Sodium 140 mmol/L']);
    expect(values(await readDoubtfulLinesAgain(lines, read('| Calcio 127 mmol 220-260 |')))).toEqual(['Sodium 140 mmol/L', 'Calcium 1.227 mmol/L']);
  });

  it('leaves out a value read with a digit lost or a stacked value read otherwise by every later reading', async () => {
    // Photo seed 11025: ESR "11" read "1" beside "<20", again "11" plain and in black and white.
    const esr = page('Natrium 140 mmol/L 135-145', 'VES 1 mm/h <20');
    const read = reader(esr, (first, how) => (!first.startsWith('VES') ? first : how.stretch ? first : 'VES 11 mm/h <20'));
    expect(values(await readDoubtfulLinesAgain(esr, read))).toEqual(['Sodium 140 mmol/L']);
    // Scan seed 12022: the name on a line of its own, "1,77" read "1,07"; every later reading "1,77".
    const tsh = page('TSH', '1,07 mUI/L 0,40-4,00');
    expect(values(await readDoubtfulLinesAgain(tsh, reader(tsh, (first) => first.replace('1,07', '1,77'))))).toEqual([]);
  });
});

describe('sameDigits: the first reading\'s digits with at most a separator supplied', () => {
  it('accepts a separator put in, and nothing else', () => {
    expect(sameDigits(4.5, { digits: '45', decimals: null, lost: true })).toBe(true);
    expect(sameDigits(0.5, { digits: '05', decimals: null, lost: true })).toBe(true);
    expect(sameDigits(4.5, { digits: '450', decimals: null, lost: true })).toBe(true);
    expect(sameDigits(0.05, { digits: '5', decimals: null, lost: true })).toBe(false);
    expect(sameDigits(45, { digits: '45', decimals: 1, lost: false })).toBe(false);
    expect(sameDigits(8.8, { digits: '88', decimals: null, lost: false })).toBe(false);
    expect(sameDigits(4.6, { digits: '45', decimals: null, lost: true })).toBe(false);
  });
});

describe('contradicts: a second reading that gives the value other digits', () => {
  it('holds only for as many numbers and as many digits, other ones', () => {
    expect(contradicts('Glucose 8.2 mmol/l 39-56', 'Glucose 52 mmol/l 39-56', '82')).toBe(true);
    expect(contradicts('Glucose 8.2 mmol/l 39-56', 'Glucose 8,2 mmol/l 39-56', '82')).toBe(false);
    expect(contradicts('49 mmol/L 35-51', '3 mmol/L 35-51', '49')).toBe(false);
    expect(contradicts('Hematocrito 42.4 % 36,0-48,0', 'Hematocrito 42 4 % 36,0-48,0', '424')).toBe(false);
    expect(contradicts('Glucose 8.2 mmol/l 39-56', null, '82')).toBe(false);
    // Digits glued to a letter are no number: "A152" neither disputes "8.2" nor counts as a number.
    expect(contradicts('Glucose 8.2 mmol/l 39-56', 'Glucose A152 mmol/l 39-56', '82')).toBe(false);
  });

  it('holds for a number read again whole, with a separator, other digits before it or where the first printed none', () => {
    expect(contradicts('Linfociti 3.7 % 20,0-45,0', 'Linfociti 31,7 % 20,0 -45,0', '37')).toBe(true);
    // A digit inside the name ("HbA1lc" read again for "HbAlc") is no number of the line.
    expect(contradicts('Emoglobina glicata (HbAlc) 538 % 40-56', 'Emoglobina glicata (HbA1lc) 5.8 % 40-56', '538')).toBe(true);
    expect(contradicts('Emoglobina glicata (HbAlc) 538 % 40-56', 'Emoglobina glicata (HbA1lc) 538 % 40-56', '538')).toBe(false);
  });

  it('holds for a whole number read again with decimals after it, and only so', () => {
    expect(contradicts('Magnésio 2 mg/dL (1,7-2,5)', 'Magnésio 2,1 mg/dL (1,7-2,5)', '2')).toBe(true);
    expect(contradicts('Magnésio 2 mg/dL (1,7-2,5)', 'Magnésio 2 mg/dL (1,7-2,5)', '2')).toBe(false);
    expect(contradicts('Magnésio 2 mg/dL (1,7-2,5)', 'Magnésio 12 mg/dL (1,7-2,5)', '2')).toBe(false);
    expect(contradicts('Glucose 8.2 mmol/l 39-56', 'Glucose 8.25 mmol/l 39-56', '82')).toBe(false);
  });
});

describe('withMargin: where a line is cut to be read again', () => {
  const box = (y: number, x = 0.1) => ({ page: 1, x, y, width: 0.4, height: 0.012 });
  const lineAt = (b: PageBox): TextLine => ({ text: 'x', source: 'ocr', box: b });

  it('takes a quarter of the line\'s height above and below where nothing is printed', () => {
    const cut = withMargin(box(0.5), [lineAt(box(0.5)), lineAt(box(0.45)), lineAt(box(0.55))]);
    expect(cut.y).toBeCloseTo(0.497, 6);
    expect(cut.height).toBeCloseTo(0.018, 6);
  });

  it('stops at the lines just above and below it, and never cuts into the line itself', () => {
    const below = box(0.5125);
    const cut = withMargin(box(0.5), [lineAt(box(0.4885)), lineAt(box(0.5)), lineAt(below)]);
    expect(cut.y).toBeCloseTo(0.5, 6);
    expect(cut.y + cut.height).toBeCloseTo(below.y, 6);
  });

  it('is not stopped by a line of another column', () => {
    const cut = withMargin(box(0.5), [lineAt(box(0.5)), lineAt(box(0.5125, 0.55))]);
    expect(cut.y + cut.height).toBeCloseTo(0.515, 6);
  });
});
