import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '#contract/dates.ts';
import { healthMeasurements, jobs, users } from '#server/db/schema/index.ts';
import { multipart, silentLog } from '#server/features/labs/labs.test-helpers.ts';
import { claimNextJob } from '#server/jobs/jobs.repository.ts';
import { appleDayFigures, appleHealthXml, appleHealthZip, daysEndingOn, ouraSleepJson, withingsWeightCsv } from '#server/testing/health-exports.ts';
import { type TestApp, type TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { HEALTH_IMPORT_JOB, createHealthDataWorker } from './health-data.jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const worker = () => createHealthDataWorker({ config: t.config, db: t.database.db, log: silentLog });
const upload = (client: TestClient, bytes: Uint8Array | string, fileName: string) =>
  client.request({ method: 'POST', url: '/api/health-imports', ...multipart(typeof bytes === 'string' ? Buffer.from(bytes) : bytes, fileName) });

async function newUser(timeZone = 'America/New_York') {
  const signed = await signedInClient(t);
  await t.database.db.update(users).set({ timeZone }).where(eq(users.id, signed.user.id));
  return signed;
}

const today = () => localDateOf(new Date(), 'America/New_York');

describe('health imports', () => {
  it('reads an Apple Health export.zip in the queue: progress, then the cards fill, and the same export again adds nothing', async () => {
    const { client } = await newUser();
    const days = daysEndingOn(today(), 10);
    const zip = appleHealthZip(appleHealthXml(days, { fillerRecords: 20 }));
    const answer = await upload(client, zip, 'export.zip');
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toMatchObject({ status: 'queued', progress: 0, fileName: 'export.zip' });
    expect(await worker().drain()).toBe(1);

    const done = (await client.get(`/api/health-imports/${answer.json().id}`)).json();
    expect(done).toMatchObject({ status: 'done', progress: 100, source: 'apple-health' });
    // Per day: 4 sleep, rhr, hrv, 3 steps, weight, 2 bp (the Correlation's copies are the same), glucose.
    expect(done.addedCount).toBe(10 * 13);

    const summary = (await client.get('/api/health-data/summary?days=7')).json();
    expect(summary.days).toHaveLength(7);
    const last = summary.days.at(-1);
    const figures = appleDayFigures(9);
    expect(last.day).toBe(today());
    expect(last.asleepMinutes).toBe(figures.sleep.core + figures.sleep.deep + figures.sleep.rem);
    expect(last.deepMinutes).toBe(figures.sleep.deep);
    expect(last.restingHeartRate).toBe(figures.restingHeartRate);
    expect(last.hrv).toBe(figures.hrv);
    // The phone counted the same walk: the watch's larger total counts, not the sum.
    expect(last.steps).toBe(figures.steps);

    const again = await upload(client, zip, 'export.zip');
    await worker().drain();
    expect((await client.get(`/api/health-imports/${again.json().id}`)).json()).toMatchObject({ status: 'done', addedCount: 0, readCount: 10 * 15 });
  });

  it('an overlapping newer export adds only its new days', async () => {
    const { client, user } = await newUser();
    const older = daysEndingOn(today(), 6).slice(0, 4);
    await upload(client, appleHealthXml(older), 'export.xml');
    await worker().drain();
    const newer = daysEndingOn(today(), 6); // the same 4 days and 2 more
    const second = await upload(client, appleHealthXml(newer), 'export.xml');
    await worker().drain();
    expect((await client.get(`/api/health-imports/${second.json().id}`)).json().addedCount).toBe(2 * 13);
    const rows = await t.database.db.select().from(healthMeasurements).where(eq(healthMeasurements.userId, user.id));
    expect(rows).toHaveLength(6 * 13);
  });

  it('a job interrupted part way runs again from the start and ends with each measurement once', async () => {
    const { client, user } = await newUser();
    const response = await upload(client, appleHealthXml(daysEndingOn(today(), 5)), 'export.xml');
    // A first worker claims it and dies: its lease runs out with nothing finished.
    const claimed = await claimNextJob(t.database.db, [HEALTH_IMPORT_JOB], 'dead-worker', 1);
    expect(claimed?.id).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await worker().drain();
    expect((await client.get(`/api/health-imports/${response.json().id}`)).json()).toMatchObject({ status: 'done', addedCount: 5 * 13 });
    const rows = await t.database.db.select().from(healthMeasurements).where(eq(healthMeasurements.userId, user.id));
    expect(rows).toHaveLength(5 * 13);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.id, claimed!.id));
    expect(job?.state).toBe('done');
  });

  it('weight, blood pressure and glucose are histories; sources are listed and deleted one at a time', async () => {
    const { client } = await newUser('Europe/Berlin');
    await upload(client, withingsWeightCsv([{ at: '2026-01-02 07:30:00', kg: 82.4, fatKg: 16.5 }, { at: '2026-01-01 07:30:00', kg: 82.9 }]), 'weight.csv');
    await upload(client, ouraSleepJson([{ day: '2026-01-02', start: '2026-01-01T23:00:00+01:00', end: '2026-01-02T07:00:00+01:00', deepSeconds: 4800, lowestHr: 51, hrv: 44 }]), 'sleep.json');
    await upload(client, appleHealthXml(['2026-01-03']), 'export.xml');
    await worker().drain();

    const weight = (await client.get('/api/health-data/history?kind=weight')).json();
    expect(weight.unit).toBe('kg');
    expect(weight.points.map((point: { value: number }) => point.value)).toEqual([82.9, 82.4, appleDayFigures(0).weightKg]);
    const pressure = (await client.get('/api/health-data/history?kind=blood_pressure')).json();
    expect(pressure.points.map((point: { value: number; second: number }) => [point.value, point.second])).toEqual([appleDayFigures(0).bloodPressure]);
    const glucose = (await client.get('/api/health-data/history?kind=blood_glucose')).json();
    expect(glucose.points[0].value).toBeCloseTo(appleDayFigures(0).glucoseMgDl / 18.0156, 5);

    const sources = (await client.get('/api/health-data/sources')).json().sources;
    expect(sources.map((source: { source: string }) => source.source).sort()).toEqual(['apple-health', 'oura', 'withings']);
    const deleted = await client.request({ method: 'DELETE', url: '/api/health-data/sources/withings' });
    expect(deleted.json()).toMatchObject({ ok: true, deleted: 3 });
    const after = (await client.get('/api/health-data/sources')).json().sources;
    expect(after.map((source: { source: string }) => source.source).sort()).toEqual(['apple-health', 'oura']);
    expect((await client.get('/api/health-data/history?kind=weight')).json().points).toHaveLength(1);
  });

  it('refuses what is not an export we read (415 with the reason), an empty file (400) and a missing file (400)', async () => {
    const { client } = await newUser();
    const strange = await upload(client, 'name,colour\nann,blue\n', 'people.csv');
    expect(strange.statusCode).toBe(415);
    expect(strange.json().message).toMatch(/not an export we can read/);
    const empty = await upload(client, new Uint8Array(0), 'export.xml');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty');
    const wrongField = await client.request({ method: 'POST', url: '/api/health-imports', ...multipart(Buffer.from('<HealthData/>'), 'export.xml', { field: 'other' }) });
    expect(wrongField.statusCode).toBe(400);
  });

  it('refuses an upload over the size limit with 413', async () => {
    const small = await createTestApp({ HEALTH_IMPORT_MAX_BYTES: '2048' });
    try {
      const signed = await signedInClient(small);
      const response = await signed.client.request({ method: 'POST', url: '/api/health-imports', ...multipart(Buffer.from(appleHealthXml(['2026-01-01'], { fillerRecords: 30 })), 'export.xml') });
      expect(response.statusCode).toBe(413);
    } finally {
      await small.close();
    }
  });

  it("one user's imports and measurements never reach another", async () => {
    const owner = await newUser();
    const other = await newUser();
    const response = await upload(owner.client, appleHealthXml(daysEndingOn(today(), 2)), 'export.xml');
    await worker().drain();
    const id = response.json().id;
    expect((await other.client.get(`/api/health-imports/${id}`)).statusCode).toBe(404);
    expect((await other.client.request({ method: 'DELETE', url: `/api/health-imports/${id}` })).statusCode).toBe(404);
    expect((await other.client.get('/api/health-imports')).json().imports).toEqual([]);
    expect((await other.client.get('/api/health-data/sources')).json().sources).toEqual([]);
    const deleted = await other.client.request({ method: 'DELETE', url: '/api/health-data/sources/apple-health' });
    expect(deleted.json().deleted).toBe(0);
    expect((await other.client.get('/api/health-data/summary?days=7')).json().days.every((day: { steps: null }) => day.steps === null)).toBe(true);
    expect((await owner.client.get('/api/health-data/sources')).json().sources[0].count).toBe(2 * 13);
  });
});
