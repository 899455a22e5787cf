import { addDays, isRealDate } from '#contract/dates.ts';
import { CATALOGUE, type Marker } from '#server/labs/extract/catalogue.ts';
import type { Measure } from '../assistant-data.ts';

/**
 * Recognises the questions the built-in assistant can answer, from the words people use for them.
 * It works on the last question only and needs no model: cue words pick the kind of question, the
 * biomarker catalogue's names and aliases pick a biomarker, and "since ..." picks a start.
 */

/** A date start, and for a period ("in February", "over the summer") its last day. */
export type Since = { kind: 'date'; date: string; label: string; until?: string } | { kind: 'supplement'; text: string } | { kind: 'it' };

export type Rating = 'energy' | 'mood' | 'sleep';
export type Question =
  | { kind: 'stack' }
  | { kind: 'streak' }
  | { kind: 'out-of-range' }
  /** `framed`: the words say it is a lab result ("my X level"), so a supplement of that name is not meant. */
  | { kind: 'biomarker'; marker: Marker; since: Since | null; framed: boolean }
  | { kind: 'dose'; change: 'more' | 'less' | null }
  | { kind: 'timing' }
  | { kind: 'interaction' }
  | { kind: 'plan' }
  | { kind: 'supplement-info' }
  | { kind: 'felt'; rating: Rating | null; since: Since | null }
  /** A measurement imported from a phone or wearable (minutes asleep, resting heart rate, steps...). */
  | { kind: 'measured'; measure: Measure; since: Since | null }
  /** "Is vitamin D3 doing anything?", "What changed since I started magnesium?": the user's Insights. */
  | { kind: 'insight'; since: Since | null }
  | { kind: 'greeting' }
  | { kind: 'unknown' };

/** What the answers read: the question, and the words that name its supplements (a follow-up's or the one before's). */
export type Understood = { question: Question; subjectText: string };

/** Lower case, straight quotes, single spaces: the form every matcher reads. */
export function normaliseQuestion(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Whether `phrase` occurs in `text` as whole words (not inside a longer word). */
export function containsWords(text: string, phrase: string): boolean {
  if (!phrase) return false;
  for (let index = text.indexOf(phrase); index >= 0; index = text.indexOf(phrase, index + 1)) {
    const before = index === 0 ? '' : text[index - 1]!;
    const after = text[index + phrase.length] ?? '';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

// ─── Biomarkers named in a question ─────────────────────────────────────────────────────────────

type AliasEntry = { text: string; marker: Marker; caseSensitive: boolean };

/**
 * Every catalogue name, alias and spoken name ("bad cholesterol"), and a count's alias without
 * the word "count" ("white cells"). Short all-letter ones ("TSH", "Fe", "Mg") count as written;
 * typed in lower case only when they cannot be a word ("ldl", "wbc": no vowel), or after "my"
 * ("my tsh"), so that ordinary words and units ("pt", "alt", "mg") are not read as tests. "b12" or
 * "a1c" may be typed in any case. Single letters never count.
 */
const ALIASES: AliasEntry[] = CATALOGUE.flatMap((marker) =>
  [marker.name, ...marker.aliases, ...(marker.spokenNames ?? []), ...marker.aliases.flatMap(countStems)]
    .filter((text) => text.trim().length >= 2)
    .map((text) => {
      const caseSensitive = /^[A-Za-z]{1,3}$/.test(text.replace(/[^A-Za-z0-9]/g, ''));
      return { text: caseSensitive ? text.trim() : text.trim().toLowerCase(), marker, caseSensitive };
    }),
).sort((a, b) => b.text.length - a.text.length);

/** "White Cell Count" is also said "white cells" or "white cell". */
function countStems(alias: string): string[] {
  const stem = /^(.{4,}?) count$/i.exec(alias.trim())?.[1];
  return stem && !/\bcount\b/i.test(stem) ? [stem, `${stem}s`] : [];
}

/** Letters and digits only: "25(OH)D" and "25 oh d" read alike. */
const fold = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** The biomarker a question names, by its longest matching name or alias, punctuation or not. */
export function findBiomarker(original: string): Marker | undefined {
  const lower = normaliseQuestion(original);
  const folded = fold(lower);
  const spaced = original.replace(/\s+/g, ' ');
  for (const alias of ALIASES) {
    if (alias.caseSensitive ? containsWords(spaced, alias.text) || typedLower(lower, alias.text.toLowerCase()) : containsWords(lower, alias.text)) return alias.marker;
  }
  for (const alias of ALIASES) {
    if (!alias.caseSensitive && alias.text.length >= 5 && containsWords(folded, fold(alias.text))) return alias.marker;
  }
  return undefined;
}

/** "ldl", "my tsh level": a short name typed in lower case, when it cannot be a word or the words make it the user's result. */
function typedLower(lower: string, alias: string): boolean {
  if (alias.length < 3) return false;
  if (!/[aeiouy]/.test(alias) && containsWords(lower, alias)) return true;
  return containsWords(lower, `my ${alias}`) || ['level', 'levels', 'result', 'results', 'test', 'cholesterol'].some((word) => containsWords(lower, `${alias} ${word}`));
}

/** Whether a supplement's name speaks of the biomarker's substance ("Vitamin D3" and 25-OH vitamin D). */
export function supplementMatchesMarker(name: string, nutrient: string | null, marker: Marker): boolean {
  const markerNutrients = MARKER_NUTRIENTS[marker.key] ?? [];
  if (nutrient && markerNutrients.includes(nutrient)) return true;
  const lower = normaliseQuestion(name);
  return [marker.name, ...marker.aliases].some((alias) => alias.length >= 4 && containsWordsLoose(lower, alias.toLowerCase()));
}

/** "vitamin d" inside "vitamin d3 2000": the alias may run into digits of a form name. */
function containsWordsLoose(text: string, phrase: string): boolean {
  const index = text.indexOf(phrase);
  if (index < 0) return false;
  const before = index === 0 ? '' : text[index - 1]!;
  const after = text[index + phrase.length] ?? '';
  return !/[\p{L}\p{N}]/u.test(before) && !/\p{L}/u.test(after);
}

/** Biomarkers that measure a nutrient people take as a supplement (reference nutrient keys). */
const MARKER_NUTRIENTS: Record<string, string[]> = {
  'vitamin-d-25oh': ['vitamin-d'],
  'vitamin-d-125': ['vitamin-d'],
  'vitamin-b12': ['vitamin-b12'],
  folate: ['folate'],
  'folate-rbc': ['folate'],
  'vitamin-a': ['vitamin-a'],
  'vitamin-e': ['vitamin-e'],
  'vitamin-c': ['vitamin-c'],
  'vitamin-b1': ['thiamin'],
  'vitamin-b6': ['vitamin-b6'],
  'vitamin-k': ['vitamin-k'],
  iron: ['iron'],
  ferritin: ['iron'],
  tibc: ['iron'],
  'transferrin-saturation': ['iron'],
  magnesium: ['magnesium'],
  zinc: ['zinc'],
  copper: ['copper'],
  calcium: ['calcium'],
  potassium: ['potassium'],
  phosphorus: ['phosphorus'],
};

// ─── Time anchors ───────────────────────────────────────────────────────────────────────────────

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** Month names in full or as their usual abbreviations, never a word that starts like one ("marketing"). */
const MONTH = '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\\.?(?![a-z])';
const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, few: 3, couple: 2, 'couple of': 2 };
const COUNT = '(\\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|couple(?: of)?)';
const FROM = '(?:since|from|after|starting)';

function monthNumber(word: string): number {
  return MONTHS.findIndex((month) => month.startsWith(word.slice(0, 3))) + 1;
}

function isoDate(year: number, month: number, day: number): string | undefined {
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isRealDate(date) ? date : undefined;
}

const dateSince = (date: string, until?: string): Since => (until ? { kind: 'date', date, label: date, until } : { kind: 'date', date, label: date });

const SEASONS: Record<string, [number, number]> = { spring: [3, 5], summer: [6, 8], autumn: [9, 11], fall: [9, 11], winter: [12, 2] };

function lastDayOfMonth(year: number, month: number): string {
  return addDays(isoDate(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1)!, -1);
}

/** A month as a period: the latest one that has begun ("in February"), the one of a given year, or the one before this month's ("last September"). */
function monthPeriod(month: number, today: string, year: number | null, strictlyBefore: boolean): { date: string; until: string } | undefined {
  let y = year ?? Number(today.slice(0, 4));
  if (year === null) {
    const thisMonth = Number(today.slice(5, 7));
    if (month > thisMonth || (strictlyBefore && month === thisMonth)) y -= 1;
  }
  const date = isoDate(y, month, 1);
  return date ? { date, until: lastDayOfMonth(y, month) } : undefined;
}

/** A season as a period (northern hemisphere): the latest that has begun, or for "last", the one before the current. */
function seasonPeriod(name: string, today: string, last: boolean): { date: string; until: string } {
  const [from, to] = SEASONS[name]!;
  const year = Number(today.slice(0, 4));
  const startIn = (y: number) => isoDate(y, from, 1)!;
  let startYear = startIn(year) <= today ? year : year - 1;
  const endOf = (y: number) => (to < from ? lastDayOfMonth(y + 1, to) : lastDayOfMonth(y, to));
  if (last && endOf(startYear) >= today) startYear -= 1;
  return { date: startIn(startYear), until: endOf(startYear) };
}

/** The start a question asks about: a date, a supplement started, or "it". */
export function parseSince(question: string, today: string): Since | null {
  return findSince(question, today)?.since ?? null;
}

/**
 * The start and the words that said it, so that the rest of the question can be read without
 * them ("How did my LDL change since I started vitamin D?": LDL is the result, vitamin D the start).
 */
export function findSince(question: string, today: string): { since: Since; clause: string } | null {
  const q = normaliseQuestion(question);
  const supplement =
    /\b(?:since (?:i |i've |i have )?(?:started|starting|began|begun|beginning|went on|been (?:taking|on|using))|after (?:i )?(?:started|starting|began|beginning)|while (?:i was |i'm |i am )?(?:taking|on|using)|before and after (?:i )?(?:started|starting|began|beginning)?|before vs\.? after(?: starting)?|since adding|after adding)(?: (?:taking|on|to take|using|with))? (.+?)(?:[?.!,;]| (?:and )?(?:how|what|is|did|has|have|does|was|were)\b| my\b|$)/.exec(q);
  if (supplement) {
    const text = supplement[1]!.trim().replace(/^(?:the|my)\s+/, '');
    const since: Since = /^(?:it|them|that|this|taking it)\b/.test(text) ? { kind: 'it' } : { kind: 'supplement', text };
    return { since, clause: supplement[0]! };
  }
  // "Did the cholecalciferol raise my vitamin D?", "has fish oil changed my mood": a supplement as the cause of a change in something of mine.
  const cause =
    /\b(?:did|has|have|does|do|is|are) (?:the |my )?((?!my\b)[^,.;?]+?) (?:actually |really |even |at all )?(?:raised?|raising|lowered|lowering|improved?|improving|changed?|changing|helped|helping|affected|affecting|increased?|decreased?|boosted|reduced?|moved|shifted|done anything (?:for|to)|made (?:a |any )?difference to) (?=my\b)/.exec(q);
  if (cause) return { since: { kind: 'supplement', text: cause[1]!.trim() }, clause: cause[0]!.trim() };
  // "I started the magnesium back in March, has my glucose changed since then?"
  const started = /\b(?:i|i've|i have) (?:started|began|begun) (?:taking |on |using )?(?:the |my )?([^,.;?]+?)(?= back\b| in \w| on \w| last \w| around \w| a \w|[,.;?]| and )/.exec(q);
  if (started && /\bsince then\b/.test(q)) return { since: { kind: 'supplement', text: started[1]!.trim() }, clause: started[0]! };
  const periods: [RegExp, (m: RegExpExecArray) => { date: string; until: string } | undefined][] = [
    [new RegExp(`\\b(?:since|from) last ${MONTH}`), (m) => ({ ...monthPeriod(monthNumber(m[1]!), today, null, true)!, until: '' })],
    [new RegExp(`\\b(?:in|during|for|throughout|over) ${MONTH}(?:,? (\\d{4}))?`), (m) => monthPeriod(monthNumber(m[1]!), today, m[2] ? Number(m[2]) : null, false)],
    [/\b(?:since|from) (?:the |this |last )?(spring|summer|autumn|fall|winter)\b/, (m) => ({ ...seasonPeriod(m[1]!, today, /\blast (?:spring|summer|autumn|fall|winter)\b/.test(m[0]!)), until: '' })],
    [/\b(?:in|over|during|through|throughout|for|this|last) (?:the )?(spring|summer|autumn|fall|winter)\b/, (m) => seasonPeriod(m[1]!, today, /\blast (?:spring|summer|autumn|fall|winter)\b/.test(m[0]!))],
    [/\b(?:since|from) (?:christmas|xmas)\b/, () => ({ date: latestDayOfYear(12, 25, today), until: '' })],
    [/\b(?:since|from) (?:the )?new year\b/, () => ({ date: `${today.slice(0, 4)}-01-01`, until: '' })],
  ];
  for (const [pattern, read] of periods) {
    const match = pattern.exec(q);
    const period = match ? read(match) : undefined;
    if (match && period && period.date <= today) return { since: dateSince(period.date, period.until || undefined), clause: match[0] };
  }
  const tries: [RegExp, (m: RegExpExecArray) => string | undefined][] = [
    [new RegExp(`\\b${FROM} (\\d{4})-(\\d{1,2})-(\\d{1,2})\\b`), (m) => isoDate(Number(m[1]), Number(m[2]), Number(m[3]))],
    [new RegExp(`\\b${FROM} ${MONTH} (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})\\b`), (m) => isoDate(Number(m[3]), monthNumber(m[1]!), Number(m[2]))],
    [new RegExp(`\\b${FROM} (?:the )?(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH},? (\\d{4})\\b`), (m) => isoDate(Number(m[3]), monthNumber(m[2]!), Number(m[1]))],
    [new RegExp(`\\b${FROM} ${MONTH},? (\\d{4})\\b`), (m) => isoDate(Number(m[2]), monthNumber(m[1]!), 1)],
    [/\b(?:since|from|after|starting) (\d{4})(?![-/.\d])/, (m) => (Number(m[1]) >= 1900 ? `${m[1]}-01-01` : undefined)],
    // "since March": the latest March that has begun.
    [new RegExp(`\\b${FROM} ${MONTH}(?![a-z])`), (m) => latestMonthStart(monthNumber(m[1]!), today)],
    [/\b(?:since|from) (?:the )?(?:start|beginning) of (?:the |this )?year\b|\bthis year\b/, () => `${today.slice(0, 4)}-01-01`],
    [/\b(?:since|from) last year\b/, () => `${Number(today.slice(0, 4)) - 1}-01-01`],
    [new RegExp(`\\b(?:in|over|during|for|within|from) the (?:last|past|previous) (?:${COUNT} )?(day|week|month|year)s?\\b`), (m) => daysBack(m[1], m[2]!, today)],
    [new RegExp(`\\b(?:last|past) ${COUNT} (day|week|month|year)s?\\b`), (m) => daysBack(m[1], m[2]!, today)],
    [new RegExp(`\\b${COUNT} (day|week|month|year)s? ago\\b`), (m) => daysBack(m[1], m[2]!, today)],
    [/\b(?:this|last|past) (week|month)\b/, (m) => daysBack('1', m[1]!, today)],
  ];
  for (const [pattern, read] of tries) {
    const match = pattern.exec(q);
    const date = match ? read(match) : undefined;
    if (match && date) return { since: dateSince(date), clause: match[0] };
  }
  return null;
}

function daysBack(countWord: string | undefined, unit: string, today: string): string {
  const count = countWord === undefined ? 1 : Number.isNaN(Number(countWord)) ? (NUMBER_WORDS[countWord] ?? 1) : Number(countWord);
  const days = unit === 'day' ? count : unit === 'week' ? count * 7 : unit === 'month' ? count * 30 : count * 365;
  return addDays(today, -days);
}

function latestDayOfYear(month: number, day: number, today: string): string {
  const year = Number(today.slice(0, 4));
  const thisYear = isoDate(year, month, day)!;
  return thisYear <= today ? thisYear : isoDate(year - 1, month, day)!;
}

function latestMonthStart(month: number, today: string): string | undefined {
  const year = Number(today.slice(0, 4));
  const thisYear = isoDate(year, month, 1);
  return thisYear && thisYear <= today ? thisYear : isoDate(year - 1, month, 1);
}

// ─── The kind of question ───────────────────────────────────────────────────────────────────────

const STREAK = /\b(streaks?|in a row|consecutive|\d+[- ]?days? goal|streak goal|logging goal)\b/;
const OUT_OF_RANGE = /\b(out of (?:the )?(?:reference )?range|out of whack|outside (?:the |of )?(?:reference |normal )?range|abnormal|flagged|not normal|too (?:high|low)|high or low|off range|in range|within range|normal range)\b/;
/** "Are my results normal?", "which labs should I worry about": the results as a whole, judged. */
const RESULTS_JUDGED = /\b(normal|ok|okay|fine|good|bad|worr(?:y|ied|ying)|concern(?:ed|ing)?|wrong|attention|problems?|issues?)\b/;
const RESULTS = /\b(results?|labs?|tests?|biomarkers?|markers?|bloodwork|blood work|bloods|values?)\b/;
const RATING_WORDS: [Rating, RegExp][] = [
  ['sleep', /\b(sleep|slept|sleeping|insomnia|rest(?:ed|less)?)\b/],
  ['energy', /\b(energy|energetic|tired|tiredness|fatigue|fatigued|exhausted|sluggish|drained|worn out|knackered|shattered|lethargic|drowsy|sleepy|wiped out|run down)\b/],
  ['mood', /\b(mood|moods|happy|happier|sad|anxious|anxiety|down|grumpy|irritable|stressed)\b/],
];
const FELT = /\b(feel|felt|feeling|feelings|energy|mood|sleep|slept|sleeping|sleeps|rated|ratings?|tired|fatigue|fatigued|exhausted|sluggish|happier|anxious|knackered|shattered|lethargic|drowsy|sleepy)\b/;
/** Words that can only be about how the user feels, whatever else the question names. */
const FELT_STRONG = /\b(feel|felt|feeling|feelings|my (?:energy|mood|sleep)|(?:energy|mood|sleep) ratings?)\b/;
const FELT_LINK = /\b(days? (?:i|when i|that i) (?:took|take|taken|skipped|did not|didn't|missed)|with(?:out)? (?:it|taking)|versus|vs\.?|compared?|difference|help(?:s|ed|ing)? (?:my|me|with)|effect|affect(?:s|ed|ing)?|when i take|when i took|on days|is it (?:my|the)|(?:could|can|might) (?:it|that|this) be (?:my|the)|is (?:that|this) (?:my|the)|because of|due to|from (?:my|the)|caus(?:e|ed|ing)|making me|makes me|made me|changed?|better|worse|improv\w*|since|while)\b/;
const DOSE = /\boverdose\b|\b(?:dose|dosage) (?:is )?too (?:high|low|much)\b|\b(?:ok|okay|safe|fine|alright) to take \d|\btake \d[\d,.]* ?(?:mg|mcg|iu|g|µg)\b|\bdoubl(?:e|ing) up\b|\b(doubl(?:e|ing)|tripl(?:e|ing)|halv(?:e|ing)|increas(?:e|ing)|decreas(?:e|ing)|reduc(?:e|ing)|rais(?:e|ing)|lower(?:ing)?|cut(?:ting)?|up|upping|bump(?:ing)?(?: up)?) (?:my|the|it|its|dose|dosage)\b|\b(?:the )?most\b.*\b(?:can|could|should|may) (?:i |you )?take\b|\b(?:max|maximum)\b|\btake (?:\d+|two|three|four|five) (?:capsules|pills|tablets|softgels|gummies|scoops|doses)\b|\b(?:take|taking|have) (?:more|less|extra|another|a second|an extra|twice as much|half)\b|\bhow (?:much|many)\b.*\b(?:should|can|could|may|to take|is safe|is too|too|max|maximum|allowed|okay|ok)\b|\btoo (?:much|many|high a dose)\b|\bupper limit|\b(?:max|maximum|safe|highest|right|correct|recommended|daily) (?:dose|dosage|amount|intake)\b|\bul\b|\btolerable\b|\bis \d[\d.,]* ?(?:mg|mcg|iu|g|µg)?\b.*\b(?:safe|ok|okay|fine|a lot)\b|\bover the limit\b|\bam i over\b|\bdose\b.*\b(?:safe|ok|okay|right)\b/;
/** "Is my magnesium OK?": a dose question only when no lab result of that name is meant. */
const DOSE_WEAK = /\bis my\b.*\b(?:safe|ok|okay|fine|a lot)\b/;
const DOSE_MORE = /\b(double|doubling|triple|increase|increasing|raise|raising|up|upping|bump|more|extra|another|a second|an extra|twice as much)\b/;
const DOSE_LESS = /\b(halve|halving|decrease|decreasing|reduce|reducing|lower|lowering|cut|cutting|less|half)\b/;
const TIMING = /\b(when (?:should|do|can|is it best to|to) (?:i )?take|when(?: is|'s) (?:it )?(?:the )?best|what time|which time|time of (?:the )?day|best time|morning or (?:at )?(?:night|evening)|night or morning|before bed(?:time)?|at bedtime|at night|in the morning|with (?:food|a meal|meals|breakfast|dinner)|on an empty stomach|empty stomach|before or after (?:food|eating|meals?)|with or without food)\b/;
const INTERACTION = /\b(interact(?:s|ion|ions)?|combine|combining|mix|mixing|together|at the same time|same time as|alongside|clash|conflict|contraindicat\w*)\b|\b(?:take|taking|took) .+? (?:with|and|plus) .+|\b(?:with|on) (?:my )?(?:warfarin|coumadin|blood thinners?|eliquis|xarelto|levothyroxine|synthroid|thyroid medication|antibiotics?|metformin|statins?|birth control|ssris?|antidepressants?)\b/;
const PLAN_VERB = '(?:start|stop|add|try|quit|switch|swap|replace|drop|pause|come off|get off|go off|give up|cut out)';
const PLAN = new RegExp(
  `\\b(plan(?:ning)? to (?:take|${PLAN_VERB})|thinking (?:about|of) (?:starting|stopping|taking|adding|trying|switching|swapping|replacing|dropping|pausing|coming off|giving up)|want to ${PLAN_VERB}|should i (?:${PLAN_VERB}|keep taking|continue)|(?:going|about) to ${PLAN_VERB}|is it (?:ok|okay|safe) to (?:start|stop|add|quit|come off)|can i (?:stop|come off)|should i keep|worth (?:taking|adding)|(?:switch|swap)(?:ping)? (?:from|to|my|the)|replace my)\\b`,
);
const INFO = /\b(what (?:is|are|does|do) .+? (?:for|do|good for)|used for|good for|benefits?|tell me about|what is it)\b/;
/** "What is ashwagandha?": a plain "what is X" about something that is not the user's own. */
const WHAT_IS = /^(?:what|who)(?: is|'s| are) (?:a |an )?[a-z0-9 ,'()-]+\??$/;
/** "How long have I been taking vitamin D?", "when did I start the fish oil?": the stack's dates, whatever the name also means. */
const STACK_SINCE = /\b(how long (?:have i been|am i|have i) (?:taking|on|using|been on|been taking)|when did i (?:start|begin|first take|first start)|since when (?:have i|am i|do i))\b/;
const STACK = /\b(what (?:am i|do i|supplements do i|supplements am i) (?:currently |still |usually |normally |now )?(?:taking|take|on)|what(?:'s| is) (?:in )?my (?:current |whole |full |daily )?stack|my (?:current |whole |full |daily )?stack|my supplements|list (?:my )?supplements|how much .+? (?:am i taking|do i take|i take|i'm taking|am i on|i'm on)|what (?:do|did) i take|how much do i take|am i taking|do i take|my dose|my dosage|what dose)\b/;
const BIOMARKER_CUES = /\b(level|levels|trend|trending|result|results|value|values|reading|readings|numbers?|doing|changed|change|latest|last|lab|labs|test|tested|blood|since|how is|how's|how are|improv\w*|going up|going down|over time|history|is my|was my|went|gone|rise|rose|fall|fell|drop|dropped|higher|lower|better|worse|compare|before and after)\b/;
/** Words that make a name a lab result: "my X level", "my X results", "X test", "blood X". */
const BIOMARKER_FRAME = /\b(levels?|results?|test(?:s|ed)?|readings?|values?|numbers?|labs?|bloodwork|blood work|blood test|in my blood|measured|lab report)\b/;
/** Whether a supplement does anything, what changed since a start, or the insights themselves. */
const INSIGHT =
  /\b(?:is|are|has|have) (?:my |the )?[\p{L}\p{N} -]+? (?:doing anything|doing something|done anything|working|made (?:a|any) difference|making (?:a|any) difference|having (?:an|any) effect|had (?:an|any) effect)\b|\b(?:does|did|do) (?:my |the )?[\p{L}\p{N} -]+? (?:work|do anything|do something|make (?:a|any) difference|have (?:an|any) effect)\b|\bwhat(?:'s| has| have)? changed (?:since|after|when)\b|\b(?:my )?insights\b/u;
const GREETING = /^(hi|hello|hey|good (?:morning|afternoon|evening)|thanks|thank you|help|what can you do|who are you)\b/;
const FOLLOW_UP = /^(?:and|also|what about|how about|and what about|and how about|same for|ok and|okay and|then|now)\b|^(?:since|from|over|in|during|before|after|last|past)\b/;

/** Words for what phones and wearables measure; the more specific first. Sleep only as a length ("how long did I sleep"), or "how did I sleep": "help my sleep" stays a rating question. */
const MEASURE_WORDS: [Measure, RegExp][] = [
  ['hrv', /\b(hrv|heart rate variability)\b/],
  ['resting_heart_rate', /\b(resting heart rate|resting hr|rhr|heart rate|resting pulse|pulse)\b/],
  ['deep_sleep', /\bdeep sleep\b/],
  ['rem_sleep', /\brem sleep\b/],
  ['sleep', /\b(how (?:long|much|many hours|well) did i sleep|how did i sleep|hours? (?:of sleep|i slept|did i sleep)|sleep (?:duration|time|length)|minutes asleep|time asleep)\b/],
  ['steps', /\b(steps|step count|did i walk|i walked|walking)\b/],
  ['body_fat', /\bbody fat\b/],
  ['weight', /\b(my weight|weigh|weighed|weight (?:change|changed|go|gone|went|lower|higher|since|while|on days|trend))\b/],
  ['blood_pressure_systolic', /\bblood pressure\b/],
];

export function measureNamed(q: string): Measure | null {
  return MEASURE_WORDS.find(([, pattern]) => pattern.test(q))?.[0] ?? null;
}

function ratingNamed(q: string): Rating | null {
  return RATING_WORDS.find(([, pattern]) => pattern.test(q))?.[0] ?? null;
}

/** What one message asks, read alone. */
export function classifyQuestion(original: string, today: string): Question {
  const q = normaliseQuestion(original);
  const found = findSince(original, today);
  const since = found?.since ?? null;
  // The name in "since I started X" is the start, not the subject.
  const rest = found ? removeClause(original, found.clause) : original;
  const restQ = normaliseQuestion(rest);
  const marker = findBiomarker(rest);
  const framed = marker !== undefined && (BIOMARKER_FRAME.test(restQ) || OUT_OF_RANGE.test(restQ) || /\b25-?oh\b|hydroxy/.test(restQ) || /\b(latest|trend|trending|going up|going down|over time|history|high|low|deficient|deficiency)\b/.test(restQ));
  const dose = (text: string) => DOSE.test(text) || (DOSE_WEAK.test(text) && !marker);
  if (STREAK.test(q)) return { kind: 'streak' };
  if (FELT_STRONG.test(restQ) && (INSIGHT.test(q) || since !== null) && !dose(q)) return { kind: 'felt', rating: ratingNamed(restQ), since };
  if (INSIGHT.test(q) && !dose(q)) return { kind: 'insight', since };
  const measure = measureNamed(q);
  if (measure && !/\b(rated|rating|ratings|score)\b/.test(q) && !dose(q)) return { kind: 'measured', measure, since };
  if (STACK_SINCE.test(q)) return { kind: 'stack' };
  if (PLAN.test(q) && since?.kind !== 'supplement') return { kind: 'plan' };
  const judged = !marker && RESULTS.test(q) && RESULTS_JUDGED.test(q) && /\b(my|any|which|what|all)\b/.test(q);
  if ((OUT_OF_RANGE.test(q) || judged) && !(dose(q) && !RESULTS.test(q)) && (!marker || (RESULTS.test(q) && /\b(which|what|any|all|list)\b/.test(q)))) return { kind: 'out-of-range' };
  if (marker && framed && !dose(restQ)) return { kind: 'biomarker', marker, since, framed };
  if (FELT.test(restQ) && (FELT_LINK.test(q) || since !== null) && (FELT_STRONG.test(restQ) || !(marker && !since && BIOMARKER_CUES.test(restQ) && !ratingNamed(restQ)))) {
    return { kind: 'felt', rating: ratingNamed(restQ), since };
  }
  // "What is magnesium for, and its upper limit?": the reference answer, which gives the limit too.
  if (INFO.test(q) && !/\b(should i|double|too much|more|less|my dose|am i)\b/.test(q)) return { kind: 'supplement-info' };
  if (dose(q) && !/\bhow much .+? (?:am i taking|do i take|i'm taking)\b/.test(q)) return { kind: 'dose', change: DOSE_MORE.test(q) ? 'more' : DOSE_LESS.test(q) ? 'less' : null };
  if (TIMING.test(q)) return { kind: 'timing' };
  if (INTERACTION.test(q) && !framed) return { kind: 'interaction' };
  const infoCue = INFO.test(q) || (WHAT_IS.test(q) && !/\b(my|i|me)\b/.test(q));
  if (marker && (since !== null || BIOMARKER_CUES.test(restQ) || OUT_OF_RANGE.test(q)) && !infoCue) return { kind: 'biomarker', marker, since, framed };
  if (STACK.test(q)) return { kind: 'stack' };
  if (infoCue) return { kind: 'supplement-info' };
  if (marker) return { kind: 'biomarker', marker, since, framed };
  if (GREETING.test(q)) return { kind: 'greeting' };
  return { kind: 'unknown' };
}

function removeClause(original: string, clause: string): string {
  const spaced = original.replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ');
  const index = spaced.toLowerCase().indexOf(clause);
  return index < 0 ? spaced : `${spaced.slice(0, index)} ${spaced.slice(index + clause.length)}`;
}

/**
 * The last question, read with the one before when it only adds to it: "and since June?" keeps
 * the earlier subject with a new start; "what about ferritin?" keeps the earlier start with a
 * new biomarker; "and zinc?" asks the earlier kind of question about another supplement.
 */
export function understandConversation(userMessages: readonly string[], today: string): Understood {
  const last = userMessages.at(-1) ?? '';
  const question = classifyQuestion(last, today);
  const previousText = userMessages.at(-2);
  const q = normaliseQuestion(last);
  const short = q.split(' ').length <= 6;
  // "Is that too much?": a question that names nothing of its own is about what the one before named.
  const pointsBack = previousText !== undefined && /\b(it|that|this|them|those|these)\b/.test(q) && !findBiomarker(last);
  if (!previousText || !(FOLLOW_UP.test(q) || (short && question.kind === 'unknown'))) return { question, subjectText: pointsBack ? `${previousText} ${last}` : last };
  const previous = classifyQuestion(previousText, today);
  const since = parseSince(last, today);
  const marker = findBiomarker(last);
  // The answer to an ask-back ("Do you mean your supplement or your lab results?").
  if (previous.kind === 'biomarker' && !previous.framed && previous.since === null && !marker) {
    if (BIOMARKER_FRAME.test(q)) return { question: { ...previous, framed: true }, subjectText: previousText };
    if (/\b(supplements?|pills?|capsules?|tablets?|what i take|the one i take)\b/.test(q)) return { question: { kind: 'stack' }, subjectText: previousText };
  }
  if (previous.kind === 'measured' && previous.measure === 'sleep' && ratingNamed(q) && ratingNamed(q) !== 'sleep') {
    return { question: { kind: 'felt', rating: ratingNamed(q), since: since ?? previous.since }, subjectText: previousText };
  }
  if (previous.kind === 'biomarker') {
    if (marker || since) return { question: { ...previous, marker: marker ?? previous.marker, since: since ?? previous.since }, subjectText: previousText };
  }
  if (previous.kind === 'felt' && (since || ratingNamed(q))) {
    return { question: { ...previous, since: since ?? previous.since, rating: ratingNamed(q) ?? previous.rating }, subjectText: previousText };
  }
  if (question.kind === 'unknown' || question.kind === 'biomarker' || question.kind === 'supplement-info') {
    // A new name for the earlier kind of question.
    if (['dose', 'timing', 'interaction', 'plan', 'felt', 'stack', 'supplement-info', 'insight'].includes(previous.kind)) return { question: previous, subjectText: last };
    if (previous.kind === 'biomarker' && marker) return { question: { ...previous, marker }, subjectText: previousText };
  }
  if (question.kind === 'unknown') return { question: previous, subjectText: `${previousText} ${last}` };
  return { question, subjectText: last };
}
