import type { ValueComparator } from '#contract/biomarkers.ts';
import type { InsightsResponse } from '#contract/insights.ts';
import type { StackInteraction } from '#contract/interactions.ts';
import type { IntakeWarningsResponse } from '#contract/supplements.ts';

/**
 * What the assistant may know, as read-only loaders. One instance serves one request for one
 * user: the features/assistant layer implements it over the repositories (always scoped by the
 * user's id) and memoises each loader, so the built-in assistant and the context builder read
 * only what a question needs, once. Anonymous visitors get no `UserData` at all.
 */

/** yyyy-MM-dd, a local day of the user. */
export type LocalDate = string;

export type Viewer = {
  id: string;
  /** Name, else username: how the assistant may address the user. */
  displayName: string;
  timeZone: string;
  today: LocalDate;
  unitSystem: 'us' | 'metric';
};

export type StackEntry = {
  id: string;
  name: string;
  /** "2000 IU" */
  dosage: string;
  /** "1x daily" */
  frequency: string;
  notes: string | null;
  referenceSupplementId: string | null;
  /** The reference entry's nutrient key (vitamin-d, magnesium, ...), when it has one. */
  nutrient: string | null;
  /** The local day it was added to the stack. */
  addedOn: LocalDate;
  /** First and last local day with a log of it; null when never logged. */
  firstLoggedOn: LocalDate | null;
  lastLoggedOn: LocalDate | null;
  loggedDays: number;
};

/** A supplement name found in the intake logs (kept even when it has left the stack). */
export type LoggedSupplement = {
  name: string;
  supplementId: string | null;
  referenceSupplementId: string | null;
  nutrient: string | null;
  firstLoggedOn: LocalDate;
  lastLoggedOn: LocalDate;
  loggedDays: number;
};

export type IntakeDay = {
  date: LocalDate;
  items: { id: string; supplementId: string | null; name: string; dosage: string; frequency: string }[];
};

export type EffectsEntry = {
  id: string;
  date: LocalDate;
  energy: number;
  mood: number;
  sleep: number;
  /** The user's own words with the rating. */
  note: string | null;
};

export type NoteEntry = { id: string; date: LocalDate; type: 'chat' | 'other'; content: string };

export type HealthSnapshot = {
  weightLbs: number | null;
  heightInches: number | null;
  gender: string | null;
  dateOfBirth: LocalDate | null;
  averageSleepMinutes: number | null;
  allergies: string | null;
  updatedOn: LocalDate | null;
};

export type StreakInfo = {
  current: number;
  longest: number;
  goalDays: number;
  loggedToday: boolean;
  lastLogDate: LocalDate | null;
};

export type BiomarkerPoint = {
  /** The lab result's id. */
  id: string;
  date: LocalDate;
  /** In the series unit (the user's unit system). */
  value: number;
  /** Set when the lab printed the value as a limit ("<" 0.5: below 0.5); null for an exact value. */
  comparator: ValueComparator | null;
  /** The report's range converted to the series unit; null ends when not printed. */
  low: number | null;
  high: number | null;
  flag: 'low' | 'high' | 'normal' | null;
  reviewed: boolean;
  /** Text as printed on the uploaded report: untrusted document text. */
  rangeText: string | null;
  printedFlag: string | null;
  /** The uploaded file's name (user-supplied); null for results typed by hand. */
  fileName: string | null;
};

export type BiomarkerSeries = {
  /** Catalogue key ("vitamin-d-25oh"). */
  key: string;
  /** Catalogue name: what the chart's selection and citations use. */
  name: string;
  category: string;
  unit: string;
  /** Oldest first. */
  points: BiomarkerPoint[];
};

export type BiomarkerOverview = {
  key: string;
  name: string;
  category: string;
  unit: string;
  count: number;
  first: BiomarkerPoint;
  previous: BiomarkerPoint | null;
  latest: BiomarkerPoint;
};

/**
 * A daily value from phones and wearables: sleep is minutes asleep per night (by the morning it
 * ended), steps the day's total, the others the day's average. Where two writers recorded the same
 * thing, the one that recorded the most counts for sleep and steps (decision 031).
 */
export const MEASURES = [
  'sleep',
  'deep_sleep',
  'rem_sleep',
  'resting_heart_rate',
  'hrv',
  'steps',
  'weight',
  'body_fat',
  'blood_pressure_systolic',
  'blood_pressure_diastolic',
  'blood_glucose',
] as const;
export type Measure = (typeof MEASURES)[number];

export const MEASURE_NAMES: Record<Measure, { name: string; unit: string }> = {
  sleep: { name: 'Sleep (minutes asleep)', unit: 'min' },
  deep_sleep: { name: 'Deep sleep', unit: 'min' },
  rem_sleep: { name: 'REM sleep', unit: 'min' },
  resting_heart_rate: { name: 'Resting heart rate', unit: 'bpm' },
  hrv: { name: 'Heart rate variability', unit: 'ms' },
  steps: { name: 'Steps', unit: 'steps' },
  weight: { name: 'Weight', unit: 'kg' },
  body_fat: { name: 'Body fat', unit: '%' },
  blood_pressure_systolic: { name: 'Systolic blood pressure', unit: 'mmHg' },
  blood_pressure_diastolic: { name: 'Diastolic blood pressure', unit: 'mmHg' },
  blood_glucose: { name: 'Blood glucose', unit: 'mmol/L' },
};

/** The longest range one `measurementsBetween` call reads; a longer one is cut to its last days. */
export const MAX_MEASUREMENT_DAYS = 366;

export type DailyMeasurement = { date: LocalDate; value: number };

/** The interactions among the items of the user's stack (supplements and medications). */
export type StackInteractions = {
  /** Every item of the stack, so that an answer can say what was checked. */
  items: { kind: 'supplement' | 'medication'; name: string }[];
  interactions: StackInteraction[];
};

/** A rated day and whether a given supplement was logged on it. */
export type RatedDay = EffectsEntry & { took: boolean };

export type UserData = {
  readonly viewer: Viewer;
  /** The user's insights as the Insights page shows them (decisions 037 and 039; a preview below Pro). */
  insights(): Promise<InsightsResponse>;
  stack(): Promise<StackEntry[]>;
  loggedSupplements(): Promise<LoggedSupplement[]>;
  intakeWarnings(): Promise<IntakeWarningsResponse>;
  /** Intake of the last `days` local days (today included), newest first. */
  recentIntake(days: number): Promise<IntakeDay[]>;
  /** Ratings of the last `days` local days, newest first. */
  recentEffects(days: number): Promise<EffectsEntry[]>;
  /** Intake of the local days `from` to `to` (inclusive; callers bound the range), newest first. */
  intakeBetween(from: LocalDate, to: LocalDate): Promise<IntakeDay[]>;
  /** Ratings of the local days `from` to `to` (inclusive), newest first. */
  effectsBetween(from: LocalDate, to: LocalDate): Promise<EffectsEntry[]>;
  healthStats(): Promise<HealthSnapshot>;
  streak(): Promise<StreakInfo>;
  /** First, previous and latest result of every biomarker the user has. */
  biomarkerOverview(): Promise<BiomarkerOverview[]>;
  biomarkerSeries(key: string): Promise<BiomarkerSeries | null>;
  /** Every rated day, with whether one of these supplements (by id or by name) was logged on it. */
  ratedDays(match: { supplementIds: string[]; names: string[] }): Promise<RatedDay[]>;
  /**
   * One value per local day that has one, oldest first, from `from` to `to` (inclusive; at most
   * `MAX_MEASUREMENT_DAYS`, the last ones when more are asked).
   */
  measurementsBetween(measure: Measure, from: LocalDate, to: LocalDate): Promise<DailyMeasurement[]>;
  /** Known interactions among the user's supplements and medications, most severe first. */
  stackInteractions(): Promise<StackInteractions>;
  /** Everything logged on one local day (the daily summary). */
  day(date: LocalDate): Promise<{ intake: IntakeDay; effects: EffectsEntry | null; notes: NoteEntry[] }>;
};

export type ReferenceEntry = {
  id: string;
  name: string;
  category: string;
  description: string;
  source: string | null;
  sourceUrl: string | null;
  nutrient: string | null;
  upperLimit: { amount: number; unit: string; note: string | null; source: string | null; sourceUrl: string | null } | null;
};

/** The reference supplement database (not user data; anonymous visitors may use it). */
export type ReferenceData = {
  /** Reference supplements named in `text` (by name or alternative name, whole words), longest name first. */
  findNamedIn(text: string): Promise<ReferenceEntry[]>;
  /** The names of interaction agents (supplements, medicines, drug classes) that `text` mentions, one per mention. */
  interactionNamesIn(text: string): string[];
  /** Known interactions among these items (each a name as written), from the interaction table. */
  interactionsAmong(names: readonly string[]): Promise<StackInteraction[]>;
};

export type AssistantContext = {
  /** null for an anonymous visitor: general answers, no personal data. */
  user: UserData | null;
  reference: ReferenceData;
};
