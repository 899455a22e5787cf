import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractedBiomarker, ExtractionResult } from '#contract/biomarkers.ts';
import { CATALOGUE, getMarker, type Marker } from './catalogue.ts';
import { extractDocument } from './extract-document.ts';
import { matchNameAtStart } from './names.ts';
import { parsePrintedNumber } from './numbers.ts';
import { createOcrEngine, type OcrEngine } from './ocr.ts';
import { findUnit } from './units.ts';

/**
 * Accuracy over the real sample reports in ../shared/labs-samples (evaluation only: read in
 * place, never copied into the project). Prints per file and in total the share of printed
 * results found with the right value and unit, and the number of wrong values.
 *
 * Goals enforced: no wrong value ever; text-PDF recall 100%; image recall >= 95%. A printed
 * value outside the marker's physiological limits (a template's chloride of 3.5 mEq/L) is
 * returned marked `implausible`, for review to ask about; it is left out of recall.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const samplesDir = path.resolve(repoRoot, '../shared/labs-samples');
const present = existsSync(path.join(samplesDir, 'GROUND_TRUTH.json'));
if (!present) console.warn(`[labs accuracy] SKIPPED: sample folder not found at ${samplesDir}`);

type TruthRow = { canonical: string; value: string; unit: string | null };
type TruthFile = { format: string; collection_date: string | null; results: TruthRow[] };

const byName = new Map(CATALOGUE.map((m) => [m.name, m]));

/**
 * The transcribers named rows in their own words ("Neutrophils abs", "ALP"): a row's marker is
 * the catalogue entry of that name, else the one marker its name is printed as.
 */
function truthMarker(canonical: string): Marker | undefined {
  const exact = byName.get(canonical);
  if (exact) return exact;
  const match = matchNameAtStart(canonical);
  if (!match || match.keys.length !== 1 || canonical.slice(match.end).replace(/[^A-Za-z0-9]/g, '') !== '') return undefined;
  return getMarker(match.keys[0] as string);
}

/** A fasting glucose is a glucose: the transcription does not tell them apart. */
const SAME_ANALYTE: Record<string, string[]> = { glucose: ['glucose', 'glucose-fasting'] };
const markerKeyOfName = new Map(CATALOGUE.map((m) => [m.name, m.key]));
function answersFor(marker: Marker, result: ExtractedBiomarker): boolean {
  const key = markerKeyOfName.get(result.name);
  return key !== undefined && (SAME_ANALYTE[marker.key] ?? [marker.key]).includes(key);
}

type Score = { file: string; image: boolean; printed: number; implausible: number; found: number; wrong: string[]; missed: string[]; date: string };

function score(file: string, truth: TruthFile, result: ExtractionResult): Score {
  const image = truth.format === 'image';
  const s: Score = { file, image, printed: truth.results.length, implausible: 0, found: 0, wrong: [], missed: [], date: '' };
  const used = new Set<ExtractedBiomarker>();
  for (const row of truth.results) {
    const marker = truthMarker(row.canonical);
    const value = parsePrintedNumber(row.value)?.value;
    if (!marker || value === undefined) throw new Error(`ground truth row not in catalogue: ${row.canonical}`);
    // A missing-glyph box stands for the µ the report's font lacked (the file's note says so).
    const truthUnit = findUnit(marker, (row.unit ?? '').replace('□', 'µ'));
    const canonical = truthUnit ? value * truthUnit.factor + (truthUnit.offset ?? 0) : Number.NaN;
    const implausible = !(canonical >= marker.plausible[0] && canonical <= marker.plausible[1]);
    const got = result.results.find((r) => answersFor(marker, r) && !used.has(r));
    if (got) used.add(got);
    if (implausible) {
      s.implausible++;
      // Review shows it with a warning and stores it only when the user confirms it.
      if (got && !got.implausible) s.wrong.push(`${row.canonical}: returned ${got.value} as plausible although the printed value is implausible`);
      continue;
    }
    if (!got) {
      s.missed.push(`${row.canonical} ${row.value} ${row.unit}`);
      continue;
    }
    const sameUnit = findUnit(marker, got.unit) === truthUnit;
    if (got.value === value && sameUnit) s.found++;
    else s.wrong.push(`${row.canonical}: got ${got.value} ${got.unit}, printed ${row.value} ${row.unit}`);
  }
  // An extra value marked implausible waits for the user's confirmation in review; it is never stored unseen.
  for (const extra of result.results) if (!used.has(extra) && !extra.implausible) s.wrong.push(`unexpected ${extra.name} ${extra.value} ${extra.unit}`);
  const wantDate = truth.collection_date;
  if (result.collectedAt === wantDate) s.date = `date ok (${wantDate ?? 'null'})`;
  else if (result.collectedAt === null) s.date = `date null, transcribed ${wantDate} (not a labelled collection date, or unread)`;
  else {
    s.date = `DATE WRONG: got ${result.collectedAt}, want ${wantDate ?? 'null'}`;
    s.wrong.push(s.date);
  }
  return s;
}

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);

describe.skipIf(!present)('accuracy on the shared sample reports', () => {
  let ocr: OcrEngine;
  const scores: Score[] = [];

  beforeAll(async () => {
    ocr = await createOcrEngine();
  });
  afterAll(async () => {
    await ocr?.terminate();
  });

  it('finds every plausible printed value with the right unit and no wrong value', async () => {
    const truth = JSON.parse(readFileSync(path.join(samplesDir, 'GROUND_TRUTH.json'), 'utf8')) as { files: Record<string, TruthFile> };
    for (const [file, fileTruth] of Object.entries(truth.files)) {
      const started = Date.now();
      const bytes = new Uint8Array(readFileSync(path.join(samplesDir, file)));
      const result = await extractDocument(bytes, { ocr });
      const s = score(file, fileTruth, result);
      scores.push(s);
      const counted = s.printed - s.implausible;
      console.log(
        `[labs accuracy] ${file.padEnd(32)} ${String(s.found).padStart(2)}/${counted} = ${pct(s.found, counted).padStart(6)}` +
          `  wrong ${s.wrong.length}  implausible-rejected ${s.implausible}  ${Date.now() - started} ms  ${s.date}` +
          (s.missed.length ? `\n    missed: ${s.missed.join('; ')}` : '') +
          (s.wrong.length ? `\n    WRONG: ${s.wrong.join('; ')}` : ''),
      );
    }
    const total = (pick: (s: Score) => boolean) => {
      const set = scores.filter(pick);
      const found = set.reduce((n, s) => n + s.found, 0);
      const counted = set.reduce((n, s) => n + s.printed - s.implausible, 0);
      const printed = set.reduce((n, s) => n + s.printed, 0);
      return { found, counted, printed, wrong: set.reduce((n, s) => n + s.wrong.length, 0) };
    };
    const text = total((s) => !s.image);
    const image = total((s) => s.image);
    const all = total(() => true);
    console.log(
      `[labs accuracy] TOTAL text PDFs ${text.found}/${text.counted} = ${pct(text.found, text.counted)} (of all printed rows: ${pct(text.found, text.printed)})` +
        `; images ${image.found}/${image.counted} = ${pct(image.found, image.counted)}` +
        `; all ${all.found}/${all.counted} = ${pct(all.found, all.counted)}; wrong values ${all.wrong}`,
    );
    expect(all.wrong, 'wrong values').toBe(0);
    expect(text.found / text.counted, 'text-PDF recall').toBe(1);
    expect(image.found / image.counted, 'image recall').toBeGreaterThanOrEqual(0.95);
  });
});
