import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION, exportImportSchema } from '#contract/data-ownership.ts';
import { HEALTH_KINDS, HEALTH_SOURCES, HEALTH_UNITS, type HealthKind } from '#contract/health-data.ts';
import { buildCsvFiles } from './export.csv.ts';
import { type UserData, healthMeasurementDto, labRetestDto, medicationDto } from './export.document.ts';
import type { HealthMeasurementRow, LabRetestRow, MedicationRow } from './export.repository.ts';
import { parseCsv, unguardCell } from './import.csv.ts';
import { measurementFromExport, medicationFromExport } from './import.service.ts';
import type { User } from '#server/domain/user.ts';
import { type TargetRow, checkTarget, toTargetDto } from '#server/features/labs/public.ts';
import { CATALOGUE } from '#server/labs/extract/catalogue.ts';

// Text with what breaks CSV and spreadsheets: separators, quotes, line breaks, formula starts, apostrophes.
const awkwardText = (maxLength: number) =>
  fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', ',', '"', '\n', '\r', '=', '+', '-', '@', '\t', "'", 'é', '😀'), maxLength });
const instant = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true });

function measurementOf(kind: HealthKind) {
  return fc
    .record({
      id: fc.uuid(),
      source: fc.constantFrom(...HEALTH_SOURCES),
      origin: awkwardText(30),
      startAt: instant,
      // An instant reading, or a stretch of up to a day (a night, a walk).
      lastingMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 86_400_000 })),
      value: fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }).map((value) => (value === 0 ? 0 : value)),
      dedupeKey: fc.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    })
    .map(
      (m): HealthMeasurementRow => ({
        id: m.id,
        userId: '00000000-0000-4000-8000-000000000001',
        source: m.source,
        origin: m.origin,
        kind,
        startAt: m.startAt,
        endAt: new Date(m.startAt.getTime() + m.lastingMs),
        day: m.startAt.toISOString().slice(0, 10),
        value: m.value,
        unit: HEALTH_UNITS[kind],
        dedupeKey: m.dedupeKey,
        importId: null,
        createdAt: new Date(),
      }),
    );
}

/** Every kind at least once, then any more of any kind. */
const measurements = fc
  .tuple(fc.tuple(...HEALTH_KINDS.map(measurementOf)), fc.array(fc.constantFrom(...HEALTH_KINDS).chain(measurementOf), { maxLength: 20 }))
  .map(([everyKind, more]) => [...everyKind, ...more]);

const medications = fc.array(
  fc
    .record({
      id: fc.uuid(),
      name: awkwardText(40).filter((name) => name.trim() !== '' && name.trim() === name),
      strength: fc.option(awkwardText(20).filter((text) => text.trim() !== '' && text.trim() === text), { nil: null }),
      schedule: fc.option(awkwardText(60).filter((text) => text.trim() !== '' && text.trim() === text), { nil: null }),
      startedOn: fc.option(instant.map((date) => date.toISOString().slice(0, 10)), { nil: null }),
      note: fc.option(awkwardText(100), { nil: null }),
      createdAt: instant,
      updatedAt: instant,
    })
    .map((m): MedicationRow => ({ ...m, userId: '00000000-0000-4000-8000-000000000001' })),
  { maxLength: 5 },
);

const OWNER = '00000000-0000-4000-8000-000000000001';
const day = instant.map((date) => date.toISOString().slice(0, 10));

/** Targets as the targets route stores them: one per biomarker, within what is possible, one end perhaps open. */
const targets = fc
  .uniqueArray(
    fc.constantFrom(...CATALOGUE).chain((marker) =>
      fc
        .tuple(fc.double({ min: marker.plausible[0], max: marker.plausible[1], noNaN: true }), fc.double({ min: marker.plausible[0], max: marker.plausible[1], noNaN: true }), fc.constantFrom('both', 'low', 'high'))
        .map(([a, b, ends]) => ({ marker, low: ends === 'high' ? null : Math.min(a, b), high: ends === 'low' ? null : Math.max(a, b) })),
    ),
    { selector: (target) => target.marker.key, maxLength: 8 },
  )
  .map((list) =>
    list.flatMap(({ marker, low, high }): TargetRow[] => {
      try {
        const stored = checkTarget({ biomarker: marker.key, low, high, unit: marker.canonicalUnit });
        return [{ ...stored, userId: OWNER, createdAt: new Date(0), updatedAt: new Date(0) }];
      } catch {
        return [];
      }
    }),
  )
  // The route refuses a target whose ends meet once rounded.
  .map((rows) => rows.filter((row) => row.low === null || row.high === null || row.low < row.high));

const retests = fc.uniqueArray(
  fc
    .record({ id: fc.uuid(), biomarkerKey: fc.constantFrom(...CATALOGUE.map((marker) => marker.key)), resultId: fc.option(fc.uuid(), { nil: null }), dueDate: day, sentAt: fc.option(instant, { nil: null }), createdAt: instant })
    .map((r): LabRetestRow => ({ ...r, userId: OWNER })),
  { selector: (retest) => retest.biomarkerKey, maxLength: 8 },
);

/** What a measurement is once stored, without the id and owner a new home gives it. */
const stored = (row: HealthMeasurementRow) => ({
  source: row.source,
  origin: row.origin,
  kind: row.kind,
  startAt: row.startAt,
  endAt: row.endAt,
  day: row.day,
  value: row.value,
  unit: row.unit,
  dedupeKey: row.dedupeKey,
});

function userData(rows: HealthMeasurementRow[], meds: MedicationRow[], plan: { targets?: TargetRow[]; retests?: LabRetestRow[] } = {}): UserData {
  return {
    user: {} as User,
    healthStats: undefined,
    supplements: [],
    medications: meds,
    intakeLogs: [],
    notes: [],
    labFiles: [],
    labResults: [],
    healthMeasurements: rows,
    biomarkerTargets: (plan.targets ?? []).map(toTargetDto),
    labRetests: plan.retests ?? [],
  };
}

/** A CSV file of the export read back as objects by its header. */
function readCsv(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.cells.map((name, i) => [name, unguardCell(row.cells[i] ?? '')])));
}

describe('measurements and medications round-trip through the exports', () => {
  it('JSON: what import stores from the export is what was exported, for every kind', () => {
    fc.assert(
      fc.property(measurements, medications, (rows, meds) => {
        const file = JSON.stringify({ format: EXPORT_FORMAT, schemaVersion: EXPORT_SCHEMA_VERSION, medications: meds.map(medicationDto), healthMeasurements: rows.map(healthMeasurementDto) });
        const doc = exportImportSchema.parse(JSON.parse(file));
        expect(doc.healthMeasurements.map(measurementFromExport)).toEqual(rows.map(stored));
        expect(doc.medications.map(medicationFromExport)).toEqual(meds.map(({ id: _id, userId: _user, ...rest }) => rest));
      }),
      { numRuns: 150 },
    );
  });

  it('CSV: health-measurements.csv and medications.csv read back to the same values, for every kind', () => {
    fc.assert(
      fc.property(measurements, medications, (rows, meds) => {
        const files = buildCsvFiles(userData(rows, meds));
        const read = readCsv(files['health-measurements.csv']!);
        expect(read).toHaveLength(rows.length);
        expect(
          read.map((row) => ({
            day: row.day,
            startAt: new Date(row.start_at!),
            endAt: new Date(row.end_at!),
            kind: row.kind,
            value: Number(row.value),
            unit: row.unit,
            source: row.source,
            origin: row.origin,
          })),
        ).toEqual(rows.map(({ day, startAt, endAt, kind, value, unit, source, origin }) => ({ day, startAt, endAt, kind, value, unit, source, origin })));
        expect(new Set(read.map((row) => row.kind)).size).toBe(HEALTH_KINDS.length);

        const readMeds = readCsv(files['medications.csv']!);
        expect(readMeds).toEqual(
          meds.map((m) => ({ name: m.name, strength: m.strength ?? '', schedule: m.schedule ?? '', started_on: m.startedOn ?? '', note: m.note ?? '', added_at: m.createdAt.toISOString() })),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('a formula is never live in the CSV, yet reads back as written', () => {
    const text = buildCsvFiles(
      userData([], [{ id: 'x', userId: 'u', name: "'=HYPERLINK(1)", strength: '=1+1', schedule: null, startedOn: null, note: null, createdAt: new Date(0), updatedAt: new Date(0) }]),
    )['medications.csv']!;
    expect(text.split('\r\n')[1]).toBe("''=HYPERLINK(1),'=1+1,,,,1970-01-01T00:00:00.000Z");
    expect(readCsv(text)[0]).toMatchObject({ name: "'=HYPERLINK(1)", strength: '=1+1' });
  });

  it('JSON: targets pass the targets route\'s check unchanged, and retests keep their day, result and reminder', () => {
    fc.assert(
      fc.property(targets, retests, (rows, planned) => {
        const file = JSON.stringify({ format: EXPORT_FORMAT, schemaVersion: EXPORT_SCHEMA_VERSION, biomarkerTargets: rows.map(toTargetDto), labRetests: planned.map(labRetestDto) });
        const doc = exportImportSchema.parse(JSON.parse(file));
        expect(doc.biomarkerTargets.map(checkTarget)).toEqual(rows.map(({ biomarkerKey, low, high }) => ({ biomarkerKey, low, high })));
        expect(doc.labRetests.map((r) => ({ biomarkerKey: r.biomarker, resultId: r.resultId, dueDate: r.dueDate, sentAt: r.remindedAt ? new Date(r.remindedAt) : null, createdAt: new Date(r.createdAt) }))).toEqual(
          planned.map(({ biomarkerKey, resultId, dueDate, sentAt, createdAt }) => ({ biomarkerKey, resultId, dueDate, sentAt, createdAt })),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('an export made before targets and retests reads as having none', () => {
    const doc = exportImportSchema.parse({ format: EXPORT_FORMAT, schemaVersion: 2 });
    expect(doc.biomarkerTargets).toEqual([]);
    expect(doc.labRetests).toEqual([]);
  });

  it('CSV: biomarker-targets.csv and lab-retests.csv read back to the same values', () => {
    fc.assert(
      fc.property(targets, retests, (rows, planned) => {
        const files = buildCsvFiles(userData([], [], { targets: rows, retests: planned }));
        expect(readCsv(files['biomarker-targets.csv']!).map((row) => ({ biomarker: row.biomarker, low: row.low === '' ? null : Number(row.low), high: row.high === '' ? null : Number(row.high), unit: row.unit }))).toEqual(
          rows.map(toTargetDto),
        );
        expect(readCsv(files['lab-retests.csv']!)).toEqual(
          planned.map((r) => ({ biomarker: r.biomarkerKey, due_date: r.dueDate, result_date: '', reminded_at: r.sentAt?.toISOString() ?? '', planned_at: r.createdAt.toISOString() })),
        );
      }),
      { numRuns: 100 },
    );
  });
});
