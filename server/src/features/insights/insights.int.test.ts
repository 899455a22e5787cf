import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#contract/dates.ts';
import { BIOMARKER_INSIGHT_TEXTS, INSIGHT_TEXTS, type Insight, type InsightsResponse } from '#contract/insights.ts';
import { healthMeasurements, qualitativeLogs, supplementLogs, users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIRST_DAY = '2026-03-01';

async function addSupplement(client: TestClient, name: string): Promise<string> {
  const response = await client.post('/api/supplements', { name, dosage: '200 mg', frequency: '1x daily' });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
}

async function logTaken(userId: string, supplementId: string, name: string, days: string[], dosageAmount = 200): Promise<void> {
  if (days.length === 0) return;
  await t.database.db.insert(supplementLogs).values(
    days.map((day) => ({
      userId,
      supplementId,
      localDate: day,
      takenAt: new Date(`${day}T08:00:00Z`),
      name,
      dosageAmount,
      dosageUnit: 'mg' as const,
      frequencyCount: 1,
      frequencyUnit: 'daily' as const,
    })),
  );
}

/**
 * `days` days of ratings with magnesium on every other day: sleep is 2 points higher on those
 * days, energy and mood follow a pattern that is balanced between on and off days.
 */
async function seedMagnesiumDays(client: TestClient, userId: string, days: number): Promise<{ magnesiumId: string }> {
  const magnesiumId = await addSupplement(client, 'Magnesium');
  const all = Array.from({ length: days }, (_, i) => addDays(FIRST_DAY, i));
  await logTaken(userId, magnesiumId, 'Magnesium', all.filter((_, i) => i % 2 === 0));
  await t.database.db.insert(qualitativeLogs).values(
    all.map((day, i) => ({
      userId,
      type: 'other' as const,
      localDate: day,
      content: '',
      energy: i % 4 < 2 ? 6 : 7,
      mood: i % 4 < 2 ? 7 : 5,
      sleep: (i % 2 === 0 ? 7 : 5) + (i % 4 < 2 ? 1 : 0),
    })),
  );
  return { magnesiumId };
}

async function insightsOf(client: TestClient): Promise<InsightsResponse> {
  const response = await client.get('/api/insights');
  expect(response.statusCode).toBe(200);
  return response.json() as InsightsResponse;
}

function find(body: InsightsResponse, name: string, rating: Insight['rating']): Insight {
  const insight = body.insights.find((i) => i.comparison === 'on_off' && i.supplementName === name && i.rating === rating);
  expect(insight, `${name} ${rating}`).toBeDefined();
  return insight!;
}

const dayOf = (i: number) => addDays(FIRST_DAY, i);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => dayOf(from + i));

async function addResult(client: TestClient, day: number, value: number): Promise<void> {
  const response = await client.post('/api/labs/results', { biomarker: 'vitamin-d-25oh', value, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, testDate: dayOf(day) });
  expect(response.statusCode).toBe(201);
}

/**
 * Vitamin D3 from day 10 (dose doubled on day 70), magnesium from day 40, zinc stopped after
 * day 30; 25-OH vitamin D tested on days 5, 60 and 120.
 */
async function seedVitaminD(client: TestClient, userId: string): Promise<void> {
  const d3 = await addSupplement(client, 'Vitamin D3');
  await logTaken(userId, d3, 'Vitamin D3', range(10, 69));
  await logTaken(userId, d3, 'Vitamin D3', range(70, 130), 400);
  const magnesium = await addSupplement(client, 'Magnesium');
  await logTaken(userId, magnesium, 'Magnesium', range(40, 130));
  const zinc = await addSupplement(client, 'Zinc');
  await logTaken(userId, zinc, 'Zinc', range(0, 30));
  await addResult(client, 5, 20);
  await addResult(client, 60, 34);
  await addResult(client, 120, 48);
}

describe('insights', () => {
  it('finds higher sleep on magnesium days over 60 days, names what else changed, and corrects for every comparison', async () => {
    const { client, user } = await signedInClient(t);
    await seedMagnesiumDays(client, user.id, 60);
    // Zinc started halfway through: it could explain a change too, and must be named.
    const zincId = await addSupplement(client, 'Zinc');
    await logTaken(user.id, zincId, 'Zinc', Array.from({ length: 30 }, (_, i) => addDays(FIRST_DAY, 30 + i)));

    const body = await insightsOf(client);
    expect(body.access).toBe('full');
    expect(body.lagDays).toBe(0);
    // On/off for both supplements, and before against after zinc's start (magnesium's has no days before it).
    expect(body.comparisons).toBe(9);
    expect(body.insights).toHaveLength(12);

    const sleep = find(body, 'Magnesium', 'sleep');
    expect(sleep).toMatchObject({ status: 'finding', daysOn: 30, daysOff: 30, association: 'association, not proof' });
    expect(sleep.difference).toBeCloseTo(2, 6);
    expect(sleep.low!).toBeGreaterThan(1);
    expect(sleep.high!).toBeLessThan(3);
    expect(sleep.adjustedP!).toBeLessThan(0.05);
    expect(sleep.adjustedP!).toBeGreaterThanOrEqual(sleep.p!);
    expect(sleep.confounders).toEqual([{ name: 'Zinc', change: 'started', on: addDays(FIRST_DAY, 30) }]);

    for (const rating of ['energy', 'mood'] as const) {
      const none = find(body, 'Magnesium', rating);
      expect(none.status).toBe('no_clear_difference');
      expect(none.difference).toBeCloseTo(0, 6);
    }
    expect(body.insights.every((i) => i.association === INSIGHT_TEXTS.association && i.otherCauses === INSIGHT_TEXTS.otherCauses)).toBe(true);

    const zincSleep = body.insights.find((i) => i.comparison === 'before_after' && i.supplementName === 'Zinc' && i.rating === 'sleep')!;
    expect(zincSleep).toMatchObject({
      status: 'no_clear_difference',
      startedOn: addDays(FIRST_DAY, 30),
      daysOff: 30,
      daysOn: 30,
      confounders: [{ name: 'Magnesium', change: 'started', on: FIRST_DAY }],
      historyPath: `/supplement-history?date=${addDays(FIRST_DAY, 30)}`,
    });
    expect(Math.abs(zincSleep.difference!)).toBeLessThan(0.1);
    const magnesiumBefore = body.insights.filter((i) => i.comparison === 'before_after' && i.supplementName === 'Magnesium');
    expect(magnesiumBefore.map((i) => [i.status, i.daysOff, i.daysOn])).toEqual(Array(3).fill(['not_enough_data', 0, 60]));
  });

  it('shows no finding after 10 days, only what is missing', async () => {
    const { client, user } = await signedInClient(t);
    await seedMagnesiumDays(client, user.id, 10);
    const body = await insightsOf(client);
    expect(body.comparisons).toBe(0);
    expect(body.insights).toHaveLength(6);
    for (const insight of body.insights.filter((i) => i.comparison === 'on_off')) {
      expect(insight).toMatchObject({ status: 'not_enough_data', daysOn: 5, daysOff: 5, difference: null, low: null, high: null, adjustedP: null });
    }
    for (const insight of body.insights.filter((i) => i.comparison === 'before_after')) {
      expect(insight).toMatchObject({ status: 'not_enough_data', daysOn: 10, daysOff: 0, difference: null, adjustedP: null });
    }
  });

  it('pairs vitamin D results around the start of D3, and names magnesium and zinc that changed in between', async () => {
    const { client, user } = await signedInClient(t);
    await seedVitaminD(client, user.id);
    const { biomarkers } = await insightsOf(client);
    expect(biomarkers).toMatchObject({ afterMinimumDays: 28, beforeMaximumDays: 180, hiddenCount: 0, upgradeHint: null });
    const around = (name: string, change: string) => biomarkers.insights.find((i) => i.change.name === name && i.change.change === change);

    expect(around('Vitamin D3', 'started')).toMatchObject({
      biomarkerKey: 'vitamin-d-25oh',
      unit: 'ng/mL',
      change: { on: dayOf(10), fromDose: null, toDose: null },
      before: { value: 20, date: dayOf(5) },
      after: { value: 34, date: dayOf(60) },
      difference: 14,
      shareOfRange: 0.2,
      daysBetween: 55,
      confounders: [
        { name: 'Zinc', change: 'stopped', on: dayOf(31), fromDose: null, toDose: null },
        { name: 'Magnesium', change: 'started', on: dayOf(40), fromDose: null, toDose: null },
      ],
      association: INSIGHT_TEXTS.association,
      labsPath: '/labs?biomarkers=vitamin-d-25oh',
    });
    expect(around('Vitamin D3', 'dose_changed')).toMatchObject({
      change: { on: dayOf(70), fromDose: '200 mg 1x daily', toDose: '400 mg 1x daily' },
      before: { value: 34 },
      after: { value: 48 },
      confounders: [],
    });
    expect(around('Zinc', 'stopped')).toMatchObject({ before: { date: dayOf(5) }, after: { date: dayOf(60) } });
    expect(around('Magnesium', 'started')).toMatchObject({ before: { date: dayOf(5) }, after: { date: dayOf(120) }, daysBetween: 115 });
    expect(biomarkers.insights).toHaveLength(4);
  });

  it('leaves out a vitamin D result printed as a limit ("> 150"): the dose change pairs the exact results around it', async () => {
    const { client, user } = await signedInClient(t);
    await seedVitaminD(client, user.id);
    const response = await client.post('/api/labs/results', { biomarker: 'vitamin-d-25oh', value: 150, comparator: '>', unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, testDate: dayOf(62) });
    expect(response.statusCode, response.body).toBe(201);
    const { biomarkers } = await insightsOf(client);
    const doseChange = biomarkers.insights.find((i) => i.change.change === 'dose_changed');
    expect(doseChange).toMatchObject({ before: { value: 34, date: dayOf(60) }, after: { value: 48, date: dayOf(120) }, difference: 14 });
    expect(biomarkers.insights.flatMap((i) => [i.before.value, i.after.value])).not.toContain(150);
    expect(biomarkers.insights).toHaveLength(4);
  });

  it('compares imported steps, read per day from the writer that counted most, on magnesium days and off', async () => {
    const { client, user } = await signedInClient(t);
    await seedMagnesiumDays(client, user.id, 40);
    // A watch and a phone both count steps: the larger count is the day's (decision 031), 2000 more on magnesium days.
    const rows = Array.from({ length: 40 }, (_, i) => addDays(FIRST_DAY, i)).flatMap((day, i) =>
      [
        { origin: 'Watch', value: (i % 2 === 0 ? 10_000 : 8000) + (i % 4 < 2 ? 300 : 0) },
        { origin: 'Phone', value: 1000 },
      ].map(({ origin, value }) => ({
        userId: user.id,
        source: 'apple-health' as const,
        origin,
        kind: 'steps' as const,
        startAt: new Date(`${day}T10:00:00Z`),
        endAt: new Date(`${day}T11:00:00Z`),
        day,
        value,
        unit: 'steps',
        dedupeKey: `${origin}-${day}`,
      })),
    );
    await t.database.db.insert(healthMeasurements).values(rows);
    const body = await insightsOf(client);
    expect(body.insights.filter((i) => i.comparison === 'on_off').map((i) => i.rating)).toEqual(['energy', 'mood', 'sleep', 'steps']);
    expect(body.comparisons).toBe(4);
    const steps = find(body, 'Magnesium', 'steps');
    expect(steps).toMatchObject({ status: 'finding', daysOn: 20, daysOff: 20 });
    expect(steps.difference).toBeCloseTo(2000, 6);
  });

  it("never shows one user's labs or changes to another", async () => {
    const owner = await signedInClient(t);
    await seedVitaminD(owner.client, owner.user.id);
    const other = await signedInClient(t);
    await addSupplement(other.client, 'Vitamin D3');
    expect((await insightsOf(other.client)).biomarkers.insights).toEqual([]);
  });

  it("never shows one user's days to another", async () => {
    const owner = await signedInClient(t);
    await seedMagnesiumDays(owner.client, owner.user.id, 60);
    const other = await signedInClient(t);
    expect((await insightsOf(other.client)).insights).toEqual([]);
    await addSupplement(other.client, 'Magnesium');
    const body = await insightsOf(other.client);
    expect(body.insights.map((i) => [i.status, i.daysOn, i.daysOff])).toEqual([
      ['not_enough_data', 0, 0],
      ['not_enough_data', 0, 0],
      ['not_enough_data', 0, 0],
    ]);
  });

  it('gives a free user whose trial is over one insight and the way to the rest, and Pro all of them', async () => {
    const { client, user } = await signedInClient(t);
    await seedMagnesiumDays(client, user.id, 60);
    await t.database.db.update(users).set({ trialEndsAt: new Date('2020-01-01T00:00:00Z') }).where(eq(users.id, user.id));

    const preview = await insightsOf(client);
    expect(preview.access).toBe('preview');
    expect(preview.insights).toHaveLength(1);
    expect(preview.insights[0]).toMatchObject({ supplementName: 'Magnesium', rating: 'sleep', status: 'finding' });
    expect(preview.hiddenCount).toBe(5);
    expect(preview.comparisons).toBe(3);
    expect(preview.upgradeHint).toBe(INSIGHT_TEXTS.upgradeHint);
    expect(preview.biomarkers).toMatchObject({ insights: [], hiddenCount: 0, upgradeHint: null });

    await t.database.db.update(users).set({ subscriptionTier: 'pro' }).where(eq(users.id, user.id));
    const full = await insightsOf(client);
    expect(full).toMatchObject({ access: 'full', hiddenCount: 0, upgradeHint: null });
    expect(full.insights).toHaveLength(6);
  });

  it('gives a Starter user the largest biomarker move and the way to the rest', async () => {
    const { client, user } = await signedInClient(t);
    await seedVitaminD(client, user.id);
    await t.database.db.update(users).set({ subscriptionTier: 'starter' }).where(eq(users.id, user.id));
    const { access, biomarkers } = await insightsOf(client);
    expect(access).toBe('preview');
    expect(biomarkers.insights).toHaveLength(1);
    expect(biomarkers).toMatchObject({ hiddenCount: 3, upgradeHint: BIOMARKER_INSIGHT_TEXTS.upgradeHint });
  });

  it('needs a signed-in user', async () => {
    expect((await new TestClient(t.app).get('/api/insights')).statusCode).toBe(401);
  });
});
