import { getMarker } from '#server/labs/extract/catalogue.ts';
import { seededRandom, type Random } from './prng.ts';
import { LABELS, LANGUAGES, MARKERS, METHODS, RANGE_WORDS, US_LAB_NAMES, type Language, type MarkerVocabulary, type UnitOption } from './vocabulary.ts';

/**
 * A lab report made from a seed, with the rows it was made from. Everything a renderer needs is
 * here (blocks of text, tables, distractors); renderers only decide where it goes on the page.
 */

export type NumberStyle = { decimal: '.' | ','; thousands: '' | ',' | '.' | '\u00a0' };

export type ExpectedRow = {
  key: string;
  /** The catalogue's name for the marker: what the reader should return. */
  name: string;
  value: number;
  /** Printed as a limit ("< 0,5"): the reader must keep the sign. */
  comparator?: '<' | '>';
  /** The printed range's bounds, in the printed unit. */
  low: number | null;
  high: number | null;
  printedName: string;
  printedValue: string;
  unit: string;
  range: string;
  flag: string;
};

export type Layout = {
  columns: 1 | 2;
  /** `labelled`: each result a block under its name ("Result: 95 mg/dL", "Reference range: 70 - 99"). */
  table: 'bordered' | 'borderless' | 'stacked' | 'labelled';
  pageBreak: boolean;
  watermark: boolean;
  guideline: boolean;
  interpretation: boolean;
  methodLines: boolean;
};

export type ResultLine = { row: number; cells: [string, string, string, string, string]; method?: string };

export type Block =
  | { kind: 'results'; title: string; lines: ResultLine[] }
  | { kind: 'distractor'; title: string; rows: string[][] };

export type ReportDates = { birth: string; collection: string; received: string; report: string; print: string };

export type GeneratedReport = {
  seed: number;
  language: Language;
  numbers: NumberStyle;
  layout: Layout;
  rows: ExpectedRow[];
  dates: ReportDates;
  title: string;
  header: string[];
  columnHeader: [string, string, string, string, string];
  blocks: Block[];
  footer: (page: number, of: number) => string;
  watermarkText: string;
};

const PANEL_ORDER: MarkerVocabulary['panel'][] = ['cbc', 'chemistry', 'lipids', 'other'];

/**
 * `usLab`: an English report as the large US labs print it (usLabRow); `wordedRanges`: ranges in
 * words (wordedRange); `labelled`: one column of results printed as labelled blocks.
 */
export type ReportOptions = { language?: Language; usLab?: boolean; wordedRanges?: boolean; labelled?: boolean };

export function generateReport(seed: number, opts: ReportOptions = {}): GeneratedReport {
  const random = seededRandom(seed);
  const language = opts.usLab ? 'en' : (opts.language ?? random.pick(LANGUAGES));
  const labels = LABELS[language];
  const numbers = pickNumberStyle(random, language);
  const picked = pickLayout(random);
  const layout: Layout = opts.labelled ? { ...picked, table: 'labelled', columns: 1 } : picked;
  const dates = pickDates(random);
  const markers = random.shuffle(MARKERS).slice(0, random.int(7, 16));
  const preferSi = random.chance(language === 'en' ? 0.2 : 0.6);
  // Its own sequence, so that adding limits left every earlier seed's report as it was.
  const limits = seededRandom(seed + 0x5f3759df);
  const usLab = opts.usLab ? seededRandom(seed + 0x2545f491) : null;
  const worded = opts.wordedRanges ? seededRandom(seed + 0x1b873593) : null;

  const rows: ExpectedRow[] = [];
  const blocks: Block[] = [];
  for (const panel of PANEL_ORDER) {
    const inPanel = markers.filter((m) => m.panel === panel);
    if (inPanel.length === 0) continue;
    const lines: ResultLine[] = [];
    for (const marker of inPanel) {
      const made = makeRow(random, marker, language, numbers, preferSi, limits);
      const styled = usLab ? usLabRow(usLab, made) : made;
      const row = worded ? wordedRange(worded, styled, language) : styled;
      lines.push({ row: rows.length, cells: [row.printedName, row.printedValue, row.unit, row.range, row.flag], ...(layout.methodLines && random.chance(0.3) ? { method: `${labels.method}: ${random.pick(METHODS)}` } : {}) });
      rows.push(row);
    }
    blocks.push({ kind: 'results', title: labels.panels[panel], lines });
  }
  blocks.push(...distractors(random, language, numbers, layout, markers));

  const fmt = (iso: string) => formatDate(iso, language, random.int(0, 2));
  const header = [
    random.pick(['Northfield Medical Laboratory', 'Laboratoire Central Riverside', 'Labor am Stadtpark', 'Laboratorio Analisi Colle', 'Clinica Lab Sur', 'Laboratório Vale Verde', 'Huisartsenlab Oost']),
    `${random.int(2, 180)} ${random.pick(['Harbour Street', 'Rue des Lilas', 'Lindenallee', 'Via Roma', 'Calle Mayor', 'Rua das Flores', 'Dorpsstraat'])}, ${random.int(1000, 9899)} · Tel. +${random.int(30, 49)} ${random.int(10, 99)} ${random.int(100, 999)} ${random.int(10, 99)} ${random.int(10, 99)}`,
    `${labels.patient}: ${random.pick(['A. Example', 'J. Sample', 'M. Testperson'])}    ${labels.birth}: ${fmt(dates.birth)}    ID ${random.int(100000, 999999)}`,
    `${labels.collected}: ${fmt(dates.collection)} ${random.int(7, 11)}:${String(random.int(0, 59)).padStart(2, '0')}    ${labels.received}: ${fmt(dates.received)}`,
    `${labels.reported}: ${fmt(dates.report)}`,
  ];
  const printed = fmt(dates.print);
  const validator = random.pick(['Dr. R. Example', 'Dr. L. Muster', 'Dr. C. Exemple']);
  return {
    seed,
    language,
    numbers,
    layout,
    rows,
    dates,
    title: labels.title,
    header,
    columnHeader: [labels.test, labels.result, labels.unit, labels.range, labels.flag],
    blocks,
    footer: (page, of) => `${labels.printed}: ${printed} 14:22    ${labels.validated} ${validator}    ${labels.page(page, of)}`,
    watermarkText: labels.copy,
  };
}

function pickNumberStyle(random: Random, language: Language): NumberStyle {
  if (language === 'en') return { decimal: '.', thousands: random.pick(['', ','] as const) };
  if (random.chance(0.15)) return { decimal: '.', thousands: random.pick(['', ','] as const) };
  if (language === 'fr') return { decimal: ',', thousands: random.pick(['', '\u00a0'] as const) };
  return { decimal: ',', thousands: random.pick(['', '.'] as const) };
}

function pickLayout(random: Random): Layout {
  return {
    columns: random.chance(0.25) ? 2 : 1,
    table: random.pick(['bordered', 'borderless', 'borderless', 'stacked'] as const),
    pageBreak: random.chance(0.3),
    watermark: random.chance(0.3),
    guideline: random.chance(0.5),
    interpretation: random.chance(0.5),
    methodLines: random.chance(0.4),
  };
}

function pickDates(random: Random): ReportDates {
  const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const collection = day(random.int(2022, 2026), random.int(1, 12), random.int(1, 28));
  const received = collection + random.int(0, 1) * 86_400_000;
  const report = received + random.int(1, 4) * 86_400_000;
  const print = report + random.int(0, 30) * 86_400_000;
  return { birth: iso(day(random.int(1940, 2004), random.int(1, 12), random.int(1, 28))), collection: iso(collection), received: iso(received), report: iso(report), print: iso(print) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function formatDate(iso: string, language: Language, variant: number): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  if (language === 'en') return [`${d}/${m}/${y}`, `${d}-${MONTHS[Number(m) - 1]}-${y}`, iso][variant]!;
  if (language === 'de') return `${d}.${m}.${y}`;
  if (language === 'nl') return `${d}-${m}-${y}`;
  return `${d}/${m}/${y}`;
}

export function formatNumber(value: number, decimals: number, style: NumberStyle, grouped = false): string {
  const [whole, fraction] = value.toFixed(decimals).split('.') as [string, string | undefined];
  const groupedWhole = grouped && style.thousands ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.thousands) : whole;
  return fraction === undefined ? groupedWhole : `${groupedWhole}${style.decimal}${fraction}`;
}

function pickUnit(random: Random, marker: MarkerVocabulary, language: Language, preferSi: boolean): UnitOption {
  const options = marker.units.filter((u) => language === 'en' || !u.spellings.any.includes('lakhs/cumm'));
  if (options.length === 1) return options[0]!;
  return preferSi ? random.pick(options.slice(1)) : random.chance(0.7) ? options[0]! : random.pick(options);
}

/** One row in twenty prints a limit (a detection limit, an assay's top) in place of a value. */
function makeRow(random: Random, marker: MarkerVocabulary, language: Language, numbers: NumberStyle, preferSi: boolean, limits: Random): ExpectedRow {
  const option = pickUnit(random, marker, language, preferSi);
  const step = option.grouped ? (option.hi > 100_000 ? 1000 : 100) : 10 ** -option.decimals;
  const drawn = Number((Math.round((option.lo + random.next() * (option.hi - option.lo)) / step) * step).toFixed(option.decimals));
  const comparator = limits.chance(0.05) ? limits.pick(['<', '>'] as const) : undefined;
  const value = comparator === undefined ? drawn : Number((comparator === '<' ? option.lo : option.hi).toFixed(option.decimals));
  const fmt = (v: number) => formatNumber(v, option.decimals, numbers, option.grouped);
  const [low, high] = option.ref;
  const dash = random.pick([' - ', '-', ' – ']);
  const range = low !== null && high !== null ? `${fmt(low)}${dash}${fmt(high)}` : low !== null ? `> ${fmt(low)}` : `< ${fmt(high!)}`;
  const labels = LABELS[language];
  const below = comparator === '<' ? low !== null && value <= low : comparator === undefined && low !== null && value < low;
  const above = comparator === '>' ? high !== null && value >= high : comparator === undefined && high !== null && value > high;
  const flag = below ? labels.low : above ? labels.highFlag : '';
  const spellings = option.spellings[language] ?? option.spellings.any;
  return {
    key: marker.key,
    name: getMarker(marker.key).name,
    value,
    ...(comparator ? { comparator } : {}),
    low,
    high,
    printedName: random.pick(marker.names[language]),
    printedValue: comparator ? `${comparator}${limits.pick(['', ' '])}${fmt(value)}` : fmt(value),
    unit: random.pick(spellings),
    range: random.chance(0.15) ? `(${range})` : range,
    flag,
  };
}

/** A row as the large US labs print it: their names, a lab's code after the name ("Glucose 01"), "> OR = 40" for a lower bound. */
function usLabRow(random: Random, row: ExpectedRow): ExpectedRow {
  const names = US_LAB_NAMES[row.key];
  const name = names ? random.pick(names) : row.printedName;
  const code = random.chance(0.4) ? ` 0${random.int(1, 3)}` : '';
  const range = /^\(?> /.test(row.range) && random.chance(0.6) ? row.range.replace('> ', '> OR = ') : row.range;
  return { ...row, printedName: `${name}${code}`, range };
}

/** Most of a report's ranges written in its language's words: "70 a 99", "bis 5,0", "supérieur à 40". */
function wordedRange(random: Random, row: ExpectedRow, language: Language): ExpectedRow {
  if (!random.chance(0.7)) return row;
  const words = RANGE_WORDS[language];
  const range = row.range
    .replace(/^(\(?)< /, `$1${words.upTo} `)
    .replace(/^(\(?)> /, `$1${words.above} `)
    .replace(/(\d) ?[-–] ?(?=\d)/, `$1 ${words.between} `);
  return { ...row, range };
}

/** Tables that name biomarkers next to numbers but hold no result: a reader must leave them alone. */
function distractors(random: Random, language: Language, numbers: NumberStyle, layout: Layout, markers: MarkerVocabulary[]): Block[] {
  const labels = LABELS[language];
  const nameOf = (key: string) => MARKERS.find((m) => m.key === key)!.names[language][0]!;
  const n = (v: number, d = 0) => formatNumber(v, d, numbers);
  const blocks: Block[] = [];
  if (layout.guideline && markers.some((m) => m.panel === 'lipids')) {
    blocks.push({
      kind: 'distractor',
      title: labels.guideline,
      rows: [
        [nameOf('cholesterol-total'), labels.desirable, `< ${n(200)} mg/dL`],
        [nameOf('cholesterol-total'), labels.borderline, `${n(200)} - ${n(239)} mg/dL`],
        [nameOf('ldl'), labels.high, `${n(160)} - ${n(189)} mg/dL`],
        [nameOf('triglycerides'), labels.high, `> ${n(200)} mg/dL`],
      ],
    });
  }
  if (layout.interpretation) {
    blocks.push({
      kind: 'distractor',
      title: labels.interpretation,
      rows: [
        [nameOf('hba1c'), `${n(5.7, 1)} - ${n(6.4, 1)} %`, labels.prediabetes],
        [nameOf('hba1c'), `>= ${n(6.5, 1)} %`, labels.diabetes],
        [nameOf('vitamin-d-25oh'), `< ${n(20)} ng/mL`, labels.deficient],
        [nameOf('vitamin-d-25oh'), `${n(30)} - ${n(100)} ng/mL`, labels.sufficient],
      ],
    });
  }
  return random.chance(0.5) ? blocks : blocks.reverse();
}
