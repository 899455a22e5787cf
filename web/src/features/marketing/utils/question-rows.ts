export const QUESTION_ROW_COUNT = 12;

/** A small seeded generator, so that a page shows the same rows on every render. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/**
 * The auth page's background (product.md, Pages): 12 rows of 2 or 3 questions drawn from the pool.
 * Questions are dealt from a shuffled pool, reshuffled when it runs out, so every question shows
 * before any repeats and no row holds the same question twice.
 */
export function buildQuestionRows(
  pool: readonly string[],
  random: () => number = Math.random,
  rowCount: number = QUESTION_ROW_COUNT,
): string[][] {
  if (pool.length === 0) return [];
  let deck = shuffled(pool, random);
  const rows: string[][] = [];
  for (let r = 0; r < rowCount; r += 1) {
    const size = Math.min(random() < 0.5 ? 2 : 3, pool.length);
    const row: string[] = [];
    while (row.length < size) {
      if (deck.length === 0) deck = shuffled(pool, random);
      const index = deck.findIndex((question) => !row.includes(question));
      const [question] = deck.splice(index === -1 ? 0 : index, 1);
      row.push(question!);
    }
    rows.push(row);
  }
  return rows;
}
