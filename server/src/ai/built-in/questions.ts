import { addDays, isRealDate } from '#contract/tracking.ts';
import { CATALOGUE, type Marker } from '#server/labs/extract/catalogue.ts';

/**
 * Recognises the questions the built-in assistant can answer, from the words people use for them.
 * It works on the last question only and needs no model: cue words pick the kind of question, the
 * biomarker catalogue's names and aliases pick a biomarker, and "since ..." picks a start.
 */

export type Since = { kind: 'date'; date: string; label: string } | { kind: 'supplement'; text: string } | { kind: 'it' };

export type Question =
  | { kind: 'stack' }
  | { kind: 'streak' }
  | { kind: 'out-of-range' }
  | { kind: 'biomarker'; marker: Marker; since: Since | null }
  | { kind: 'supplement-info' }
  | { kind: 'felt' }
  | { kind: 'greeting' }
  | { kind: 'unknown' };

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
 * Every catalogue name and alias. Short all-letter ones ("TSH", "Fe", "Mg") count only as written,
 * so that ordinary words and units ("pt", "ld", "mg") are not read as tests; "b12" or "t4" may be
 * typed in any case. Single letters never count.
 */
const ALIASES: AliasEntry[] = CATALOGUE.flatMap((marker) =>
  [marker.name, ...marker.aliases]
    .filter((text) => text.trim().length >= 2)
    .map((text) => {
      const caseSensitive = /^[A-Za-z]{1,3}$/.test(text.replace(/[^A-Za-z0-9]/g, ''));
      return { text: caseSensitive ? text.trim() : text.trim().toLowerCase(), marker, caseSensitive };
    }),
).sort((a, b) => b.text.length - a.text.length);

/** The biomarker a question names, by its longest matching name or alias. */
export function findBiomarker(original: string): Marker | undefined {
  const lower = normaliseQuestion(original);
  const spaced = original.replace(/\s+/g, ' ');
  for (const alias of ALIASES) {
    if (alias.caseSensitive ? containsWords(spaced, alias.text) : containsWords(lower, alias.text)) return alias.marker;
  }
  return undefined;
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

// ─── "since ..." ────────────────────────────────────────────────────────────────────────────────

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH = '(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';

function monthNumber(word: string): number {
  return MONTHS.findIndex((month) => month.startsWith(word.slice(0, 3))) + 1;
}

function isoDate(year: number, month: number, day: number): string | undefined {
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isRealDate(date) ? date : undefined;
}

/** The start a question asks about: a date, a supplement started, or "it". */
export function parseSince(question: string, today: string): Since | null {
  const q = normaliseQuestion(question);
  const started = /\bsince (?:i |i've |i have )?(?:started|starting|began|begun|beginning)(?: (?:taking|on|to take|using))? (.+?)(?:[?.!,]|$)/.exec(q);
  if (started) {
    const text = started[1]!.trim().replace(/^(?:the|my)\s+/, '');
    return /^(?:it|them|that|this)\b/.test(text) ? { kind: 'it' } : { kind: 'supplement', text };
  }
  const iso = /\b(?:since|from|after) (\d{4})-(\d{1,2})-(\d{1,2})\b/.exec(q);
  if (iso) {
    const date = isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (date) return { kind: 'date', date, label: date };
  }
  const monthDayYear = new RegExp(`\\b(?:since|from|after) ${MONTH} (\\d{1,2})(?:st|nd|rd|th)?,? (\\d{4})\\b`).exec(q);
  if (monthDayYear) {
    const date = isoDate(Number(monthDayYear[3]), monthNumber(monthDayYear[1]!), Number(monthDayYear[2]));
    if (date) return { kind: 'date', date, label: date };
  }
  const dayMonthYear = new RegExp(`\\b(?:since|from|after) (?:the )?(\\d{1,2})(?:st|nd|rd|th)? (?:of )?${MONTH},? (\\d{4})\\b`).exec(q);
  if (dayMonthYear) {
    const date = isoDate(Number(dayMonthYear[3]), monthNumber(dayMonthYear[2]!), Number(dayMonthYear[1]));
    if (date) return { kind: 'date', date, label: date };
  }
  const monthYear = new RegExp(`\\b(?:since|from|after) ${MONTH},? (\\d{4})\\b`).exec(q);
  if (monthYear) {
    const date = isoDate(Number(monthYear[2]), monthNumber(monthYear[1]!), 1);
    if (date) return { kind: 'date', date, label: date };
  }
  const year = /\b(?:since|from|after) (\d{4})(?![-/.\d])/.exec(q);
  if (year && Number(year[1]) >= 1900) return { kind: 'date', date: `${year[1]}-01-01`, label: `${year[1]}-01-01` };
  const last = /\b(?:in|over|during|for) the (?:last|past) (?:(\d{1,3}) )?(day|week|month|year)s?\b/.exec(q);
  if (last) {
    const count = Number(last[1] ?? 1);
    const days = last[2] === 'day' ? count : last[2] === 'week' ? count * 7 : last[2] === 'month' ? count * 30 : count * 365;
    const date = addDays(today, -days);
    return { kind: 'date', date, label: date };
  }
  return null;
}

// ─── The kind of question ───────────────────────────────────────────────────────────────────────

const STREAK = /\b(streaks?|in a row|consecutive)\b/;
const OUT_OF_RANGE = /\b(out of (?:the )?(?:reference )?range|outside (?:the |of )?(?:reference |normal )?range|abnormal|flagged|not normal|too (?:high|low)|high or low|off range|in range|within range|normal range)\b/;
const RESULTS = /\b(results?|labs?|tests?|biomarkers?|markers?|bloodwork|blood work|values?)\b/;
const FELT = /\b(feel|felt|feeling|energy|mood|sleep|slept|rated|ratings?)\b/;
const FELT_COMPARISON = /\b(days? (?:i|when i|that i) (?:took|take|taken|skipped|did not|didn't|missed)|with(?:out)? (?:it|taking)|versus|vs\.?|compared?|difference|help(?:s|ed)? (?:my|me|with)|effect|affect(?:s|ed)?|when i take|when i took|on days)\b/;
const INFO = /\b(what (?:is|are|does|do) .+? (?:for|do|good for)|used for|good for|benefits?|upper limit|ul|tolerable|too much|maximum|max dose|how much .+? (?:can|should|is safe|is too)|safe (?:dose|amount|to take)|tell me about)\b/;
/** "What is ashwagandha?": a plain "what is X" about something that is not the user's own. */
const WHAT_IS = /^(?:what|who)(?: is|'s| are) (?:a |an )?[a-z0-9 ,'()-]+\??$/;
const STACK = /\b(what (?:am i|do i|supplements do i|supplements am i) (?:taking|take|on)|what(?:'s| is) (?:in )?my stack|my stack|my supplements|list (?:my )?supplements|how much .+? (?:am i taking|do i take)|what (?:do|did) i take|how much do i take|am i taking|do i take)\b/;
const BIOMARKER_CUES = /\b(level|levels|trend|trending|result|results|value|values|doing|changed|change|latest|last|lab|labs|test|tested|blood|since|how is|how's|how are|improv\w*|going up|going down|over time|history|is my|was my)\b/;
const GREETING = /^(hi|hello|hey|good (?:morning|afternoon|evening)|thanks|thank you|help|what can you do|who are you)\b/;

export function classifyQuestion(original: string, today: string): Question {
  const q = normaliseQuestion(original);
  if (STREAK.test(q)) return { kind: 'streak' };
  const marker = findBiomarker(original);
  const since = parseSince(original, today);
  const infoCue = INFO.test(q) || (WHAT_IS.test(q) && !/\b(my|i|me)\b/.test(q));
  const feltCue = FELT.test(q) && FELT_COMPARISON.test(q);
  if (feltCue) return { kind: 'felt' };
  if (OUT_OF_RANGE.test(q) && (!marker || RESULTS.test(q) && /\b(which|what|any|all|list)\b/.test(q))) return { kind: 'out-of-range' };
  if (marker && (since !== null || BIOMARKER_CUES.test(q) || OUT_OF_RANGE.test(q)) && !infoCue) return { kind: 'biomarker', marker, since };
  if (STACK.test(q)) return { kind: 'stack' };
  if (infoCue) return { kind: 'supplement-info' };
  if (marker) return { kind: 'biomarker', marker, since };
  if (GREETING.test(q)) return { kind: 'greeting' };
  return { kind: 'unknown' };
}
