import { type DoseTime, doseTimeLabel, doseTimeMinutes, doseTimesOn } from '#contract/schedule.ts';
import type { DayView } from '#contract/supplement-logs.ts';
import type { Supplement } from '#contract/supplements.ts';

export type TodayItem = {
  supplement: Supplement;
  /** When it is due today, earliest first; empty for an unscheduled daily supplement ("Any time"). */
  times: DoseTime[];
  /** When it was logged today, or null. */
  takenAt: string | null;
};

/**
 * "Today" (product.md, Tracking, "Schedules"): the supplements due on a local day, by their
 * schedule, with whether each was logged that day. A supplement without a schedule taken daily or
 * more often is due at any time; one taken weekly without a schedule is not listed, since the day
 * it is due is not known. Scheduled ones come first, by their earliest time.
 */
export function itemsDueOn(supplements: readonly Supplement[], day: Pick<DayView, 'supplements'> | undefined, date: string): TodayItem[] {
  const takenAt = new Map((day?.supplements ?? []).filter((log) => log.supplementId).map((log) => [log.supplementId!, log.takenAt]));
  const items: TodayItem[] = [];
  for (const supplement of supplements) {
    const logged = takenAt.get(supplement.id) ?? null;
    if (supplement.schedule) {
      const times = doseTimesOn(supplement.schedule, date);
      if (times.length > 0 || logged) items.push({ supplement, times, takenAt: logged });
    } else if (supplement.frequencyUnit !== 'weekly' || logged) {
      items.push({ supplement, times: [], takenAt: logged });
    }
  }
  const firstTime = (item: TodayItem) => (item.times.length > 0 ? doseTimeMinutes(item.times[0]!) : Number.POSITIVE_INFINITY);
  return items.sort((a, b) => firstTime(a) - firstTime(b));
}

/** "Morning", "Morning and 21:00", or "Any time". */
export function describeTimes(times: readonly DoseTime[]): string {
  if (times.length === 0) return 'Any time';
  const labels = times.map(doseTimeLabel);
  return labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}
