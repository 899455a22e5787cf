import { addDays } from '#contract/dates.ts';
import { type DailyMeasurement, MAX_MEASUREMENT_DAYS, type Measure, type UserData } from '../assistant-data.ts';
import { cite, formatDay, plainText, plural } from '../format.ts';
import type { Since } from './questions.ts';

/**
 * Answers about what phones and wearables measured (minutes asleep, resting heart rate, steps...):
 * the average on days the user took a supplement against days they did not, or before and since
 * they started it, or over a period, always with the number of days on each side and dates.
 */

/** The user's supplements a question names, found as the other answers find them. */
export type SupplementFinder = (text: string) => Promise<{ ids: string[]; names: string[]; label: string; plainLabel: string; firstLoggedOn: string | null } | null>;

const WHAT: Record<Measure, string> = {
  sleep: 'sleep',
  deep_sleep: 'deep sleep',
  rem_sleep: 'REM sleep',
  resting_heart_rate: 'resting heart rate',
  hrv: 'heart rate variability (HRV)',
  steps: 'steps',
  weight: 'weight',
  body_fat: 'body fat',
  blood_pressure_systolic: 'blood pressure (systolic)',
  blood_pressure_diastolic: 'blood pressure (diastolic)',
  blood_glucose: 'blood glucose',
};

const SLEEP: readonly Measure[] = ['sleep', 'deep_sleep', 'rem_sleep'];
const KG_PER_LB = 0.45359237;

export function noMeasurements(measure: Measure): string {
  return `You have no imported ${WHAT[measure]} data from the last year, so I cannot answer from it. Import an export from your phone or watch (Apple Health, Google Fit, Fitbit, Oura, Garmin or Withings) in your profile's "Your data", and ask again.`;
}

/** "7 h 12 min", "8,214 steps", "58.3 bpm", "71.2 kg" (or lb for US units): rounded as people read them. */
function shown(measure: Measure, value: number, unitSystem: 'us' | 'metric'): string {
  switch (measure) {
    case 'sleep':
    case 'deep_sleep':
    case 'rem_sleep': {
      const minutes = Math.round(value);
      return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
    }
    case 'steps':
      return `${Math.round(value).toLocaleString('en-US')} steps`;
    case 'resting_heart_rate':
      return `${oneDecimal(value)} bpm`;
    case 'hrv':
      return `${oneDecimal(value)} ms`;
    case 'weight':
      return unitSystem === 'us' ? `${oneDecimal(value / KG_PER_LB)} lb` : `${oneDecimal(value)} kg`;
    case 'body_fat':
      return `${oneDecimal(value)}%`;
    case 'blood_pressure_systolic':
    case 'blood_pressure_diastolic':
      return `${Math.round(value)} mmHg`;
    case 'blood_glucose':
      return `${oneDecimal(value)} mmol/L`;
  }
}

/** The difference of two averages in the measure's words: "32 min more", "1,204 fewer steps", "2.1 bpm lower". */
function difference(measure: Measure, a: number, b: number, unitSystem: 'us' | 'metric'): string {
  const rounded = (value: number) => Number(shown(measure, value, unitSystem).replace(/[^\d.]/g, '') || 0);
  const d = SLEEP.includes(measure) ? Math.round(a) - Math.round(b) : measure === 'steps' ? Math.round(a) - Math.round(b) : Math.round((a - b) * 10) / 10;
  if (Math.abs(d) < (SLEEP.includes(measure) || measure === 'steps' ? 1 : 0.05) || rounded(a) === rounded(b)) return 'about the same';
  if (SLEEP.includes(measure)) return `${shown(measure, Math.abs(d), unitSystem)} ${d > 0 ? 'more' : 'less'}`;
  if (measure === 'steps') return `${Math.abs(d).toLocaleString('en-US')} ${d > 0 ? 'more' : 'fewer'} steps`;
  return `${shown(measure, Math.abs(d), unitSystem)} ${d > 0 ? 'higher' : 'lower'}`;
}

function oneDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

function mean(days: readonly DailyMeasurement[]): number {
  return days.reduce((sum, day) => sum + day.value, 0) / days.length;
}

function dayLink(date: string): string {
  return cite(formatDay(date), { kind: 'day', date });
}

/** "12 days (Jan 3, 2025 to Feb 20, 2025)". */
function daysSpan(days: readonly DailyMeasurement[], noun: string, suffix = ''): string {
  const first = days[0]!.date;
  const last = days.at(-1)!.date;
  const count = `${plural(days.length, noun)}${suffix}`;
  return first === last ? `${count} (${dayLink(first)})` : `${count} (${dayLink(first)} to ${dayLink(last)})`;
}

function caution(plainLabel: string, sideA: number, sideB: number): string {
  return `This is an association, not proof: it cannot show that ${plainText(plainLabel)} caused the difference${sideA < 7 || sideB < 7 ? ', and with so few days it may be chance' : ''}.`;
}

export async function answerMeasured(user: UserData, measure: Measure, since: Since | null, text: string, findSupplement: SupplementFinder): Promise<string> {
  const today = user.viewer.today;
  const units = user.viewer.unitSystem;
  const windowStart = addDays(today, -(MAX_MEASUREMENT_DAYS - 1));
  const days = await user.measurementsBetween(measure, windowStart, today);
  if (days.length === 0) return noMeasurements(measure);
  const what = WHAT[measure];
  const perDay = SLEEP.includes(measure) ? 'a night' : measure === 'steps' ? 'a day' : '';
  const avg = (list: readonly DailyMeasurement[]) => `${shown(measure, mean(list), units)}${perDay ? ` ${perDay}` : ''}`;
  const noun = SLEEP.includes(measure) ? 'night' : 'day';

  if (since?.kind === 'date') {
    const end = since.until && since.until < today ? since.until : today;
    const after = days.filter((day) => day.date >= since.date && day.date <= end);
    const length = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${since.date}T00:00:00Z`)) / 86_400_000) + 1;
    const before = days.filter((day) => day.date < since.date && day.date >= addDays(since.date, -length));
    if (after.length === 0) return `You have no imported ${what} data since ${dayLink(since.date)}; your latest is from ${dayLink(days.at(-1)!.date)}.`;
    const parts = [`From ${dayLink(since.date)} to ${dayLink(end)} your ${what} averaged ${avg(after)}, over ${daysSpan(after, noun, ' with data')}.`];
    if (measure === 'steps') parts.push(`That is ${Math.round(after.reduce((sum, day) => sum + day.value, 0)).toLocaleString('en-US')} steps in all.`);
    if (before.length > 0) parts.push(`In the ${plural(length, 'day')} before, it averaged ${avg(before)} over ${plural(before.length, noun)}: ${difference(measure, mean(after), mean(before), units)} since.`);
    return parts.join(' ');
  }

  const supplement = await findSupplement(since?.kind === 'supplement' ? since.text : text);
  if (!supplement) {
    const recent = days.filter((day) => day.date > addDays(today, -30));
    const latest = days.at(-1)!;
    const parts = [`Your latest ${what} is ${shown(measure, latest.value, units)} on ${dayLink(latest.date)}.`];
    if (recent.length > 0) parts.push(`Over the last 30 days it averaged ${avg(recent)}, over ${daysSpan(recent, noun, ' with data')}.`);
    if (since?.kind === 'supplement' || since?.kind === 'it') parts.push('I could not find that supplement in your stack or your intake logs, so I cannot compare before and since.');
    return parts.join(' ');
  }

  const { label, plainLabel } = supplement;
  if (since?.kind === 'supplement' || since?.kind === 'it') {
    const first = supplement.firstLoggedOn;
    if (!first) return `You have not logged ${label} yet, so I cannot compare your ${what} before and since you started it.`;
    // A night is dated by the morning it ended: the first night on it ends the day after.
    const cut = SLEEP.includes(measure) ? addDays(first, 1) : first;
    const before = days.filter((day) => day.date < cut);
    const after = days.filter((day) => day.date >= cut);
    const parts = [`You started logging ${label} on ${dayLink(first)}.`];
    if (after.length === 0) return [...parts, `You have no imported ${what} data since then.`].join(' ');
    if (before.length === 0) return [...parts, `You have no imported ${what} data from before then to compare with; since then it averaged ${avg(after)} over ${daysSpan(after, noun)}.`].join(' ');
    parts.push(`Before then, your ${what} averaged ${avg(before)} over ${daysSpan(before, noun)}; since then, ${avg(after)} over ${daysSpan(after, noun)}.`);
    parts.push(`So since you started: ${difference(measure, mean(after), mean(before), units)} on average.`);
    parts.push(caution(plainLabel, before.length, after.length));
    return parts.join(' ');
  }

  const intake = await user.intakeBetween(addDays(windowStart, -1), today);
  const ids = new Set(supplement.ids);
  const names = new Set(supplement.names.map((name) => name.trim().toLowerCase()));
  const took = new Set(intake.filter((day) => day.items.some((item) => (item.supplementId !== null && ids.has(item.supplementId)) || names.has(item.name.trim().toLowerCase()))).map((day) => day.date));
  // Sleep: the night after a day you took it (taken in the evening, it ends the next morning).
  const tookFor = (date: string) => took.has(SLEEP.includes(measure) ? addDays(date, -1) : date);
  const withIt = days.filter((day) => tookFor(day.date));
  const without = days.filter((day) => !tookFor(day.date));
  if (withIt.length === 0) return `None of your ${plural(days.length, noun)} with ${what} data in the last year follows a log of ${label}, so I cannot compare.`;
  if (without.length === 0) return `You logged ${label} before every one of your ${plural(days.length, noun)} with ${what} data, so there are none without it to compare with; they averaged ${avg(days)}.`;
  const parts = [
    `On the ${SLEEP.includes(measure) ? `${plural(withIt.length, 'night')} after days you took` : `${plural(withIt.length, 'day')} you took`} ${label}, your ${what} averaged ${avg(withIt)} (${dayLink(withIt[0]!.date)} to ${dayLink(withIt.at(-1)!.date)}).`,
    `On the other ${plural(without.length, noun)}: ${avg(without)} (${dayLink(without[0]!.date)} to ${dayLink(without.at(-1)!.date)}).`,
    `So with ${plainText(plainLabel)}: ${difference(measure, mean(withIt), mean(without), units)} on average.`,
    caution(plainLabel, withIt.length, without.length),
  ];
  return parts.join(' ');
}
