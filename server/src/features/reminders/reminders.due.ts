/**
 * Which reminders are due for one user at one moment: pure, so the rules are tested without a
 * clock or a database (decision 035).
 */
import { isQuietAt, type QuietHours } from '#contract/reminders.ts';
import { type DoseTime, type Schedule, doseTimeMinutes, doseTimesOn } from '#contract/schedule.ts';

/** A dose time is reminded of from when it falls until this long after (a scan missed by a restart still sends). */
export const CATCH_UP_MINUTES = 120;
/** The slot of the one daily nudge to a user with an empty stack, sent at the morning time. */
export const NUDGE_SLOT = 'nudge';

export type DueItem = { id: string; name: string; schedule: Schedule | null; frequencyUnit: string };
export type DueReminder = { slot: string; names: string[] };

export function dueReminders(input: {
  stack: DueItem[];
  logged: ReadonlySet<string>;
  localDate: string;
  /** Minutes since local midnight, now. */
  minute: number;
  quietHours: QuietHours | null;
}): DueReminder[] {
  const { stack, logged, localDate, minute, quietHours } = input;
  const inWindow = (at: number) => at <= minute && minute - at <= CATCH_UP_MINUTES && !isQuietAt(quietHours, at);
  if (isQuietAt(quietHours, minute)) return [];
  if (stack.length === 0) return inWindow(doseTimeMinutes('morning')) ? [{ slot: NUDGE_SLOT, names: [] }] : [];
  const bySlot = new Map<string, string[]>();
  for (const item of stack) {
    if (logged.has(item.id)) continue;
    for (const time of timesOf(item, localDate)) {
      const at = doseTimeMinutes(time);
      if (!inWindow(at)) continue;
      const slot = clockOf(at);
      bySlot.set(slot, [...(bySlot.get(slot) ?? []), item.name]);
    }
  }
  return [...bySlot].sort(([a], [b]) => a.localeCompare(b)).map(([slot, names]) => ({ slot, names }));
}

/** Without a schedule, a daily supplement is due in the morning, as Today lists it every day. */
function timesOf(item: DueItem, localDate: string): DoseTime[] {
  if (item.schedule) return doseTimesOn(item.schedule, localDate);
  return item.frequencyUnit === 'daily' ? ['morning'] : [];
}

export function clockOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const minuteFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes since midnight of an instant in a time zone. */
export function localMinuteOf(instant: Date, timeZone: string): number {
  let format = minuteFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    minuteFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}
