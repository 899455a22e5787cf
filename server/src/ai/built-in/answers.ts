import { CATALOGUE, type Marker } from '#server/labs/extract/catalogue.ts';
import type {
  AssistantContext,
  BiomarkerPoint,
  BiomarkerSeries,
  LoggedSupplement,
  RatedDay,
  ReferenceEntry,
  StackEntry,
  UserData,
} from '../assistant-data.ts';
import { cite, formatDay, formatDerived, formatValue, joinList, plainText, plural, valueWithUnit } from '../format.ts';
import { type Question, type Rating, type Since, type Understood, containsWords, normaliseQuestion, supplementMatchesMarker } from './questions.ts';
import { answerInsights } from './insight-answers.ts';
import { answerMeasured, noMeasurements } from './measurement-answers.ts';
import { type Named, answerDose, answerInteraction, answerPlan, answerTiming, nutrientName } from './supplement-answers.ts';

/**
 * The built-in assistant's answers: plain sentences from the user's records and the reference
 * database, every number read from them (derived ones, such as averages and changes, computed from
 * them and labelled so), every record cited with a `stacklab:` link. Anything it cannot answer, it
 * says, with what it can.
 */

const SIGN_IN =
  'To answer from your own records, I need you to sign in (there is a free trial). As a visitor, I can tell you what a supplement is for and its adult upper limit, for example: "What is magnesium for?"';

export async function answerQuestion(context: AssistantContext, understood: Understood): Promise<string> {
  const user = context.user;
  const { question, subjectText: text } = understood;
  switch (question.kind) {
    case 'stack':
      return user ? answerStack(user, text, context) : SIGN_IN;
    case 'streak':
      return user ? answerStreak(user) : SIGN_IN;
    case 'out-of-range':
      return user ? answerOutOfRange(user) : SIGN_IN;
    case 'biomarker': {
      if (!user) return SIGN_IN;
      const askedBack = await askBackOrSupplement(user, question, text, context);
      if (askedBack) return askedBack;
      const markers = await measuredFor(user, question.marker, text);
      return (await Promise.all(markers.map((marker) => answerBiomarker(user, marker, question.since, context)))).join('\n\n');
    }
    case 'felt': {
      if (!user) return SIGN_IN;
      const felt = await answerFelt(user, text, question.rating, question.since, context);
      if (question.rating !== 'sleep') return felt;
      // "Does magnesium help my sleep?": the ratings, and the nights a watch measured when there are any.
      const measured = await answerMeasured(user, 'sleep', question.since, text, (words) => measuredSupplement(user, words, context));
      return measured === noMeasurements('sleep') ? felt : `${felt}\n\nFrom the sleep imported from your phone or watch: ${measured}`;
    }
    case 'measured': {
      if (!user) return SIGN_IN;
      const answer = await answerMeasured(user, question.measure, question.since, text, (words) => measuredSupplement(user, words, context));
      // Sleep was also rated by hand: without imported nights, the ratings still answer.
      if (question.measure === 'sleep' && answer === noMeasurements('sleep') && (await user.recentEffects(366)).length > 0) {
        return `${answer}\n\nFrom your own sleep ratings: ${await answerFelt(user, text, 'sleep', question.since, context)}`;
      }
      return answer;
    }
    case 'insight':
      return user ? answerInsights(user, text, question.since) : SIGN_IN;
    case 'dose':
      return answerDose(context, await namedIn(context, text), question.change, text);
    case 'timing':
      return answerTiming(context, await namedIn(context, text));
    case 'interaction':
      return answerInteraction(context, await namedIn(context, text), text);
    case 'plan':
      return answerPlan(context, await namedIn(context, text), text, user);
    case 'supplement-info':
      return answerSupplementInfo(context, text);
    case 'greeting':
      return capabilities(user !== null, false);
    case 'unknown': {
      const named = await readByNames(context, text);
      return named ? answerQuestion(context, { question: named, subjectText: text }) : capabilities(user !== null, true);
    }
  }
}

export function capabilities(signedIn: boolean, unmatched: boolean): string {
  const lead = unmatched
    ? "I'm StackLab's built-in assistant, and I could not match that question to one I can answer. I work from your records without an AI model, so I answer questions like these:"
    : "Hello! I'm StackLab's built-in assistant. I work from your records without an AI model, and I answer questions like these:";
  const examples = [
    'What am I taking, and how much?',
    'What is my streak?',
    'How is my vitamin D doing since I started taking it? (or: since 2025-01-01)',
    'Which of my results are out of range?',
    'What is magnesium for, and what is its upper limit?',
    'How did I feel on days I took magnesium versus days I did not?',
    'How did I sleep the weeks I took magnesium? (from data imported from your phone or watch)',
    'Does anything in my stack interact?',
    'Is vitamin D3 doing anything? What changed since I started magnesium? (from your Insights)',
  ];
  const tail = signedIn ? '' : '\n\nAll but the supplement question need your own records: sign in to ask them.';
  return `${lead}\n\n${examples.map((example) => `- ${example}`).join('\n')}${tail}`;
}

// ─── Stack ──────────────────────────────────────────────────────────────────────────────────────

async function answerStack(user: UserData, text: string, context: AssistantContext): Promise<string> {
  const [stack, warnings, today] = await Promise.all([user.stack(), user.intakeWarnings(), user.recentIntake(1)]);
  if (stack.length === 0) {
    return 'Your stack is empty: you have not added any supplements yet. Add them under "Track my Supplements" on the dashboard, and I can tell you what you take and how much.';
  }
  const named = await findUserSupplements(text, stack, [], context);
  const shown = named.stack.length > 0 ? named.stack : stack;
  const lines = shown.map((entry) => `- ${cite(entry.name, { kind: 'supplement', id: entry.id })}: ${entry.dosage}, ${entry.frequency}${entry.firstLoggedOn ? ` (logged since ${formatDay(entry.firstLoggedOn)})` : ''}`);
  const parts = [
    named.stack.length > 0
      ? `From your stack:\n\n${lines.join('\n')}`
      : `You have ${plural(stack.length, 'supplement')} in your stack:\n\n${lines.join('\n')}`,
  ];
  const todayLog = today[0];
  const todayDate = user.viewer.today;
  // A question about one supplement hears about that one only.
  const todayItems = (todayLog && todayLog.date === todayDate ? todayLog.items : []).filter((item) => named.stack.length === 0 || named.stack.some((entry) => entry.id === item.supplementId));
  parts.push(
    todayItems.length > 0
      ? `Today you have logged ${joinList(todayItems.map((item) => `${plainText(item.name)} (${item.dosage})`))}; see ${cite('today', { kind: 'day', date: todayDate })}.`
      : `You have not logged ${named.stack.length > 0 ? 'it' : 'any intake'} ${cite('today', { kind: 'day', date: todayDate })} yet.`,
  );
  const nutrients = new Set(named.stack.map((entry) => entry.nutrient));
  for (const warning of warnings.warnings.filter((item) => named.stack.length === 0 || nutrients.has(item.nutrient))) {
    parts.push(
      `Together, ${joinList(warning.supplements.map((name) => plainText(name)))} come to ${warning.total} ${warning.unit} of ${nutrientName(warning.nutrient)} a day, above the adult upper limit of ${warning.limit} ${warning.unit} (${warning.source}).`,
    );
  }
  return parts.join('\n\n');
}

// ─── Streak ─────────────────────────────────────────────────────────────────────────────────────

async function answerStreak(user: UserData): Promise<string> {
  const streak = await user.streak();
  if (!streak.lastLogDate) {
    return 'You have not logged any supplement intake yet, so you have no streak. Log what you take today on the dashboard to start one.';
  }
  const last = cite(formatDay(streak.lastLogDate), { kind: 'day', date: streak.lastLogDate });
  if (streak.current === 0) {
    return `Your streak is 0 days: your last log was on ${last}. Log today's intake to start a new one. Your longest streak so far is ${plural(streak.longest, 'day')}.`;
  }
  const ending = streak.loggedToday ? 'including today' : `ending ${last}; you have not logged today yet, so log today to keep it going`;
  return `Your current streak is ${plural(streak.current, 'day')} in a row with at least one supplement logged, ${ending}. Your longest streak is ${plural(streak.longest, 'day')}, and the goal is ${streak.goalDays} days.`;
}

// ─── Lab results out of range ───────────────────────────────────────────────────────────────────

async function answerOutOfRange(user: UserData): Promise<string> {
  const overview = await user.biomarkerOverview();
  if (overview.length === 0) {
    return 'You have no lab results yet. Upload a lab report on the Labs page, and I can tell you which results are outside their reference range.';
  }
  const flagged = overview.filter((marker) => marker.latest.flag === 'high' || marker.latest.flag === 'low');
  const withoutRange = overview.filter((marker) => marker.latest.low === null && marker.latest.high === null);
  const unplaced = overview.filter((marker) => isUnplacedLimit(marker.latest));
  const withRange = overview.length - withoutRange.length - unplaced.length;
  const parts: string[] = [];
  if (flagged.length === 0) {
    parts.push(
      withRange > 0
        ? `None of your latest results is outside its reference range: all ${plural(withRange, 'biomarker')} with a range are within it.`
        : unplaced.length > 0
          ? 'None of your latest results is known to be outside its reference range.'
          : 'None of your results has a reference range, so I cannot say whether any is out of range.',
    );
  } else {
    parts.push(`${flagged.length} of your latest results ${flagged.length === 1 ? 'is' : 'are'} outside the reference range on the report:`);
    parts.push(
      flagged
        .map((marker) => {
          const p = marker.latest;
          const link = cite(`${marker.name} ${valueWithUnit(p.value, marker.unit, p.comparator)} on ${formatDay(p.date)}`, { kind: 'biomarker', name: marker.name, date: p.date });
          return `- ${link}: ${p.flag === 'high' ? 'above' : 'below'} the range of ${rangeText(p, marker.unit)}${p.reviewed ? '' : ' (not yet reviewed by you)'}`;
        })
        .join('\n'),
    );
  }
  if (withoutRange.length > 0 && withRange > 0) {
    parts.push(`${plural(withoutRange.length, 'biomarker')} had no reference range on the report, so I cannot say: ${joinList(withoutRange.map((marker) => marker.name))}.`);
  }
  if (unplaced.length > 0) {
    const limits = unplaced.map((marker) => `${marker.name} ${valueWithUnit(marker.latest.value, marker.unit, marker.latest.comparator)}`);
    parts.push(`The lab printed ${plural(unplaced.length, 'result')} as a limit that may be in range or out of it, so I cannot say: ${joinList(limits)}.`);
  }
  return parts.join('\n\n');
}

/** A limit its range cannot place: "< 0.5" by 0.3 - 5 may be under the range or in it (decision 069). */
function isUnplacedLimit(point: BiomarkerPoint): boolean {
  return point.comparator !== null && point.flag === null && (point.low !== null || point.high !== null);
}

function rangeText(point: BiomarkerPoint, unit: string): string {
  if (point.low !== null && point.high !== null) return `${formatValue(point.low)}–${valueWithUnit(point.high, unit)}`;
  if (point.low !== null) return `at least ${valueWithUnit(point.low, unit)}`;
  if (point.high !== null) return `at most ${valueWithUnit(point.high, unit)}`;
  return 'none printed';
}

function rangeStatus(point: BiomarkerPoint, unit: string): string {
  if (point.low === null && point.high === null) return 'the report printed no reference range for it';
  if (point.flag === 'high') return `above the reference range of ${rangeText(point, unit)}`;
  if (point.flag === 'low') return `below the reference range of ${rangeText(point, unit)}`;
  if (isUnplacedLimit(point)) return `perhaps ${point.comparator!.startsWith('<') ? 'below' : 'above'} the reference range of ${rangeText(point, unit)}, perhaps within it`;
  return `within the reference range of ${rangeText(point, unit)}`;
}

// ─── One biomarker over time ────────────────────────────────────────────────────────────────────

async function answerBiomarker(user: UserData, marker: Marker, since: Since | null, context: AssistantContext): Promise<string> {
  const series = await user.biomarkerSeries(marker.key);
  if (!series || series.points.length === 0) {
    return `You have no ${marker.name} results yet. Upload a lab report that includes it (or add the result by hand on the Labs page), and I can follow it over time.`;
  }
  const point = (p: BiomarkerPoint) => cite(`${valueWithUnit(p.value, series.unit, p.comparator)} on ${formatDay(p.date)}`, { kind: 'biomarker', name: series.name, date: p.date });
  const latest = series.points.at(-1)!;
  const parts = [`Your latest ${series.name} is ${point(latest)}, ${rangeStatus(latest, series.unit)}.`];

  let start: { date: string; label: string; supplement?: StackEntry | LoggedSupplement } | null = null;
  if (since?.kind === 'date' && since.until) return [...parts, periodSentences(series, since.date, since.until, point)].join(' ');
  if (since?.kind === 'date') start = { date: since.date, label: formatDay(since.date) };
  if (since?.kind === 'supplement' || since?.kind === 'it') {
    const supplement = await supplementForSince(user, since, marker, context);
    if (!supplement) {
      const what = since.kind === 'it' ? `a supplement for ${marker.name}` : `"${plainText(since.text, 60)}"`;
      parts.push(`I could not find ${what} in your stack or your intake logs, so I cannot say when you started it.`);
    } else {
      const startedOn = supplement.firstLoggedOn ?? ('addedOn' in supplement ? supplement.addedOn : null);
      if (startedOn) {
        const name = 'id' in supplement ? cite(supplement.name, { kind: 'supplement', id: supplement.id }) : plainText(supplement.name);
        const how = supplement.firstLoggedOn ? 'started logging' : 'added';
        parts.push(`You ${how} ${name} on ${cite(formatDay(startedOn), { kind: 'day', date: startedOn })}.`);
        start = { date: startedOn, label: `you started ${plainText(supplement.name)}`, supplement };
      }
    }
  }

  if (start) {
    const before = series.points.filter((p) => p.date <= start.date).at(-1);
    const after = series.points.filter((p) => p.date > start.date || (p.date === start.date && !start.supplement));
    if (after.length === 0) {
      parts.push(`You have no ${series.name} results since ${start.supplement ? 'then' : start.label}; the latest is from before.`);
    } else if (before) {
      parts.push(`Your last result before ${start.supplement ? 'then' : start.label} was ${point(before)}; ${changeSentence(before, latest, series)}. You have ${plural(after.length, 'result')} since${after.length > 1 && after.length <= 8 ? `: ${inOrder(after, series)}` : ''}.`);
    } else {
      const first = after[0]!;
      parts.push(
        after.length > 1
          ? `You have no result from before ${start.supplement ? 'then' : start.label} to compare with. Since then you have ${plural(after.length, 'result')}, from ${point(first)} to the latest; ${changeSentence(first, latest, series)}.`
          : `You have no result from before ${start.supplement ? 'then' : start.label} to compare with, and one since.`,
      );
    }
    if (start.supplement) parts.push('These are your numbers only: they cannot show whether the supplement caused a change.');
  } else if (series.points.length > 1) {
    const previous = series.points.at(-2)!;
    parts.push(`The result before was ${point(previous)}; ${changeSentence(previous, latest, series)}.`);
    if (series.points.length > 2) {
      const first = series.points[0]!;
      parts.push(`You have ${plural(series.points.length, 'result')} in all; the first was ${point(first)}, so since then ${changeSentence(first, latest, series)}.`);
      if (series.points.length <= 8) parts.push(`In order: ${inOrder(series.points, series)}.`);
    }
  } else {
    parts.push('It is your only result so far, so there is no trend yet.');
  }
  return parts.join(' ');
}

function inOrder(points: readonly BiomarkerPoint[], series: BiomarkerSeries): string {
  return points.map((p) => `${valueWithUnit(p.value, series.unit, p.comparator)} (${formatDay(p.date)})`).join(', ');
}

/** "In February": the results of that period, against the last one before it. */
function periodSentences(series: BiomarkerSeries, from: string, until: string, point: (p: BiomarkerPoint) => string): string {
  const period = `from ${formatDay(from)} to ${formatDay(until)}`;
  const within = series.points.filter((p) => p.date >= from && p.date <= until);
  const before = series.points.filter((p) => p.date < from).at(-1);
  if (within.length === 0) return `You have no ${series.name} results ${period}.`;
  const parts = [`${within.length === 1 ? 'Your result' : `Your ${within.length} results`} ${period}: ${within.map(point).join(', ')}.`];
  if (before) parts.push(`The result before was ${point(before)}; by the end of the period ${changeSentence(before, within.at(-1)!, series)}.`);
  return parts.join(' ');
}

/**
 * "Glucose" names the catalogue's plain glucose, but a user who has only fasting glucose means
 * that; "cholesterol" names total cholesterol, but a user with only LDL and HDL means those. With
 * no results for the named biomarker, the user's ones whose names contain the name the question
 * used stand in, the most recent first.
 */
async function measuredFor(user: UserData, named: Marker, text: string): Promise<Marker[]> {
  if (await user.biomarkerSeries(named.key)) return [named];
  const q = normaliseQuestion(text);
  // The name as the question said it ("cholesterol", not "total cholesterol"), and the catalogue's.
  const said = [...named.aliases, ...(named.spokenNames ?? [])].map((alias) => alias.toLowerCase()).filter((alias) => alias.length >= 4 && containsWords(q, alias)).sort((a, b) => b.length - a.length)[0];
  const words = [named.name.toLowerCase(), ...(said ? [said] : [])];
  const overview = await user.biomarkerOverview();
  const related = overview.filter((entry) => entry.key !== named.key && words.some((word) => containsWords(entry.name.toLowerCase(), word)));
  const markers = related.slice(0, 3).flatMap((entry) => CATALOGUE.find((marker) => marker.key === entry.key) ?? []);
  return markers.length > 0 ? markers : [named];
}

/**
 * "it rose by 11 ng/mL (+52.4%)": the difference of two stored values, to as many decimals as they
 * have (so 4.15 - 4.1 reads 0.05, not 0.1), and the percentage to one decimal.
 */
function changeSentence(from: BiomarkerPoint, to: BiomarkerPoint, series: BiomarkerSeries): string {
  // A limit ("< 0.5") is no measured number: a difference from it would be made up.
  const limit = [from, to].find((p) => p.comparator !== null);
  if (limit) return `no change can be worked out, as ${valueWithUnit(limit.value, series.unit, limit.comparator)} is a limit the lab printed, not a measured value`;
  const decimals = Math.max(decimalsOf(from.value), decimalsOf(to.value));
  const change = Number((to.value - from.value).toFixed(decimals));
  if (change === 0) return 'it is unchanged';
  const percent = from.value !== 0 ? ` (${change > 0 ? '+' : '−'}${formatDerived(Math.abs((change / from.value) * 100))}%)` : '';
  return `it ${change > 0 ? 'rose' : 'fell'} by ${valueWithUnit(Math.abs(change), series.unit)}${percent}`;
}

function decimalsOf(value: number): number {
  return formatValue(value).split('.')[1]?.length ?? 0;
}

async function supplementForSince(user: UserData, since: Since, marker: Marker, context: AssistantContext): Promise<StackEntry | LoggedSupplement | undefined> {
  const [stack, logged] = await Promise.all([user.stack(), user.loggedSupplements()]);
  if (since.kind === 'supplement') {
    const found = await findUserSupplements(since.text, stack, logged, context);
    return found.stack[0] ?? found.logged[0];
  }
  return stack.find((entry) => supplementMatchesMarker(entry.name, entry.nutrient, marker)) ?? logged.find((entry) => supplementMatchesMarker(entry.name, entry.nutrient, marker));
}

// ─── What a supplement is for ───────────────────────────────────────────────────────────────────

async function answerSupplementInfo(context: AssistantContext, text: string): Promise<string> {
  let entries = await context.reference.findNamedIn(normaliseQuestion(text));
  let mine: StackEntry[] = [];
  if (context.user) {
    const stack = await context.user.stack();
    mine = (await findUserSupplements(text, stack, [], context)).stack;
    if (entries.length === 0 && mine[0]?.referenceSupplementId) {
      entries = await context.reference.findNamedIn(normaliseQuestion(mine[0].name));
    }
  }
  // "vitamin D" names both D2 and D3: the one in the user's stack is meant.
  const entry = entries.find((candidate) => mine.some((item) => item.referenceSupplementId === candidate.id)) ?? entries[0];
  if (!entry) {
    return 'I could not find that supplement in our reference database. Ask about it by its common name, for example "What is magnesium glycinate for?" or "What is the upper limit of vitamin D?"';
  }
  const parts = [`**${entry.name}** (${entry.category}): ${plainText(entry.description, 600)}`];
  if (entry.upperLimit) {
    const ul = entry.upperLimit;
    const source = ul.source && ul.sourceUrl ? ` ([${plainText(ul.source, 120)}](${ul.sourceUrl}))` : ul.source ? ` (${plainText(ul.source, 120)})` : '';
    parts.push(`Adult upper limit: ${valueWithUnit(ul.amount, ul.unit)} a day of ${nutrientName(entry.nutrient ?? '')}${source}. ${ul.note ? plainText(ul.note, 600) : ''}`.trim());
  } else {
    parts.push(`Our reference database lists no adult upper limit for ${entry.name}.`);
  }
  if (entry.sourceUrl) parts.push(`Read more: [${plainText(entry.source ?? 'source', 120)}](${entry.sourceUrl}).`);
  if (context.user) {
    const sameNutrient = mine.length > 0 ? mine : (await context.user.stack()).filter((item) => item.referenceSupplementId === entry.id || (entry.nutrient !== null && item.nutrient === entry.nutrient));
    if (sameNutrient.length > 0) {
      parts.push(`In your stack: ${joinList(sameNutrient.map((item) => `${cite(item.name, { kind: 'supplement', id: item.id })} at ${item.dosage}, ${item.frequency}`))}.`);
      if (entry.upperLimit && entry.nutrient) {
        const warnings = await context.user.intakeWarnings();
        const over = warnings.warnings.find((warning) => warning.nutrient === entry.nutrient);
        const unconverted = sameNutrient.filter((item) => warnings.unconverted.includes(item.name));
        if (over) parts.push(`Your stack's daily total of ${nutrientName(over.nutrient)} is ${over.total} ${over.unit}, above that limit.`);
        else if (unconverted.length === 0) parts.push(`Your stack's daily total of ${nutrientName(entry.nutrient)} is within that limit.`);
        else parts.push(`I cannot add up ${joinList(unconverted.map((item) => plainText(item.name)))} against that limit, because its IU cannot be converted for this nutrient.`);
      }
    }
  }
  return parts.join('\n\n');
}


// ─── How the user felt with and without a supplement, or before and after ───────────────────────

const RATINGS: Rating[] = ['energy', 'mood', 'sleep'];

async function answerFelt(user: UserData, text: string, rating: Rating | null, since: Since | null, context: AssistantContext): Promise<string> {
  const [stack, logged] = await Promise.all([user.stack(), user.loggedSupplements()]);
  const lookup = since?.kind === 'supplement' ? since.text : text;
  const found = await findUserSupplements(lookup, stack, logged, context);
  const names = [...new Set([...found.stack.map((entry) => entry.name), ...found.logged.map((entry) => entry.name)])];
  if (since?.kind === 'date') return feltSinceDate(user, since, rating);
  if (names.length === 0) {
    const known = [...new Set([...stack.map((entry) => entry.name), ...logged.map((entry) => entry.name)])].slice(0, 8);
    return known.length > 0
      ? `Which supplement? Ask, for example, "How did I feel on days I took ${plainText(known[0]!)} versus days I did not?" You have logged ${joinList(known.map((name) => plainText(name)))}.`
      : 'You have not logged any supplements yet, so I cannot compare days with and without one.';
  }
  const ids = [...new Set([...found.stack.map((entry) => entry.id), ...found.logged.flatMap((entry) => (entry.supplementId ? [entry.supplementId] : []))])];
  const days = await user.ratedDays({ supplementIds: ids, names });
  const label = found.stack[0] ? cite(found.stack[0].name, { kind: 'supplement', id: found.stack[0].id }) : plainText(names[0]!);
  const plainLabel = plainText(names[0]!);
  if (days.length === 0) return 'You have not rated any days yet (energy, mood and sleep on the dashboard), so I cannot compare how you felt.';
  const shown = rating ? [rating] : RATINGS;
  const parts: string[] = [];
  const todayRating = days.find((day) => day.date === user.viewer.today);
  if (todayRating && /\btoday\b/.test(normaliseQuestion(text))) {
    parts.push(`${cite('Today', { kind: 'day', date: todayRating.date })} you rated ${ratingList(todayRating, shown)}${todayRating.took ? `, and you logged ${label}` : `, and you have not logged ${label}`}.`);
  }
  if (since?.kind === 'supplement' || since?.kind === 'it') {
    const first = found.stack[0]?.firstLoggedOn ?? found.logged[0]?.firstLoggedOn ?? days.filter((day) => day.took).at(-1)?.date ?? null;
    if (!first) return `You have not logged ${label} on any rated day, so I cannot compare before and after.`;
    const before = days.filter((day) => day.date < first);
    const after = days.filter((day) => day.date >= first);
    parts.push(`You started logging ${label} on ${cite(formatDay(first), { kind: 'day', date: first })}.`);
    if (before.length === 0) return [...parts, `You have no rated days before then, so I cannot compare; since then you rated ${plural(after.length, 'day')}, averaging ${averageList(averages(after), shown)}.`].join(' ');
    parts.push(`Before then, your ${plural(before.length, 'rated day')} averaged ${averageList(averages(before), shown)}; since then, your ${plural(after.length, 'rated day')} averaged ${averageList(averages(after), shown)}.`);
    parts.push(`So since you started: ${changeList(averages(after), averages(before), shown)} on average.`);
    parts.push(`This compares periods; it cannot show that ${plainLabel} caused the difference${before.length < 5 || after.length < 5 ? ', and with so few days it may be chance' : ''}.`);
    return parts.join(' ');
  }
  const withIt = days.filter((day) => day.took);
  const without = days.filter((day) => !day.took);
  if (withIt.length === 0) return [...parts, `None of your ${plural(days.length, 'rated day')} has a log of ${label}, so I cannot compare.`].join(' ');
  if (without.length === 0) {
    return [...parts, `You logged ${label} on every one of your ${plural(days.length, 'rated day')}, so there are no days without it to compare with; they averaged ${averageList(averages(days), shown)}.`].join(' ');
  }
  const a = averages(withIt);
  const b = averages(without);
  const latestWith = withIt[0]!;
  const latestWithout = without[0]!;
  parts.push(
    `On the ${plural(withIt.length, 'rated day')} you took ${label}, your average ratings were ${averageList(a, shown)}.`,
    `On the ${plural(without.length, 'rated day')} without it: ${averageList(b, shown)}.`,
    `So with ${plainLabel}: ${changeList(a, b, shown)} on average.`,
    `The latest examples are ${cite(formatDay(latestWith.date), { kind: 'day', date: latestWith.date })} (with it) and ${cite(formatDay(latestWithout.date), { kind: 'day', date: latestWithout.date })} (without).`,
    `This compares days; it cannot show that ${plainLabel} caused the difference${withIt.length < 5 || without.length < 5 ? ', and with so few days it may be chance' : ''}.`,
  );
  return parts.join(' ');
}

async function feltSinceDate(user: UserData, since: Extract<Since, { kind: 'date' }>, rating: Rating | null): Promise<string> {
  const days = await user.ratedDays({ supplementIds: [], names: [] });
  const shown = rating ? [rating] : RATINGS;
  const before = days.filter((day) => day.date < since.date);
  const after = days.filter((day) => day.date >= since.date && (!since.until || day.date <= since.until));
  const start = cite(formatDay(since.date), { kind: 'day', date: since.date });
  const period = since.until ? `from ${start} to ${cite(formatDay(since.until), { kind: 'day', date: since.until })}` : `since ${start}`;
  if (after.length === 0) return `You have no rated days ${period}.`;
  const parts = [`${period.charAt(0).toUpperCase()}${period.slice(1)} you rated ${plural(after.length, 'day')}, averaging ${averageList(averages(after), shown)}.`];
  if (before.length > 0) parts.push(`Before then, ${plural(before.length, 'rated day')} averaged ${averageList(averages(before), shown)}: ${changeList(averages(after), averages(before), shown)} ${since.until ? 'in that period' : 'since'}.`);
  return parts.join(' ');
}

function ratingList(day: RatedDay, shown: readonly Rating[]): string {
  return joinList(shown.map((name) => `${name} ${day[name]}/5`));
}

function averageList(values: Record<Rating, number>, shown: readonly Rating[]): string {
  return joinList(shown.map((name) => `${name} ${formatDerived(values[name])}/5`));
}

/** "energy 1.7 higher, mood the same": the difference of the rounded averages, as the reader can check it. */
function changeList(a: Record<Rating, number>, b: Record<Rating, number>, shown: readonly Rating[]): string {
  return joinList(
    shown.map((name) => {
      const d = Number(formatDerived(a[name])) - Number(formatDerived(b[name]));
      return Math.abs(d) < 0.05 ? `${name} the same` : `${name} ${formatDerived(Math.abs(d))} ${d > 0 ? 'higher' : 'lower'}`;
    }),
  );
}

/** The user's supplement a measurement question names, with what the comparison needs. */
async function measuredSupplement(user: UserData, words: string, context: AssistantContext) {
  const [stack, logged] = await Promise.all([user.stack(), user.loggedSupplements()]);
  const found = await findUserSupplements(words, stack, logged, context);
  const names = [...new Set([...found.stack.map((entry) => entry.name), ...found.logged.map((entry) => entry.name)])];
  if (names.length === 0) return null;
  const firsts = [...found.stack.map((entry) => entry.firstLoggedOn), ...found.logged.map((entry) => entry.firstLoggedOn)].filter((date): date is string => date !== null).sort();
  return {
    ids: [...new Set([...found.stack.map((entry) => entry.id), ...found.logged.flatMap((entry) => (entry.supplementId ? [entry.supplementId] : []))])],
    names,
    label: found.stack[0] ? cite(found.stack[0].name, { kind: 'supplement', id: found.stack[0].id }) : plainText(names[0]!),
    plainLabel: names[0]!,
    firstLoggedOn: firsts[0] ?? null,
  };
}

// ─── Which thing a word means ───────────────────────────────────────────────────────────────────

/**
 * A question whose words fit no frame ("ginkgo plus fish oil, any problem?", "how's my mag
 * doing"), read by the names it holds: two or more supplements or medicines ask how they go
 * together; one of the user's supplements whose substance is also a lab result of theirs asks which
 * is meant; another of their supplements asks about it.
 */
async function readByNames(context: AssistantContext, text: string): Promise<Question | null> {
  if (context.reference.interactionNamesIn(text).length >= 2) return { kind: 'interaction' };
  const user = context.user;
  if (!user) return null;
  const mine = (await findUserSupplements(text, await user.stack(), [], context)).stack;
  if (mine.length === 0) return null;
  for (const entry of mine) {
    const marker = CATALOGUE.find((candidate) => supplementMatchesMarker(entry.name, entry.nutrient, candidate));
    if (marker && (await user.biomarkerSeries(marker.key))) return { kind: 'biomarker', marker, since: null, framed: false };
  }
  return { kind: 'stack' };
}

/** The user's supplements and the reference entries a question names. */
async function namedIn(context: AssistantContext, text: string): Promise<Named> {
  const references = await context.reference.findNamedIn(normaliseQuestion(text));
  if (!context.user) return { stack: [], logged: [], references };
  const [stack, logged] = await Promise.all([context.user.stack(), context.user.loggedSupplements()]);
  return { ...(await findUserSupplements(text, stack, logged, context)), references };
}

/**
 * "How is my magnesium?" names both a supplement and a lab result. Unless the words say which
 * ("my magnesium level", "since I started it"), a user with both is asked back, with the two
 * readings; a user with only the supplement gets the supplement.
 */
async function askBackOrSupplement(user: UserData, question: Extract<Question, { kind: 'biomarker' }>, text: string, context: AssistantContext): Promise<string | undefined> {
  if (question.framed || question.since !== null) return undefined;
  const stack = await user.stack();
  const mine = (await findUserSupplements(text, stack, [], context)).stack.filter((entry) => supplementMatchesMarker(entry.name, entry.nutrient, question.marker));
  if (mine.length === 0) return undefined;
  const series = await user.biomarkerSeries(question.marker.key);
  if (!series) return answerStack(user, text, context);
  const word = question.marker.name;
  return [
    `Do you mean your ${word} supplement or your ${word} lab results?`,
    `- Your supplement: ${joinList(mine.map((entry) => `${cite(entry.name, { kind: 'supplement', id: entry.id })} (${entry.dosage}, ${entry.frequency})`))}. Ask "How much ${plainText(mine[0]!.name)} am I taking?"`,
    `- Your lab results: ${plural(series.points.length, `${word} result`)}. Ask "What are my ${word} results?"`,
  ].join('\n');
}

function averages(days: readonly RatedDay[]): Record<Rating, number> {
  const sum = days.reduce((total, day) => ({ energy: total.energy + day.energy, mood: total.mood + day.mood, sleep: total.sleep + day.sleep }), { energy: 0, mood: 0, sleep: 0 });
  return { energy: sum.energy / days.length, mood: sum.mood / days.length, sleep: sum.sleep / days.length };
}

// ─── Finding the user's supplements named in a question ─────────────────────────────────────────

/**
 * The user's supplements (in the stack, or only in the logs) that a question names: by their own
 * name, by their name without the dose or form ("Vitamin D3 2000" → "vitamin d3"), or through the
 * reference database ("magnesium" names the user's "Magnesium Glycinate" by its nutrient).
 */
export async function findUserSupplements(
  text: string,
  stack: readonly StackEntry[],
  logged: readonly LoggedSupplement[],
  context: AssistantContext,
): Promise<{ stack: StackEntry[]; logged: LoggedSupplement[] }> {
  const q = normaliseQuestion(text);
  const byName = (name: string) => {
    const lower = normaliseQuestion(name);
    const core = lower.replace(/\(.*?\)/g, ' ').replace(/\b\d+(?:\.\d+)?\s*(?:mg|mcg|g|iu|µg|ug)\b/g, ' ').replace(/\s+/g, ' ').trim();
    return containsWords(q, lower) || (core.length >= 3 && containsWords(q, core));
  };
  let stackHits = stack.filter((entry) => byName(entry.name));
  let loggedHits = logged.filter((entry) => byName(entry.name) && !stackHits.some((hit) => sameName(hit.name, entry.name)));
  if (stackHits.length === 0 && loggedHits.length === 0) {
    const references: ReferenceEntry[] = await context.reference.findNamedIn(q);
    if (references.length > 0) {
      const ids = new Set(references.map((entry) => entry.id));
      const nutrients = new Set(references.flatMap((entry) => (entry.nutrient ? [entry.nutrient] : [])));
      const matches = (entry: { referenceSupplementId: string | null; nutrient: string | null }) =>
        (entry.referenceSupplementId !== null && ids.has(entry.referenceSupplementId)) || (entry.nutrient !== null && nutrients.has(entry.nutrient));
      stackHits = stack.filter(matches);
      loggedHits = logged.filter((entry) => matches(entry) && !stackHits.some((hit) => sameName(hit.name, entry.name)));
    }
  }
  return { stack: stackHits, logged: loggedHits };
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
