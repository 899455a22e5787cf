import { describe, expect, it } from 'vitest';
import { SEVERITIES } from '#contract/interactions.ts';
import { CATALOGUE } from '#server/labs/extract/catalogue.ts';
import { ALLERGEN_SOURCES } from './allergens.data.ts';
import { AGENTS_BY_KEY, INTERACTION_AGENTS } from './interaction-agents.data.ts';
import { INTERACTION_SEEDS } from './interactions.data.ts';
import { normaliseWords } from './interactions.match.ts';

describe('the curated interaction table', () => {
  it('has at least 100 pairs, each between two known, different agents', () => {
    expect(INTERACTION_SEEDS.length).toBeGreaterThanOrEqual(100);
    for (const seed of INTERACTION_SEEDS) {
      expect(AGENTS_BY_KEY.has(seed.a), seed.a).toBe(true);
      expect(AGENTS_BY_KEY.has(seed.b), seed.b).toBe(true);
      expect(seed.a).not.toBe(seed.b);
    }
  });

  it('gives every row a severity, what happens, what to do and a source with a web address', () => {
    for (const seed of INTERACTION_SEEDS) {
      const name = `${seed.a} + ${seed.b}`;
      expect(SEVERITIES, name).toContain(seed.severity);
      expect(seed.effect.length, name).toBeGreaterThan(20);
      expect(seed.advice.length, name).toBeGreaterThan(15);
      expect(seed.source.trim(), name).not.toBe('');
      expect(new URL(seed.sourceUrl).protocol, name).toBe('https:');
    }
  });

  it('lists no pair twice, whichever way round it is written', () => {
    const pairs = INTERACTION_SEEDS.map((seed) => [seed.a, seed.b].sort().join(' + '));
    const duplicates = pairs.filter((pair, index) => pairs.indexOf(pair) !== index);
    expect(duplicates).toEqual([]);
  });

  it('covers each kind: supplement–drug, supplement–supplement, supplement–drug class and lab tests', () => {
    const kinds = new Set(INTERACTION_SEEDS.map((seed) => [AGENTS_BY_KEY.get(seed.a)!.kind, AGENTS_BY_KEY.get(seed.b)!.kind].sort().join('+')));
    for (const kind of ['drug+supplement', 'supplement+supplement', 'drug-class+supplement', 'lab-test+supplement']) expect(kinds.has(kind), kind).toBe(true);
  });
});

describe('the agents', () => {
  it('have unique keys, and names that survive normalising', () => {
    expect(new Set(INTERACTION_AGENTS.map((agent) => agent.key)).size).toBe(INTERACTION_AGENTS.length);
    for (const agent of INTERACTION_AGENTS) {
      if (agent.kind === 'lab-test') continue;
      expect(agent.terms.length, agent.key).toBeGreaterThan(0);
      for (const term of agent.terms) expect(normaliseWords(term), `${agent.key}: ${term}`).not.toBe('');
    }
  });

  it('name lab tests by biomarkers the lab catalogue knows', () => {
    const known = new Set(CATALOGUE.map((biomarker) => biomarker.key));
    for (const agent of INTERACTION_AGENTS.filter((candidate) => candidate.kind === 'lab-test')) {
      expect(agent.biomarkers?.length, agent.key).toBeGreaterThan(0);
      for (const key of agent.biomarkers ?? []) expect(known.has(key), `${agent.key}: ${key}`).toBe(true);
    }
  });

  it('are each used by at least one row', () => {
    const used = new Set(INTERACTION_SEEDS.flatMap((seed) => [seed.a, seed.b]));
    expect(INTERACTION_AGENTS.filter((agent) => !used.has(agent.key)).map((agent) => agent.key)).toEqual([]);
  });
});

describe('the allergen sources', () => {
  it('cover fish, shellfish, soy, gelatin, lactose, gluten and bee products', () => {
    expect(ALLERGEN_SOURCES.map((source) => source.key).sort()).toEqual(['bee', 'fish', 'gelatin', 'gluten', 'milk', 'shellfish', 'soy']);
    for (const source of ALLERGEN_SOURCES) {
      expect(source.allergyTerms.length).toBeGreaterThan(0);
      expect(source.supplementTerms.length).toBeGreaterThan(0);
      expect(source.note.length).toBeGreaterThan(20);
    }
  });
});
