import { REPORT_DEFAULT_DAYS, REPORT_MAX_DAYS, SHARE_PART_LABELS, SHARE_PARTS, type SharePart } from '#contract/data-ownership.ts';
import { addDays } from '#contract/dates.ts';

/** How long a share link lasts: the choices offered, from the shortest allowed to the longest. */
export const SHARE_EXPIRY_OPTIONS = [
  { hours: 24, label: '24 hours' },
  { hours: 72, label: '3 days' },
  { hours: 7 * 24, label: '7 days' },
  { hours: 14 * 24, label: '14 days' },
  { hours: 30 * 24, label: '30 days' },
] as const;

export const SHARE_PART_OPTIONS: { part: SharePart; label: string; description: string }[] = SHARE_PARTS.map((part) => ({
  part,
  label: SHARE_PART_LABELS[part],
  description: {
    labs: 'Biomarker results with ranges, flags and history',
    stack: 'Your supplements with doses and how often',
    logs: 'What you took and your energy, mood and sleep ratings, last 90 days',
    stats: 'Weight, height, sex, date of birth, sleep and allergies',
  }[part],
}));

export function defaultReportPeriod(today: string): { from: string; to: string } {
  return { from: addDays(today, -(REPORT_DEFAULT_DAYS - 1)), to: today };
}

/** What is wrong with a chosen report period, or null when it can be downloaded. */
export function reportPeriodError(period: { from: string; to: string }, today: string): string | null {
  if (!period.from || !period.to) return 'Choose both dates';
  if (period.from > period.to) return 'From must be on or before To';
  if (period.to > today) return 'To cannot be in the future';
  const days = (Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > REPORT_MAX_DAYS) return 'A report covers at most three years; choose a shorter period';
  return null;
}

export function reportHref(period: { from: string; to: string }): string {
  return `/api/export/report?${new URLSearchParams({ from: period.from, to: period.to }).toString()}`;
}
