import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALLERGEN_SOURCES } from './allergens.data.ts';
import { INTERACTION_AGENTS } from './interaction-agents.data.ts';
import { INTERACTION_SEEDS } from './interactions.data.ts';
import { type InteractionRule, type StackItem, allergensNamed, findAllergyMatches, findInteractions } from './interactions.match.ts';

const RULES: InteractionRule[] = INTERACTION_SEEDS.map((seed, index) => ({
  id: `rule-${String(index).padStart(3, '0')}`,
  agentA: seed.a,
  agentB: seed.b,
  severity: seed.severity,
  effect: seed.effect,
  advice: seed.advice,
  source: seed.source,
  sourceUrl: seed.sourceUrl,
}));

const item = (id: string, name: string, kind: StackItem['kind'] = 'supplement'): StackItem => ({ id, kind, name });

/** Each hit as "rule: itemId + itemId" (sorted), so that order and sides do not matter. */
function hits(items: StackItem[], rules: InteractionRule[] = RULES): string[] {
  return findInteractions(items, rules, INTERACTION_AGENTS)
    .map((hit) => `${hit.rule.id}: ${[hit.first.id ?? hit.second.name, hit.second.id ?? hit.second.name].sort().join(' + ')}`)
    .sort();
}

const effectsOf = (items: StackItem[]) => findInteractions(items, RULES, INTERACTION_AGENTS).map((hit) => `${hit.first.name} | ${hit.second.name} | ${hit.rule.effect}`);

describe('matching the stack against the table', () => {
  it.each([
    ['Vitamin K2 (MK-7)', 'Warfarin 5 mg', 'Warfarin works by blocking vitamin K'],
    ["St. John's Wort", 'Sertraline', 'serotonin syndrome'],
    ['St Johns Wort', 'Yaz', 'birth control'],
    ["St John's wort", 'Eliquis', 'blood thinners'],
    ['Calcium Carbonate', 'Levothyroxine 75 mcg', 'binds levothyroxine'],
    ['Iron Bisglycinate', 'Synthroid', 'binds levothyroxine'],
    ['Magnesium Glycinate', 'Doxycycline', 'antibiotic'],
    ['Magnesium Citrate', 'Ciprofloxacin 500mg', 'antibiotic'],
    ['Fish Oil (Omega-3)', 'Xarelto', 'High doses of fish oil'],
  ])('finds %j with %j', (supplement, medication, effect) => {
    const found = effectsOf([item('s', supplement), item('m', medication, 'medication')]);
    expect(found.some((line) => line.includes(effect)), found.join('\n')).toBe(true);
  });

  it('names biotin with thyroid and troponin tests on its own', () => {
    const found = effectsOf([item('b', 'Biotin 10000 mcg')]);
    expect(found.some((line) => line.includes('Thyroid blood tests'))).toBe(true);
    expect(found.some((line) => line.includes('Troponin'))).toBe(true);
  });

  it('finds nothing between unrelated items, nor inside one product', () => {
    expect(hits([item('a', 'Vitamin D3'), item('b', 'Ashwagandha')])).toEqual([]);
    expect(hits([item('a', 'Calcium and Iron complex')])).toEqual([]);
    // "Ironman blend" is not iron; "Levothyroxine" is not "thyroxine" by accident of spelling.
    expect(hits([item('a', 'Ironman blend'), item('b', 'Levothyroxine', 'medication')])).toEqual([]);
  });

  const names = fc.constantFrom(
    'Vitamin K2 (MK-7)', 'Warfarin', 'Fish Oil', 'Eliquis', "St. John's Wort", 'Sertraline', 'Calcium Citrate', 'Levothyroxine',
    'Magnesium', 'Doxycycline', 'Biotin', 'Iron', 'Zinc Picolinate', 'Copper', 'Ginkgo Biloba', 'Melatonin', 'Zolpidem', 'Vitamin C', 'Creatine', 'Ashwagandha',
  );
  const stacks = fc.uniqueArray(names, { minLength: 0, maxLength: 8 }).map((list) =>
    list.map((name, index) => item(`item-${index}`, name, index % 2 === 0 ? 'supplement' : 'medication')),
  );

  it('is symmetric: the same pairs whatever the order of the stack or of a rule', () => {
    fc.assert(
      fc.property(stacks, fc.nat(), (stack, seed) => {
        const shuffled = [...stack].sort((x, y) => ((x.id.charCodeAt(5) * 31 + seed) % 7) - ((y.id.charCodeAt(5) * 31 + seed) % 7));
        const flipped = RULES.map((rule) => ({ ...rule, agentA: rule.agentB, agentB: rule.agentA }));
        const expected = hits(stack);
        expect(hits(shuffled)).toEqual(expected);
        expect(hits(stack, flipped)).toEqual(expected);
      }),
    );
  });

  it('ignores case, spacing and punctuation in names', () => {
    const messy = fc.tuple(fc.constantFrom('', ' ', '  ', '\t'), fc.boolean(), fc.constantFrom(' ', '  ', ' - ', '. ', '_'));
    fc.assert(
      fc.property(stacks, fc.array(messy, { minLength: 8, maxLength: 8 }), (stack, styles) => {
        const restyled = stack.map((entry, index) => {
          const [pad, upper, gap] = styles[index]!;
          const name = entry.name.split(' ').join(gap);
          return { ...entry, name: `${pad}${upper ? name.toUpperCase() : name.toLowerCase()}${pad}` };
        });
        expect(hits(restyled)).toEqual(hits(stack));
      }),
    );
  });
});

describe('allergies', () => {
  const warn = (allergies: string, name: string) =>
    findAllergyMatches([item('x', name)], allergensNamed(allergies, ALLERGEN_SOURCES)).map((match) => match.allergen.key);

  it.each([
    ['Fish', 'Fish Oil (Omega-3)', 'fish'],
    ['shellfish, penicillin', 'Krill Oil', 'shellfish'],
    ['Shrimp', 'Glucosamine', 'shellfish'],
    ['soy', 'Phosphatidylserine', 'soy'],
    ['gelatin', 'Collagen Peptides', 'gelatin'],
    ['lactose intolerant', 'Whey Protein', 'milk'],
    ['coeliac disease', "Brewer's Yeast", 'gluten'],
    ['bee stings', 'Propolis', 'bee'],
  ])('%j warns about %j (%s)', (allergies, name, allergen) => {
    expect(warn(allergies, name)).toContain(allergen);
  });

  it('does not warn for products made another way, or allergies that are not there', () => {
    expect(warn('fish', 'Algal Oil (Omega-3)')).toEqual([]);
    expect(warn('shellfish', 'Fish Oil')).toEqual([]);
    expect(warn('penicillin', 'Fish Oil')).toEqual([]);
    expect(warn('', 'Fish Oil')).toEqual([]);
    expect(warn('milk', 'Milk Thistle')).toEqual([]);
  });
});
