import type { Db } from '#server/db/client.ts';
import { interactions } from '#server/db/schema/index.ts';
import { INTERACTION_SEEDS, type InteractionSeed } from './interactions.data.ts';

/**
 * Fills the interaction table at start, after migrations, as the reference supplements are.
 * Idempotent: a pair already present (either way round) is left alone, so admin edits survive
 * restarts. As with reference supplements, a seeded pair an admin deleted comes back (decision 032).
 */
export async function seedInteractions(db: Db, seeds: readonly InteractionSeed[] = INTERACTION_SEEDS): Promise<{ inserted: number }> {
  const rows = seeds.map((seed) => ({
    agentA: seed.a,
    agentB: seed.b,
    severity: seed.severity,
    effect: seed.effect,
    advice: seed.advice,
    source: seed.source,
    sourceUrl: seed.sourceUrl,
  }));
  if (rows.length === 0) return { inserted: 0 };
  const added = await db.insert(interactions).values(rows).onConflictDoNothing().returning({ id: interactions.id });
  return { inserted: added.length };
}
