import type { IntakeWarningsResponse } from '#contract/tracking.ts';

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

/** A rated day and whether a given supplement was logged on it. */
export type RatedDay = EffectsEntry & { took: boolean };

export type UserData = {
  readonly viewer: Viewer;
  stack(): Promise<StackEntry[]>;
  loggedSupplements(): Promise<LoggedSupplement[]>;
  intakeWarnings(): Promise<IntakeWarningsResponse>;
  /** Intake of the last `days` local days (today included), newest first. */
  recentIntake(days: number): Promise<IntakeDay[]>;
  /** Ratings of the last `days` local days, newest first. */
  recentEffects(days: number): Promise<EffectsEntry[]>;
  healthStats(): Promise<HealthSnapshot>;
  streak(): Promise<StreakInfo>;
  /** First, previous and latest result of every biomarker the user has. */
  biomarkerOverview(): Promise<BiomarkerOverview[]>;
  biomarkerSeries(key: string): Promise<BiomarkerSeries | null>;
  /** Every rated day, with whether one of these supplements (by id or by name) was logged on it. */
  ratedDays(match: { supplementIds: string[]; names: string[] }): Promise<RatedDay[]>;
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
};

export type AssistantContext = {
  /** null for an anonymous visitor: general answers, no personal data. */
  user: UserData | null;
  reference: ReferenceData;
};
