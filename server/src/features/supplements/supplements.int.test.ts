import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOSAGE_MESSAGES, FREQUENCY_MESSAGES, SUPPLEMENT_MESSAGES } from '#contract/tracking.ts';
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
    [{ dosage: '-50 mg' }, 'dosage', DOSAGE_MESSAGES.format],
    [{ dosage: '0 mg' }, 'dosage', DOSAGE_MESSAGES.mgMcg],
    [{ dosage: '75 mg' }, 'dosage', DOSAGE_MESSAGES.mgMcg],
    [{ dosage: '1050 mcg' }, 'dosage', DOSAGE_MESSAGES.mgMcg],
    [{ dosage: '2050 IU' }, 'dosage', DOSAGE_MESSAGES.iu],
    [{ dosage: '11 g' }, 'dosage', DOSAGE_MESSAGES.g],
    [{ dosage: '1.5 g' }, 'dosage', DOSAGE_MESSAGES.g],
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
    expect((await client.get('/api/supplements/warnings')).json()).toEqual({ warnings: [], unconverted: [] });
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
    expect((await client.get('/api/supplements/warnings')).json()).toEqual({ warnings: [], unconverted: ['Zinc'] });
  });
});
