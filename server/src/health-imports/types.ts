import type { HealthKind, HealthSource } from '#contract/health-data.ts';

/** One measurement in its kind's canonical unit (`HEALTH_UNITS`), ready to store. */
export type Measurement = {
  kind: HealthKind;
  startAt: Date;
  endAt: Date;
  /** The calendar day it belongs to (for sleep, the morning it ended), by the record's own offset when known. */
  day: string;
  value: number;
  /** The app or device inside the source that wrote it. */
  origin: string;
  /**
   * The source's own id for a summary that can be re-synced with new figures (an Oura row, a
   * Fitbit sleep log, a Withings night). Without one, the times and value are the identity.
   */
  identity?: string;
};

export type ReadOptions = {
  /** The uploaded file's name: a Google Fit per-day CSV carries its date only there. */
  fileName: string;
  /** The user's time zone, for files whose times carry no offset. */
  timeZone: string;
};

/** What a reader yields: batches of measurements, and what it passed over and why. */
export type ReadOutcome = { source: HealthSource; batches: AsyncGenerator<Measurement[], void, undefined>; notes: string[] };

/** A file we cannot read, with a message for the person who uploaded it. */
export class HealthImportError extends Error {
  override readonly name = 'HealthImportError';
}

export const BATCH_SIZE = 1000;
