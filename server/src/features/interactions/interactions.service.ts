import {
  type InteractionCheckBody,
  type InteractionReport,
  type LabInterference,
  type LabInterferenceList,
  type StackInteraction,
  INTERACTION_TEXTS,
} from '#contract/interactions.ts';
import { addDays } from '#contract/dates.ts';
import type { Db } from '#server/db/client.ts';
import { ALLERGEN_SOURCES } from './allergens.data.ts';
import { AGENTS_BY_KEY, INTERACTION_AGENTS } from './interaction-agents.data.ts';
import {
  type FoundInteraction,
  type InteractionRule,
  type StackItem,
  agentsOf,
  allergensNamed,
  findAllergyMatches,
  findInteractions,
  normaliseWords,
} from './interactions.match.ts';
import {
  LOGGED_DAYS_BEFORE_TEST,
  findAllergies,
  findReferenceNames,
  listInteractionRules,
  listResultsOfBiomarkers,
  listStackItems,
  listStackPresence,
} from './interactions.repository.ts';

/** Stands for the item being added in a check; never a real id. */
const CANDIDATE_ID = '';

/**
 * Known interactions among the items of one user's stack, allergy warnings and lab interference
 * (product.md, Medications and interactions). Informs only: nothing here refuses anything.
 */
export class InteractionsService {
  constructor(private readonly db: Db) {}

  async report(userId: string): Promise<InteractionReport> {
    const [items, rules, allergies] = await Promise.all([
      listStackItems(this.db, userId),
      listInteractionRules(this.db),
      findAllergies(this.db, userId),
    ]);
    return this.reportOn(items, rules, allergies, () => true);
  }

  /** What adding `body` to the stack would bring up: only what concerns the new item. */
  async check(userId: string, body: InteractionCheckBody): Promise<InteractionReport> {
    const [items, rules, allergies, otherNames] = await Promise.all([
      listStackItems(this.db, userId),
      listInteractionRules(this.db),
      findAllergies(this.db, userId),
      body.kind === 'supplement' ? findReferenceNames(this.db, body.name) : Promise.resolve([]),
    ]);
    const candidate: StackItem = { id: CANDIDATE_ID, kind: body.kind, name: body.name, otherNames };
    return this.reportOn([...items, candidate], rules, allergies, (id) => id === CANDIDATE_ID);
  }

  /**
   * Known interactions among items named by the user ("vitamin K", "warfarin"), whether or not
   * they are in a stack: each name is one item, matched to agents as stack items are.
   */
  async among(names: readonly string[]): Promise<StackInteraction[]> {
    if (names.length < 2) return [];
    return interactionsAmong(names, await listInteractionRules(this.db));
  }

  /** Lab results taken while a supplement known to distort that test was in the stack. */
  async labNotes(userId: string): Promise<LabInterferenceList> {
    const rules = await listInteractionRules(this.db);
    // Each rule between a supplement agent and a lab test, with the test's biomarkers.
    const labRules = rules.flatMap((rule) => {
      for (const [mine, theirs] of [[rule.agentA, rule.agentB], [rule.agentB, rule.agentA]] as const) {
        const test = AGENTS_BY_KEY.get(theirs);
        if (test?.kind === 'lab-test' && AGENTS_BY_KEY.get(mine)?.kind === 'supplement') return [{ rule, agent: mine, test }];
      }
      return [];
    });
    const biomarkers = [...new Set(labRules.flatMap(({ test }) => test.biomarkers ?? []))];
    const [results, presence] = await Promise.all([
      listResultsOfBiomarkers(this.db, userId, biomarkers),
      listStackPresence(this.db, userId, biomarkers),
    ]);
    const presenceAgents = presence.map((entry) => ({ ...entry, agents: agentsOf(entry, INTERACTION_AGENTS) }));
    const notes: LabInterference[] = [];
    for (const result of results) {
      for (const { rule, agent, test } of labRules) {
        if (!test.biomarkers?.includes(result.biomarkerKey)) continue;
        const taken = presenceAgents.find(
          (entry) =>
            entry.agents.has(agent) &&
            (entry.onlyThatDay
              ? entry.from <= result.testDate && entry.from >= addDays(result.testDate, -LOGGED_DAYS_BEFORE_TEST)
              : entry.from <= result.testDate),
        );
        if (!taken) continue;
        notes.push({
          resultId: result.id,
          biomarkerKey: result.biomarkerKey,
          biomarker: result.name,
          testDate: result.testDate,
          supplement: taken.name,
          test: test.label,
          severity: rule.severity,
          effect: rule.effect,
          advice: rule.advice,
          source: rule.source,
          sourceUrl: rule.sourceUrl,
        });
      }
    }
    return { notes, disclaimer: INTERACTION_TEXTS.disclaimer };
  }

  private reportOn(
    items: StackItem[],
    rules: Awaited<ReturnType<typeof listInteractionRules>>,
    allergies: string | null,
    concerns: (id: string | null) => boolean,
  ): InteractionReport {
    const found = findInteractions(items, rules, INTERACTION_AGENTS).filter((hit) => concerns(hit.first.id) || concerns(hit.second.id));
    const allergyWarnings = findAllergyMatches(items, allergensNamed(allergies, ALLERGEN_SOURCES))
      .filter((match) => concerns(match.item.id))
      .map((match) => ({
        itemId: match.item.id === CANDIDATE_ID ? null : match.item.id,
        itemName: match.item.name,
        allergen: match.allergen.label,
        note: match.allergen.note,
      }));
    return { interactions: found.map(toDto), allergyWarnings, disclaimer: INTERACTION_TEXTS.disclaimer };
  }
}

/**
 * The supplements and medicines a text mentions, as the words it used, one per mention: the longest
 * term of any agent wins, and a term inside a longer one found ("vitamin d" in "vitamin d3") is
 * the same mention.
 */
export function interactionNamesIn(text: string): string[] {
  const normalised = ` ${normaliseWords(text)} `;
  const found = new Set<string>();
  for (const agent of INTERACTION_AGENTS) {
    if (agent.kind === 'lab-test') continue;
    for (const term of agent.terms) {
      const words = normaliseWords(term);
      if (words && normalised.includes(` ${words} `)) found.add(words);
    }
  }
  const terms = [...found].sort((a, b) => b.length - a.length);
  const kept: string[] = [];
  for (const term of terms) if (!kept.some((longer) => ` ${longer} `.includes(` ${term} `))) kept.push(term);
  // In the order the text says them.
  return kept.sort((a, b) => normalised.indexOf(` ${a} `) - normalised.indexOf(` ${b} `));
}

/** Known interactions among named items (each name one item), by the given rules. Pure. */
export function interactionsAmong(names: readonly string[], rules: readonly InteractionRule[]): StackInteraction[] {
  const items: StackItem[] = names.map((name, index) => {
    const agent = INTERACTION_AGENTS.find((candidate) => agentsOf({ name }, [candidate]).size > 0);
    return { id: `named-${index}`, kind: agent && agent.kind !== 'supplement' ? 'medication' : 'supplement', name };
  });
  return findInteractions(items, rules, INTERACTION_AGENTS).map((hit) => {
    const dto = toDto(hit);
    // Named items are not records: they have no id to link to.
    return { ...dto, first: { ...dto.first, id: null }, second: { ...dto.second, id: null } };
  });
}

function toDto(hit: FoundInteraction): StackInteraction {
  const side = (s: FoundInteraction['first']) => ({
    kind: s.kind,
    id: s.id === CANDIDATE_ID ? null : s.id,
    name: s.name,
    recognisedAs: AGENTS_BY_KEY.get(s.agent)?.label ?? s.agent,
  });
  return {
    interactionId: hit.rule.id,
    severity: hit.rule.severity,
    effect: hit.rule.effect,
    advice: hit.rule.advice,
    source: hit.rule.source,
    sourceUrl: hit.rule.sourceUrl,
    first: side(hit.first),
    second: side(hit.second),
  };
}
