import { describe, expect, it } from 'vitest';
import { SHARE_MAX_HOURS, SHARE_MIN_HOURS } from '#contract/data-ownership.ts';
import { SHARE_EXPIRY_OPTIONS, defaultReportPeriod, reportHref, reportPeriodError } from './data-options.ts';

describe('report period', () => {
  it('defaults to the last 90 days, today included', () => {
    expect(defaultReportPeriod('2026-11-21')).toEqual({ from: '2026-08-24', to: '2026-11-21' });
  });

  it('says what is wrong with a period', () => {
    const today = '2026-11-21';
    expect(reportPeriodError({ from: '2026-01-01', to: '2026-11-21' }, today)).toBeNull();
    expect(reportPeriodError({ from: '', to: '2026-11-21' }, today)).toBe('Choose both dates');
    expect(reportPeriodError({ from: '2026-11-22', to: '2026-11-21' }, today)).toBe('From must be on or before To');
    expect(reportPeriodError({ from: '2026-11-01', to: '2026-11-30' }, today)).toBe('To cannot be in the future');
    expect(reportPeriodError({ from: '2020-01-01', to: '2026-11-21' }, today)).toBe('A report covers at most three years; choose a shorter period');
  });

  it('builds the download address', () => {
    expect(reportHref({ from: '2026-08-24', to: '2026-11-21' })).toBe('/api/export/report?from=2026-08-24&to=2026-11-21');
  });
});

describe('share expiry options', () => {
  it('stay within what the server accepts, shortest and longest included', () => {
    const hours = SHARE_EXPIRY_OPTIONS.map((option) => option.hours);
    expect(Math.min(...hours)).toBe(SHARE_MIN_HOURS);
    expect(Math.max(...hours)).toBe(SHARE_MAX_HOURS);
  });
});
