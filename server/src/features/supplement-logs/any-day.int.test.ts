import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#contract/errors.ts';
import { addDays, localDateOf } from '#contract/dates.ts';
import { LOG_MESSAGES } from '#contract/supplement-logs-texts.ts';
import { SUPPLEMENT_MESSAGES } from '#contract/supplements-texts.ts';
import { auditLog, users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, newUserBody } from '#server/testing/test-app.ts';

/** product.md, Tracking, "Any day": intake and ratings of past days, filled in, edited and deleted. */

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

async function addSupplement(client: TestClient, name: string, dosage = '200 mg') {
  const response = await client.post('/api/supplements', { name, dosage, frequency: '1x daily' });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().id as string;
}

async function dayOf(client: TestClient, date: string) {
  const response = await client.get(`/api/supplement-logs/${date}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { supplements: { id: string; name: string; takenAt: string }[]; effects: { energy: number } | null };
}

const names = (day: { supplements: { name: string }[] }) => day.supplements.map((s) => s.name);
const todayIn = (timeZone: string) => localDateOf(new Date(), timeZone);

describe('filling in a past day', () => {
  it('logs yesterday in the user\'s zone, at that day\'s noon there, and the streak counts it', async () => {
    const zone = 'America/Los_Angeles';
    const { client } = await userIn(zone);
    const magnesium = await addSupplement(client, 'Magnesium');
    const zinc = await addSupplement(client, 'Zinc', '50 mg');
    const yesterday = addDays(todayIn(zone), -1);

    const response = await client.put(`/api/supplement-logs/${yesterday}`, { logs: [{ supplementId: magnesium }, { supplementId: zinc, taken: false }] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ date: yesterday });
    const day = await dayOf(client, yesterday);
    expect(names(day)).toEqual(['Magnesium']);
    expect(localDateOf(new Date(day.supplements[0]!.takenAt), zone)).toBe(yesterday);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(new Date(day.supplements[0]!.takenAt))).toBe('12');

    // A streak ending yesterday counts; the day before makes it two.
    expect((await client.get('/api/supplement-streak')).json()).toMatchObject({ currentStreak: 1, loggedToday: false, lastLogDate: yesterday });
    await client.put(`/api/supplement-logs/${addDays(yesterday, -1)}`, { logs: [{ supplementId: zinc }] });
    expect((await client.get('/api/supplement-streak')).json()).toMatchObject({ currentStreak: 2 });
  });

  it('edits a past day: supplements switched off go, ones kept keep their time', async () => {
    const { client } = await userIn('UTC');
    const a = await addSupplement(client, 'Magnesium');
    const b = await addSupplement(client, 'Zinc', '50 mg');
    const date = addDays(todayIn('UTC'), -5);
    await client.put(`/api/supplement-logs/${date}`, { logs: [{ supplementId: a }] });
    const first = (await dayOf(client, date)).supplements[0]!;
    const edited = await client.put(`/api/supplement-logs/${date}`, { logs: [{ supplementId: a }, { supplementId: b }] });
    expect(names(edited.json())).toEqual(['Magnesium', 'Zinc']);
    expect(edited.json().supplements.find((s: { name: string }) => s.name === 'Magnesium').takenAt).toBe(first.takenAt);
    await client.put(`/api/supplement-logs/${date}`, { logs: [{ supplementId: a, taken: false }, { supplementId: b }] });
    expect(names(await dayOf(client, date))).toEqual(['Zinc']);
    // The days around it are untouched.
    expect(names(await dayOf(client, addDays(date, 1)))).toEqual([]);
    // A supplement since deleted from the stack stays in the day when the rest of it is edited.
    expect((await client.delete(`/api/supplements/${b}`)).statusCode).toBe(200);
    await client.put(`/api/supplement-logs/${date}`, { logs: [{ supplementId: a }] });
    expect(names(await dayOf(client, date))).toEqual(['Magnesium', 'Zinc']);
  });

  it('never takes a future day, judged in the user\'s time zone', async () => {
    // UTC+14 and UTC-11: one zone's today is always a later date than the other's.
    const ahead = 'Pacific/Kiritimati';
    const behind = 'Pacific/Pago_Pago';
    const early = await userIn(ahead);
    const late = await userIn(behind);
    const earlyId = await addSupplement(early.client, 'Magnesium');
    const lateId = await addSupplement(late.client, 'Magnesium');

    expect((await early.client.put(`/api/supplement-logs/${todayIn(ahead)}`, { logs: [{ supplementId: earlyId }] })).statusCode).toBe(200);
    const refused = await late.client.put(`/api/supplement-logs/${todayIn(ahead)}`, { logs: [{ supplementId: lateId }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'date', message: LOG_MESSAGES.dateFuture }]);
    const rating = await late.client.post('/api/effects', { date: todayIn(ahead), energy: 3, mood: 3, sleep: 3 });
    expect(rating.json().details).toEqual([{ field: 'date', message: LOG_MESSAGES.dateFuture }]);
    expect((await late.client.get('/api/supplement-streak')).json().currentStreak).toBe(0);
  });

  it('refuses any day after today and accepts any day from 2000 on (generated days)', async () => {
    const zone = 'Asia/Kolkata';
    const { client } = await userIn(zone);
    const id = await addSupplement(client, 'Magnesium');
    const today = todayIn(zone);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -9000, max: 400 }), async (offset) => {
        const date = addDays(today, offset);
        const response = await client.put(`/api/supplement-logs/${date}`, { logs: [{ supplementId: id }] });
        if (offset > 0) expect(response.json().details).toEqual([{ field: 'date', message: LOG_MESSAGES.dateFuture }]);
        else if (date < '2000-01-01') expect(response.json().details).toEqual([{ field: 'date', message: LOG_MESSAGES.dateTooOld }]);
        else expect(response.statusCode).toBe(200);
      }),
      { numRuns: 25 },
    );
  });

  it('keeps in the audit log when each change was made and which day it was for', async () => {
    const { client, user } = await userIn('Europe/Berlin');
    const id = await addSupplement(client, 'Magnesium');
    const date = addDays(todayIn('Europe/Berlin'), -3);
    const before = Date.now();
    await client.put(`/api/supplement-logs/${date}`, { logs: [{ supplementId: id }] });
    await client.post('/api/effects', { date, energy: 4, mood: 4, sleep: 2 });
    const entryId = (await dayOf(client, date)).supplements[0]!.id;
    await client.delete(`/api/supplement-logs/entries/${entryId}`);
    await client.delete(`/api/effects/${date}`);

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    const changes = entries.filter((entry) => entry.targetType === 'day').sort((x, y) => x.id - y.id);
    expect(changes.map((entry) => [entry.action, entry.targetId, entry.details])).toEqual([
      ['data.intake_saved', date, { date }],
      ['data.effects_saved', date, { date }],
      ['data.intake_entry_deleted', date, { date }],
      ['data.effects_deleted', date, { date }],
    ]);
    for (const entry of changes) expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('deleting intake and ratings', () => {
  it('deletes one supplement of a day, or the whole day; the streak follows', async () => {
    const { client } = await userIn('UTC');
    const a = await addSupplement(client, 'Magnesium');
    const b = await addSupplement(client, 'Zinc', '50 mg');
    const yesterday = addDays(todayIn('UTC'), -1);
    await client.put(`/api/supplement-logs/${yesterday}`, { logs: [{ supplementId: a }, { supplementId: b }] });
    const [first] = (await dayOf(client, yesterday)).supplements;

    const removed = await client.delete(`/api/supplement-logs/entries/${first!.id}`);
    expect(removed.json()).toEqual({ ok: true, message: LOG_MESSAGES.entryDeleted });
    expect((await dayOf(client, yesterday)).supplements).toHaveLength(1);
    expect((await client.delete(`/api/supplement-logs/entries/${first!.id}`)).statusCode).toBe(404);

    expect((await client.get('/api/supplement-streak')).json().currentStreak).toBe(1);
    expect((await client.delete(`/api/supplement-logs/${yesterday}`)).json()).toEqual({ ok: true, message: LOG_MESSAGES.dayDeleted });
    expect((await dayOf(client, yesterday)).supplements).toEqual([]);
    expect((await client.get('/api/supplement-streak')).json().currentStreak).toBe(0);
  });

  it('rates a past day, changes the rating and deletes it', async () => {
    const { client } = await userIn('UTC');
    const date = addDays(todayIn('UTC'), -2);
    await client.post('/api/effects', { date, energy: 2, mood: 2, sleep: 2 });
    await client.post('/api/effects', { date, energy: 5, mood: 4, sleep: 3 });
    expect((await dayOf(client, date)).effects).toMatchObject({ energy: 5, mood: 4, sleep: 3 });
    expect((await client.delete(`/api/effects/${date}`)).json()).toEqual({ ok: true, message: LOG_MESSAGES.effectsDeleted });
    expect((await dayOf(client, date)).effects).toBeNull();
    const again = await client.delete(`/api/effects/${date}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(LOG_MESSAGES.effectsNotFound);
  });

  it('after the trial, refuses new logs but still lets the user delete theirs', async () => {
    const { client, user } = await userIn('UTC');
    const id = await addSupplement(client, 'Magnesium');
    const yesterday = addDays(todayIn('UTC'), -1);
    await client.put(`/api/supplement-logs/${yesterday}`, { logs: [{ supplementId: id }] });
    await client.post('/api/effects', { date: yesterday, energy: 3, mood: 3, sleep: 3 });
    await t.database.db.update(users).set({ trialEndsAt: new Date(Date.now() - 1000) }).where(eq(users.id, user.id));

    const refused = await client.put(`/api/supplement-logs/${yesterday}`, { logs: [{ supplementId: id }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TRIAL_EXPIRED', message: MESSAGES.trialExpired });
    expect((await client.delete(`/api/effects/${yesterday}`)).statusCode).toBe(200);
    expect((await client.delete(`/api/supplement-logs/${yesterday}`)).statusCode).toBe(200);
    expect((await dayOf(client, yesterday)).supplements).toEqual([]);
  });
});

describe('ownership', () => {
  it("cannot log another user's supplement on a day, and saves nothing of the request", async () => {
    const owner = await userIn('UTC');
    const other = await userIn('UTC');
    const ownerId = await addSupplement(owner.client, 'Magnesium');
    const otherId = await addSupplement(other.client, 'Zinc');
    const yesterday = addDays(todayIn('UTC'), -1);
    const response = await other.client.put(`/api/supplement-logs/${yesterday}`, { logs: [{ supplementId: otherId }, { supplementId: ownerId }] });
    expect(response.statusCode).toBe(404);
    expect(response.json().details).toEqual([{ field: 'logs.1.supplementId', message: SUPPLEMENT_MESSAGES.notFound }]);
    expect((await dayOf(other.client, yesterday)).supplements).toEqual([]);
    expect((await dayOf(owner.client, yesterday)).supplements).toEqual([]);
  });

  it("cannot delete another user's intake entry, day or rating", async () => {
    const owner = await userIn('UTC');
    const other = await userIn('UTC');
    const id = await addSupplement(owner.client, 'Magnesium');
    const yesterday = addDays(todayIn('UTC'), -1);
    await owner.client.put(`/api/supplement-logs/${yesterday}`, { logs: [{ supplementId: id }] });
    await owner.client.post('/api/effects', { date: yesterday, energy: 4, mood: 4, sleep: 4 });
    const entryId = (await dayOf(owner.client, yesterday)).supplements[0]!.id;

    expect((await other.client.delete(`/api/supplement-logs/entries/${entryId}`)).statusCode).toBe(404);
    expect((await other.client.delete(`/api/supplement-logs/${yesterday}`)).statusCode).toBe(200);
    expect((await other.client.delete(`/api/effects/${yesterday}`)).statusCode).toBe(404);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.put(`/api/supplement-logs/${yesterday}`, { logs: [{ supplementId: id }] })).statusCode).toBe(401);
    expect((await anonymous.delete(`/api/supplement-logs/entries/${entryId}`)).statusCode).toBe(401);

    const day = await dayOf(owner.client, yesterday);
    expect(day.supplements.map((s) => s.id)).toEqual([entryId]);
    expect(day.effects).toMatchObject({ energy: 4 });
    const deletedByOther = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, other.user.id), eq(auditLog.action, 'data.intake_entry_deleted')));
    expect(deletedByOther).toEqual([]);
  });
});
