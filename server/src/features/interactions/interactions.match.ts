import type { AllergenSource } from './allergens.data.ts';
import type { InteractionAgent } from './interaction-agents.data.ts';
import type { Severity } from '#contract/interactions.ts';

/**
 * Which known interactions and allergens concern the items of a stack (product.md, Medications
 * and interactions). Pure: the service gives it the stack, the table and the allergies.
 */

/** Lower case, accents and punctuation gone, one space between words: "St. John's  Wort" → "st john s wort". */
export function normaliseWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** `term` appears in `text` as whole words; both already normalised. */
function hasWords(text: string, term: string): boolean {
  return term !== '' && ` ${text} `.includes(` ${term} `);
}

function mentionsAny(names: readonly string[], terms: readonly string[]): boolean {
  const normalisedNames = names.map(normaliseWords);
  return terms.some((term) => {
    const normalisedTerm = normaliseWords(term);
    return normalisedNames.some((name) => hasWords(name, normalisedTerm));
  });
}

export type StackItemKind = 'supplement' | 'medication';

export type StackItem = {
  id: string;
  kind: StackItemKind;
  /** The name the user gave it. */
  name: string;
  /** Other names it is known by (its reference supplement's name and alternative names). */
  otherNames?: readonly string[];
};

export type InteractionRule = {
  id: string;
  agentA: string;
  agentB: string;
  severity: Severity;
  effect: string;
  advice: string;
  source: string;
  sourceUrl: string | null;
};

export type FoundSide = { kind: StackItemKind | 'lab-test'; id: string | null; name: string; agent: string };
export type FoundInteraction = { rule: InteractionRule; first: FoundSide; second: FoundSide };

/** The agents an item stands for, by its names. */
export function agentsOf(item: Pick<StackItem, 'name' | 'otherNames'>, agents: readonly InteractionAgent[]): Set<string> {
  const names = [item.name, ...(item.otherNames ?? [])];
  return new Set(agents.filter((agent) => agent.kind !== 'lab-test' && mentionsAny(names, agent.terms)).map((agent) => agent.key));
}

const SEVERITY_RANK: Record<Severity, number> = { major: 0, moderate: 1, minor: 2 };

/**
 * Every rule that joins two different items of the stack, and every rule that joins an item to a
 * lab test. A rule is found once per pair of items, whichever way round either is written. Two
 * agents inside one product (a calcium and iron tablet) are not an interaction between products.
 */
export function findInteractions(items: readonly StackItem[], rules: readonly InteractionRule[], agents: readonly InteractionAgent[]): FoundInteraction[] {
  const agentOf = new Map(agents.map((agent) => [agent.key, agent]));
  const keysOf = new Map(items.map((item) => [item.id, agentsOf(item, agents)]));
  const found = new Map<string, FoundInteraction>();
  const side = (item: StackItem, agent: string): FoundSide => ({ kind: item.kind, id: item.id, name: item.name, agent });

  for (const rule of rules) {
    for (const [mine, theirs] of [[rule.agentA, rule.agentB], [rule.agentB, rule.agentA]] as const) {
      const holders = items.filter((item) => keysOf.get(item.id)!.has(mine));
      if (holders.length === 0) continue;
      const labTest = agentOf.get(theirs);
      if (labTest?.kind === 'lab-test') {
        for (const item of holders) {
          found.set(`${rule.id}|${item.id}|lab`, { rule, first: side(item, mine), second: { kind: 'lab-test', id: null, name: labTest.label, agent: theirs } });
        }
        continue;
      }
      for (const item of holders) {
        for (const other of items) {
          if (other.id === item.id || !keysOf.get(other.id)!.has(theirs)) continue;
          const [x, y] = item.id < other.id ? [item, other] : [other, item];
          const key = `${rule.id}|${x.id}|${y.id}`;
          if (found.has(key)) continue;
          const first = x === item ? side(item, mine) : side(other, theirs);
          const second = x === item ? side(other, theirs) : side(item, mine);
          found.set(key, { rule, first, second });
        }
      }
    }
  }
  return [...found.values()].sort(
    (p, q) =>
      SEVERITY_RANK[p.rule.severity] - SEVERITY_RANK[q.rule.severity] ||
      p.first.name.localeCompare(q.first.name) ||
      p.second.name.localeCompare(q.second.name) ||
      p.rule.id.localeCompare(q.rule.id),
  );
}

/** The allergens the user's allergies text names ("fish, penicillin" → fish). */
export function allergensNamed(allergies: string | null | undefined, sources: readonly AllergenSource[]): AllergenSource[] {
  if (!allergies) return [];
  return sources.filter((source) => mentionsAny([allergies], source.allergyTerms));
}

export type AllergyMatch = { item: StackItem; allergen: AllergenSource };

/** Items that usually contain one of the user's allergens, unless their name says otherwise. */
export function findAllergyMatches(items: readonly StackItem[], allergens: readonly AllergenSource[]): AllergyMatch[] {
  const matches: AllergyMatch[] = [];
  for (const item of items) {
    if (item.kind !== 'supplement') continue;
    const names = [item.name, ...(item.otherNames ?? [])];
    for (const allergen of allergens) {
      if (mentionsAny([item.name], allergen.except)) continue;
      if (mentionsAny(names, allergen.supplementTerms)) matches.push({ item, allergen });
    }
  }
  return matches;
}
