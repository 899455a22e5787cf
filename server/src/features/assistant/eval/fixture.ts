import { addDays } from '#contract/dates.ts';
import { containsWords } from '#server/ai/built-in/questions.ts';
import { REFERENCE_SUPPLEMENTS } from '#server/features/supplements/reference-supplements.data.ts';
import { INTERACTION_SEEDS } from '#server/features/interactions/interactions.data.ts';
import { interactionNamesIn, interactionsAmong } from '#server/features/interactions/interactions.service.ts';
import type {
  AssistantContext,
  BiomarkerOverview,
  BiomarkerPoint,
  BiomarkerSeries,
  EffectsEntry,
  IntakeDay,
  ReferenceData,
  ReferenceEntry,
  StackEntry,
  UserData,
} from '#server/ai/assistant-data.ts';

/**
 * The user the question set is asked about, in memory: three supplements and four lab reports,
 * like the user who found the assistant answering beside the point. Every number an answer may
 * state comes from here or from the reference database.
 */
export const TODAY = '2025-06-15';

export const STACK: StackEntry[] = [
  stackEntry('s-vitd', 'Vitamin D3', '2000 IU', 'vitamin-d', '2024-11-01', 227),
  stackEntry('s-mag', 'Magnesium Glycinate', '400 mg', 'magnesium', '2025-03-01', 104),
  stackEntry('s-fish', 'Fish Oil (Omega-3)', '1000 mg', null, '2025-02-01', 135),
];

function stackEntry(id: string, name: string, dosage: string, nutrient: string | null, since: string, loggedDays: number): StackEntry {
  const reference = REFERENCE_SUPPLEMENTS.find((entry) => entry.name.toLowerCase().startsWith(name.toLowerCase().split(' (')[0]!));
  return {
    id,
    name,
    dosage,
    frequency: '1x daily',
    notes: null,
    referenceSupplementId: reference ? `ref-${reference.name}` : null,
    nutrient,
    addedOn: since,
    firstLoggedOn: since,
    lastLoggedOn: TODAY,
    loggedDays,
  };
}

const MAGNESIUM_SKIPPED = new Set(['2025-03-05', '2025-03-09', '2025-03-12']);

/** Rated days: two weeks before magnesium and two weeks on it (three days skipped), and today. */
const SLEEP = [3, 2, 3, 3, 2, 3, 3, 2, 3, 3, 2, 3, 3, 2, 4, 4, 3, 4, 5, 4, 4, 3, 4, 4, 5, 4, 4, 4];
const ENERGY = [3, 3, 3, 2, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 4, 3, 3, 3];
const MOOD = [3, 3, 4, 3, 3, 3, 4, 3, 3, 3, 4, 3, 3, 3, 4, 4, 3, 4, 4, 4, 3, 4, 4, 4, 3, 4, 4, 4];
export const EFFECTS: EffectsEntry[] = [
  ...SLEEP.map((sleep, i) => {
    const date = addDays('2025-02-15', i);
    return { id: `e-${date}`, date, energy: ENERGY[i]!, mood: MOOD[i]!, sleep, note: null };
  }),
  { id: `e-${TODAY}`, date: TODAY, energy: 2, mood: 3, sleep: 3, note: 'tired all day' },
].sort((a, b) => b.date.localeCompare(a.date));

const tookMagnesium = (date: string) => date >= '2025-03-01' && !MAGNESIUM_SKIPPED.has(date);

const REPORTS = { r1: { date: '2024-09-12', file: 'quest-2024-09.pdf' }, r2: { date: '2025-01-20', file: 'labcorp-jan.pdf' }, r3: { date: '2025-03-30', file: 'labcorp-march.pdf' }, r4: { date: '2025-05-28', file: 'quest-2025-05.pdf' } };
type Report = keyof typeof REPORTS;

function series(key: string, name: string, category: string, unit: string, range: [number | null, number | null], values: [Report, number][]): BiomarkerSeries {
  const [low, high] = range;
  const points = values.map(([report, value]): BiomarkerPoint => ({
    id: `${key}-${report}`,
    date: REPORTS[report].date,
    value,
    comparator: null,
    low,
    high,
    flag: low === null && high === null ? null : high !== null && value > high ? 'high' : low !== null && value < low ? 'low' : 'normal',
    reviewed: true,
    rangeText: low === null && high === null ? null : low === null ? `<${high! + (unit === 'mg/dL' ? 1 : 0)}` : `${low}-${high}`,
    printedFlag: null,
    fileName: REPORTS[report].file,
  }));
  return { key, name, category, unit, points };
}

export const SERIES: BiomarkerSeries[] = [
  series('ldl', 'LDL cholesterol', 'lipid', 'mg/dL', [null, 99], [['r1', 150.1], ['r2', 139], ['r3', 131], ['r4', 128]]),
  series('hdl', 'HDL cholesterol', 'lipid', 'mg/dL', [40, null], [['r1', 48], ['r2', 51], ['r3', 52], ['r4', 55]]),
  series('vitamin-d-25oh', '25-OH vitamin D', 'vitamin', 'ng/mL', [30, 100], [['r1', 21], ['r2', 34], ['r3', 41], ['r4', 46]]),
  series('magnesium', 'Magnesium', 'mineral', 'mg/dL', [1.7, 2.2], [['r1', 2.0], ['r4', 2.1]]),
  series('ferritin', 'Ferritin', 'iron', 'ng/mL', [30, 400], [['r2', 38], ['r4', 45]]),
  series('wbc', 'White blood cells', 'blood', '10*3/uL', [4, 11], [['r1', 6.2], ['r4', 5.8]]),
  series('hemoglobin', 'Hemoglobin', 'blood', 'g/dL', [13.2, 16.6], [['r4', 13.9]]),
  series('tsh', 'TSH', 'thyroid', 'mIU/L', [null, null], [['r4', 2.4]]),
  series('glucose-fasting', 'Fasting glucose', 'metabolic', 'mg/dL', [70, 99], [['r1', 96], ['r4', 101]]),
  series('hba1c', 'HbA1c', 'metabolic', '%', [4, 5.6], [['r4', 5.4]]),
];

function intakeOn(date: string): IntakeDay {
  const items = STACK.filter((entry) => entry.firstLoggedOn! <= date && (entry.id !== 's-mag' || tookMagnesium(date))).map((entry) => ({
    id: `i-${entry.id}-${date}`,
    supplementId: entry.id,
    name: entry.name,
    dosage: entry.dosage,
    frequency: entry.frequency,
  }));
  return { date, items };
}

export function fixtureUser(unitSystem: 'us' | 'metric' = 'metric'): UserData {
  return {
    viewer: { id: 'eval-user', displayName: 'Sam', timeZone: 'Europe/London', today: TODAY, unitSystem },
    // The evaluation asks nothing of Insights yet: an empty page.
    insights: async () => ({
      access: 'full',
      lagDays: 0,
      minimumDays: 14,
      beforeAfterDays: 60,
      falseDiscoveryRate: 0.05,
      comparisons: 0,
      insights: [],
      hiddenCount: 0,
      upgradeHint: null,
      biomarkers: { afterMinimumDays: 28, beforeMaximumDays: 180, insights: [], hiddenCount: 0, upgradeHint: null },
    }),
    stack: async () => STACK,
    loggedSupplements: async () => STACK.map((entry) => ({ name: entry.name, supplementId: entry.id, referenceSupplementId: entry.referenceSupplementId, nutrient: entry.nutrient, firstLoggedOn: entry.firstLoggedOn!, lastLoggedOn: entry.lastLoggedOn!, loggedDays: entry.loggedDays })),
    intakeWarnings: async () => ({
      warnings: [{ nutrient: 'magnesium', total: 400, limit: 350, unit: 'mg', supplements: ['Magnesium Glycinate'], source: 'NIH Office of Dietary Supplements (Food and Nutrition Board UL, adults 19+)' }],
      unconverted: [],
    }) as never,
    recentIntake: async (days) => Array.from({ length: Math.min(days, 31) }, (_, i) => intakeOn(addDays(TODAY, -i))),
    recentEffects: async (days) => EFFECTS.filter((entry) => entry.date > addDays(TODAY, -days)),
    intakeBetween: async (from, to) => Array.from({ length: 31 }, (_, i) => addDays(to, -i)).filter((date) => date >= from && date <= TODAY).map(intakeOn).filter((day) => day.items.length > 0),
    effectsBetween: async (from, to) => EFFECTS.filter((entry) => entry.date >= from && entry.date <= to),
    healthStats: async () => ({ weightLbs: 165, heightInches: 69, gender: 'female', dateOfBirth: '1988-04-02', averageSleepMinutes: 420, allergies: null, updatedOn: '2025-01-02' }),
    streak: async () => ({ current: 45, longest: 60, goalDays: 90, loggedToday: true, lastLogDate: TODAY }),
    biomarkerOverview: async () =>
      SERIES.map((s): BiomarkerOverview => ({ key: s.key, name: s.name, category: s.category, unit: s.unit, count: s.points.length, first: s.points[0]!, previous: s.points.at(-2) ?? null, latest: s.points.at(-1)! })).sort(
        (a, b) => b.latest.date.localeCompare(a.latest.date) || a.name.localeCompare(b.name),
      ),
    biomarkerSeries: async (key) => SERIES.find((s) => s.key === key) ?? null,
    ratedDays: async (match) =>
      EFFECTS.map((entry) => ({
        ...entry,
        took: match.supplementIds.some((id) => intakeOn(entry.date).items.some((item) => item.supplementId === id)) || match.names.some((name) => intakeOn(entry.date).items.some((item) => item.name.toLowerCase() === name.toLowerCase())),
      })),
    day: async (date) => ({ intake: intakeOn(date), effects: EFFECTS.find((entry) => entry.date === date) ?? null, notes: [] }),
    measurementsBetween: async () => [],
    stackInteractions: async () => ({ items: STACK.map((entry) => ({ kind: 'supplement' as const, name: entry.name })), interactions: interactionsAmong(STACK.map((entry) => entry.name), SEEDED_RULES) }),
  };
}

/** The interaction table as seeded. */
const SEEDED_RULES = INTERACTION_SEEDS.map((seed, index) => ({
  id: `rule-${index}`,
  agentA: seed.a,
  agentB: seed.b,
  severity: seed.severity,
  effect: seed.effect,
  advice: seed.advice,
  source: seed.source,
  sourceUrl: seed.sourceUrl,
}));

const UNIT_WORDS = new Set(['mg', 'g', 'mcg', 'ug', 'µg', 'iu', 'ml']);

/** The reference database from its seed, searched as the database search does (whole words, longest name first). */
export function fixtureReference(): ReferenceData {
  const entries = REFERENCE_SUPPLEMENTS.map((seed) => ({
    entry: {
      id: `ref-${seed.name}`,
      name: seed.name,
      category: seed.category,
      description: seed.description,
      source: seed.source,
      sourceUrl: seed.sourceUrl,
      nutrient: seed.nutrient ?? null,
      upperLimit: seed.upperLimit ? { amount: seed.upperLimit.amount, unit: seed.upperLimit.unit, note: seed.upperLimit.note ?? null, source: seed.upperLimit.source, sourceUrl: seed.upperLimit.sourceUrl } : null,
    } satisfies ReferenceEntry,
    names: [seed.name.toLowerCase(), ...seed.alternativeNames.map((name) => name.toLowerCase())],
  }));
  return {
    interactionNamesIn,
    interactionsAmong: async (names) => interactionsAmong(names, SEEDED_RULES),
    findNamedIn: async (text) => {
      const hits = entries.flatMap(({ entry, names }) =>
        names.filter((name) => !UNIT_WORDS.has(name) && containsWords(text, name)).map((name, i) => ({ entry, length: name.length, primary: name === entry.name.toLowerCase() && i === 0 })),
      );
      hits.sort((a, b) => b.length - a.length || Number(b.primary) - Number(a.primary) || a.entry.name.localeCompare(b.entry.name));
      const seen = new Set<string>();
      return hits.filter((hit) => !seen.has(hit.entry.id) && seen.add(hit.entry.id)).map((hit) => hit.entry);
    },
  };
}

export function fixtureContext(): AssistantContext {
  return { user: fixtureUser(), reference: fixtureReference() };
}
