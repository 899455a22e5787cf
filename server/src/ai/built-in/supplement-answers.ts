import { SEVERITY_LABELS, type StackInteraction } from '#contract/interactions.ts';
import type { AssistantContext, LoggedSupplement, ReferenceEntry, StackEntry, UserData } from '../assistant-data.ts';
import { cite, formatDay, joinList, plainText, plural, valueWithUnit } from '../format.ts';
import { normaliseQuestion } from './questions.ts';

/**
 * Answers about the user's own supplements that a clinician should weigh in on: doses and upper
 * limits, timing, interactions and plans to start or stop. They state what the records and the
 * reference database say, with sources, and always send the change itself to a clinician.
 */

export const ASK_CLINICIAN = 'Talk to your clinician before changing your dose.';
const ASK_PHARMACIST = 'A pharmacist or your clinician can check your full list, including any medicines, before you combine or change anything.';

export type Named = { stack: StackEntry[]; logged: LoggedSupplement[]; references: ReferenceEntry[] };

/** "vitamin-b12" → "vitamin B12". */
export function nutrientName(key: string): string {
  return key.replace(/-/g, ' ').replace(/\bvitamin ([a-z])(\d*)\b/, (_, letter: string, digits: string) => `vitamin ${letter.toUpperCase()}${digits}`) || 'the nutrient';
}

function supplementLink(entry: StackEntry): string {
  return cite(entry.name, { kind: 'supplement', id: entry.id });
}

function sourceOf(limit: NonNullable<ReferenceEntry['upperLimit']>): string {
  if (limit.source && limit.sourceUrl) return `[${plainText(limit.source, 120)}](${limit.sourceUrl})`;
  return limit.source ? plainText(limit.source, 120) : 'our reference database';
}

/** The reference entry with an upper limit for a stack entry or a named reference. */
function limitEntry(entries: readonly ReferenceEntry[], nutrient: string | null): ReferenceEntry | undefined {
  return entries.find((entry) => entry.upperLimit && (nutrient === null || entry.nutrient === nutrient)) ?? entries.find((entry) => entry.upperLimit);
}

async function referencesFor(context: AssistantContext, text: string, stack: readonly StackEntry[]): Promise<ReferenceEntry[]> {
  const named = await context.reference.findNamedIn(normaliseQuestion(text));
  if (named.length > 0) return named;
  const fromStack = await Promise.all(stack.map((entry) => context.reference.findNamedIn(normaliseQuestion(entry.name))));
  return fromStack.flat();
}

// ─── Doses and upper limits ─────────────────────────────────────────────────────────────────────

export async function answerDose(context: AssistantContext, named: Named, change: 'more' | 'less' | null, text: string): Promise<string> {
  const user = context.user;
  const references = named.references.length > 0 ? named.references : await referencesFor(context, text, named.stack);
  if (named.stack.length === 0) {
    const entry = limitEntry(references, null) ?? references[0];
    if (!entry) {
      const stack = user ? await user.stack() : [];
      return stack.length > 0
        ? `Which supplement do you mean? Your stack has ${joinList(stack.map((item) => `${supplementLink(item)} (${item.dosage}, ${item.frequency})`))}. ${ASK_CLINICIAN}`
        : `Which supplement do you mean? Ask, for example, "What is the upper limit of magnesium?" ${ASK_CLINICIAN}`;
    }
    const parts = [limitSentence(entry)];
    if (user) parts.push(`${entry.name} is not in your stack, so I have no dose of yours to compare.`);
    parts.push(ASK_CLINICIAN);
    return parts.join('\n\n');
  }
  const parts = [`You take ${joinList(named.stack.map((entry) => `${supplementLink(entry)} at ${entry.dosage}, ${entry.frequency}`))}.`];
  const warnings = user ? await user.intakeWarnings() : { warnings: [], unconverted: [] };
  const nutrients = [...new Set(named.stack.flatMap((entry) => (entry.nutrient ? [entry.nutrient] : [])))];
  let over = false;
  for (const nutrient of nutrients) {
    const warning = warnings.warnings.find((item) => item.nutrient === nutrient);
    const entry = limitEntry(references, nutrient);
    if (warning) {
      over = true;
      const source = entry?.upperLimit ? sourceOf(entry.upperLimit) : plainText(warning.source, 120);
      parts.push(
        `Together, your stack comes to ${warning.total} ${warning.unit} of ${nutrientName(nutrient)} a day, above the adult upper limit of ${warning.limit} ${warning.unit} a day (${source}).`,
      );
      if (entry?.upperLimit?.note) parts.push(plainText(entry.upperLimit.note, 400));
    } else if (entry?.upperLimit) {
      parts.push(limitSentence(entry));
      parts.push(
        warnings.unconverted.some((name) => named.stack.some((item) => item.name === name))
          ? `I cannot add your dose up against that limit, because its unit cannot be converted for this nutrient.`
          : `Your stack's daily total of ${nutrientName(nutrient)} is within that limit.`,
      );
    }
  }
  if (nutrients.length === 0 || !nutrients.some((nutrient) => limitEntry(references, nutrient)?.upperLimit)) {
    parts.push(`Our reference database lists no adult upper limit for ${joinList(named.stack.map((entry) => plainText(entry.name)))}.`);
  }
  if (change === 'more') parts.push(over ? 'Taking more would take you further above that limit.' : 'Taking more would raise your total toward that limit.');
  if (change === 'less') parts.push('Taking less is also a change to decide with your clinician, especially if it was prescribed.');
  parts.push(ASK_CLINICIAN);
  return parts.join('\n\n');
}

function limitSentence(entry: ReferenceEntry): string {
  const limit = entry.upperLimit;
  if (!limit) return `Our reference database lists no adult upper limit for ${entry.name}.`;
  const of = entry.nutrient ? nutrientName(entry.nutrient) : entry.name;
  return `The adult upper limit for ${of} is ${valueWithUnit(limit.amount, limit.unit)} a day (${sourceOf(limit)}).${limit.note ? ` ${plainText(limit.note, 400)}` : ''}`;
}

// ─── Timing ─────────────────────────────────────────────────────────────────────────────────────

/** Well-established timing notes, by nutrient or by a word of the name. */
const TIMING_NOTES: { match: RegExp; note: string }[] = [
  { match: /vitamin-d|vitamin d|vitamin-a|vitamin-e|vitamin-k|vitamin k|fish oil|omega|krill|coq10|ubiquinol/, note: 'is fat-soluble: take it with a meal that has some fat in it, which helps it be absorbed' },
  { match: /magnesium/, note: 'can be taken at any time of day; many people take it in the evening, and glycinate is often taken before bed. With food it is gentler on the stomach' },
  { match: /iron|ferrous/, note: 'is absorbed best on an empty stomach or with vitamin C, and away from calcium, coffee and tea; take it with a little food if it upsets your stomach' },
  { match: /calcium/, note: 'is best split into doses of no more than 500 mg at a time; calcium carbonate is taken with food, calcium citrate with or without. Keep it apart from iron and zinc' },
  { match: /zinc/, note: 'is absorbed best between meals, but take it with food if it makes you feel sick; keep it apart from iron and calcium' },
  { match: /melatonin/, note: 'is taken shortly before bedtime' },
  { match: /vitamin-b12|b12|b complex|b-complex|vitamin-b6|biotin|folate|methylfolate/, note: 'is water-soluble and can be taken with or without food; many people take B vitamins in the morning' },
  { match: /vitamin-c|vitamin c|ascorbic/, note: 'can be taken with or without food; splitting a larger dose helps absorption' },
  { match: /probiotic/, note: 'works when taken at the same time each day; follow the label on whether to take it with food' },
  { match: /creatine/, note: 'can be taken at any time of day; taking it every day matters more than the time' },
  { match: /ashwagandha|theanine|glycine|valerian/, note: 'is often taken in the evening; follow the label' },
];

export async function answerTiming(context: AssistantContext, named: Named): Promise<string> {
  const subjects: { label: string; key: string; dose?: string }[] = named.stack.map((entry) => ({
    label: supplementLink(entry),
    key: `${entry.nutrient ?? ''} ${entry.name}`.toLowerCase(),
    dose: `${entry.dosage}, ${entry.frequency}`,
  }));
  for (const entry of named.references) {
    if (!subjects.some((subject) => subject.key.includes((entry.nutrient ?? entry.name).toLowerCase()))) {
      subjects.push({ label: plainText(entry.name), key: `${entry.nutrient ?? ''} ${entry.name}`.toLowerCase() });
    }
  }
  if (subjects.length === 0) {
    const stack = context.user ? await context.user.stack() : [];
    return stack.length > 0
      ? `Which supplement do you mean? Your stack has ${joinList(stack.map((item) => supplementLink(item)))}. Ask, for example, "When should I take ${plainText(stack[0]!.name)}?"`
      : 'Which supplement do you mean? Ask, for example, "When should I take magnesium?"';
  }
  const lines = subjects.map((subject) => {
    const note = TIMING_NOTES.find((item) => item.match.test(subject.key))?.note ?? 'has no particular time of day in our notes: follow the label, and take it at the same time each day';
    return `- ${subject.label}${subject.dose ? ` (you take ${subject.dose})` : ''} ${note}.`;
  });
  return `${lines.join('\n')}\n\nIf you take medicines too, some need to be kept apart from supplements; ${ASK_PHARMACIST.charAt(0).toLowerCase()}${ASK_PHARMACIST.slice(1)}`;
}

// ─── Interactions ───────────────────────────────────────────────────────────────────────────────

type Party = { label: string; key: string };

/** Well-established interactions between supplements, and with common medicines. */
const INTERACTIONS: { a: RegExp; b: RegExp; note: string }[] = [
  { a: /calcium/, b: /iron|ferrous/, note: 'calcium lowers how much iron is absorbed; take them a few hours apart' },
  { a: /calcium|iron|ferrous|zinc|magnesium/, b: /levothyroxine|synthroid|thyroid/, note: 'minerals bind thyroid medication and make it work less; keep them several hours apart, as your prescriber advises' },
  { a: /calcium|iron|ferrous|zinc|magnesium/, b: /antibiotic|doxycycline|tetracycline|ciprofloxacin|quinolone/, note: 'minerals stop some antibiotics (tetracyclines, quinolones) from being absorbed; ask your pharmacist how far apart to take them' },
  { a: /zinc/, b: /copper/, note: 'high doses of zinc over a long time can cause copper deficiency' },
  { a: /zinc/, b: /iron|ferrous/, note: 'zinc and iron compete for absorption when taken together in larger doses' },
  { a: /vitamin-k|vitamin k/, b: /warfarin|coumadin|blood thinner/, note: 'vitamin K works against warfarin; keep your vitamin K intake steady and tell your clinician before changing it' },
  { a: /fish oil|omega|krill|vitamin-e|vitamin e|ginkgo|garlic|turmeric|curcumin/, b: /warfarin|coumadin|blood thinner|eliquis|apixaban|xarelto|rivaroxaban|clopidogrel|plavix|aspirin/, note: 'it may add to the effect of blood thinners and raise the risk of bleeding' },
  { a: /st\.? john|hypericum/, b: /.+/, note: "St John's wort changes how the body handles many medicines, including birth control, antidepressants and blood thinners" },
  { a: /magnesium/, b: /calcium/, note: 'large doses of calcium and magnesium taken together may compete for absorption; splitting them is common' },
  { a: /vitamin-d|vitamin d/, b: /calcium/, note: 'vitamin D helps calcium be absorbed; that is why they are often taken together' },
  { a: /melatonin/, b: /sedative|sleeping pill|alcohol|benzodiazepine/, note: 'melatonin can add to the drowsiness of sedatives and alcohol' },
  { a: /potassium/, b: /ace inhibitor|lisinopril|spironolactone|diuretic/, note: 'some blood pressure medicines raise potassium, so extra potassium can build up' },
];

const MEDICINES = /\b(warfarin|coumadin|blood thinners?|eliquis|apixaban|xarelto|rivaroxaban|clopidogrel|plavix|aspirin|levothyroxine|synthroid|thyroid medication|antibiotics?|doxycycline|tetracycline|ciprofloxacin|sedatives?|sleeping pills?|alcohol|lisinopril|spironolactone|diuretics?|metformin|statins?|birth control|antidepressants?|ssris?)\b/g;

/**
 * From StackLab's interaction table (the one the stack page shows): with no supplement or medicine
 * named, what the user's stack holds; with one named, it against the items of the stack; with two
 * or more, those, in the stack or not. Pairs the table does not list fall back to our notes.
 */
export async function answerInteraction(context: AssistantContext, named: Named, text: string): Promise<string> {
  const user = context.user;
  const mentioned = context.reference.interactionNamesIn(text);
  const stack = user ? await user.stackInteractions() : null;
  if (stack && mentioned.length === 0 && named.stack.length === 0 && named.references.length === 0) {
    if (stack.items.length < 2) {
      return `Your stack has ${plural(stack.items.length, 'item')}, so there is nothing in it to interact. Add your supplements and medications, and I can check them against each other. ${ASK_PHARMACIST}`;
    }
    const checked = joinList(stack.items.map((item) => plainText(item.name)));
    if (stack.interactions.length === 0) {
      return `Our interaction table lists no interaction for the ${plural(stack.items.length, 'item')} of your stack (${checked}). That does not prove there is none. ${ASK_PHARMACIST}`;
    }
    return `${interactionHead(stack.interactions.length, `for the ${plural(stack.items.length, 'item')} of your stack (${checked})`)}\n\n${interactionLines(stack.interactions)}\n\n${ASK_PHARMACIST}`;
  }
  if (mentioned.length >= 2) {
    const found = await context.reference.interactionsAmong(mentioned);
    if (found.length > 0) {
      const inStack = stack?.interactions.filter((hit) => found.some((pair) => pair.interactionId === hit.interactionId)) ?? [];
      const mine = inStack.length > 0 ? `\n\nBoth are in your stack: ${joinList(inStack.map((hit) => `${sideName(hit.first)} and ${sideName(hit.second)}`))}.` : '';
      return `${interactionHead(found.length, `between ${joinList(mentioned)}`)}\n\n${interactionLines(found)}${mine}\n\n${ASK_PHARMACIST}`;
    }
  }
  if (mentioned.length === 1 && stack && stack.items.length > 0) {
    const found = (await context.reference.interactionsAmong([mentioned[0]!, ...stack.items.map((item) => item.name)])).filter(
      (hit) => hit.first.name === mentioned[0] || hit.second.name === mentioned[0],
    );
    if (found.length > 0) return `${interactionHead(found.length, `between ${mentioned[0]} and your stack`)}\n\n${interactionLines(found)}\n\n${ASK_PHARMACIST}`;
  }
  return curatedNotes(context, named, text);
}

function interactionHead(count: number, between: string): string {
  return `Our interaction table lists ${plural(count, 'interaction')} ${between}:`;
}

function sideName(side: StackInteraction['first']): string {
  return side.kind === 'supplement' && side.id ? cite(side.name, { kind: 'supplement', id: side.id }) : plainText(side.name);
}

/** One line each: severity, the pair, what happens, what to do, and the source. */
function interactionLines(found: readonly StackInteraction[]): string {
  return found
    .map((hit) => {
      const source = hit.sourceUrl ? `[${plainText(hit.source, 120)}](${hit.sourceUrl})` : plainText(hit.source, 120);
      return `- **${SEVERITY_LABELS[hit.severity]}**: ${sideName(hit.first)} and ${sideName(hit.second)}. ${plainText(hit.effect, 400)} What to do: ${plainText(hit.advice, 400)} Source: ${source}.`;
    })
    .join('\n');
}

async function curatedNotes(context: AssistantContext, named: Named, text: string): Promise<string> {
  const q = normaliseQuestion(text);
  const parties: Party[] = [
    ...named.stack.map((entry) => ({ label: supplementLink(entry), key: `${entry.nutrient ?? ''} ${entry.name}`.toLowerCase() })),
    ...named.references
      .filter((entry) => !named.stack.some((item) => item.referenceSupplementId === entry.id || (entry.nutrient !== null && item.nutrient === entry.nutrient)))
      .map((entry) => ({ label: plainText(entry.name), key: `${entry.nutrient ?? ''} ${entry.name}`.toLowerCase() })),
    ...[...new Set(q.match(MEDICINES) ?? [])].map((medicine) => ({ label: medicine, key: medicine })),
  ];
  // "with my other supplements" / one name only: check it against the rest of the stack.
  if (parties.length < 2 && context.user) {
    const stack = await context.user.stack();
    for (const entry of stack) {
      if (!named.stack.some((item) => item.id === entry.id)) parties.push({ label: supplementLink(entry), key: `${entry.nutrient ?? ''} ${entry.name}`.toLowerCase() });
    }
  }
  if (parties.length < 2) {
    return `Which two do you mean? Ask, for example, "Can I take zinc with iron?" ${ASK_PHARMACIST}`;
  }
  const found: string[] = [];
  for (let i = 0; i < parties.length; i += 1) {
    for (let j = i + 1; j < parties.length; j += 1) {
      const [x, y] = [parties[i]!, parties[j]!];
      for (const rule of INTERACTIONS) {
        if ((rule.a.test(x.key) && rule.b.test(y.key)) || (rule.a.test(y.key) && rule.b.test(x.key))) found.push(`- ${x.label} and ${y.label}: ${rule.note}.`);
      }
    }
  }
  const names = joinList(parties.map((party) => party.label));
  const head = found.length > 0 ? `What is known about ${names}:\n\n${[...new Set(found)].join('\n')}` : `Our notes list no common interaction between ${names}. That does not prove there is none.`;
  return `${head}\n\n${ASK_PHARMACIST}`;
}

// ─── Plans to start, stop or switch ─────────────────────────────────────────────────────────────

export async function answerPlan(context: AssistantContext, named: Named, text: string, user: UserData | null): Promise<string> {
  const q = normaliseQuestion(text);
  const stopping = /\b(stop|stopping|quit|quitting|drop|dropping|keep taking|continue|keep)\b/.test(q);
  const parts: string[] = [];
  if (stopping && named.stack.length > 0) {
    for (const entry of named.stack) {
      parts.push(
        `${supplementLink(entry)} is in your stack at ${entry.dosage}, ${entry.frequency}${entry.firstLoggedOn ? `, logged on ${entry.loggedDays} days since ${cite(formatDay(entry.firstLoggedOn), { kind: 'day', date: entry.firstLoggedOn })}` : ', not logged yet'}.`,
      );
    }
    parts.push('Whether to stop is a decision for you and your clinician, especially for anything prescribed. Ask me "How did I feel on days I took it versus days I did not?" to see what your ratings show.');
    return parts.join('\n\n');
  }
  const entry = named.references[0];
  if (!entry) return `Which supplement are you thinking of? Ask, for example, "I plan to start iron, what should I know?" ${ASK_CLINICIAN}`;
  parts.push(`**${entry.name}**: ${plainText(entry.description, 400)}`);
  if (entry.upperLimit) parts.push(limitSentence(entry));
  if (user) {
    const stack = await user.stack();
    const same = stack.filter((item) => item.referenceSupplementId === entry.id || (entry.nutrient !== null && item.nutrient === entry.nutrient));
    if (same.length > 0) parts.push(`You already take ${joinList(same.map((item) => `${supplementLink(item)} at ${item.dosage}, ${item.frequency}`))}, which counts toward the same limit.`);
    const others = stack.filter((item) => !same.includes(item));
    if (others.length > 0) {
      const interactions = await answerInteraction(context, { stack: others, logged: [], references: [entry] }, entry.name);
      if (!interactions.startsWith('Our notes list no')) parts.push(interactions.replace(`\n\n${ASK_PHARMACIST}`, ''));
    }
  }
  parts.push('Talk to your clinician before starting or changing a supplement.');
  return parts.join('\n\n');
}
