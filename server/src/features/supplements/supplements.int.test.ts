import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES, DOSAGE_MESSAGES, FREQUENCY_MESSAGES, STRENGTH_MESSAGES, SUPPLEMENT_MESSAGES } from '#contract/supplements-texts.ts';
import { SCHEDULE_MESSAGES } from '#contract/schedule.ts';
import { referenceSupplements, supplements } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { REFERENCE_SUPPLEMENTS } from './reference-supplements.data.ts';
import { seedReferenceData } from './reference-supplements.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const magnesium = { name: 'Magnesium Glycinate', dosage: '400 mg', frequency: '1x daily', notes: 'before bed' };

describe('reference supplements', () => {
  it('are seeded once; seeding again inserts nothing and keeps admin edits', async () => {
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(referenceSupplements);
    expect(count!.n).toBe(REFERENCE_SUPPLEMENTS.length);
    await t.database.db.execute(sql`update reference_supplements set description = 'edited' where name = 'Magnesium'`);
    expect(await seedReferenceData(t.database.db)).toEqual({ inserted: 0 });
    const [row] = await t.database.db.select().from(referenceSupplements).where(sql`name = 'Magnesium'`);
    expect(row!.description).toBe('edited');
    expect(row!.nutrient).toBe('magnesium');
    expect(row!.upperLimitAmount).toBe(350);
  });

  it.each([
    ['magnesum', 'Magnesium'],
    ['Magnesium', 'Magnesium'],
    ['vit d', 'Vitamin D3 (Cholecalciferol)'],
    ['d3', 'Vitamin D3 (Cholecalciferol)'],
    ['mag glycinate', 'Magnesium Glycinate'],
    ['  MAG   Glycinate ', 'Magnesium Glycinate'],
    ['glycinate', 'Magnesium Glycinate'],
    ['ashwaganda', 'Ashwagandha'],
  ])('finds %j with %j first', async (q, expected) => {
    const { client } = await signedInClient(t);
    const response = await client.get(`/api/supplements/search?q=${encodeURIComponent(q)}&limit=20`);
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: string; name: string; category: string }[];
    expect(list[0]?.name).toBe(expected);
    expect(new Set(list.map((s) => s.id)).size).toBe(list.length);
    expect(Object.keys(list[0]!).sort()).toEqual(['category', 'id', 'name']);
  });

  it('answers an empty list for empty text, honours the limit and keeps LIKE wildcards literal', async () => {
    const { client } = await signedInClient(t);
    expect((await client.get('/api/supplements/search?q=')).json()).toEqual([]);
    expect((await client.get('/api/supplements/search?q=%20%20')).json()).toEqual([]);
    expect((await client.get('/api/supplements/search?q=vitamin&limit=3')).json()).toHaveLength(3);
    expect((await client.get('/api/supplements/search?q=%25')).json()).toEqual([]);
    expect((await client.get('/api/supplements/search?q=_')).json()).toEqual([]);
    expect((await client.get(`/api/supplements/search?q=${encodeURIComponent("'; drop table users; --")}`)).statusCode).toBe(200);
    for (const limit of ['0', '51', 'abc', '-1', '2.5']) {
      const response = await client.get(`/api/supplements/search?q=zinc&limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toBe('limit');
    }
    expect((await client.get(`/api/supplements/search?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const response = await new TestClient(t.app).get('/api/supplements/search?q=zinc');
    expect(response.statusCode).toBe(401);
  });
});

describe('the stack', () => {
  it('adds, lists, counts, edits and deletes a supplement, answering the text forms', async () => {
    const { client } = await signedInClient(t);
    const created = await client.post('/api/supplements', magnesium);
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({
      name: 'Magnesium Glycinate',
      dosage: '400 mg',
      frequency: '1x daily',
      notes: 'before bed',
      dosageAmount: 400,
      dosageUnit: 'mg',
      frequencyCount: 1,
      frequencyUnit: 'daily',
      category: 'mineral',
    });
    expect(body.referenceSupplementId).toEqual(expect.any(String));
    expect(body).not.toHaveProperty('userId');

    const custom = (await client.post('/api/supplements', { name: '  My Greens Blend ', dosage: '2 G', frequency: '2X Weekly' })).json();
    expect(custom).toMatchObject({ name: 'My Greens Blend', dosage: '2 g', frequency: '2x weekly', notes: null, referenceSupplementId: null, category: null });

    expect((await client.get('/api/supplements')).json().map((s: { id: string }) => s.id)).toEqual([body.id, custom.id]);
    expect((await client.get('/api/supplements/count')).json()).toBe(2);

    const updated = await client.put(`/api/supplements/${body.id}`, { ...magnesium, dosage: '1000 IU', name: 'vit d', notes: '' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'vit d', dosage: '1000 IU', notes: null, category: 'vitamin' });

    const deleted = await client.delete(`/api/supplements/${body.id}`);
    expect(deleted.json()).toEqual({ ok: true, message: 'Supplement deleted successfully' });
    expect((await client.get('/api/supplements/count')).json()).toBe(1);
    expect((await client.delete(`/api/supplements/${body.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's supplement and changes nothing", async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    const { id } = (await owner.client.post('/api/supplements', magnesium)).json();
    const put = await other.client.put(`/api/supplements/${id}`, { ...magnesium, name: 'Hijacked' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ code: 'NOT_FOUND', message: SUPPLEMENT_MESSAGES.notFound });
    expect((await other.client.delete(`/api/supplements/${id}`)).statusCode).toBe(404);
    expect((await other.client.get('/api/supplements')).json()).toEqual([]);
    expect((await other.client.get('/api/supplements/count')).json()).toBe(0);
    const [row] = await t.database.db.select().from(supplements).where(sql`id = ${id}`);
    expect(row!.name).toBe('Magnesium Glycinate');
    expect((await owner.client.put('/api/supplements/not-a-uuid', magnesium)).statusCode).toBe(400);
  });

  it.each([
    [{ name: '' }, 'name', SUPPLEMENT_MESSAGES.nameRequired],
    [{ name: '   ' }, 'name', SUPPLEMENT_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101) }, 'name', SUPPLEMENT_MESSAGES.nameTooLong],
    [{ name: 42 }, 'name', undefined],
    [{ name: undefined }, 'name', undefined],
    [{ dosage: '' }, 'dosage', DOSAGE_MESSAGES.required],
    [{ dosage: '400' }, 'dosage', DOSAGE_MESSAGES.format],
    [{ dosage: '400 oz' }, 'dosage', DOSAGE_MESSAGES.unit],
    [{ dosage: '-50 mg' }, 'dosage', DOSAGE_MESSAGES.positive],
    [{ dosage: '0 mg' }, 'dosage', DOSAGE_MESSAGES.positive],
    [{ dosage: '0.0001 mg' }, 'dosage', DOSAGE_MESSAGES.decimals],
    [{ dosage: '1.2345 capsules' }, 'dosage', DOSAGE_MESSAGES.decimals],
    [{ dosage: '1000001 IU' }, 'dosage', DOSAGE_MESSAGES.max],
    [{ dosage: '2 pills' }, 'dosage', DOSAGE_MESSAGES.unit],
    [{ dosage: '400 mg', strength: '100 mg' }, 'strength', STRENGTH_MESSAGES.massDose],
    [{ dosage: '2 capsules', strength: '1000' }, 'strength', STRENGTH_MESSAGES.format],
    [{ dosage: '2 capsules', strength: '1 capsule' }, 'strength', STRENGTH_MESSAGES.unit],
    [{ dosage: '2 capsules', strength: `1000 mg ${'x'.repeat(61)}` }, 'strength', STRENGTH_MESSAGES.ofTooLong],
    [{ nutrientContent: '56 ml magnesium' }, 'nutrientContent', CONTENT_MESSAGES.unit],
    [{ nutrientContent: '0 mg magnesium' }, 'nutrientContent', DOSAGE_MESSAGES.positive],
    [{ schedule: { times: [], days: { every: 'day' } } }, 'schedule.times', SCHEDULE_MESSAGES.timesRequired],
    [{ schedule: { times: ['dawn'], days: { every: 'day' } } }, 'schedule.times', SCHEDULE_MESSAGES.time],
    [{ schedule: { times: ['24:00'], days: { every: 'day' } } }, 'schedule.times', SCHEDULE_MESSAGES.time],
    [{ schedule: { times: ['morning', 'morning'], days: { every: 'day' } } }, 'schedule.times', SCHEDULE_MESSAGES.timesRepeated],
    [{ schedule: { times: ['morning'], days: { every: 'week', weekdays: [] } } }, 'schedule.days.weekdays', SCHEDULE_MESSAGES.weekdaysRequired],
    [{ schedule: { times: ['morning'], days: { every: 'week', weekdays: [0] } } }, 'schedule.days.weekdays', SCHEDULE_MESSAGES.weekday],
    [{ schedule: { times: ['morning'], days: { every: 'days', interval: 1 } } }, 'schedule.days.interval', SCHEDULE_MESSAGES.interval],
    [{ schedule: { times: ['morning'], days: { every: 'month' } } }, 'schedule.days.every', undefined],
    [{ schedule: { times: ['morning'], days: { every: 'day' }, startDate: '2025-02-30' } }, 'schedule.startDate', SCHEDULE_MESSAGES.startDate],
    [{ schedule: { times: ['morning'], days: { every: 'day' }, startDate: '2025-03-02', endDate: '2025-03-01' } }, 'schedule.endDate', SCHEDULE_MESSAGES.endBeforeStart],
    [{ dosage: 400 }, 'dosage', DOSAGE_MESSAGES.required],
    [{ dosage: '400 mg; drop table supplements' }, 'dosage', undefined],
    [{ frequency: '' }, 'frequency', FREQUENCY_MESSAGES.required],
    [{ frequency: 'daily' }, 'frequency', FREQUENCY_MESSAGES.format],
    [{ frequency: '0x daily' }, 'frequency', FREQUENCY_MESSAGES.count],
    [{ frequency: '15x daily' }, 'frequency', FREQUENCY_MESSAGES.count],
    [{ frequency: '-1x daily' }, 'frequency', FREQUENCY_MESSAGES.format],
    [{ frequency: '1x monthly' }, 'frequency', FREQUENCY_MESSAGES.unit],
    [{ notes: 'x'.repeat(1001) }, 'notes', SUPPLEMENT_MESSAGES.notesTooLong],
    [{ notes: 7 }, 'notes', undefined],
    [{ userId: '00000000-0000-0000-0000-000000000000' }, 'userId', undefined],
  ])('refuses %j naming %s, saving nothing', async (override, field, message) => {
    const { client } = await signedInClient(t);
    const response = await client.post('/api/supplements', { ...magnesium, ...override });
    expect(response.statusCode).toBe(400);
    const detail = response.json().details.find((d: { field: string }) => d.field === field);
    expect(detail).toBeDefined();
    if (message) expect(detail.message).toBe(message);
    expect((await client.get('/api/supplements/count')).json()).toBe(0);
  });

  it('accepts every amount the form offers and stores HTML as plain text', async () => {
    const { client } = await signedInClient(t);
    for (const dosage of ['50 mg', '1000 mg', '50 mcg', '1000 mcg', '50 IU', '2000 IU', '1 g', '10 g']) {
      expect((await client.post('/api/supplements', { ...magnesium, dosage })).statusCode).toBe(200);
    }
    for (const frequency of ['1x hourly', '14x daily', '3x weekly']) {
      expect((await client.post('/api/supplements', { ...magnesium, frequency })).statusCode).toBe(200);
    }
    const html = await client.post('/api/supplements', { ...magnesium, name: '<img src=x onerror=alert(1)>' });
    expect(html.json().name).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('intake warnings on the stack', () => {
  it('sums a nutrient over products and frequencies, converting units and IU', async () => {
    const { client } = await signedInClient(t);
    expect((await client.get('/api/supplements/warnings')).json()).toEqual({ warnings: [], unconverted: [], uncounted: [] });
    // Vitamin D: 2000 IU x2 daily = 100 mcg (at the limit, no warning)
    await client.post('/api/supplements', { name: 'Vitamin D3 (Cholecalciferol)', dosage: '2000 IU', frequency: '2x daily' });
    expect((await client.get('/api/supplements/warnings')).json().warnings).toEqual([]);
    // + D2 50 mcg daily = 150 mcg > 100 mcg
    await client.post('/api/supplements', { name: 'd2', dosage: '50 mcg', frequency: '1x daily' });
    // Magnesium 200 mg daily + 1 g weekly (142.86 mg/day) = 342.86 mg: under 350
    await client.post('/api/supplements', { name: 'Magnesium', dosage: '200 mg', frequency: '1x daily' });
    await client.post('/api/supplements', { name: 'mag citrate', dosage: '1 g', frequency: '1x weekly' });
    // Zinc 50 mg x1 hourly = one 50 mg dose a day > 40 mg
    await client.post('/api/supplements', { name: 'Zinc', dosage: '50 mg', frequency: '1x hourly' });
    const { warnings, unconverted } = (await client.get('/api/supplements/warnings')).json();
    expect(unconverted).toEqual([]);
    expect(warnings.map((w: { nutrient: string }) => w.nutrient)).toEqual(['vitamin-d', 'zinc']);
    expect(warnings[0]).toMatchObject({
      nutrient: 'vitamin-d',
      total: 150,
      unit: 'mcg',
      limit: 100,
      source: expect.stringContaining('NIH'),
      sourceUrl: expect.stringMatching(/^https:\/\//),
      supplements: ['Vitamin D3 (Cholecalciferol)', 'd2'],
    });
    expect(warnings[1]).toMatchObject({ total: 50, unit: 'mg', limit: 40 });

    // One more 50 mg magnesium dose a day crosses 350 mg.
    await client.post('/api/supplements', { name: 'Magnesium', dosage: '50 mg', frequency: '1x daily' });
    const magnesiumWarning = (await client.get('/api/supplements/warnings')).json().warnings.find((w: { nutrient: string }) => w.nutrient === 'magnesium');
    expect(magnesiumWarning).toMatchObject({ total: 392.86, limit: 350, unit: 'mg' });
  });

  it('leaves out IU where the product has no defined conversion', async () => {
    const { client } = await signedInClient(t);
    await client.post('/api/supplements', { name: 'Zinc', dosage: '2000 IU', frequency: '1x daily' });
    expect((await client.get('/api/supplements/warnings')).json()).toEqual({ warnings: [], unconverted: ['Zinc'], uncounted: [] });
  });
});

describe('doses as people take them (decision 029)', () => {
  it('accepts 5000 IU, 25 mcg, fractions and counted forms, and answers the dose as written', async () => {
    const { client } = await signedInClient(t);
    const cases: [string, string, number, string][] = [
      ['5000 IU', '5000 IU', 5000, 'IU'],
      ['25 mcg', '25 mcg', 25, 'mcg'],
      ['0.125 mg', '0.125 mg', 0.125, 'mg'],
      ['2,5 ml', '2.5 ml', 2.5, 'ml'],
      ['1 capsule', '1 capsule', 1, 'capsule'],
      ['2 Capsules', '2 capsules', 2, 'capsule'],
      ['3 drops', '3 drops', 3, 'drop'],
      ['2 gummies', '2 gummies', 2, 'gummy'],
      ['0.5 tablet', '0.5 tablets', 0.5, 'tablet'],
      ['1 scoop', '1 scoop', 1, 'scoop'],
      ['1 serving', '1 serving', 1, 'serving'],
      ['1 softgel', '1 softgel', 1, 'softgel'],
    ];
    for (const [dosage, written, amount, unit] of cases) {
      const response = await client.post('/api/supplements', { name: 'Anything', dosage, frequency: '1x daily' });
      expect(response.statusCode, dosage).toBe(200);
      expect(response.json()).toMatchObject({ dosage: written, dosageAmount: amount, dosageUnit: unit, strength: null, nutrientContent: null, schedule: null });
    }
  });

  it('keeps supplements stored before doses grew, with no strength, content or schedule', async () => {
    const { client, user } = await signedInClient(t);
    await t.database.db.execute(
      sql`insert into supplements (user_id, name, dosage_amount, dosage_unit, frequency_count, frequency_unit) values (${user.id}, 'Zinc', 50, 'mg', 1, 'daily')`,
    );
    const [old] = (await client.get('/api/supplements')).json();
    expect(old).toMatchObject({ name: 'Zinc', dosage: '50 mg', strength: null, nutrientContent: null, schedule: null });
    expect((await client.put(`/api/supplements/${old.id}`, { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' })).statusCode).toBe(200);
    expect((await client.get('/api/supplements/warnings')).json().warnings[0]).toMatchObject({ nutrient: 'zinc', total: 50 });
  });

  it('counts a capsule by its strength, and a salt by its nutrient content, in the warnings', async () => {
    const { client } = await signedInClient(t);
    // 2 softgels of 2000 IU vitamin D3 twice a day = 8000 IU = 200 mcg.
    const d3 = (await client.post('/api/supplements', { name: 'Vitamin D3 (Cholecalciferol)', dosage: '2 softgels', frequency: '2x daily', strength: '2000 IU' })).json();
    expect(d3).toMatchObject({ dosage: '2 softgels', strength: '2000 IU' });
    // 400 mg magnesium glycinate holding 56 mg elemental magnesium, three times a day: 168 mg, under 350.
    const glycinate = await client.post('/api/supplements', {
      name: 'Magnesium Glycinate',
      dosage: '400 mg',
      frequency: '3x daily',
      nutrientContent: '56 mg elemental magnesium',
    });
    expect(glycinate.json().nutrientContent).toBe('56 mg elemental magnesium');
    // Fish oil capsules without a strength: nothing to count, and said so.
    await client.post('/api/supplements', { name: 'Zinc', dosage: '2 capsules', frequency: '1x daily' });
    const result = (await client.get('/api/supplements/warnings')).json();
    expect(result.warnings.map((w: { nutrient: string }) => w.nutrient)).toEqual(['vitamin-d']);
    expect(result.warnings[0]).toMatchObject({ total: 200, unit: 'mcg', dismissed: false });
    expect(result.uncounted).toEqual(['Zinc']);
  });

  it('stores a schedule, starting the course on the user\'s today when no start is given', async () => {
    const { client } = await signedInClient(t);
    const created = await client.post('/api/supplements', {
      name: 'Vitamin D3',
      dosage: '5000 IU',
      frequency: '1x daily',
      schedule: { times: ['bedtime', '07:30', 'morning'], days: { every: 'week', weekdays: [5, 1, 1] }, endDate: '2099-12-31' },
    });
    expect(created.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(created.json().schedule).toEqual({ times: ['07:30', 'morning', 'bedtime'], days: { every: 'week', weekdays: [5, 1] }, startDate: today, endDate: '2099-12-31' });
    // An end before today's start is refused once the start is known.
    const early = await client.put(`/api/supplements/${created.json().id}`, {
      name: 'Vitamin D3', dosage: '5000 IU', frequency: '1x daily', schedule: { times: ['morning'], days: { every: 'day' }, endDate: '2001-01-01' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().details[0]).toEqual({ field: 'schedule.endDate', message: SCHEDULE_MESSAGES.endBeforeStart });
    // A PUT without a schedule removes it.
    const cleared = await client.put(`/api/supplements/${created.json().id}`, { name: 'Vitamin D3', dosage: '5000 IU', frequency: '1x daily' });
    expect(cleared.json().schedule).toBeNull();
  });
});

describe('putting a warning away', () => {
  const zinc = { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' };
  const warningsOf = async (client: TestClient) => (await client.get('/api/supplements/warnings')).json().warnings as { nutrient: string; dismissed: boolean }[];

  it('keeps it away while the doses stay, and brings it back when a dose changes', async () => {
    const { client } = await signedInClient(t);
    const { id } = (await client.post('/api/supplements', zinc)).json();
    expect(await warningsOf(client)).toMatchObject([{ nutrient: 'zinc', dismissed: false }]);

    const dismissed = await client.post('/api/supplements/warnings/zinc/dismiss');
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().warnings).toMatchObject([{ nutrient: 'zinc', dismissed: true }]);
    expect(await warningsOf(client)).toMatchObject([{ nutrient: 'zinc', dismissed: true }]);
    // Saving the same dose again (say, new notes) keeps it away.
    await client.put(`/api/supplements/${id}`, { ...zinc, notes: 'with lunch' });
    expect(await warningsOf(client)).toMatchObject([{ nutrient: 'zinc', dismissed: true }]);

    await client.put(`/api/supplements/${id}`, { ...zinc, dosage: '60 mg' });
    expect(await warningsOf(client)).toMatchObject([{ nutrient: 'zinc', dismissed: false }]);
    await client.post('/api/supplements/warnings/zinc/dismiss');
    // Another supplement adding to the same nutrient changes the total: back again.
    await client.post('/api/supplements', { ...zinc, name: 'zinc picolinate', dosage: '10 mg' });
    expect(await warningsOf(client)).toMatchObject([{ nutrient: 'zinc', dismissed: false }]);
  });

  it('keeps it away with schedules until the doses a day change, and says the day\'s total', async () => {
    const { client } = await signedInClient(t);
    // 30 mg twice a day by the schedule: 60 mg, whatever the typed frequency says.
    const twice = { ...zinc, dosage: '30 mg', schedule: { times: ['morning', 'evening'], days: { every: 'day' } } };
    const { id } = (await client.post('/api/supplements', twice)).json();
    expect((await client.get('/api/supplements/warnings')).json().warnings).toMatchObject([{ nutrient: 'zinc', total: 60, dismissed: false }]);
    await client.post('/api/supplements/warnings/zinc/dismiss');
    // Other times of day, the same count: still away.
    await client.put(`/api/supplements/${id}`, { ...twice, schedule: { times: ['midday', 'bedtime'], days: { every: 'day' } } });
    expect(await warningsOf(client)).toMatchObject([{ nutrient: 'zinc', dismissed: true }]);
    // A third dose a day: back, at 90 mg.
    await client.put(`/api/supplements/${id}`, { ...twice, schedule: { times: ['morning', 'midday', 'bedtime'], days: { every: 'day' } } });
    expect((await client.get('/api/supplements/warnings')).json().warnings).toMatchObject([{ nutrient: 'zinc', total: 90, dismissed: false }]);
    // Every other day, one dose: 30 mg on its day, no warning at all.
    await client.put(`/api/supplements/${id}`, { ...twice, schedule: { times: ['morning'], days: { every: 'days', interval: 2 } } });
    expect(await warningsOf(client)).toEqual([]);
  });

  it("is the user's own: no warning, or another user's, answers 404 and changes nothing", async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    await owner.client.post('/api/supplements', zinc);
    const foreign = await other.client.post('/api/supplements/warnings/zinc/dismiss');
    expect(foreign.statusCode).toBe(404);
    expect(await warningsOf(owner.client)).toMatchObject([{ nutrient: 'zinc', dismissed: false }]);
    expect((await owner.client.post('/api/supplements/warnings/vitamin-d/dismiss')).statusCode).toBe(404);
    expect((await owner.client.post('/api/supplements/warnings/DROP%20TABLE/dismiss')).statusCode).toBe(400);
    expect((await new TestClient(t.app).post('/api/supplements/warnings/zinc/dismiss')).statusCode).toBe(401);
  });
});
