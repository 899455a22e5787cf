import { eq } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExportDocument, exportDocumentSchema } from '#contract/data-ownership.ts';
import { addDays } from '#contract/dates.ts';
import { biomarkerTargets, jobs, labResults, labRetests, usageEvents, users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { type SeededUser, multipartUpload, seedLimitUser, seedUser, today } from './data-ownership.test-helpers.ts';
import { createHealthDataWorker } from '#server/features/health-data/health-data.jobs.ts';
import { multipart, silentLog, uploadFile } from '#server/features/labs/labs.test-helpers.ts';
import { ouraSleepJson } from '#server/testing/health-exports.ts';
import { makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { deflatedZeros, measureWhile, writeRawZip, zipBomb } from './import.archive.test-helpers.ts';

let t: TestApp;
let ada: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await seedUser(t, { withFile: true, health: { weightKg: 71.3, medication: 'Levothyroxine' } });
});
afterAll(() => t.close());

const setTier = (userId: string, subscriptionTier: 'free' | 'starter' | 'pro') =>
  t.database.db.update(users).set({ subscriptionTier }).where(eq(users.id, userId));

const usesOf = async (userId: string) => (await t.database.db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).length;

async function exportOf(client: TestClient): Promise<ExportDocument> {
  return exportDocumentSchema.parse((await client.get('/api/export/json')).json());
}

/** What must survive a move between installations, without the ids and times a new home gives. */
function portable(doc: ExportDocument) {
  const byText = <T>(rows: T[]) => rows.map((row) => JSON.stringify(row)).sort();
  return {
    healthStats: { ...doc.healthStats, updatedAt: undefined },
    supplements: byText(doc.supplements.map(({ id: _id, updatedAt: _u, ...rest }) => rest)),
    intakeLogs: byText(doc.intakeLogs.map(({ id: _id, supplementId: _s, ...rest }) => rest)),
    notes: byText(doc.notes.map(({ id: _id, ...rest }) => rest)),
    labResults: byText(doc.labResults.map(({ id: _id, labFileId: _f, ...rest }) => rest)),
    labFiles: byText(doc.labFiles.map(({ id: _id, archivePath: _a, ...rest }) => rest)),
    medications: byText(doc.medications.map(({ id: _id, ...rest }) => rest)),
    healthMeasurements: byText(doc.healthMeasurements.map(({ id: _id, ...rest }) => rest)),
    biomarkerTargets: byText(doc.biomarkerTargets),
    // A retest keeps the result it follows: the one of the same biomarker and day in its new home.
    labRetests: byText(
      doc.labRetests.map(({ id: _id, resultId, ...rest }) => {
        const result = doc.labResults.find((r) => r.id === resultId);
        return { ...rest, result: result ? `${result.biomarker} ${result.testDate} ${result.value}` : null };
      }),
    ),
  };
}

describe('import of a StackLab export', () => {
  it('moves everything into a fresh account without loss, and importing again adds nothing', async () => {
    const original = await exportOf(ada.client);
    const measured = original.healthMeasurements.length;
    // Every kind the wearables gave, each with where and when it was measured.
    expect(new Set(original.healthMeasurements.map((m) => m.kind)).size).toBeGreaterThanOrEqual(12);
    expect(original.medications).toHaveLength(2);
    expect(original.biomarkerTargets).toHaveLength(2);
    expect(original.labRetests).toEqual([expect.objectContaining({ biomarker: 'hemoglobin', resultId: expect.any(String) })]);
    const fresh = await signedInClient(t);
    const first = await multipartUpload(fresh.client, Buffer.from(JSON.stringify(original)), 'stacklab-export.json');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      ok: true,
      kind: 'export',
      added: { supplements: 2, intakeLogs: 15, notes: 2, labResults: 4, healthStats: 1, medications: 2, healthMeasurements: measured, biomarkerTargets: 2, labRetests: 1 },
      skipped: { supplements: 0, intakeLogs: 0, notes: 0, labResults: 0, healthStats: 0, medications: 0, healthMeasurements: 0, biomarkerTargets: 0, labRetests: 0 },
    });
    expect(first.json().message).toBe(
      `Imported 2 supplements, 15 intake logs, 2 notes and ratings, 4 lab results, 1 set of health stats, 2 medications, ${measured} health measurements, 2 biomarker targets, 1 planned retest.`,
    );
    // The JSON carries no file bytes: the user is told, and the results came without it.
    expect(first.json().notes.join(' ')).toContain('1 original lab file was not in this file');

    const moved = await exportOf(fresh.client);
    const { labFiles: _files, ...withoutFiles } = portable(moved);
    const { labFiles: _originalFiles, ...expected } = portable(original);
    expect(withoutFiles).toEqual(expected);
    // The stack works in its new home: intake logs point at the new supplements.
    const idsOfNewStack = new Set(moved.supplements.map((s) => s.id));
    expect(moved.intakeLogs.every((log) => log.supplementId !== null && idsOfNewStack.has(log.supplementId))).toBe(true);
    // The targets and the retest work there too: the dashboard shows the planned retest.
    expect((await fresh.client.get('/api/labs/targets')).json()).toEqual((await ada.client.get('/api/labs/targets')).json());
    expect(moved.labRetests[0]!.resultId).toBe(moved.labResults.find((r) => r.biomarker === 'hemoglobin')!.id);

    const again = await multipartUpload(fresh.client, Buffer.from(JSON.stringify(original)), 'stacklab-export.json');
    expect(again.json()).toMatchObject({
      added: { supplements: 0, intakeLogs: 0, notes: 0, labResults: 0, healthStats: 0, medications: 0, healthMeasurements: 0, biomarkerTargets: 0, labRetests: 0 },
      skipped: { supplements: 2, intakeLogs: 15, notes: 2, labResults: 4, healthStats: 1, medications: 2, healthMeasurements: measured, biomarkerTargets: 2, labRetests: 1 },
    });
    expect(again.json().message).toBe(`Nothing new to import. ${24 + 2 + 3 + measured} already in your account were skipped.`);
    expect(portable(await exportOf(fresh.client))).toEqual(portable(moved));

    // The measurements kept the health import's keys: the wearable's own file adds nothing now.
    const oura = ouraSleepJson([{ day: addDays(today(), -1), start: `${addDays(today(), -2)}T23:00:00+01:00`, end: `${addDays(today(), -1)}T07:00:00+01:00`, deepSeconds: 5400, lowestHr: 52, hrv: 48 }]);
    const reread = await fresh.client.request({ method: 'POST', url: '/api/health-imports', ...multipart(Buffer.from(oura), 'oura-sleep.json') });
    expect(reread.statusCode, reread.body).toBe(202);
    await createHealthDataWorker({ config: t.config, db: t.database.db, log: silentLog }).drain();
    expect((await fresh.client.get(`/api/health-imports/${reread.json().id}`)).json()).toMatchObject({ status: 'done', addedCount: 0 });
    expect((await exportOf(fresh.client)).healthMeasurements).toHaveLength(measured);
  });

  it('keeps which unit was taken from a printed range and which row the AI model read, on a result still waiting for review', async () => {
    const { client, user } = await signedInClient(t);
    expect((await client.post('/api/labs/results', { biomarker: 'tsh', value: 1.12, unit: 'm[IU]/L', testDate: today() })).statusCode).toBe(201);
    await t.database.db.update(labResults).set({ unitFromRange: true, readByModel: true, reviewed: false, source: 'extracted' }).where(eq(labResults.userId, user.id));
    const original = await exportOf(client);
    expect(original.labResults).toEqual([expect.objectContaining({ unitFromRange: true, readByModel: true, reviewed: false })]);

    const fresh = await signedInClient(t);
    expect((await multipartUpload(fresh.client, Buffer.from(JSON.stringify(original)), 'stacklab-export.json')).statusCode).toBe(200);
    expect((await exportOf(fresh.client)).labResults).toEqual([expect.objectContaining({ biomarker: 'tsh', unitFromRange: true, readByModel: true, reviewed: false })]);
  });

  it('imports an export of schema version 1 (before measurements), medications included', async () => {
    const { client } = await signedInClient(t);
    const { healthMeasurements: _measurements, biomarkerTargets: _targets, labRetests: _retests, ...rest } = await exportOf(ada.client);
    const older = { ...rest, schemaVersion: 1 };
    const response = await multipartUpload(client, strToU8(JSON.stringify(older)), 'stacklab-export.json');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().added).toMatchObject({ supplements: 2, labResults: 4, medications: 2, healthMeasurements: 0, biomarkerTargets: 0, labRetests: 0 });
    const moved = await exportOf(client);
    expect(moved.medications.map((m) => [m.name, m.strength, m.schedule, m.startedOn, m.note]).sort()).toEqual([
      ['Levothyroxine', '50 mcg', '1 tablet before breakfast', '2024-03-01', 'Take apart from iron'],
      ['Lisinopril', '10 mg', null, null, null],
    ]);
    expect(moved.healthMeasurements).toEqual([]);
  });

  it('adds a medication at another strength, and no measurement twice when keys are missing', async () => {
    const { client } = await signedInClient(t);
    const doc = await exportOf(ada.client);
    await client.post('/api/medications', { name: 'levothyroxine', strength: '50 MCG' });
    // A hand-edited file without keys: the times and value are the identity, as in the health import.
    const keyless = { ...doc, medications: [...doc.medications, { ...doc.medications[0]!, id: 'x', strength: '75 mcg' }], healthMeasurements: doc.healthMeasurements.map(({ key: _key, ...rest }) => rest) };
    const response = await multipartUpload(client, strToU8(JSON.stringify(keyless)), 'stacklab-export.json');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: { medications: 2 }, skipped: { medications: 1 } });
    const again = await multipartUpload(client, strToU8(JSON.stringify(keyless)), 'stacklab-export.json');
    expect(again.json()).toMatchObject({ added: { medications: 0, healthMeasurements: 0 }, skipped: { medications: 3, healthMeasurements: doc.healthMeasurements.length } });
    expect((await exportOf(client)).medications.map((m) => `${m.name} ${m.strength}`).sort()).toEqual(['Lisinopril 10 mg', 'Levothyroxine 75 mcg', 'levothyroxine 50 MCG'].sort());
  });

  it('brings the original lab files from the CSV zip exported with them, byte for byte, with their results', async () => {
    const zip = await ada.client.get('/api/export/csv?includeFiles=true');
    const fresh = await signedInClient(t);
    await setTier(fresh.user.id, 'pro');
    const response = await multipartUpload(fresh.client, zip.rawPayload, 'stacklab-export.zip');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().notes).toEqual(['1 original lab file was imported with its results.']);

    const moved = await exportOf(fresh.client);
    expect(portable(moved)).toEqual(portable(await exportOf(ada.client)));
    const [file] = moved.labFiles;
    const mine = await fresh.client.get(`/api/labs/${file!.id}/file`);
    const theirs = await ada.client.get(`/api/labs/${ada.labFileId}/file`);
    expect(Buffer.compare(mine.rawPayload, theirs.rawPayload)).toBe(0);

    const again = await multipartUpload(fresh.client, zip.rawPayload, 'stacklab-export.zip');
    expect(again.json().added).toEqual({ supplements: 0, intakeLogs: 0, notes: 0, labResults: 0, healthStats: 0, medications: 0, healthMeasurements: 0, biomarkerTargets: 0, labRetests: 0 });
    expect((await exportOf(fresh.client)).labFiles).toHaveLength(1);
  });

  it('imports an export of schema version 2 (before targets and retests)', async () => {
    const { client } = await signedInClient(t);
    const { biomarkerTargets: _targets, labRetests: _retests, ...rest } = await exportOf(ada.client);
    const response = await multipartUpload(client, strToU8(JSON.stringify({ ...rest, schemaVersion: 2 })), 'stacklab-export.json');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: { labResults: 4, biomarkerTargets: 0, labRetests: 0 }, skipped: { biomarkerTargets: 0, labRetests: 0 } });
    expect((await exportOf(client)).biomarkerTargets).toEqual([]);
  });

  it("keeps the account's own target and retest of a biomarker, and leaves out targets the targets route refuses", async () => {
    const { client, user } = await signedInClient(t);
    expect((await client.put('/api/labs/targets', { biomarker: 'vitamin-d-25oh', low: 35, high: 70, unit: 'ng/mL' })).statusCode).toBe(200);
    await t.database.db.insert(labRetests).values({ userId: user.id, biomarkerKey: 'hemoglobin', dueDate: '2030-01-31' });
    const doc = await exportOf(ada.client);
    const withOdd = {
      ...doc,
      biomarkerTargets: [
        ...doc.biomarkerTargets,
        { biomarker: 'unobtainium', low: 1, high: 2, unit: 'mg/dL' },
        { biomarker: 'tsh', low: 1, high: 9000, unit: 'uIU/mL' },
        { biomarker: 'ferritin', low: 30, high: 100, unit: 'furlongs' },
      ],
    };
    const response = await multipartUpload(client, strToU8(JSON.stringify(withOdd)), 'stacklab-export.json');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: { biomarkerTargets: 1, labRetests: 0 }, skipped: { biomarkerTargets: 1, labRetests: 1 } });
    expect(response.json().notes).toContain('3 biomarker targets were left out: their biomarker, unit or values are not ones this installation takes.');
    const moved = await exportOf(client);
    expect(moved.biomarkerTargets).toEqual([doc.biomarkerTargets[0], { biomarker: 'vitamin-d-25oh', low: 35, high: 70, unit: 'ng/mL' }]);
    expect(moved.labRetests).toEqual([expect.objectContaining({ biomarker: 'hemoglobin', dueDate: '2030-01-31', resultId: null })]);
    expect(await t.database.db.select().from(biomarkerTargets).where(eq(biomarkerTargets.userId, user.id))).toHaveLength(2);

    // A target the targets route would refuse by its shape makes the export invalid, as any bad value does.
    const reversed = { ...doc, biomarkerTargets: [{ biomarker: 'tsh', low: 4, high: 1, unit: 'uIU/mL' }] };
    const refused = await multipartUpload(client, strToU8(JSON.stringify(reversed)), 'stacklab-export.json');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ details: [{ field: 'biomarkerTargets.0.low', message: 'The low end of the target must be below its high end' }] });
  });

  it('fills only empty health stats: what the account already has is kept', async () => {
    const { client } = await signedInClient(t);
    await client.post('/api/health-stats', { weight: 180 });
    const doc = await exportOf(ada.client);
    await multipartUpload(client, Buffer.from(JSON.stringify(doc)), 'export.json');
    expect((await client.get('/api/health-stats')).json()).toMatchObject({ weight: 180, height: 66, allergies: 'Penicillin' });
  });

  it('refuses what is not an export, a newer version and a damaged one, importing nothing', async () => {
    const { client, user } = await signedInClient(t);
    const doc = await exportOf(ada.client);
    const cases: [Uint8Array, string, string][] = [
      [strToU8('{"hello": "world"}'), 'x.json', 'This file is not a StackLab export (JSON) or a CSV of biomarker results'],
      [strToU8('{ not json'), 'x.json', 'This file is not a StackLab export (JSON) or a CSV of biomarker results'],
      [strToU8(JSON.stringify({ ...doc, schemaVersion: 99 })), 'x.json', 'This export was made by a newer version of StackLab (schema version 99); update this installation first'],
      [zipSync({ 'other.txt': strToU8('hi') }), 'x.zip', 'This file is not a StackLab export (JSON) or a CSV of biomarker results'],
    ];
    for (const [bytes, name, message] of cases) {
      const response = await multipartUpload(client, bytes, name);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const damaged = structuredClone(doc) as unknown as { labResults: { value: unknown }[] };
    damaged.labResults[2]!.value = 'lots';
    const response = await multipartUpload(client, strToU8(JSON.stringify(damaged)), 'x.json');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'This export is not valid; nothing was imported', details: [{ field: 'labResults.2.value' }] });
    const rows = await t.database.db.select().from(labResults).where(eq(labResults.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it('needs a session, a multipart file, and an active trial or plan', async () => {
    expect((await multipartUpload(new TestClient(t.app), strToU8('{}'), 'x.json')).statusCode).toBe(401);
    const { client, user } = await signedInClient(t);
    const notMultipart = await client.post('/api/import', { format: 'stacklab-export' });
    expect(notMultipart.statusCode).toBe(415);
    await t.database.db.update(users).set({ trialEndsAt: new Date(Date.now() - 1000) }).where(eq(users.id, user.id));
    const expired = await multipartUpload(client, strToU8(JSON.stringify(await exportOf(ada.client))), 'x.json');
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('TRIAL_EXPIRED');
  });
});

describe('a result printed as a limit ("< 0.5")', () => {
  const none = { supplements: 0, intakeLogs: 0, notes: 0, labResults: 0, healthStats: 0, medications: 0, healthMeasurements: 0, biomarkerTargets: 0, labRetests: 0 };
  /** What a result is, whoever holds it; the flag recomputed on import must be the one the labs gave. */
  const asTyped = (doc: ExportDocument) =>
    doc.labResults.map((r) => [r.biomarker, r.testDate, r.comparator, r.value, r.unit, r.canonicalValue, r.referenceLow, r.referenceHigh, r.flag].join(' ')).sort();

  it('moves by the JSON export exactly, sign and flag, beside an exact result of the same value; importing again adds nothing', async () => {
    const { client } = await seedLimitUser(t);
    const original = await exportOf(client);
    expect(original.schemaVersion).toBe(4);
    const fresh = await signedInClient(t);
    const first = await multipartUpload(fresh.client, strToU8(JSON.stringify(original)), 'stacklab-export.json');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ added: { ...none, labResults: 3 }, skipped: none });
    const moved = await exportOf(fresh.client);
    expect(portable(moved).labResults).toEqual(portable(original).labResults);
    // "< 0.5" by 0.3 - 5 may be under the range or in it: no flag, where 0.5 is "normal".
    expect(moved.labResults.filter((r) => r.biomarker === 'crp').map((r) => [r.comparator, r.value, r.flag]).sort()).toEqual([
      [null, 0.5, 'normal'],
      ['<', 0.5, null],
    ]);
    const again = await multipartUpload(fresh.client, strToU8(JSON.stringify(original)), 'stacklab-export.json');
    expect(again.json()).toMatchObject({ added: none, skipped: { ...none, labResults: 3 } });
  });

  it('moves by its own biomarker-results.csv, the sign read from the comparator column and the flag recomputed with it', async () => {
    const { client } = await seedLimitUser(t);
    const original = await exportOf(client);
    const files = unzipSync(new Uint8Array((await client.get('/api/export/csv')).rawPayload));
    const fresh = await signedInClient(t);
    const response = await multipartUpload(fresh.client, files['biomarker-results.csv']!, 'biomarker-results.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().added.labResults).toBe(3);
    expect(asTyped(await exportOf(fresh.client))).toEqual(asTyped(original));
    const again = await multipartUpload(fresh.client, files['biomarker-results.csv']!, 'biomarker-results.csv');
    expect(again.json()).toMatchObject({ added: { labResults: 0 }, skipped: { labResults: 3 } });
  });

  it('reads an export made before limits as exact values', async () => {
    const { client } = await signedInClient(t);
    const { labResults: results, ...rest } = await exportOf(ada.client);
    const older = { ...rest, schemaVersion: 3, labResults: results.map(({ comparator: _comparator, ...result }) => result) };
    expect((await multipartUpload(client, strToU8(JSON.stringify(older)), 'stacklab-export.json')).json().added.labResults).toBe(4);
    expect((await exportOf(client)).labResults.map((r) => r.comparator)).toEqual([null, null, null, null]);
  });

  it('reads a limit typed in the value cell, and refuses a sign it does not know or one the cell contradicts', async () => {
    const { client } = await signedInClient(t);
    const day = addDays(today(), -2);
    const csv = ['name,value,unit,date,reference_low,reference_high', `CRP,<0.5,mg/L,${day},0,5`, `TSH,≤ 0.01,mIU/L,${day},0.4,4`, `Vitamin B12,>2000,pg/mL,${day},200,900`].join('\n');
    const response = await multipartUpload(client, strToU8(csv), 'results.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect((await exportOf(client)).labResults.map((r) => [r.biomarker, r.comparator, r.value, r.flag]).sort()).toEqual([
      ['crp', '<', 0.5, 'normal'],
      ['tsh', '<=', 0.01, 'low'],
      ['vitamin-b12', '>', 2000, 'high'],
    ]);

    const bad = ['name,comparator,value,unit,date', `CRP,~,0.5,mg/L,${day}`, `CRP,>,<0.5,mg/L,${day}`, `CRP,,<,mg/L,${day}`].join('\n');
    const refused = await multipartUpload(client, strToU8(bad), 'results.csv');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'row 2', message: 'The comparator "~" must be <, <=, > or >=' },
      { field: 'row 3', message: 'The value "<0.5" and the comparator ">" disagree' },
      { field: 'row 4', message: 'The value "<" is not a number (use a dot for decimals)' },
    ]);
  });
});

describe('import within the plan and its limits', () => {
  const exportZip = async () => (await ada.client.get('/api/export/csv?includeFiles=true')).rawPayload;
  const labFilesOf = async (client: TestClient) => (await client.get('/api/labs')).json() as { status: string; errorCode: string | null; errorMessage: string | null }[];
  const jobsOf = (userId: string) => t.database.db.select().from(jobs).where(eq(jobs.userId, userId));

  it('keeps a Free Trial user\'s lab files unread, saying why, with their results imported and no upload counted', async () => {
    const { client, user } = await signedInClient(t);
    const response = await multipartUpload(client, await exportZip(), 'stacklab-export.zip');
    expect(response.statusCode, response.body).toBe(200);
    const planMessage = 'Lab uploads are not included in the Free Trial. Upgrade to Starter or Pro to upload lab results.';
    expect(response.json().notes).toEqual(['1 original lab file was imported with its results.', `1 lab file waiting to be read is kept without being read: ${planMessage}`]);
    expect(response.json().added.labResults).toBe(4);
    expect(await labFilesOf(client)).toMatchObject([{ status: 'failed', errorCode: 'not-read-plan-limit', errorMessage: `Imported without being read: ${planMessage}` }]);
    expect(await jobsOf(user.id)).toHaveLength(0);
    expect(await usesOf(user.id)).toBe(0);
  });

  it('keeps unread the files of a Starter user past their 3 uploads', async () => {
    const { client, user } = await signedInClient(t);
    await setTier(user.id, 'starter');
    await t.database.db.insert(usageEvents).values([1, 2, 3].map(() => ({ userId: user.id, kind: 'lab_upload' as const })));
    const response = await multipartUpload(client, await exportZip(), 'stacklab-export.zip');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().notes[1]).toMatch(/^1 lab file waiting to be read is kept without being read: Starter is limited to 3 lab uploads per 12 months\. Upgrade to Pro for unlimited uploads\. You can upload again on /);
    expect(await labFilesOf(client)).toMatchObject([{ status: 'failed', errorCode: 'not-read-plan-limit' }]);
    expect(await jobsOf(user.id)).toHaveLength(0);
    expect(await usesOf(user.id)).toBe(3);
  });

  it('reads a Starter user\'s file as one of their uploads, and importing it again counts nothing', async () => {
    const { client, user } = await signedInClient(t);
    await setTier(user.id, 'starter');
    const zip = await exportZip();
    expect((await multipartUpload(client, zip, 'stacklab-export.zip')).statusCode).toBe(200);
    expect(await labFilesOf(client)).toMatchObject([{ status: 'queued', errorCode: null }]);
    const [job] = await jobsOf(user.id);
    const [use] = await t.database.db.select().from(usageEvents).where(eq(usageEvents.userId, user.id));
    expect(job?.payload).toMatchObject({ usageEventId: use!.id });
    expect((await multipartUpload(client, zip, 'stacklab-export.zip')).statusCode).toBe(200);
    expect(await usesOf(user.id)).toBe(1);
    expect(await jobsOf(user.id)).toHaveLength(1);
  });

  it('spends no upload on a file already here, so the last one goes to the new file', async () => {
    const owner = await seedUser(t, { withFile: true });
    const withOne = (await owner.client.get('/api/export/csv?includeFiles=true')).rawPayload;
    expect((await uploadFile(owner.client, await makeTextPdf(panelLines()), 'Second panel.pdf')).statusCode).toBe(201);
    const withTwo = (await owner.client.get('/api/export/csv?includeFiles=true')).rawPayload;

    const { client, user } = await signedInClient(t);
    await setTier(user.id, 'starter');
    expect((await multipartUpload(client, withOne, 'stacklab-export.zip')).statusCode).toBe(200);
    await t.database.db.insert(usageEvents).values({ userId: user.id, kind: 'lab_upload' });
    const response = await multipartUpload(client, withTwo, 'stacklab-export.zip');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().notes).toEqual(['1 original lab file was imported with its results.']);
    expect((await labFilesOf(client)).map((file) => file.status)).toEqual(['queued', 'queued']);
    expect(await usesOf(user.id)).toBe(3);
  });

  it('limits imports to 10 an hour per account, refused before the file is read', async () => {
    const { client } = await signedInClient(t);
    for (let i = 0; i < 10; i += 1) expect((await multipartUpload(client, strToU8('name,value,unit,date\n'), 'x.csv')).statusCode).toBe(400);
    // Not even a multipart body: the limit answers first.
    const limited = await client.post('/api/import', { format: 'stacklab-export' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many attempts. Please try again in 60 minutes.' });
    // Another account is not held back by this one.
    const other = await signedInClient(t);
    expect((await multipartUpload(other.client, strToU8('name,value,unit,date\n'), 'x.csv')).statusCode).toBe(400);
  });

  it('refuses zip bombs quickly with a clear 413, the server staying responsive, importing nothing', async () => {
    const { client, user } = await signedInClient(t);
    const doc = Buffer.from(JSON.stringify({ format: 'stacklab-export', schemaVersion: 1 }));
    const cases: [Buffer, string][] = [
      // 1 MB whose header claims 1 KB and which inflates to 1 GB.
      [zipBomb('stacklab-export.json', 1024), 'A file in this zip unpacks to more than 50 MB; nothing was imported'],
      // Honest headers, 40 MB six times over.
      [
        writeRawZip([
          { name: 'stacklab-export.json', data: doc, method: 0, declaredSize: doc.byteLength },
          ...Array.from({ length: 6 }, (_, i) => ({ name: `lab-files/${i}.pdf`, data: deflatedZeros(40), method: 8 as const, declaredSize: 40 * 1024 * 1024 })),
        ]),
        'This zip unpacks to more than 200 MB in all; nothing was imported',
      ],
    ];
    for (const [bomb, message] of cases) {
      const run = await measureWhile(() => multipartUpload(client, bomb, 'stacklab-export.zip'));
      const response = run.outcome.status === 'fulfilled' ? run.outcome.value : undefined;
      expect(response?.statusCode).toBe(413);
      expect(response?.json().message).toBe(message);
      expect(run.ms).toBeLessThan(5_000);
      // Inflating on the event loop stalled it for over a second; a busy shared machine adds some.
      expect(run.longestStallMs).toBeLessThan(500);
    }
    expect(await t.database.db.select().from(labResults).where(eq(labResults.userId, user.id))).toHaveLength(0);
  });
});

describe('import of a CSV of biomarker results', () => {
  const day = () => addDays(today(), -2);

  it('adds the rows (name, value, unit, date, with an optional range), reviewed, and skips them the second time', async () => {
    const { client } = await signedInClient(t);
    const csv = [
      'Name,Value,Unit,Date,Reference Low,Reference High',
      `Vitamin D,18,ng/mL,${day()},30,100`,
      `"Fasting glucose",5.2,mmol/L,${day()},3.9,5.5`,
      `TSH,2.1,uIU/mL,${addDays(day(), -30)},,`,
      '',
    ].join('\r\n');
    const response = await multipartUpload(client, strToU8(csv), 'results.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ kind: 'biomarker-csv', added: { labResults: 3 }, message: 'Imported 3 lab results.' });
    const doc = await exportOf(client);
    expect(doc.labResults.find((r) => r.biomarker === 'vitamin-d-25oh')).toMatchObject({ value: 18, flag: 'low', reviewed: true, source: 'manual', loinc: '62292-8' });
    expect(doc.labResults.find((r) => r.biomarker === 'tsh')).toMatchObject({ flag: null, referenceLow: null });

    const again = await multipartUpload(client, strToU8(csv), 'results.csv');
    expect(again.json()).toMatchObject({ added: { labResults: 0 }, skipped: { labResults: 3 } });
  });

  it('imports its own biomarker-results.csv from a CSV export', async () => {
    const { client } = await signedInClient(t);
    const exported = `date,name,value,unit,reference_low,reference_high,reference_text,flag\r\n${day()},Hemoglobin,11.2,g/dL,12,15.5,12 - 15.5,low\r\n`;
    const response = await multipartUpload(client, strToU8(exported), 'biomarker-results.csv');
    expect(response.json().added.labResults).toBe(1);
  });

  it('reports every bad row by its line and imports nothing', async () => {
    const { client, user } = await signedInClient(t);
    const csv = [
      'name,value,unit,date',
      `Vitamin D,30,ng/mL,${day()}`,
      `Unobtainium,3,mg/dL,${day()}`,
      `Vitamin D,abc,ng/mL,${day()}`,
      `Vitamin D,30,furlongs,${day()}`,
      'Vitamin D,30,ng/mL,31/12/2025',
      `Vitamin D,30,ng/mL,${addDays(today(), 3)}`,
      `Vitamin D,9000,ng/mL,${day()}`,
    ].join('\n');
    const response = await multipartUpload(client, strToU8(csv), 'results.csv');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Some rows could not be read; nothing was imported. Fix them and import again.');
    expect(response.json().details).toEqual([
      { field: 'row 3', message: 'Unknown biomarker "Unobtainium"' },
      { field: 'row 4', message: 'The value "abc" is not a number (use a dot for decimals)' },
      { field: 'row 5', message: '"furlongs" is not a unit for 25-OH vitamin D; use one of ng/mL, nmol/L' },
      { field: 'row 6', message: 'The date "31/12/2025" is not a date like 2025-01-31' },
      { field: 'row 7', message: `The date ${addDays(today(), 3)} is in the future` },
      { field: 'row 8', message: '9000 ng/mL is not a plausible 25-OH vitamin D value; check the value and its unit' },
    ]);
    expect(await t.database.db.select().from(labResults).where(eq(labResults.userId, user.id))).toHaveLength(0);
  });

  it('needs the header columns name, value, unit and date', async () => {
    const { client } = await signedInClient(t);
    const response = await multipartUpload(client, strToU8('biomarker;value\nVitamin D;30\n'), 'results.csv');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The CSV needs the columns name, value, unit and date (a header row first)');
  });
});
