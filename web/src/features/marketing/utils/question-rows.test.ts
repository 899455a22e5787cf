import { describe, expect, it } from 'vitest';
import { SAMPLE_QUESTIONS } from '../marketing-content.ts';
import { buildQuestionRows, seededRandom } from './question-rows.ts';

const pool = Array.from({ length: 24 }, (_, i) => `Question ${i + 1}?`);

describe('buildQuestionRows', () => {
  it('builds 12 rows of 2 or 3 questions from the pool', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const rows = buildQuestionRows(pool, seededRandom(seed));
      expect(rows).toHaveLength(12);
      for (const row of rows) {
        expect(row.length === 2 || row.length === 3).toBe(true);
        expect(new Set(row).size).toBe(row.length);
        for (const question of row) expect(pool).toContain(question);
      }
    }
  });

  it('shows every question of a 24-question pool before repeating any', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const flat = buildQuestionRows(pool, seededRandom(seed)).flat();
      expect(new Set(flat.slice(0, 24)).size).toBe(24);
    }
  });

  it('varies row sizes and order with the random source', () => {
    const a = buildQuestionRows(pool, seededRandom(1));
    const b = buildQuestionRows(pool, seededRandom(2));
    expect(a).not.toEqual(b);
    expect(buildQuestionRows(pool, seededRandom(7))).toEqual(buildQuestionRows(pool, seededRandom(7)));
  });

  it('copes with small or empty pools', () => {
    expect(buildQuestionRows([], seededRandom(1))).toEqual([]);
    const rows = buildQuestionRows(['Only one?'], seededRandom(1));
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(row).toEqual(['Only one?']);
  });

  it('runs on the product pool of exactly 24 questions', () => {
    expect(SAMPLE_QUESTIONS).toHaveLength(24);
    expect(buildQuestionRows(SAMPLE_QUESTIONS, seededRandom(3))).toHaveLength(12);
  });
});
