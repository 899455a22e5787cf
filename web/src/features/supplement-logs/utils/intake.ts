import type { DayView, SupplementLogEntry } from '#contract/supplement-logs.ts';
import type { Supplement } from '#contract/supplements.ts';

type DayLog = DayView['supplements'][number];

/**
 * Whether a supplement's switch starts on. product.md, Tracking: each supplement defaults to taken.
 * Once today has been saved, the switches show that record instead (saving again edits it), and
 * a supplement added after the save starts on, like any new one.
 */
export function defaultTaken(supplement: Pick<Supplement, 'id' | 'createdAt'>, todayLogs: readonly DayLog[], options: { pastDay?: boolean } = {}): boolean {
  if (todayLogs.length === 0) return true;
  if (todayLogs.some((log) => log.supplementId === supplement.id)) return true;
  // A past day already filled in shows exactly what was recorded for it.
  if (options.pastDay) return false;
  const lastSaved = Math.max(...todayLogs.map((log) => Date.parse(log.takenAt)));
  return Date.parse(supplement.createdAt) > lastSaved;
}

/** The latest time today's intake was recorded, if it was. */
export function lastLoggedAt(todayLogs: readonly DayLog[]): string | null {
  if (todayLogs.length === 0) return null;
  return todayLogs.reduce((latest, log) => (Date.parse(log.takenAt) > Date.parse(latest) ? log.takenAt : latest), todayLogs[0]!.takenAt);
}

/**
 * The body of "Save Today": every supplement with its switch, at the current time (which is in
 * the user's today by definition). Switched-off ones are sent as `taken: false`, so that turning
 * one off and saving again removes it from today's record.
 */
export function buildIntakeLogs(
  supplements: readonly Supplement[],
  isTaken: (supplement: Supplement) => boolean,
  now: Date = new Date(),
): SupplementLogEntry[] {
  const takenAt = now.toISOString();
  return supplements.map((supplement) => ({
    supplementId: supplement.id,
    userId: null,
    takenAt,
    dosage: supplement.dosage,
    frequency: supplement.frequency,
    name: supplement.name,
    taken: isTaken(supplement),
  }));
}

/** The body of saving a past day (product.md, Tracking, "Any day"): every supplement with its switch. */
export function buildDayLogs(supplements: readonly Supplement[], isTaken: (supplement: Supplement) => boolean): { supplementId: string; taken: boolean }[] {
  return supplements.map((supplement) => ({ supplementId: supplement.id, taken: isTaken(supplement) }));
}
