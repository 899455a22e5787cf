import type { Db } from '#server/db/client.ts';
import { referenceSupplements } from '#server/db/schema/index.ts';
import { REFERENCE_SUPPLEMENTS, type ReferenceSupplementSeed } from './reference-supplements.data.ts';
import { syncAllReferenceNames } from './reference-supplements.repository.ts';

/**
 * Fills the reference supplement database at start, after migrations. Idempotent: supplements
 * are inserted only when no entry has the same name ignoring case, so admin edits of seeded
 * entries survive restarts, and app processes starting together cannot insert twice.
 */
export async function seedReferenceData(db: Db, seeds: readonly ReferenceSupplementSeed[] = REFERENCE_SUPPLEMENTS): Promise<{ inserted: number }> {
  return db.transaction(async (tx) => {
    const rows = seeds.map(toRow);
    let inserted = 0;
    for (let start = 0; start < rows.length; start += 500) {
      const added = await tx
        .insert(referenceSupplements)
        .values(rows.slice(start, start + 500))
        .onConflictDoNothing()
        .returning({ id: referenceSupplements.id });
      inserted += added.length;
    }
    // Always, so that names of entries added or edited elsewhere are searchable too.
    await syncAllReferenceNames(tx);
    return { inserted };
  });
}

function toRow(seed: ReferenceSupplementSeed): typeof referenceSupplements.$inferInsert {
  return {
    name: seed.name,
    category: seed.category,
    alternativeNames: seed.alternativeNames,
    description: seed.description,
    source: seed.source,
    sourceUrl: seed.sourceUrl,
    nutrient: seed.nutrient ?? null,
    upperLimitAmount: seed.upperLimit?.amount ?? null,
    upperLimitUnit: seed.upperLimit?.unit ?? null,
    upperLimitSource: seed.upperLimit?.source ?? null,
    upperLimitSourceUrl: seed.upperLimit?.sourceUrl ?? null,
    upperLimitNote: seed.upperLimit?.note ?? null,
    iuConversion: seed.iuConversion ?? null,
  };
}
