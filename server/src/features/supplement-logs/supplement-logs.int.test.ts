import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#contract/errors.ts';
import { LOG_MESSAGES } from '#contract/supplement-logs-texts.ts';
import { SUPPLEMENT_MESSAGES } from '#contract/supplements-texts.ts';
import { supplementLogs, users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, newUserBody } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userIn(timeZone: string) {
  const client = new TestClient(t.app);
  const response = await client.post('/api/register', { ...newUserBody(), timeZone });
  if (response.statusCode !== 200) throw new Error(response.body);
  return { client, user: response.json().user as { id: string } };
}

async function addSupplement(client: TestClient, name = 'Magnesium', dosage = '200 mg', frequency = '1x daily') {
  const response = await client.post('/api/supplements', { name, dosage, frequency });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().id as string;
}

const entry = (supplementId: string, takenAt: string, extra: Record<string, unknown> = {}) => ({
  supplementId,
  userId: null,
  takenAt,
  dosage: '200 mg',
  frequency: '1x daily',
  name: 'Magnesium',
  ...extra,
});

async function dayOf(client: TestClient, date: string) {
  const response = await client.get(`/api/supplement-logs/${date}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('saving intake', () => {
  it('answers the saved logs and shows them on the local day', async () => {
    const { client } = await userIn('UTC');
    const id = await addSupplement(client);
    const response = await client.post('/api/supplement-logs', { logs: [entry(id, '2025-06-01T08:00:00.000Z')] });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved).toEqual([{ id: expect.any(String), takenAt: '2025-06-01T08:00:00.000Z' }]);
    const day = await dayOf(client, '2025-06-01');
    expect(day.supplements).toEqual([
      { id: saved[0].id, supplementId: id, name: 'Magnesium', dosage: '200 mg', frequency: '1x daily', takenAt: '2025-06-01T08:00:00.000Z' },
    ]);
    expect(day).toMatchObject({ date: '2025-06-01', qualitativeLogs: [], effects: null, warnings: [] });
    expect((await dayOf(client, '2025-06-02')).supplements).toEqual([]);
  });

  it('edits the day when it is saved again instead of doubling it, and taken=false removes', async () => {
    const { client } = await userIn('UTC');
    const a = await addSupplement(client, 'Magnesium');
    const b = await addSupplement(client, 'Zinc', '50 mg');
    await client.post('/api/supplement-logs', { logs: [entry(a, '2025-06-01T08:00:00Z'), entry(b, '2025-06-01T08:00:00Z')] });
    await client.post('/api/supplement-logs', { logs: [entry(a, '2025-06-01T09:00:00Z'), entry(b, '2025-06-01T09:00:00Z')] });
    let day = await dayOf(client, '2025-06-01');
    expect(day.supplements.map((s: { name: string; takenAt: string }) => [s.name, s.takenAt])).toEqual([
      ['Magnesium', '2025-06-01T09:00:00.000Z'],
      ['Zinc', '2025-06-01T09:00:00.000Z'],
    ]);
    const again = await client.post('/api/supplement-logs', {
      logs: [entry(a, '2025-06-01T10:00:00Z'), entry(b, '2025-06-01T10:00:00Z', { taken: false })],
    });
    expect(again.json()).toHaveLength(1);
    day = await dayOf(client, '2025-06-01');
    expect(day.supplements.map((s: { name: string }) => s.name)).toEqual(['Magnesium']);

    // Everything switched off empties the day.
    await client.post('/api/supplement-logs', { logs: [entry(a, '2025-06-01T11:00:00Z', { taken: false })] });
    expect((await dayOf(client, '2025-06-01')).supplements).toEqual([]);
    // Other days are untouched by a day's edit.
    await client.post('/api/supplement-logs', { logs: [entry(a, '2025-06-02T11:00:00Z')] });
    await client.post('/api/supplement-logs', { logs: [entry(b, '2025-06-03T11:00:00Z')] });
    expect((await dayOf(client, '2025-06-02')).supplements).toHaveLength(1);
  });

  it('takes concurrent saves of one day in turn, leaving one intake set', async () => {
    const { client } = await userIn('UTC');
    const a = await addSupplement(client, 'Magnesium');
    const b = await addSupplement(client, 'Zinc', '50 mg');
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.post('/api/supplement-logs', { logs: [entry(a, `2025-06-01T0${i}:00:00Z`), entry(b, `2025-06-01T0${i}:30:00Z`)] }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await dayOf(client, '2025-06-01')).supplements).toHaveLength(2);
  });

  it('keeps the logged name and dosage after the supplement is edited or deleted', async () => {
    const { client } = await userIn('UTC');
    const id = await addSupplement(client, 'Magnesium', '200 mg');
    await client.post('/api/supplement-logs', { logs: [entry(id, '2025-06-01T08:00:00Z', { name: 'ignored', dosage: '5 g' })] });
    await client.put(`/api/supplements/${id}`, { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' });
    expect((await dayOf(client, '2025-06-01')).supplements[0]).toMatchObject({ name: 'Magnesium', dosage: '200 mg' });
    await client.delete(`/api/supplements/${id}`);
    expect((await dayOf(client, '2025-06-01')).supplements[0]).toMatchObject({ name: 'Magnesium', supplementId: null });
  });

  it("refuses another user's supplement with 404 and saves nothing of the request", async () => {
    const owner = await userIn('UTC');
    const other = await userIn('UTC');
    const mine = await addSupplement(other.client);
    const theirs = await addSupplement(owner.client);
    await other.client.post('/api/supplement-logs', { logs: [entry(mine, '2025-06-01T08:00:00Z')] });
    const response = await other.client.post('/api/supplement-logs', {
      logs: [entry(mine, '2025-06-01T09:00:00Z', { taken: false }), entry(theirs, '2025-06-01T09:00:00Z')],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: SUPPLEMENT_MESSAGES.notFound,
      details: [{ field: 'logs.1.supplementId', message: SUPPLEMENT_MESSAGES.notFound }],
    });
    // The day of `other` still has its earlier log; the owner has none.
    expect((await dayOf(other.client, '2025-06-01')).supplements).toHaveLength(1);
    expect((await dayOf(owner.client, '2025-06-01')).supplements).toHaveLength(0);
    const unknown = await other.client.post('/api/supplement-logs', { logs: [entry(crypto.randomUUID(), '2025-06-01T09:00:00Z')] });
    expect(unknown.statusCode).toBe(404);
  });

  it("never shows another user's day", async () => {
    const owner = await userIn('UTC');
    const other = await userIn('UTC');
    const id = await addSupplement(owner.client);
    await owner.client.post('/api/supplement-logs', { logs: [entry(id, '2025-06-01T08:00:00Z')] });
    await owner.client.post('/api/effects', { date: '2025-06-01', energy: 4, mood: 4, sleep: 4 });
    const day = await dayOf(other.client, '2025-06-01');
    expect(day).toMatchObject({ supplements: [], qualitativeLogs: [], effects: null });
    expect((await other.client.get('/api/supplement-logs/days?month=2025-06')).json().days).toEqual([]);
  });

  it.each([
    [{ logs: 'x' }, 'logs'],
    [{}, 'logs'],
    [{ logs: [{ supplementId: 'nope', takenAt: '2025-06-01T08:00:00Z' }] }, 'logs.0.supplementId'],
    [{ logs: [{ supplementId: crypto.randomUUID(), takenAt: 'yesterday' }] }, 'logs.0.takenAt'],
    [{ logs: [{ supplementId: crypto.randomUUID(), takenAt: '2025-06-01 08:00' }] }, 'logs.0.takenAt'],
    [{ logs: [{ supplementId: crypto.randomUUID(), takenAt: 12345 }] }, 'logs.0.takenAt'],
    [{ logs: [{ supplementId: crypto.randomUUID(), takenAt: '2025-06-01T08:00:00Z', userId: crypto.randomUUID() }] }, 'logs.0.userId'],
    [{ logs: [{ supplementId: crypto.randomUUID(), takenAt: '2025-06-01T08:00:00Z', taken: 'yes' }] }, 'logs.0.taken'],
    [{ logs: [{ supplementId: crypto.randomUUID(), takenAt: '2025-06-01T08:00:00Z', extra: 1 }] }, 'logs.0'],
    [{ logs: Array.from({ length: 101 }, () => ({ supplementId: crypto.randomUUID(), takenAt: '2025-06-01T08:00:00Z' })) }, 'logs'],
  ])('refuses %j naming %s', async (body, field) => {
    const { client } = await userIn('UTC');
    const response = await client.post('/api/supplement-logs', body);
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.map((d: { field: string }) => d.field);
    expect(fields.some((f: string) => f === field || f.startsWith(`${field}.`))).toBe(true);
  });

  it('refuses logs from the future or before 2000, saving nothing', async () => {
    const { client } = await userIn('UTC');
    const id = await addSupplement(client);
    const future = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const response = await client.post('/api/supplement-logs', { logs: [entry(id, '2025-06-01T08:00:00Z'), entry(id, future)] });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'logs.1.takenAt', message: LOG_MESSAGES.takenAtFuture }]);
    expect((await client.post('/api/supplement-logs', { logs: [entry(id, '1999-12-31T08:00:00Z')] })).json().details[0].field).toBe(
      'logs.0.takenAt',
    );
    expect((await dayOf(client, '2025-06-01')).supplements).toEqual([]);
  });

  it('answers 403 TRIAL_EXPIRED for new logs after a free trial ended, keeping the data readable', async () => {
    const { client, user } = await userIn('UTC');
    const id = await addSupplement(client);
    await client.post('/api/supplement-logs', { logs: [entry(id, '2025-06-01T08:00:00Z')] });
    await t.database.db.update(users).set({ trialEndsAt: new Date(Date.now() - 1000) }).where(eq(users.id, user.id));
    const response = await client.post('/api/supplement-logs', { logs: [entry(id, '2025-06-02T08:00:00Z')] });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'TRIAL_EXPIRED', message: MESSAGES.trialExpired });
    expect((await client.post('/api/effects', { energy: 3, mood: 3, sleep: 3 })).statusCode).toBe(403);
    expect((await dayOf(client, '2025-06-01')).supplements).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/supplement-logs', { logs: [] })).statusCode).toBe(401);
    expect((await anonymous.get('/api/supplement-logs/2025-06-01')).statusCode).toBe(401);
  });
});

describe('local days', () => {
  it.each([
    // Los Angeles: PST (-8) before 2025-03-09 02:00, PDT (-7) after.
    ['America/Los_Angeles', '2025-03-09T07:59:00Z', '2025-03-08'],
    ['America/Los_Angeles', '2025-03-09T08:00:00Z', '2025-03-09'],
    ['America/Los_Angeles', '2025-03-10T06:59:00Z', '2025-03-09'],
    ['America/Los_Angeles', '2025-03-10T07:00:00Z', '2025-03-10'],
    ['America/Los_Angeles', '2025-11-02T07:30:00Z', '2025-11-02'],
    ['America/Los_Angeles', '2025-11-03T07:59:00Z', '2025-11-02'],
    ['America/Los_Angeles', '2025-11-03T08:00:00Z', '2025-11-03'],
    // Auckland: NZDT (+13) until 2025-04-06 03:00, NZST (+12) after; NZDT again from 2025-09-28.
    ['Pacific/Auckland', '2025-04-05T10:59:00Z', '2025-04-05'],
    ['Pacific/Auckland', '2025-04-05T11:00:00Z', '2025-04-06'],
    ['Pacific/Auckland', '2025-04-06T11:59:00Z', '2025-04-06'],
    ['Pacific/Auckland', '2025-04-06T12:00:00Z', '2025-04-07'],
    ['Pacific/Auckland', '2025-09-27T11:59:00Z', '2025-09-27'],
    ['Pacific/Auckland', '2025-09-28T10:59:00Z', '2025-09-28'],
    ['Pacific/Auckland', '2025-09-28T11:00:00Z', '2025-09-29'],
    // Kolkata: +05:30 all year.
    ['Asia/Kolkata', '2025-06-01T18:29:00Z', '2025-06-01'],
    ['Asia/Kolkata', '2025-06-01T18:30:00Z', '2025-06-02'],
    ['Asia/Kolkata', '2025-06-01T23:59:00+05:30', '2025-06-01'],
    ['Asia/Kolkata', '2025-06-02T00:00:00+05:30', '2025-06-02'],
  ])('in %s, %s is logged on %s', async (timeZone, takenAt, date) => {
    const { client } = await userIn(timeZone);
    const id = await addSupplement(client);
    expect((await client.post('/api/supplement-logs', { logs: [entry(id, takenAt)] })).statusCode).toBe(200);
    const day = await dayOf(client, date);
    expect(day.supplements).toHaveLength(1);
    expect(new Date(day.supplements[0].takenAt).getTime()).toBe(new Date(takenAt).getTime());
    const neighbours = await Promise.all([-1, 1].map((delta) => {
      const d = new Date(`${date}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + delta);
      return dayOf(client, d.toISOString().slice(0, 10));
    }));
    expect(neighbours.every((n) => n.supplements.length === 0)).toBe(true);
  });

  it('splits one request over the local days it names and edits each', async () => {
    const { client } = await userIn('Pacific/Auckland');
    const id = await addSupplement(client);
    // 23:30 and 00:30 Auckland time (NZST, +12) on either side of midnight.
    await client.post('/api/supplement-logs', { logs: [entry(id, '2025-06-01T11:30:00Z'), entry(id, '2025-06-01T12:30:00Z')] });
    expect((await dayOf(client, '2025-06-01')).supplements).toHaveLength(1);
    expect((await dayOf(client, '2025-06-02')).supplements).toHaveLength(1);
    const rows = await t.database.db.select().from(supplementLogs).where(sql`supplement_id = ${id}`);
    expect(rows.map((r) => r.localDate).sort()).toEqual(['2025-06-01', '2025-06-02']);
  });

  it('lists the days of a month that have logs, notes or effects', async () => {
    const { client } = await userIn('America/Los_Angeles');
    const id = await addSupplement(client);
    await client.post('/api/supplement-logs', { logs: [entry(id, '2025-03-01T08:00:00Z'), entry(id, '2025-04-01T06:59:00Z')] });
    await client.post('/api/effects', { date: '2025-03-15', energy: 2, mood: 3, sleep: 4 });
    const response = await client.get('/api/supplement-logs/days?month=2025-03');
    expect(response.json()).toEqual({
      month: '2025-03',
      days: [
        { date: '2025-03-01', supplementCount: 1, hasNotes: false, hasSummary: false, hasEffects: false },
        { date: '2025-03-15', supplementCount: 0, hasNotes: true, hasSummary: false, hasEffects: true },
        { date: '2025-03-31', supplementCount: 1, hasNotes: false, hasSummary: false, hasEffects: false },
      ],
    });
    // 0000-01: the API fuzz test's find, once a 500 from the database.
    for (const month of ['2025-13', '2025-3', 'march', '', '0000-01', '0999-12']) {
      const bad = await client.get(`/api/supplement-logs/days?month=${month}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe('month');
    }
  });

  it.each(['2025-02-30', '2025-1-01', 'today', '20250101', '2025-06-01T00:00'])('refuses the day %s with 400', async (date) => {
    const { client } = await userIn('UTC');
    const response = await client.get(`/api/supplement-logs/${date}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('date');
  });
});

describe('effects', () => {
  it("records one rating per local day; saving again replaces it; it shows in the day's notes", async () => {
    const { client } = await userIn('UTC');
    const first = await client.post('/api/effects', { date: '2025-06-01', energy: 2, mood: 3, sleep: 4, note: 'tired' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ date: '2025-06-01', energy: 2, mood: 3, sleep: 4, note: 'tired' });
    const second = await client.post('/api/effects', { date: '2025-06-01', energy: 5, mood: 5, sleep: 5 });
    expect(second.json()).toMatchObject({ id: first.json().id, energy: 5, note: null });
    const day = await dayOf(client, '2025-06-01');
    expect(day.effects).toMatchObject({ id: first.json().id, energy: 5, mood: 5, sleep: 5, note: null });
    expect(day.qualitativeLogs).toEqual([
      { id: first.json().id, type: 'other', content: 'Energy 5/5, mood 5/5, sleep 5/5.', summary: null, loggedAt: expect.any(String), ratings: { energy: 5, mood: 5, sleep: 5 } },
    ]);
  });

  it("defaults to the user's today", async () => {
    const { client } = await userIn('Pacific/Kiritimati');
    const saved = (await client.post('/api/effects', { energy: 3, mood: 3, sleep: 3 })).json();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
    expect(saved.date).toBe(today);
  });

  it.each([
    [{ energy: 0, mood: 3, sleep: 3 }, 'energy'],
    [{ energy: 6, mood: 3, sleep: 3 }, 'energy'],
    [{ energy: 3, mood: -1, sleep: 3 }, 'mood'],
    [{ energy: 3, mood: 2.5, sleep: 3 }, 'mood'],
    [{ energy: 3, mood: 3, sleep: '4' }, 'sleep'],
    [{ energy: 3, mood: 3 }, 'sleep'],
    [{ energy: 3, mood: 3, sleep: 3, note: 'x'.repeat(1001) }, 'note'],
    [{ energy: 3, mood: 3, sleep: 3, date: '2025-02-30' }, 'date'],
    [{ energy: 3, mood: 3, sleep: 3, date: '2999-01-01' }, 'date'],
  ])('refuses %j naming %s', async (body, field) => {
    const { client } = await userIn('UTC');
    const response = await client.post('/api/effects', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe(field);
  });
});

describe('intake warnings of a day', () => {
  it('sums what was logged that day, with frequency', async () => {
    const { client } = await userIn('UTC');
    const zinc = await addSupplement(client, 'Zinc', '50 mg', '2x daily');
    const other = await addSupplement(client, 'Zinc', '50 mg', '1x weekly');
    await client.post('/api/supplement-logs', { logs: [entry(zinc, '2025-06-01T08:00:00Z'), entry(other, '2025-06-02T08:00:00Z')] });
    const day = await dayOf(client, '2025-06-01');
    expect(day.warnings).toEqual([
      expect.objectContaining({ nutrient: 'zinc', total: 100, unit: 'mg', limit: 40, supplements: ['Zinc'] }),
    ]);
    expect((await dayOf(client, '2025-06-02')).warnings).toEqual([]);
  });

  it("counts a logged supplement's scheduled doses that day, not its typed frequency", async () => {
    const { client } = await userIn('UTC');
    // 2 capsules of 15 mg, morning and evening, every other day: 60 mg on the day it is taken.
    const created = await client.post('/api/supplements', {
      name: 'Zinc', dosage: '2 capsules', frequency: '1x daily', strength: '15 mg',
      schedule: { times: ['morning', 'evening'], days: { every: 'days', interval: 2 }, startDate: '2025-06-01' },
    });
    await client.post('/api/supplement-logs', { logs: [entry(created.json().id, '2025-06-01T08:00:00Z')] });
    expect((await dayOf(client, '2025-06-01')).warnings).toMatchObject([{ nutrient: 'zinc', total: 60, limit: 40 }]);
  });
});

describe('one tap in Today', () => {
  const localToday = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

  it("marks one supplement on the user's today, keeps the rest of the day, and undoes", async () => {
    const zone = 'Pacific/Kiritimati'; // UTC+14: its today is often not the server's
    const { client } = await userIn(zone);
    const today = localToday(zone);
    const magnesium = await addSupplement(client);
    const fishOil = await addSupplement(client, 'Fish Oil', '2 capsules');
    const saved = await client.post('/api/supplement-logs', { logs: [entry(magnesium, new Date(Date.now() - 60_000).toISOString())] });
    expect(saved.statusCode).toBe(200);

    const marked = await client.put(`/api/supplement-logs/today/${fishOil}`, { taken: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ date: today, taken: true, takenAt: expect.any(String) });
    let day = await dayOf(client, today);
    expect(day.supplements.map((s: { name: string; dosage: string }) => `${s.name} ${s.dosage}`).sort()).toEqual(['Fish Oil 2 capsules', 'Magnesium 200 mg']);

    // A second tap keeps the first time, and one row.
    const again = await client.put(`/api/supplement-logs/today/${fishOil}`, { taken: true });
    expect(again.json().takenAt).toBe(marked.json().takenAt);
    expect((await dayOf(client, today)).supplements).toHaveLength(2);

    const undone = await client.put(`/api/supplement-logs/today/${fishOil}`, { taken: false });
    expect(undone.json()).toEqual({ date: today, taken: false, takenAt: null });
    day = await dayOf(client, today);
    expect(day.supplements.map((s: { name: string }) => s.name)).toEqual(['Magnesium']);
    expect((await client.get('/api/supplements/streak')).json().loggedToday).toBe(true);
  });

  it("refuses someone else's supplement with 404 and changes nothing", async () => {
    const owner = await userIn('UTC');
    const other = await userIn('UTC');
    const id = await addSupplement(owner.client);
    const response = await other.client.put(`/api/supplement-logs/today/${id}`, { taken: true });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: SUPPLEMENT_MESSAGES.notFound });
    expect((await dayOf(owner.client, localToday('UTC'))).supplements).toEqual([]);
    expect((await dayOf(other.client, localToday('UTC'))).supplements).toEqual([]);
    expect((await other.client.put(`/api/supplement-logs/today/not-a-uuid`, { taken: true })).statusCode).toBe(400);
    expect((await owner.client.put(`/api/supplement-logs/today/${id}`, { taken: 'yes' })).statusCode).toBe(400);
    expect((await new TestClient(t.app).put(`/api/supplement-logs/today/${id}`, { taken: true })).statusCode).toBe(401);
  });

  it('after the trial answers TRIAL_EXPIRED and logs nothing', async () => {
    const { client, user } = await userIn('UTC');
    const id = await addSupplement(client);
    await t.database.db.update(users).set({ trialEndsAt: new Date(Date.now() - 1000) }).where(eq(users.id, user.id));
    const response = await client.put(`/api/supplement-logs/today/${id}`, { taken: true });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'TRIAL_EXPIRED', message: MESSAGES.trialExpired });
  });

  it("counts a day's capsules by their strength in the day's warnings", async () => {
    const { client } = await userIn('UTC');
    const created = await client.post('/api/supplements', { name: 'Vitamin D3 (Cholecalciferol)', dosage: '3 softgels', frequency: '1x daily', strength: '2000 IU' });
    const { id } = created.json();
    await client.put(`/api/supplement-logs/today/${id}`, { taken: true });
    const day = await dayOf(client, localToday('UTC'));
    expect(day.supplements[0].dosage).toBe('3 softgels');
    expect(day.warnings).toMatchObject([{ nutrient: 'vitamin-d', total: 150, unit: 'mcg', dismissed: false }]);
  });
});
