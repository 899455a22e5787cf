import { CATALOGUE } from './catalogue.ts';
import { localNamesOf } from './languages.ts';

/**
 * Matching printed test names to catalogue markers, token by token, so that punctuation and
 * spacing differences ("T3, TOTAL" / "T3 Total", "Non-HDL" / "Non HDL") do not matter.
 */

export type NameToken = { norm: string; start: number; end: number };

/**
 * Lower-cases, folds British spellings and plurals, so "Haemoglobin"/"Hemoglobin", "Lymphocytes"/"Lymphocyte" meet.
 * "Leuc" folds as a stem, so that OCR's misread "o" of "Leucócitos" ("Leucécitos") is one letter off, not two.
 */
function normaliseWord(word: string): string {
  let w = word.toLowerCase().replace(/ß/g, 'ss').replace(/ae/g, 'e').replace(/leuc/g, 'leuk').replace(/oes/g, 'es');
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

export function tokeniseName(text: string): NameToken[] {
  const folded = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const tokens: NameToken[] = [];
  // "ß" stays in its word ("Gesamteiweiß" is one name, spelt "Gesamteiweiss" too).
  for (const m of folded.matchAll(/[A-Za-z0-9ß]+/g)) {
    tokens.push({ norm: normaliseWord(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return tokens;
}

/** `accents`: for each word, where the alias prints an accented letter (which OCR often misreads). */
type AliasEntry = { words: string[]; keys: string[]; accents: number[][] };

const INDEX: Map<string, AliasEntry[]> = buildIndex();
/** One-word aliases of five letters or more: those an OCR-read abbreviation may be one letter off from (isAliasOf). */
const LONG_ONE_WORD_ALIASES = [...INDEX.values()].flat().filter((e) => e.words.length === 1 && e.words[0]!.length >= 5);

function buildIndex(): Map<string, AliasEntry[]> {
  const bySequence = new Map<string, AliasEntry>();
  for (const marker of CATALOGUE) {
    for (const alias of [marker.name, ...marker.aliases, ...localNamesOf(marker.key)]) {
      const words = tokeniseName(alias).map((t) => t.norm);
      if (words.length === 0) continue;
      const id = words.join(' ');
      const entry = bySequence.get(id) ?? { words, keys: [], accents: accentsOf(alias) };
      if (!entry.keys.includes(marker.key)) entry.keys.push(marker.key);
      bySequence.set(id, entry);
    }
  }
  const index = new Map<string, AliasEntry[]>();
  for (const entry of bySequence.values()) {
    const first = entry.words[0] as string;
    const list = index.get(first) ?? [];
    list.push(entry);
    index.set(first, list);
  }
  return index;
}

/** Where each word of a name has an accented letter ("Ácido úrico": [[0], [0]]). */
function accentsOf(alias: string): number[][] {
  return [...alias.normalize('NFC').matchAll(/[\p{L}\p{N}]+/gu)].map((m) => [...m[0]].flatMap((ch, i) => (ch.normalize('NFKD').length > 1 ? [i] : [])));
}

export type NameMatch = {
  /** Candidate marker keys (several when the name alone cannot tell, e.g. "Neutrophils" % or absolute). */
  keys: string[];
  /** Offset in the text just after the matched name. */
  end: number;
  truncated: boolean;
};

/**
 * The longest alias at the start of `text`. When the words after the longest full match are
 * more letters (not a value), a name cut short by the layout ("Mean Corpuscular Hemoglobin Co")
 * is tried: the last printed word must be the start of the alias's next word and only one
 * marker may fit.
 */
export function matchNameAtStart(text: string, opts: { ocr?: boolean } = {}): NameMatch | null {
  const exact = matchTokensAtStart(text);
  // "HDL-cholestéiol": a longer name with one word misread wins over the short one read clean.
  const longer = opts.ocr && exact ? matchMisreadAccent(text) : null;
  const direct = longer && exact && longer.end > exact.end ? longer : (exact ?? (opts.ocr ? OCR_MISREADINGS.reduce<NameMatch | null>((found, match) => found ?? match(text), null) : null));
  // "Serum total cholesterol level": the specimen is often printed before a name we know.
  const [first, second] = tokeniseName(text);
  if (!first || !second || first.start > 3 || !SPECIMEN_WORDS.has(first.norm) || second.start - first.end > 3) return direct;
  const after = matchTokensAtStart(text.slice(second.start));
  if (!after || (direct && direct.end >= after.end + second.start)) return direct;
  return { ...after, end: after.end + second.start };
}

/** Ways OCR garbles a printed name, tried in turn on an OCR line whose name matches nothing as read. */
const OCR_MISREADINGS = [matchMisreadFirstWord, matchMisreadAccent, matchMisreadEszett, matchJoinedWords, matchByAbbreviation, matchMisreadLongWord];

const SPECIMEN_WORDS = new Set(['serum', 'plasma', 'blood', 'whole', 'venou', 'capillary', 'sangre', 'suero']);

/**
 * OCR misreads a letter ("Glucosz"), adds one ("Chilorid") or drops one ("Neutrofil"): a first word
 * of six or more letters one such step from known first words is read as them when they all lead
 * to the same name.
 */
function matchMisreadFirstWord(text: string): NameMatch | null {
  const first = tokeniseName(text)[0];
  if (!first || first.start > 3 || first.norm.length < 4 || !/^[a-z0-9]+$/.test(first.norm)) return null;
  // Short words only for the substitutions OCR is known for: an accented letter (the English
  // model reads "Sódio" as "Sédio") and one of "1", "l", "i" for another ("HbAlc", "1Jzer").
  const accented = new Set([...text.slice(first.start, first.end)].flatMap((ch, i) => (ch.normalize('NFKD').length > 1 ? [i] : [])));
  const allowed = (word: string) => {
    if (first.norm.length >= 6 && /^[a-z]+$/.test(first.norm)) return true;
    const at = [...word].findIndex((ch, i) => ch !== first.norm[i]);
    return accented.has(at) || ('1li'.includes(word[at] as string) && '1li'.includes(first.norm[at] as string));
  };
  const long = first.norm.length >= 6 && /^[a-z]+$/.test(first.norm);
  const printed = text.slice(first.start, first.end);
  const near = [...INDEX.keys()].filter((word) =>
    word.length === first.norm.length
      ? differsByOne(word, first.norm) && allowed(word)
      : (long && word.length >= 6 && oneLetterMore(word, first.norm)) || letterReadTwice(word, first.norm, printed),
  );
  // "Glucosz" is one step from "glucose" and "glucosa": fine when both name the same marker.
  return oneNameFor(text, near)?.match ?? null;
}

/** The name the text reads as with its first word read as each of these, when all that match are one name; with the words that matched. */
function oneNameFor(text: string, firstWords: string[]): { match: NameMatch; words: string[] } | null {
  const matches = firstWords.flatMap((word) => {
    const match = matchTokensAtStart(text, word);
    return match ? [{ word, match }] : [];
  });
  const one = matches[0]?.match;
  if (!one || matches.some(({ match }) => match.end !== one.end || match.keys.join() !== one.keys.join())) return null;
  return { match: one, words: matches.map(({ word }) => word) };
}

/**
 * A long first word OCR garbled in two places ("Hematdécrito", "Gesamteiweild", "Alblimina"): read
 * as the known first words of eight letters or more two edits from it, when they all lead to the
 * same name and its other words follow as printed; and only where a letter the English model reads
 * badly explains the edits: one the name prints accented or as "ß", or a digit or an accented
 * letter in the word as read. Other long words lie too close ("Cortisone" is no "Cortisolo").
 */
function matchMisreadLongWord(text: string): NameMatch | null {
  const first = tokeniseName(text)[0];
  if (!first || first.start > 3 || first.norm.length < LONG_WORD) return null;
  const printed = text.slice(first.start, first.end);
  const garbledAsRead = /\d/.test(first.norm) || printed.normalize('NFKD').length > printed.length;
  const near = [...INDEX.keys()].filter((word) => word.length >= LONG_WORD && withinTwoEdits(word, first.norm));
  const found = oneNameFor(text, near);
  const explained = (word: string) => ESZETT_WORDS.has(word) || (INDEX.get(word) ?? []).some((e) => (e.accents[0]?.length ?? 0) > 0);
  return found && (garbledAsRead || found.words.some(explained)) ? found.match : null;
}

const LONG_WORD = 8;

/** Whether two words are at most two letters added, dropped or changed apart (Levenshtein). */
function withinTwoEdits(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 2) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > 2) return false;
    previous = row;
  }
  return previous[b.length]! <= 2;
}

/**
 * OCR misreads or drops an accented letter after the first word ("Acido arico", "Acido rico" for
 * "Ácido úrico"), or any letter of a word of eight or more ("HDL-cholesteiol"): a name whose
 * words all match but one, that one off by such a letter.
 */
function matchMisreadAccent(text: string): NameMatch | null {
  const tokens = tokeniseName(text);
  const first = tokens[0];
  if (!first || first.start > 3) return null;
  const fits = (INDEX.get(first.norm) ?? []).filter((entry) => {
    if (entry.words.length < 2 || entry.words.length > tokens.length || !isContiguous(text, tokens, entry.words.length)) return false;
    const off = entry.words.flatMap((w, i) => (w === tokens[i]?.norm ? [] : [i]));
    if (off.length !== 1) return false;
    const [word, read] = [entry.words[off[0]!]!, tokens[off[0]!]!.norm];
    const at = [...word].findIndex((ch, i) => ch !== read[i]);
    const misread = word.length === read.length && differsByOne(word, read);
    const dropped = word.length === read.length + 1 && word.slice(0, at) + word.slice(at + 1) === read;
    return (misread || dropped) && ((entry.accents[off[0]!] ?? []).includes(at) || word.length >= LONG_WORD);
  });
  const longest = Math.max(0, ...fits.map((e) => e.words.length));
  const [one, ...others] = fits.filter((e) => e.words.length === longest);
  if (!one || others.some((e) => e.keys.join() !== one.keys.join())) return null;
  return { keys: one.keys, end: (tokens[longest - 1] as NameToken).end, truncated: false };
}

/**
 * The read word is the known one with a letter read twice: a capital's stroke as the letter
 * again in lower case ("Mmcv", "VvCM"), or a "1", "l" or "i" as two of them ("HbA1lc").
 */
function letterReadTwice(word: string, read: string, printed: string): boolean {
  if (read.length !== word.length + 1 || !oneLetterMore(word, read) || printed.toLowerCase() !== read) return false;
  const at = [...word, ''].findIndex((ch, i) => ch !== read[i]);
  return [at - 1, at + 1].some((j) => {
    const [a, b] = [printed[at] ?? '', printed[j] ?? ''];
    return (a !== b && a.toLowerCase() === b.toLowerCase()) || ('1li'.includes(a) && '1li'.includes(b) && b !== '');
  });
}

/** Words of known names printed with "ß", which the English OCR model reads as "B" or "ll" ("GesamteiweiB"). */
const ESZETT_WORDS = new Set(
  CATALOGUE.flatMap((marker) => [marker.name, ...marker.aliases, ...localNamesOf(marker.key)]).flatMap((alias) =>
    [...alias.matchAll(/[\p{L}\p{N}]*ß[\p{L}\p{N}]*/gu)].map((m) => normaliseWord(m[0])),
  ),
);

function matchMisreadEszett(text: string): NameMatch | null {
  const first = tokeniseName(text)[0];
  if (!first || first.start > 3) return null;
  for (const misread of first.norm.matchAll(/b|ll/g)) {
    const word = first.norm.slice(0, misread.index) + 'ss' + first.norm.slice(misread.index + misread[0].length);
    if (ESZETT_WORDS.has(word)) return matchTokensAtStart(text, word);
  }
  return null;
}

/** Two words OCR printed as one, the second starting with a capital ("FreeT4", "freiesT4"). */
function matchJoinedWords(text: string): NameMatch | null {
  const first = tokeniseName(text)[0];
  const join = first ? /[a-z](?=[A-Z])/.exec(text.slice(first.start, first.end)) : null;
  if (!first || !join) return null;
  const cut = first.start + join.index + 1;
  const match = matchTokensAtStart(`${text.slice(0, cut)} ${text.slice(cut)}`);
  return match && match.end > cut ? { ...match, end: match.end - 1 } : null;
}

/**
 * A long name whose first word OCR garbled, read by the rest of it and the abbreviation printed
 * after it ("Henmnynama glicosilada (HbAlc)"): the words must be one of the abbreviation's names
 * but for the first.
 */
function matchByAbbreviation(text: string): NameMatch | null {
  const printed = /^([^()\d]{3,60}?)\s*\(([^()]{2,20})\)/.exec(text);
  const inner = printed?.[2]?.trim() ?? '';
  const abbreviation = matchTokensAtStart(inner) ?? matchMisreadFirstWord(inner);
  if (!printed || !abbreviation || abbreviation.end !== inner.length) return null;
  const words = tokeniseName(printed[1] as string).map((t) => t.norm);
  if (words.length < 2 || !words.slice(1).some((w) => w.length >= 5)) return null;
  const named = [...INDEX.values()].flat().some(
    (entry) => entry.words.length === words.length && entry.words.slice(1).join(' ') === words.slice(1).join(' ') && entry.keys.some((key) => abbreviation.keys.includes(key)),
  );
  return named ? { keys: abbreviation.keys, end: printed[0].length, truncated: false } : null;
}

/** One of the words is the other with one letter more. */
function oneLetterMore(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1) return false;
  const at = [...short].findIndex((ch, i) => ch !== long[i]);
  return at === -1 || long.slice(at + 1) === short.slice(at);
}

function differsByOne(a: string, b: string): boolean {
  let diff = 0;
  for (let i = 0; i < a.length && diff < 2; i++) if (a[i] !== b[i]) diff++;
  return diff === 1;
}

function matchTokensAtStart(text: string, firstWordAs?: string): NameMatch | null {
  const tokens = tokeniseName(text);
  const first = tokens[0];
  if (!first || first.start > 3) return null;
  if (firstWordAs) first.norm = firstWordAs;
  const entries = INDEX.get(first.norm) ?? [];
  let best: { entry: AliasEntry; length: number } | null = null;
  for (const entry of entries) {
    if (entry.words.length > tokens.length) continue;
    if (!entry.words.every((w, i) => tokens[i]?.norm === w)) continue;
    if (!isContiguous(text, tokens, entry.words.length)) continue;
    if (!best || entry.words.length > best.length) best = { entry, length: entry.words.length };
  }
  const full: NameMatch | null = best
    ? { keys: best.entry.keys, end: (tokens[best.length - 1] as NameToken).end, truncated: false }
    : null;
  const next = tokens[best?.length ?? 0];
  const nextIsWord = next !== undefined && /^[a-z]/.test(next.norm) && !isFlagWord(text.slice(next.start, next.end));
  if (!nextIsWord) return full;
  const truncated = matchTruncated(text, tokens, entries, best?.length ?? 0);
  return truncated ?? full;
}

function matchTruncated(text: string, tokens: NameToken[], entries: AliasEntry[], minLength: number): NameMatch | null {
  const fits = new Map<string, number>();
  for (const entry of entries) {
    for (let i = Math.max(2, minLength); i < entry.words.length; i++) {
      const partial = tokens[i];
      if (!partial || partial.norm.length < 2) break;
      const whole = entry.words.slice(0, i).every((w, j) => tokens[j]?.norm === w);
      const cut = entry.words[i] as string;
      if (whole && cut.startsWith(partial.norm) && cut !== partial.norm && isContiguous(text, tokens, i + 1)) {
        for (const key of entry.keys) fits.set(key, partial.end);
      }
    }
  }
  if (fits.size !== 1) return null;
  const [key, end] = [...fits.entries()][0] as [string, number];
  return { keys: [key], end, truncated: true };
}

/** Name words must sit close together: a name does not jump across columns of numbers. */
function isContiguous(text: string, tokens: NameToken[], count: number): boolean {
  for (let i = 1; i < count; i++) {
    const gap = text.slice((tokens[i - 1] as NameToken).end, (tokens[i] as NameToken).start);
    if (/\d/.test(gap) || gap.length > 6) return false;
  }
  return true;
}

/**
 * True when `text` (a short fragment) is exactly an alias of one of `keys`; read by OCR, a word
 * of five or more letters may have one letter more or less ("HbA1lc").
 */
export function isAliasOf(text: string, keys: string[], opts: { ocr?: boolean } = {}): boolean {
  const words = tokeniseName(text).map((t) => t.norm);
  if (words.length === 0) return false;
  const entries = INDEX.get(words[0] as string) ?? [];
  if (entries.some((e) => e.words.join(' ') === words.join(' ') && e.keys.some((k) => keys.includes(k)))) return true;
  const [word] = words;
  if (!opts.ocr || words.length !== 1 || word!.length < 5) return false;
  return LONG_ONE_WORD_ALIASES.some((e) => oneLetterMore(e.words[0]!, word!) && e.keys.some((k) => keys.includes(k)));
}

const FLAG_WORDS = new Set(['l', 'h', 'll', 'hh', 'low', 'high', 'normal', 'abnormal', 'critical', 'n', 'a']);

export function isFlagWord(word: string): boolean {
  return FLAG_WORDS.has(word.replace(/[^A-Za-z]/g, '').toLowerCase());
}

/** A test code printed with the name: "(LOINC: 718-7)", "(CPT 85025)". */
const CODE_NOTE = /^\s*(?:LOINC|CPT|SNOMED(?:\s*CT)?|code)\s*(?:code)?\s*[:#]?\s*[\d-]+\s*$/i;

/** "Folate, Serum", "Globulin, Total": the specimen, or "total", which the name alone means. */
const NAME_QUALIFIER = /^\s*(?:serum|plasma|total)(?=[\s,]|$)/i;
/** "Testosterone, Total, MS", "Vitamin D, 25-OH, Total, IA": the method, after the name. */
const METHOD_NOTE = /^\s*(?:IA|MS|LC\/MS(?:\/MS)?|LC-MS\/MS|ECLIA|CLIA|CMIA|ICMA|EIA|ELISA|HPLC|RIA|IFCC|DCCT|NGSP)(?=[\s,]|$)/;
/** "(25 Hydroxy)", "(25-OH)": a note in words with a whole number, never a value or a range. */
const NAME_NOTE = /^(?=.*[A-Za-z]{2})[A-Za-z0-9 -]+$/;

/**
 * Drops what may follow a name before its value: "(Hb)", ", HCT", ":", notes in parentheses, the
 * specimen, "total" or the method, the test's other name and a lab's code.
 */
export function stripNameTail(rest: string, keys: string[], source: 'text' | 'ocr' = 'text'): string {
  let s = rest;
  for (let guard = 0; guard < 4; guard++) {
    const before = s;
    // "(K+)" ends after a matched "K"; "Neutrophils %" prints its unit kind after the name.
    s = s.replace(/^\s*[+-]?[)\]]+/, '').replace(/^\.(?=[\s([])/, '').replace(/^\s*(?:level|concentration)\b/i, '').replace(/^\s*[%#](?=\s)/, '');
    s = s.replace(/^\s*[,:;=-]*\s*/, (m) => (m.includes(':') || m.includes('=') || m.includes('-') || m.includes(',') ? ' ' : m));
    const paren = /^\s*[([]([^)\]]{1,40})[)\]]/.exec(s);
    if (paren && (!/\d/.test(paren[1] as string) || isAliasOf(paren[1] as string, keys, { ocr: source === 'ocr' }) || CODE_NOTE.test(paren[1] as string) || NAME_NOTE.test(paren[1] as string))) s = s.slice(paren[0].length);
    const abbrev = /^\s*,?\s*([A-Za-z][A-Za-z0-9\-+#%]*)(?=[\s,:]|$)/.exec(s);
    if (abbrev && isAliasOf(abbrev[1] as string, keys)) s = s.slice(abbrev[0].length);
    s = s.replace(NAME_QUALIFIER, '').replace(METHOD_NOTE, '');
    // "TSH - HORMÔNIO TIREOESTIMULANTE 2,15": the test's other name, printed after its first.
    const otherName = /^\s*(\p{L}[\p{L} .'-]*?)\s+(?=[<>≤≥]?\s*\d)/u.exec(s);
    if (otherName && isAliasOf(otherName[1] as string, keys)) s = s.slice(otherName[0].length);
    // A lab's code after the name ("Glucose 01 95 mg/dL"): no one prints a value as "01". Read by
    // OCR, "01" may be "0,1" that lost its comma, so only with a value and its unit after it, or
    // alone after a name whose value is on the next line.
    s = s.replace(source === 'text' ? /^\s*0\d(?=\s|$)/ : /^\s*0\d(?=\s+[<>]?\d[\d.,]*\s+[^\d\s–-]|\s*$)/, '');
    if (s === before) break;
  }
  return s.trimStart();
}
