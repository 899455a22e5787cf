import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceSupplements } from '#server/db/schema/index.ts';
import { type TestApp, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { searchReferenceSupplements } from './reference-supplements.repository.ts';
import { seedReferenceData } from './reference-supplements.seed.ts';
import { syntheticSupplements } from './synthetic-supplements.ts';

/** The ranking holds among 5,000 entries, most of them look-alikes of the real ones. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const [existing] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(referenceSupplements);
  await seedReferenceData(t.database.db, syntheticSupplements(5_000 - existing!.n));
});
afterAll(() => t.close());

describe('search among 5,000 reference supplements', () => {
  it('has 5,000 entries', async () => {
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(referenceSupplements);
    expect(count!.n).toBe(5_000);
  });

  it.each([
    ['magnesum', 'Magnesium'],
    ['magnesium', 'Magnesium'],
    ['vit d', 'Vitamin D3 (Cholecalciferol)'],
    ['d3', 'Vitamin D3 (Cholecalciferol)'],
    ['mag glycinate', 'Magnesium Glycinate'],
    ['zinc', 'Zinc'],
    ['ashwaganda', 'Ashwagandha'],
    [syntheticSupplements(1)[0]!.name.toLowerCase(), syntheticSupplements(1)[0]!.name],
    ['org mag 1', syntheticSupplements(1)[0]!.name],
  ])('ranks %j with %j first, without duplicates', async (q, expected) => {
    const { client } = await signedInClient(t);
    const list = (await client.get(`/api/supplements/search?q=${encodeURIComponent(q)}&limit=20`)).json() as { id: string; name: string }[];
    expect(list[0]?.name).toBe(expected);
    expect(list.length).toBeLessThanOrEqual(20);
    expect(new Set(list.map((s) => s.id)).size).toBe(list.length);
  });

  it('puts prefix matches before typo matches', async () => {
    const list = await searchReferenceSupplements(t.database.db, 'magnes', 20);
    expect(list.slice(0, 5).every((s) => s.name.toLowerCase().startsWith('magnes'))).toBe(true);
  });

  it('records the time per query (asserted by the benchmark, not here)', async () => {
    const queries = ['magnesum', 'vit d', 'd3', 'mag glycinate', 'ashwa', 'omega 3', 'creatine', 'zn'];
    const started = performance.now();
    for (let round = 0; round < 5; round++) for (const q of queries) await searchReferenceSupplements(t.database.db, q, 20);
    const perQuery = (performance.now() - started) / (5 * queries.length);
    console.info(`search over 5,000 entries on ${t.database.kind}: ${perQuery.toFixed(2)} ms per query`);
    expect(perQuery).toBeGreaterThan(0);
  });
});
