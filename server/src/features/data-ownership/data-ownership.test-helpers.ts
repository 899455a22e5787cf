import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays } from '#contract/dates.ts';
import { users } from '#server/db/schema/index.ts';
import { createHealthDataWorker } from '#server/features/health-data/health-data.jobs.ts';
import { multipart, silentLog, uploadFile } from '#server/features/labs/labs.test-helpers.ts';
import { appleHealthXml, appleHealthZip, daysEndingOn, ouraSleepJson, withingsWeightCsv } from '#server/testing/health-exports.ts';
import { makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { noonOf } from '#server/testing/days.ts';
import { type TestApp, type TestClient, signedInClient } from '#server/testing/test-app.ts';

export const today = () => new Date().toISOString().slice(0, 10);

/**
 * Results typed as the lab printed them: an exact CRP of 0.5, then the same day a CRP "< 0.5"
 * by 0.3 - 5 (a different result; no flag: it may be under the range or in it, where read as 0.5
 * it would be "normal"), and B12 "> 2000" (high).
 */
export const limitResults = () => [
  { biomarker: 'crp', value: 0.5, unit: 'mg/L', referenceLow: 0.3, referenceHigh: 5, testDate: addDays(today(), -3) },
  { biomarker: 'crp', value: 0.5, comparator: '<', unit: 'mg/L', referenceLow: 0.3, referenceHigh: 5, testDate: addDays(today(), -3) },
  { biomarker: 'vitamin-b12', value: 2000, comparator: '>', unit: 'pg/mL', referenceLow: 200, referenceHigh: 900, testDate: addDays(today(), -3) },
];

/** A signed-in user with only `limitResults`. */
export async function seedLimitUser(t: TestApp): Promise<Awaited<ReturnType<typeof signedInClient>>> {
  const signed = await signedInClient(t);
  for (const result of limitResults()) await ok(signed.client.post('/api/labs/results', result), 201);
  return signed;
}

export type SeededUser = Awaited<ReturnType<typeof signedInClient>> & {
  name: string;
  supplementIds: { vitaminD: string; magnesium: string };
  labFileId: string | null;
  /** The retest planned for the low hemoglobin result. */
  retestId: string;
};

/** The weigh-in each seeded user's Withings file carries; one per user, so exports tell them apart. */
export type HealthSeed = { weightKg: number; medication: string };

/**
 * Measurements of every kind, imported as a user imports them (Apple Health for two days, a
 * Withings weigh-in with body fat, an Oura night with its source id), read by the import queue,
 * and a medication in the stack.
 */
export async function seedHealthData(t: TestApp, client: TestClient, seed: HealthSeed): Promise<void> {
  const days = daysEndingOn(addDays(today(), -1), 2);
  const files: [Uint8Array, string][] = [
    [appleHealthZip(appleHealthXml(days)), 'export.zip'],
    [Buffer.from(withingsWeightCsv([{ at: `${days[0]} 07:30:00`, kg: seed.weightKg, fatKg: seed.weightKg / 5 }])), 'weight.csv'],
    [
      Buffer.from(ouraSleepJson([{ day: days[1]!, start: `${days[0]}T23:00:00+01:00`, end: `${days[1]}T07:00:00+01:00`, deepSeconds: 5400, lowestHr: 52, hrv: 48 }])),
      'oura-sleep.json',
    ],
  ];
  for (const [bytes, fileName] of files) {
    const answer = await client.request({ method: 'POST', url: '/api/health-imports', ...multipart(bytes, fileName) });
    expect(answer.statusCode, answer.body).toBe(202);
  }
  const worker = createHealthDataWorker({ config: t.config, db: t.database.db, log: silentLog });
  expect(await worker.drain()).toBeGreaterThanOrEqual(files.length);
  await ok(client.post('/api/medications', { name: seed.medication, strength: '50 mcg', schedule: '1 tablet before breakfast', startedOn: '2024-03-01', note: 'Take apart from iron' }), 201);
  await ok(client.post('/api/medications', { name: 'Lisinopril', strength: '10 mg', schedule: null, startedOn: null, note: null }), 201);
}


async function ok<T extends { statusCode: number; body: string }>(response: Promise<T>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer;
}

/**
 * A user with something of everything: name and phone, health stats, two supplements with ten
 * days of intake, effect ratings, biomarker results (one high, one low, one in mmol/L) over two
 * dates, two biomarker targets (the vitamin D one's high end is `targetHigh`), a retest planned
 * for the low hemoglobin, with `withFile` an uploaded lab report (the user is made pro for it),
 * and with `health` measurements from wearables and medications (`seedHealthData`).
 */
export async function seedUser(t: TestApp, options: { withFile?: boolean; name?: string; health?: HealthSeed; targetHigh?: number } = {}): Promise<SeededUser> {
  const signed = await signedInClient(t);
  const { client, user } = signed;
  const name = options.name ?? `Ada Quill ${Math.random().toString(36).slice(2, 7)}`;
  await t.database.db
    .update(users)
    .set({ name, phoneNumber: '+15550100200', ...(options.withFile ? { subscriptionTier: 'pro' as const } : {}) })
    .where(eq(users.id, user.id));

  await ok(client.post('/api/health-stats', { weight: 150.5, height: 66, gender: 'female', ethnicity: 'mixed', dateOfBirth: '1985-04-02', averageSleep: 420, allergies: 'Penicillin' }));
  const vitaminD = (await ok(client.post('/api/supplements', { name: 'Vitamin D3', dosage: '1000 IU', frequency: '1x daily', notes: 'with breakfast' }))).body;
  const magnesium = (await ok(client.post('/api/supplements', { name: 'Magnesium', dosage: '200 mg', frequency: '2x daily' }))).body;
  const supplementIds = { vitaminD: JSON.parse(vitaminD).id as string, magnesium: JSON.parse(magnesium).id as string };

  for (let back = 0; back < 10; back += 1) {
    const day = addDays(today(), -back);
    const logs = [{ supplementId: supplementIds.vitaminD, takenAt: noonOf(day) }];
    if (back % 2 === 0) logs.push({ supplementId: supplementIds.magnesium, takenAt: noonOf(day) });
    await ok(client.post('/api/supplement-logs', { logs }));
  }
  await ok(client.post('/api/effects', { date: addDays(today(), -1), energy: 4, mood: 3, sleep: 5, note: 'slept well' }));
  await ok(client.post('/api/effects', { date: addDays(today(), -3), energy: 2, mood: 3, sleep: 2, note: '=1+1 not a formula' }));

  const results = [
    { biomarker: 'vitamin-d-25oh', value: 22, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, testDate: addDays(today(), -120) },
    { biomarker: 'vitamin-d-25oh', value: 41, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, testDate: addDays(today(), -5) },
    { biomarker: 'glucose-fasting', value: 6.1, unit: 'mmol/L', referenceLow: 3.9, referenceHigh: 5.5, testDate: addDays(today(), -5) },
    { biomarker: 'hemoglobin', value: 11.2, unit: 'g/dL', referenceLow: 12, referenceHigh: 15.5, testDate: addDays(today(), -5) },
  ];
  const resultIds: string[] = [];
  for (const result of results) resultIds.push((await ok(client.post('/api/labs/results', result), 201)).json().id);
  await ok(client.put('/api/labs/targets', { biomarker: 'vitamin-d-25oh', low: 40, high: options.targetHigh ?? 80, unit: 'ng/mL' }));
  await ok(client.put('/api/labs/targets', { biomarker: 'glucose-fasting', low: null, high: 5.4, unit: 'mmol/L' }));
  const retestId: string = (await ok(client.post('/api/labs/retests', { resultId: resultIds[3] }), 201)).json().id;

  let labFileId: string | null = null;
  if (options.withFile) {
    const upload = await uploadFile(client, await makeTextPdf(panelLines()), 'My panel.pdf');
    expect(upload.statusCode, upload.body).toBe(201);
    labFileId = upload.json().id;
  }
  if (options.health) await seedHealthData(t, client, options.health);
  return { ...signed, name, supplementIds, labFileId, retestId };
}

export function multipartUpload(client: TestClient, bytes: Uint8Array, fileName: string) {
  const boundary = `----stacklab${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.request({ method: 'POST', url: '/api/import', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}
