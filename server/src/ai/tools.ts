import { z } from 'zod';
import { citationHref } from '#contract/assistant.ts';
import { isRealDate } from '#contract/dates.ts';
import { type BiomarkerPoint, MAX_MEASUREMENT_DAYS, MEASURES, MEASURE_NAMES, type Measure, type UserData } from './assistant-data.ts';
import { containsWords, findBiomarker } from './built-in/questions.ts';
import { valueForModel } from './format.ts';

/**
 * Read-only tools a model that supports tool calls may use to read the signed-in user's records
 * (product.md, Assistant; decision 028). Every tool reads through the request's `UserData`, which
 * the server built for the signed-in user: no tool takes a user, an id or a query, so a model
 * cannot reach anyone else's records whatever it sends. Results are bounded, carry `cite`
 * addresses like the data block, and are quoted data for the model, never instructions.
 */

/** Rounds of tool calls before the model must answer; the answering call comes after them. */
export const MAX_TOOL_ROUNDS = 4;
/** Calls a model may make in one round; the rest get an error result. */
export const MAX_CALLS_PER_ROUND = 6;
/** Longest day range of one intake call (a month of days). */
export const MAX_INTAKE_DAYS = 31;
/** Longest day range of one ratings call, and the most ratings it returns. */
export const MAX_RATING_DAYS = 366;
export const MAX_RATINGS = 120;
/** The newest results of one biomarker that one call returns. */
export const MAX_BIOMARKER_RESULTS = 40;
export const MAX_STACK_ENTRIES = 60;
/** Longest day range of one measurements call: a year of daily values fits the result cap. */
export const MAX_MEASUREMENT_CALL_DAYS = MAX_MEASUREMENT_DAYS;
export const MAX_INTERACTIONS = 40;
export const MAX_BIOMARKERS_LISTED = 80;
/** Insights one call returns of each kind (comparisons, biomarkers before and after). */
export const MAX_INSIGHTS = 40;
/** User-written text (notes) inside a result is cut to this length. */
const MAX_NOTE_CHARS = 300;
/** A result larger than this is refused rather than sent: the model should ask for less. */
export const MAX_RESULT_CHARS = 16_000;

const day = z.string().refine(isRealDate, 'must be a date written yyyy-MM-dd');
const noArguments = z.strictObject({});
const dayRange = z.strictObject({ from: day, to: day }).refine((range) => range.from <= range.to, '"from" must not be after "to"');

type ToolDefinition = {
  name: string;
  description: string;
  /** JSON Schema of the arguments, as the model is shown them. */
  parameters: Record<string, unknown>;
  arguments: z.ZodType;
  run(user: UserData, args: never): Promise<unknown>;
};

const NO_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false };
const rangeParameters = (what: string, maxDays: number) => ({
  type: 'object',
  properties: {
    from: { type: 'string', description: `First day of the range, yyyy-MM-dd (at most ${maxDays} days of ${what} per call)` },
    to: { type: 'string', description: 'Last day of the range, yyyy-MM-dd (inclusive)' },
  },
  required: ['from', 'to'],
  additionalProperties: false,
});

const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'get_stack',
    description: "The user's current supplement stack: each supplement with its dose, how often it is taken, notes, when it was added and logged; and any daily totals above an adult upper limit.",
    parameters: NO_PARAMETERS,
    arguments: noArguments,
    run: async (user) => {
      const [stack, warnings] = await Promise.all([user.stack(), user.intakeWarnings()]);
      return {
        supplements: stack.slice(0, MAX_STACK_ENTRIES).map((entry) => ({
          supplement: entry.name,
          dosage: entry.dosage,
          frequency: entry.frequency,
          notes: entry.notes === null ? null : clip(entry.notes),
          addedOn: entry.addedOn,
          firstLoggedOn: entry.firstLoggedOn,
          lastLoggedOn: entry.lastLoggedOn,
          daysLogged: entry.loggedDays,
          cite: citationHref({ kind: 'supplement', id: entry.id }),
        })),
        ...(stack.length > MAX_STACK_ENTRIES ? { leftOut: stack.length - MAX_STACK_ENTRIES } : {}),
        aboveUpperLimit: warnings.warnings.map((warning) => ({
          nutrient: warning.nutrient,
          dailyTotal: `${warning.total} ${warning.unit}`,
          adultUpperLimit: `${warning.limit} ${warning.unit}`,
          from: warning.supplements,
          source: warning.source,
        })),
      };
    },
  },
  {
    name: 'get_intake',
    description: `What the user logged as taken, day by day, between two days (at most ${MAX_INTAKE_DAYS} days per call). Days with nothing logged are left out.`,
    parameters: rangeParameters('intake', MAX_INTAKE_DAYS),
    arguments: dayRange.refine((range) => span(range) <= MAX_INTAKE_DAYS, `Ask for at most ${MAX_INTAKE_DAYS} days at a time`),
    run: async (user, { from, to }: { from: string; to: string }) => {
      const days = await user.intakeBetween(from, to);
      return {
        from,
        to,
        days: days.map((entry) => ({ date: entry.date, taken: entry.items.map((item) => `${item.name} ${item.dosage}`), cite: citationHref({ kind: 'day', date: entry.date }) })),
      };
    },
  },
  {
    name: 'get_ratings',
    description: `The user's daily ratings of energy, mood and sleep (1 to 5) with their notes, between two days (at most ${MAX_RATING_DAYS} days per call; the newest ${MAX_RATINGS} ratings).`,
    parameters: rangeParameters('ratings', MAX_RATING_DAYS),
    arguments: dayRange.refine((range) => span(range) <= MAX_RATING_DAYS, `Ask for at most ${MAX_RATING_DAYS} days at a time`),
    run: async (user, { from, to }: { from: string; to: string }) => {
      const ratings = await user.effectsBetween(from, to);
      return {
        from,
        to,
        ratingsOutOf5: ratings.slice(0, MAX_RATINGS).map((entry) => ({
          date: entry.date,
          energy: entry.energy,
          mood: entry.mood,
          sleep: entry.sleep,
          note: entry.note === null ? null : clip(entry.note),
          cite: citationHref({ kind: 'day', date: entry.date }),
        })),
        ...(ratings.length > MAX_RATINGS ? { leftOut: ratings.length - MAX_RATINGS } : {}),
      };
    },
  },
  {
    name: 'list_biomarkers',
    description: 'Every biomarker the user has lab results for, with its unit, the latest result (value, date, reference range, flag) and how many results there are.',
    parameters: NO_PARAMETERS,
    arguments: noArguments,
    run: async (user) => {
      const overview = await user.biomarkerOverview();
      return {
        biomarkers: overview.slice(0, MAX_BIOMARKERS_LISTED).map((marker) => ({
          biomarker: marker.name,
          category: marker.category,
          unit: marker.unit,
          resultCount: marker.count,
          latest: pointFields(marker.latest),
          cite: citationHref({ kind: 'biomarker', name: marker.name, date: marker.latest.date }),
        })),
        ...(overview.length > MAX_BIOMARKERS_LISTED ? { leftOut: overview.length - MAX_BIOMARKERS_LISTED } : {}),
      };
    },
  },
  {
    name: 'get_biomarker_results',
    description: `Every lab result of one biomarker (the newest ${MAX_BIOMARKER_RESULTS}), oldest first, with the reference range and flag of each, in the unit the user reads their labs in.`,
    parameters: {
      type: 'object',
      properties: { biomarker: { type: 'string', description: 'The biomarker\'s name or a common other name, for example "LDL cholesterol", "TSH" or "vitamin D"' } },
      required: ['biomarker'],
      additionalProperties: false,
    },
    arguments: z.strictObject({ biomarker: z.string().trim().min(1, 'name a biomarker').max(100) }),
    run: async (user, { biomarker }: { biomarker: string }) => {
      const key = await biomarkerKeyOf(user, biomarker);
      const series = key ? await user.biomarkerSeries(key) : null;
      if (!series) return { biomarker, results: [], note: 'The user has no results of this biomarker.' };
      const points = series.points.slice(-MAX_BIOMARKER_RESULTS);
      return {
        biomarker: series.name,
        category: series.category,
        unit: series.unit,
        results: points.map((point) => ({ ...pointFields(point), cite: citationHref({ kind: 'biomarker', name: series.name, date: point.date }) })),
        ...(series.points.length > points.length ? { olderLeftOut: series.points.length - points.length } : {}),
      };
    },
  },
  {
    name: 'get_health_profile',
    description: "The user's health profile: weight (lbs), height (inches), gender, date of birth, average sleep (minutes) and allergies, with the day it was last updated.",
    parameters: NO_PARAMETERS,
    arguments: noArguments,
    run: async (user) => {
      const health = await user.healthStats();
      return { ...health, allergies: health.allergies === null ? null : clip(health.allergies), unitPreference: user.viewer.unitSystem };
    },
  },
  {
    name: 'get_health_measurements',
    description: `Daily values the user imported from a phone or wearable, between two days (at most ${MAX_MEASUREMENT_CALL_DAYS} days per call), oldest first; days without a value are left out. Sleep is minutes asleep per night (dated by the morning it ended), steps the day's total, the others the day's average. Kinds: ${MEASURES.join(', ')}.`,
    parameters: {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: [...MEASURES], description: 'What was measured' },
        from: { type: 'string', description: `First day of the range, yyyy-MM-dd (at most ${MAX_MEASUREMENT_CALL_DAYS} days per call)` },
        to: { type: 'string', description: 'Last day of the range, yyyy-MM-dd (inclusive)' },
      },
      required: ['kind', 'from', 'to'],
      additionalProperties: false,
    },
    arguments: z
      .strictObject({ kind: z.enum(MEASURES), from: day, to: day })
      .refine((range) => range.from <= range.to, '"from" must not be after "to"')
      .refine((range) => span(range) <= MAX_MEASUREMENT_CALL_DAYS, `Ask for at most ${MAX_MEASUREMENT_CALL_DAYS} days at a time`),
    run: async (user, { kind, from, to }: { kind: Measure; from: string; to: string }) => {
      const days = await user.measurementsBetween(kind, from, to);
      const values = days.map((entry) => entry.value);
      return {
        kind,
        measure: MEASURE_NAMES[kind].name,
        unit: MEASURE_NAMES[kind].unit,
        from,
        to,
        daysWithValue: days.length,
        average: values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10,
        days: days.map((entry) => [entry.date, entry.value]),
        format: 'each day is [date, value]',
        ...(days.length === 0 ? { note: 'No imported values of this kind in the range. The user can import an export from a phone or wearable in the profile, under "Your data".' } : {}),
      };
    },
  },
  {
    name: 'get_insights',
    description:
      "The user's Insights, as the Insights page shows them: (1) for each supplement, ratings and imported daily measurements on days it was taken against days it was not, and in the 60 days before its first logged day against the 60 days after (Welch's 95% interval, Benjamini-Hochberg adjusted p over both kinds together; 'finding' only when the adjusted p is at most 0.05); (2) each biomarker's result before and after a supplement was started, stopped or re-dosed, with the other supplements that changed between the two tests. Every one is an association, not proof: say so when citing one.",
    parameters: NO_PARAMETERS,
    arguments: noArguments,
    run: async (user) => {
      const data = await user.insights();
      const compared = data.insights.filter((insight) => insight.status !== 'not_enough_data');
      const waiting = data.insights.filter((insight) => insight.status === 'not_enough_data');
      const biomarkers = data.biomarkers.insights;
      return {
        access: data.access,
        comparisons: compared.slice(0, MAX_INSIGHTS).map((insight) => ({
          supplement: insight.supplementName,
          measure: insight.rating,
          compared: insight.comparison === 'on_off' ? 'days taken against days not taken' : `the days after the start on ${insight.startedOn} against the days before`,
          status: insight.status,
          daysOnOrAfter: insight.daysOn,
          daysOffOrBefore: insight.daysOff,
          differenceOnMinusOffOrAfterMinusBefore: round(insight.difference),
          interval95: [round(insight.low), round(insight.high)],
          adjustedP: insight.adjustedP,
          otherChangesInThoseDays: insight.confounders.map((c) => `${c.name} ${c.change} on ${c.on}`),
        })),
        notEnoughDataYet: waiting
          .slice(0, MAX_INSIGHTS)
          .map((insight) =>
            insight.comparison === 'on_off'
              ? `${insight.supplementName} / ${insight.rating}: ${insight.daysOn} days on, ${insight.daysOff} off (${data.minimumDays} needed on each side)`
              : `${insight.supplementName} / ${insight.rating}, before and after its start: ${insight.daysOff} days before, ${insight.daysOn} after (${data.minimumDays} needed on each side)`,
          ),
        correctedFor: `${data.comparisons} comparisons (Benjamini-Hochberg, false discovery rate ${data.falseDiscoveryRate})`,
        biomarkersBeforeAndAfter: biomarkers.slice(0, MAX_INSIGHTS).map((insight) => ({
          biomarker: insight.biomarkerName,
          unit: insight.unit,
          change: `${insight.change.name} ${insight.change.change.replace('_', ' ')} on ${insight.change.on}${insight.change.fromDose ? ` (${insight.change.fromDose} to ${insight.change.toDose})` : ''}`,
          before: insight.before,
          after: insight.after,
          difference: round(insight.difference),
          shareOfReferenceRange: insight.shareOfRange === null ? null : round(insight.shareOfRange),
          daysBetween: insight.daysBetween,
          otherChangesBetweenTests: insight.confounders.map((c) => `${c.name} ${c.change.replace('_', ' ')} on ${c.on}`),
          cite: citationHref({ kind: 'biomarker', name: insight.biomarkerName, date: insight.after.date }),
        })),
        ...(data.access === 'preview' ? { hiddenUnderPreview: data.hiddenCount + data.biomarkers.hiddenCount, note: 'The user sees a preview; Pro shows every insight.' } : {}),
        method: `Biomarkers: the latest result up to the change against the first at least ${data.biomarkers.afterMinimumDays} days after it.`,
        caveat: 'Association, not proof: anything else that changed could explain it as well.',
      };
    },
  },
  {
    name: 'get_interactions',
    description: "Known interactions among the user's supplements and medications, from StackLab's interaction table: the two items, severity (major, moderate, minor), what happens, what to do and the source.",
    parameters: NO_PARAMETERS,
    arguments: noArguments,
    run: async (user) => {
      const { items, interactions } = await user.stackInteractions();
      return {
        checkedItems: items.slice(0, MAX_STACK_ENTRIES).map((item) => `${item.name} (${item.kind})`),
        interactions: interactions.slice(0, MAX_INTERACTIONS).map((found) => ({
          between: [`${found.first.name} (${found.first.recognisedAs})`, `${found.second.name} (${found.second.recognisedAs})`],
          severity: found.severity,
          effect: found.effect,
          advice: found.advice,
          source: found.source,
          sourceUrl: found.sourceUrl,
        })),
        ...(interactions.length > MAX_INTERACTIONS ? { leftOut: interactions.length - MAX_INTERACTIONS } : {}),
        note: 'General information from published sources, not medical advice; no listed interaction does not prove there is none.',
      };
    },
  },
];

const BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** The tools in the shape of the chat completions API's `tools` parameter. */
export function toolDefinitions() {
  return TOOLS.map((tool) => ({ type: 'function' as const, function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));
}

export function isToolName(name: string): boolean {
  return BY_NAME.has(name);
}

/**
 * Runs one tool call for this user and returns its result as JSON text for a `tool` message.
 * An unknown tool, arguments that are not JSON or do not fit, and a failed read all become an
 * `{ "error": ... }` result the model can read and recover from; nothing here throws.
 */
export async function runTool(user: UserData, name: string, rawArguments: string): Promise<string> {
  const tool = BY_NAME.get(name);
  if (!tool) return errorResult(`There is no tool named "${name.slice(0, 60)}". The tools are: ${TOOLS.map((t) => t.name).join(', ')}.`);
  let parsedJson: unknown;
  try {
    parsedJson = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
  } catch {
    return errorResult('The arguments are not valid JSON.');
  }
  const parsed = tool.arguments.safeParse(parsedJson);
  if (!parsed.success) {
    return errorResult(`Invalid arguments: ${parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')} ${issue.message}` : issue.message)).join('; ')}`);
  }
  let result: unknown;
  try {
    result = await tool.run(user, parsed.data as never);
  } catch {
    return errorResult('The records could not be read just now.');
  }
  const text = JSON.stringify(result);
  if (text.length > MAX_RESULT_CHARS) return errorResult('The result is too long; ask for a shorter range.');
  return text;
}

function errorResult(message: string): string {
  return JSON.stringify({ error: message });
}

function pointFields(point: BiomarkerPoint) {
  return {
    date: point.date,
    value: valueForModel(point.value, point.comparator),
    referenceRange: point.low === null && point.high === null ? null : { low: point.low, high: point.high },
    flag: point.flag,
    reviewedByUser: point.reviewed,
    // As printed on the uploaded report: document text, quoted.
    printedRange: point.rangeText === null ? null : clip(point.rangeText),
  };
}

/**
 * The biomarker a model names: one of the user's by its name or key; else the catalogue's by its
 * names and other names ("vitamin D"); else one of the user's whose name holds the words
 * ("glucose" for Fasting glucose).
 */
async function biomarkerKeyOf(user: UserData, text: string): Promise<string | undefined> {
  const wanted = text.trim().toLowerCase();
  const overview = await user.biomarkerOverview();
  const own = overview.find((marker) => marker.name.toLowerCase() === wanted || marker.key === wanted);
  if (own) return own.key;
  const catalogued = findBiomarker(text)?.key;
  if (catalogued && overview.some((marker) => marker.key === catalogued)) return catalogued;
  return overview.find((marker) => containsWords(marker.name.toLowerCase(), wanted))?.key ?? catalogued;
}

/** Days in a range, both ends included. */
function span({ from, to }: { from: string; to: string }): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

function round(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100;
}

function clip(text: string): string {
  return text.length > MAX_NOTE_CHARS ? `${text.slice(0, MAX_NOTE_CHARS - 1)}…` : text;
}
