import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExportDocument, exportDocumentSchema } from '#contract/data-ownership.ts';
import { addDays } from '#contract/tracking.ts';
import { labResults, users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { type SeededUser, multipartUpload, seedUser, today } from './data-ownership.test-helpers.ts';

let t: TestApp;
let ada: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  ada = await seedUser(t, { withFile: true });
});
afterAll(() => t.close());

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
  };
}

describe('import of a StackLab export', () => {
  it('moves everything into a fresh account without loss, and importing again adds nothing', async () => {
    const original = await exportOf(ada.client);
    const fresh = await signedInClient(t);
    const first = await multipartUpload(fresh.client, Buffer.from(JSON.stringify(original)), 'stacklab-export.json');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      ok: true,
      kind: 'export',
      added: { supplements: 2, intakeLogs: 15, notes: 2, labResults: 4, healthStats: 1 },
      skipped: { supplements: 0, intakeLogs: 0, notes: 0, labResults: 0, healthStats: 0 },
    });
    expect(first.json().message).toBe('Imported 2 supplements, 15 intake logs, 2 notes and ratings, 4 lab results, 1 set of health stats.');
    // The JSON carries no file bytes: the user is told, and the results came without it.
    expect(first.json().notes.join(' ')).toContain('1 original lab file was not in this file');

    const moved = await exportOf(fresh.client);
    const { labFiles: _files, ...withoutFiles } = portable(moved);
    const { labFiles: _originalFiles, ...expected } = portable(original);
    expect(withoutFiles).toEqual(expected);
    // The stack works in its new home: intake logs point at the new supplements.
    const idsOfNewStack = new Set(moved.supplements.map((s) => s.id));
    expect(moved.intakeLogs.every((log) => log.supplementId !== null && idsOfNewStack.has(log.supplementId))).toBe(true);

    const again = await multipartUpload(fresh.client, Buffer.from(JSON.stringify(original)), 'stacklab-export.json');
    expect(again.json()).toMatchObject({
      added: { supplements: 0, intakeLogs: 0, notes: 0, labResults: 0, healthStats: 0 },
      skipped: { supplements: 2, intakeLogs: 15, notes: 2, labResults: 4, healthStats: 1 },
    });
    expect(again.json().message).toBe('Nothing new to import. 24 already in your account were skipped.');
    expect(portable(await exportOf(fresh.client))).toEqual(portable(moved));
  });

  it('brings the original lab files from the CSV zip exported with them, byte for byte, with their results', async () => {
    const zip = await ada.client.get('/api/export/csv?includeFiles=true');
    const fresh = await signedInClient(t);
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
    expect(again.json().added).toEqual({ supplements: 0, intakeLogs: 0, notes: 0, labResults: 0, healthStats: 0 });
    expect((await exportOf(fresh.client)).labFiles).toHaveLength(1);
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
