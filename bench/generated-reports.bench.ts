import { createOcrEngine } from '#server/labs/extract/ocr.ts';
import { FORMATS, isImageFormat, makeCase, readCase, type CaseOutcome } from '#server/testing/lab-reports/cases.ts';
import { GOAL, missesByKind, percent, tallyBy } from '#server/testing/lab-reports/summary.ts';
import { machineLine } from './support.ts';
import { writeSection } from './results-file.ts';

/**
 * Generated lab reports (server/src/testing/lab-reports) read back and compared with the rows
 * they were made from: values found per format and per language, lost rows by kind, and every
 * wrong value with its seed (a failing seed becomes a regression case in the unit test). A value
 * counts as found only in its printed unit; read in another unit it is wrong ("wrong unit").
 * BENCH_TEXT_SEEDS (default 60) seeds for text PDF and DOCX, BENCH_IMAGE_SEEDS (default 8) for
 * scanned PDF and photo, starting at BENCH_FIRST_SEED (default 1000). BENCH_US_LAB=1 makes every
 * report an English one as the large US labs print it (report.ts, `usLab`).
 */
const first = Number(process.env.BENCH_FIRST_SEED ?? 1000);
const textSeeds = Number(process.env.BENCH_TEXT_SEEDS ?? 60);
const imageSeeds = Number(process.env.BENCH_IMAGE_SEEDS ?? 8);
const usLab = process.env.BENCH_US_LAB === '1';

const ocr = await createOcrEngine();
const outcomes: CaseOutcome[] = [];
const started = performance.now();
for (const format of FORMATS) {
  const count = isImageFormat(format) ? imageSeeds : textSeeds;
  for (let seed = first; seed < first + count; seed++) {
    outcomes.push(await readCase(await makeCase(seed, format, { usLab }), isImageFormat(format) ? ocr : false));
  }
  console.log(`${format}: ${count} reports`);
}
await ocr.terminate();

/** "1000-1059 for text PDF and DOCX"; nothing for formats this run did not read. */
function seedsRead(count: number, formats: string): string {
  return count === 0 ? '' : `${first}-${first + count - 1} for ${formats}`;
}

const byFormat = tallyBy(outcomes, (o) => o.format);
const byLanguage = tallyBy(outcomes, (o) => `${o.format}|${o.language}`);
// Only the formats this run read (BENCH_TEXT_SEEDS=0 reads images alone).
const formatsRead = FORMATS.filter((f) => byFormat.has(f));
const languages = [...new Set(outcomes.map((o) => o.language))].sort();
const wrong = outcomes.flatMap((o) => o.wrong.map((w) => `seed ${o.seed} ${o.format} ${o.language}: ${w.kind}, ${w.result.name} = ${w.result.value} ${w.result.unit}${w.expected ? ` (printed ${w.expected.printedValue} ${w.expected.unit})` : ''}`));
const lost = outcomes.reduce((n, o) => n + o.missed.length, 0);
const listed = outcomes.reduce((n, o) => n + o.missed.filter((m) => m.listed).length, 0);
const wrongFlags = outcomes.flatMap((o) => o.wrongFlags.map((flag) => `seed ${o.seed} ${o.format}: ${flag}`));
const notPrinted = outcomes.flatMap((o) => o.notPrinted.map((name) => `seed ${o.seed} ${o.format}: ${name}`));
const lines = [
  '## Generated lab reports (read back)',
  '',
  `${machineLine()}; seeds ${[seedsRead(textSeeds, 'text PDF and DOCX'), seedsRead(imageSeeds, 'scanned PDF and photo')].filter(Boolean).join(', ')}${usLab ? ', as US national labs print them' : ''}; ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  '`node --import tsx bench/generated-reports.bench.ts` (BENCH_TEXT_SEEDS, BENCH_IMAGE_SEEDS, BENCH_FIRST_SEED, BENCH_US_LAB).',
  '',
  '| format | reports | values found | rate | goal | wrong values |',
  '|---|---|---|---|---|---|',
  ...formatsRead.map((f) => {
    const t = byFormat.get(f)!;
    const met = t.found / t.expected >= GOAL[f] ? 'met' : `**not met** (${(GOAL[f] * 100 - (t.found / t.expected) * 100).toFixed(1)} points short)`;
    return `| ${f} | ${isImageFormat(f) ? imageSeeds : textSeeds} | ${t.found}/${t.expected} | ${percent(t)} | ${GOAL[f] * 100}% ${met} | ${t.wrong} |`;
  }),
  '',
  `| format | ${languages.join(' | ')} |`,
  `|---|${languages.map(() => '---').join('|')}|`,
  ...formatsRead.map((f) => `| ${f} | ${languages.map((l) => { const t = byLanguage.get(`${f}|${l}`); return t ? `${percent(t)} (${t.found}/${t.expected})` : '-'; }).join(' | ')} |`),
  '',
  'A value counts only with its printed unit: one read in another unit is listed below as a wrong unit and its row as lost ("read with another unit").',
  '',
  'Lost rows by kind (the reader\'s own reason for the line, or none when no line was taken for a row):',
  '',
  ...[...missesByKind(outcomes).entries()].map(([kind, n]) => `- ${kind}: ${n}`),
  '',
  `Lost rows that review lists for the user to type (a value OCR could not read): ${listed} of ${lost}. Tests listed that the report does not print: ${notPrinted.length === 0 ? 'none' : notPrinted.join('; ')}.`,
  '',
  wrong.length === 0 ? 'Wrong values: none.' : `Wrong values (${wrong.length}):\n\n${wrong.map((w) => `- ${w}`).join('\n')}`,
  '',
  `Ranges not read as printed: ${outcomes.reduce((n, o) => n + o.wrongRanges.length, 0)}; rows flagged otherwise than their printed range would: ${wrongFlags.length === 0 ? 'none' : wrongFlags.join('; ')}.`,
];
writeSection('generated-reports', lines.join('\n'));
console.log(lines.join('\n'));
