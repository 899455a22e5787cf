/**
 * When a supplement is taken (product.md, Tracking, "Schedules"): the one shape of a schedule, and
 * the rules that say on which days and at which times a dose is due. Zod-free, so that the web's
 * "Today", the server and reminders read schedules the same way; the zod schema that checks one
 * is `scheduleSchema` in `supplements.ts`.
 */
import { DATE_PATTERN, addDays, isRealDate } from './dates.ts';

export const TIMES_OF_DAY = ['morning', 'midday', 'evening', 'bedtime'] as const;
export type TimeOfDay = (typeof TIMES_OF_DAY)[number];

/** A clock time "HH:MM" (24 hours) in the user's time zone. */
export type ClockTime = `${number}:${number}`;
/** A time a dose is due: a part of the day, or a clock time. */
export type DoseTime = TimeOfDay | ClockTime;

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_SHORT: Record<Weekday, string> = { 1: 'Mon', 2: 'Tue', 3: 'Wed', 4: 'Thu', 5: 'Fri', 6: 'Sat', 7: 'Sun' };

/** On which days: every day, some days of the week, or every N days counted from the start. */
export type ScheduleDays = { every: 'day' } | { every: 'week'; weekdays: Weekday[] } | { every: 'days'; interval: number };

export type Schedule = {
  /** At least one; sorted by `doseTimeMinutes`, no repeats. */
  times: DoseTime[];
  days: ScheduleDays;
  /** The course's first day `yyyy-MM-dd` (local); "every N days" counts from it. */
  startDate: string;
  /** The course's last day (inclusive), or null for no end. */
  endDate: string | null;
};

export const SCHEDULE_LIMITS = { timesMax: 8, intervalMin: 2, intervalMax: 90 } as const;

export const SCHEDULE_MESSAGES = {
  timesRequired: 'Choose at least one time of day',
  timesTooMany: 'A schedule has at most 8 times a day',
  time: 'Times must be morning, midday, evening, bedtime or a clock time like 08:30',
  timesRepeated: 'Each time can be chosen once',
  weekdaysRequired: 'Choose at least one day of the week',
  weekday: 'Days of the week are numbers from 1 (Monday) to 7 (Sunday)',
  interval: 'Every N days must be a whole number from 2 to 90',
  startDate: 'Start date must be a date like 2025-01-31',
  endDate: 'End date must be a date like 2025-01-31',
  endBeforeStart: 'End date cannot be before the start date',
} as const;

/** When each part of the day falls, for ordering and for reminders to come. */
export const TIME_OF_DAY_CLOCK: Record<TimeOfDay, string> = { morning: '08:00', midday: '12:00', evening: '18:00', bedtime: '22:00' };
export const TIME_OF_DAY_LABELS: Record<TimeOfDay, string> = { morning: 'Morning', midday: 'Midday', evening: 'Evening', bedtime: 'Bedtime' };

const CLOCK_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeOfDay(value: string): value is TimeOfDay {
  return (TIMES_OF_DAY as readonly string[]).includes(value);
}

export function isDoseTime(value: string): value is DoseTime {
  return isTimeOfDay(value) || CLOCK_PATTERN.test(value);
}

/** Minutes after midnight when a dose time falls. */
export function doseTimeMinutes(time: DoseTime): number {
  const clock = isTimeOfDay(time) ? TIME_OF_DAY_CLOCK[time] : time;
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

export function sortDoseTimes(times: readonly DoseTime[]): DoseTime[] {
  return [...new Set(times)].sort((a, b) => doseTimeMinutes(a) - doseTimeMinutes(b) || a.localeCompare(b));
}

/** ISO weekday of a `yyyy-MM-dd` date. */
export function weekdayOf(date: string): Weekday {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const sunday0 = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as Weekday;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whether the schedule has a dose on a local day: inside the course, on one of its days. */
export function isDueOn(schedule: Schedule, date: string): boolean {
  if (date < schedule.startDate) return false;
  if (schedule.endDate !== null && date > schedule.endDate) return false;
  const { days } = schedule;
  if (days.every === 'day') return true;
  if (days.every === 'week') return days.weekdays.includes(weekdayOf(date));
  return daysBetween(schedule.startDate, date) % days.interval === 0;
}

/** The times of the doses due on a local day, earliest first (none when the day has no dose). */
export function doseTimesOn(schedule: Schedule, date: string): DoseTime[] {
  return isDueOn(schedule, date) ? sortDoseTimes(schedule.times) : [];
}

/** The next local day on or after `from` with a dose, within a year; null when the course has ended. */
export function nextDueDate(schedule: Schedule, from: string): string | null {
  for (let offset = 0; offset <= 366; offset += 1) {
    const date = addDays(from, offset);
    if (schedule.endDate !== null && date > schedule.endDate) return null;
    if (isDueOn(schedule, date)) return date;
  }
  return null;
}

/** Whether the course is over on a local day (its end date has passed). */
export function hasEnded(schedule: Schedule, date: string): boolean {
  return schedule.endDate !== null && date > schedule.endDate;
}

export function doseTimeLabel(time: DoseTime): string {
  return isTimeOfDay(time) ? TIME_OF_DAY_LABELS[time] : time;
}

function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The schedule in a few words: "Every morning", "Morning and bedtime, Mon, Wed and Fri", "Every 3 days at 08:00". */
export function describeSchedule(schedule: Schedule): string {
  const times = sortDoseTimes(schedule.times);
  const single = times.length === 1 ? times[0]! : null;
  const timeText = joinWords(times.map((time) => (isTimeOfDay(time) ? time : `at ${time}`)));
  const { days } = schedule;
  let text: string;
  if (days.every === 'day') {
    text = single && isTimeOfDay(single) ? `Every ${single}` : `Every day, ${timeText}`;
  } else if (days.every === 'week') {
    const names = joinWords([...days.weekdays].sort((a, b) => a - b).map((day) => WEEKDAY_SHORT[day]));
    text = `${names}, ${timeText}`;
  } else {
    text = `Every ${days.interval} days, ${timeText}`;
  }
  return schedule.endDate ? `${text}, until ${schedule.endDate}` : text;
}

/**
 * Why a schedule is not valid (one message per problem, with the field it concerns), or an empty
 * list. Shared by the zod schema on the server and the form in the browser.
 */
export function checkSchedule(schedule: Schedule): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (schedule.times.length === 0) problems.push({ field: 'times', message: SCHEDULE_MESSAGES.timesRequired });
  if (schedule.times.length > SCHEDULE_LIMITS.timesMax) problems.push({ field: 'times', message: SCHEDULE_MESSAGES.timesTooMany });
  if (schedule.times.some((time) => !isDoseTime(time))) problems.push({ field: 'times', message: SCHEDULE_MESSAGES.time });
  else if (new Set(schedule.times).size !== schedule.times.length) problems.push({ field: 'times', message: SCHEDULE_MESSAGES.timesRepeated });
  const { days } = schedule;
  if (days.every === 'week') {
    if (days.weekdays.length === 0) problems.push({ field: 'days.weekdays', message: SCHEDULE_MESSAGES.weekdaysRequired });
    if (days.weekdays.some((day) => !(WEEKDAYS as readonly number[]).includes(day))) problems.push({ field: 'days.weekdays', message: SCHEDULE_MESSAGES.weekday });
  }
  if (days.every === 'days' && !(Number.isInteger(days.interval) && days.interval >= SCHEDULE_LIMITS.intervalMin && days.interval <= SCHEDULE_LIMITS.intervalMax)) {
    problems.push({ field: 'days.interval', message: SCHEDULE_MESSAGES.interval });
  }
  const startOk = DATE_PATTERN.test(schedule.startDate) && isRealDate(schedule.startDate);
  if (!startOk) problems.push({ field: 'startDate', message: SCHEDULE_MESSAGES.startDate });
  if (schedule.endDate !== null) {
    if (!(DATE_PATTERN.test(schedule.endDate) && isRealDate(schedule.endDate))) problems.push({ field: 'endDate', message: SCHEDULE_MESSAGES.endDate });
    else if (startOk && schedule.endDate < schedule.startDate) problems.push({ field: 'endDate', message: SCHEDULE_MESSAGES.endBeforeStart });
  }
  return problems;
}
