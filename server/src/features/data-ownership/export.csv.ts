import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { ExportDocument } from '#contract/data-ownership.ts';
import { type FileStore, StoredFileMissingError } from '#server/storage/file-store.ts';
import { type UserData, archivePathOf, dosageText, frequencyText } from './export.document.ts';

type Cell = string | number | boolean | null | undefined;

/**
 * One CSV cell (RFC 4180). Text that a spreadsheet would run as a formula (= + - @ and control
 * characters first) gets a leading apostrophe, so opening the export never executes anything.
 * Text that already starts with apostrophes before such a character gets one more, so that
 * reading it back (`unguardCell`) gives exactly what was written.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvTable(header: string[], rows: Cell[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The CSV files of the zip, by name. */
export function buildCsvFiles(data: UserData): Record<string, string> {
  const stats = data.healthStats;
  return {
    'intake-logs.csv': csvTable(
      ['date', 'taken_at', 'supplement', 'dose_amount', 'dose_unit', 'frequency'],
      data.intakeLogs.map((log) => [log.localDate, log.takenAt.toISOString(), log.name, log.dosageAmount, log.dosageUnit, frequencyText(log)]),
    ),
    'effect-ratings.csv': csvTable(
      ['date', 'energy', 'mood', 'sleep', 'note', 'logged_at'],
      data.notes
        .filter((note) => note.energy !== null)
        .map((note) => [note.localDate, note.energy, note.mood, note.sleep, note.note, note.loggedAt.toISOString()]),
    ),
    'biomarker-results.csv': biomarkerResultsCsv(data),
    'health-stats.csv': csvTable(
      ['weight_lbs', 'height_inches', 'gender', 'ethnicity', 'date_of_birth', 'average_sleep_minutes', 'allergies', 'updated_at'],
      stats
        ? [[stats.weightLbs, stats.heightInches, stats.gender, stats.ethnicity, stats.dateOfBirth, stats.averageSleepMinutes, stats.allergies, stats.updatedAt.toISOString()]]
        : [],
    ),
    'supplements.csv': csvTable(
      ['name', 'dosage', 'frequency', 'notes', 'added_at'],
      data.supplements.map((row) => [row.name, dosageText(row), frequencyText(row), row.notes, row.createdAt.toISOString()]),
    ),
    'medications.csv': csvTable(
      ['name', 'strength', 'schedule', 'started_on', 'note', 'added_at'],
      data.medications.map((row) => [row.name, row.strength, row.schedule, row.startedOn, row.note, row.createdAt.toISOString()]),
    ),
    'health-measurements.csv': csvTable(
      ['day', 'start_at', 'end_at', 'kind', 'value', 'unit', 'source', 'origin'],
      data.healthMeasurements.map((row) => [row.day, row.startAt.toISOString(), row.endAt.toISOString(), row.kind, row.value, row.unit, row.source, row.origin]),
    ),
    'biomarker-targets.csv': csvTable(
      ['biomarker', 'low', 'high', 'unit'],
      data.biomarkerTargets.map((row) => [row.biomarker, row.low, row.high, row.unit]),
    ),
    'lab-retests.csv': labRetestsCsv(data),
  };
}

/** Lab results as reported, with the name of the file each came from. */
function biomarkerResultsCsv(data: UserData): string {
  const fileNames = new Map(data.labFiles.map((file) => [file.id, file.fileName]));
  return csvTable(
    [
      'date',
      'name',
      'comparator',
      'value',
      'unit',
      'reference_low',
      'reference_high',
      'reference_text',
      'flag',
      'loinc',
      'canonical_value',
      'canonical_unit',
      'category',
      'biomarker',
      'reviewed',
      'source',
      'file',
    ],
    data.labResults.map((result) => [
      result.testDate,
      result.name,
      result.comparator,
      result.value,
      result.unit,
      result.referenceLow,
      result.referenceHigh,
      result.referenceText,
      result.flag,
      result.loinc,
      result.canonicalValue,
      result.canonicalUnit,
      result.category,
      result.biomarkerKey,
      result.reviewed,
      result.source,
      result.labFileId ? fileNames.get(result.labFileId) : null,
    ]),
  );
}

/** Planned retests, with the date of the result each follows. */
function labRetestsCsv(data: UserData): string {
  const resultDates = new Map(data.labResults.map((result) => [result.id, result.testDate]));
  return csvTable(
    ['biomarker', 'due_date', 'result_date', 'reminded_at', 'planned_at'],
    data.labRetests.map((row) => [row.biomarkerKey, row.dueDate, row.resultId ? resultDates.get(row.resultId) : null, row.sentAt?.toISOString(), row.createdAt.toISOString()]),
  );
}

const README = (options: { withFiles: boolean; missing: string[] }) =>
  [
    'StackLab export',
    '',
    'intake-logs.csv        one row per supplement taken on a day (your local day)',
    'effect-ratings.csv     your daily energy, mood and sleep ratings (1 to 5)',
    'biomarker-results.csv  lab results as reported, with reference range, flag (low/high/normal),',
    '                       LOINC code, and the value in the biomarker\'s one canonical unit;',
    '                       comparator is <, <=, > or >= when the lab printed a limit ("< 0.5": below',
    '                       0.5, the value columns hold the limit), empty for an exact value',
    'health-stats.csv       weight (pounds), height (inches), average sleep (minutes) and the rest',
    'supplements.csv        your current stack',
    'medications.csv        the medications in your stack: strength, how and when, start date, note',
    'health-measurements.csv  what your phone or wearable exports brought: one row per measurement',
    '                       (kind, value in the unit shown, source, the app or device that wrote it);',
    '                       sleep counts for the morning it ended',
    'biomarker-targets.csv  your own target per biomarker (low, high; one may be open), in its one canonical unit',
    'lab-retests.csv        the retests you planned: biomarker, the day it is due, the day of the result',
    '                       it follows, and when its reminder went',
    'stacklab-export.json   everything above and more, in the form StackLab imports',
    options.withFiles ? 'lab-files/             the lab reports you uploaded, as you uploaded them' : '',
    ...(options.missing.length > 0 ? ['', 'These lab files could not be read from storage and are missing:', ...options.missing.map((name) => `  ${name}`)] : []),
    '',
    'Dates are yyyy-mm-dd; times are UTC (ISO 8601). This is your data, not medical advice.',
    '',
  ]
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\r\n');

/**
 * GET /api/export/csv: a zip streamed as it is made, so that lab files (up to 20 MB each) pass
 * through one at a time instead of all sitting in memory. Text is deflated; lab files, already
 * compressed, are stored as they are.
 */
export function streamCsvZip(options: { data: UserData; document: ExportDocument; withFiles: boolean; store: FileStore; onError: (error: unknown) => void }): Readable {
  const { data, document, withFiles, store } = options;
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  const addText = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(text), true);
  };

  void (async () => {
    try {
      for (const [name, text] of Object.entries(buildCsvFiles(data))) addText(name, text);
      addText('stacklab-export.json', JSON.stringify(document, null, 2));
      const missing: string[] = [];
      if (withFiles) {
        for (const file of data.labFiles) {
          let bytes: Buffer;
          try {
            bytes = await store.get(file.storageKey);
          } catch (error) {
            if (!(error instanceof StoredFileMissingError)) throw error;
            missing.push(file.fileName);
            continue;
          }
          const entry = new ZipPassThrough(archivePathOf(file));
          zip.add(entry);
          entry.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), true);
          // Let the consumer drain before the next file is read.
          if (out.writableNeedDrain) await new Promise<void>((resolve) => out.once('drain', resolve));
        }
      }
      addText('README.txt', README({ withFiles, missing }));
      zip.end();
    } catch (error) {
      options.onError(error);
      zip.terminate();
      out.destroy(error as Error);
    }
  })();
  return out;
}
