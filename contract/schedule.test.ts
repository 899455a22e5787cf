import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import {
  type DoseTime,
  type Schedule,
  SCHEDULE_MESSAGES,
  TIMES_OF_DAY,
  checkSchedule,
  describeSchedule,
  doseTimeMinutes,
  doseTimesOn,
  isDueOn,
  nextDueDate,
  weekdayOf,
} from './schedule.ts';

const day = fc.integer({ min: 0, max: 3650 }).map((offset) => addDays('2024-01-01', offset));
const clock = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}` as DoseTime);
const doseTime: fc.Arbitrary<DoseTime> = fc.oneof(fc.constantFrom(...TIMES_OF_DAY), clock);
const days: fc.Arbitrary<Schedule['days']> = fc.oneof(
  fc.constant({ every: 'day' as const }),
  fc.uniqueArray(fc.constantFrom(1, 2, 3, 4, 5, 6, 7 as const), { minLength: 1, maxLength: 7 }).map((weekdays) => ({ every: 'week' as const, weekdays })),
  fc.integer({ min: 2, max: 90 }).map((interval) => ({ every: 'days' as const, interval })),
);
const schedule: fc.Arbitrary<Schedule> = fc
  .record({ times: fc.uniqueArray(doseTime, { minLength: 1, maxLength: 8 }), days, startDate: day, length: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }) })
  .map(({ length, ...rest }) => ({ ...rest, endDate: length === null ? null : addDays(rest.startDate, length) }));

describe('schedules', () => {
  it('are valid as generated, and due only inside their course', () => {
    fc.assert(
      fc.property(schedule, day, (s, date) => {
        expect(checkSchedule(s)).toEqual([]);
        if (date < s.startDate || (s.endDate !== null && date > s.endDate)) expect(isDueOn(s, date)).toBe(false);
        if (s.days.every === 'day' && date >= s.startDate && (s.endDate === null || date <= s.endDate)) expect(isDueOn(s, date)).toBe(true);
      }),
    );
  });

  it('start every course on its first day, and repeat every N days from there', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 0, max: 200 }), (s, offset) => {
        const open = { ...s, endDate: null };
        if (s.days.every !== 'week') expect(isDueOn(open, s.startDate)).toBe(true);
        if (s.days.every === 'days') {
          expect(isDueOn(open, addDays(s.startDate, offset))).toBe(offset % s.days.interval === 0);
        }
      }),
    );
  });

  it('fall on the chosen weekdays only', () => {
    fc.assert(
      fc.property(schedule, day, (s, date) => {
        fc.pre(s.days.every === 'week' && date >= s.startDate && (s.endDate === null || date <= s.endDate));
        expect(isDueOn(s, date)).toBe(s.days.every === 'week' && s.days.weekdays.includes(weekdayOf(date)));
      }),
    );
    expect(weekdayOf('2025-11-24')).toBe(1); // a Monday
    expect(weekdayOf('2025-11-30')).toBe(7);
  });

  it('list a due day\'s times earliest first, and the next due day is due', () => {
    fc.assert(
      fc.property(schedule, day, (s, date) => {
        const times = doseTimesOn(s, date);
        expect(times.length === 0).toBe(!isDueOn(s, date));
        for (let i = 1; i < times.length; i += 1) expect(doseTimeMinutes(times[i - 1]!)).toBeLessThanOrEqual(doseTimeMinutes(times[i]!));
        const next = nextDueDate(s, date);
        if (next !== null) {
          expect(next >= date).toBe(true);
          expect(isDueOn(s, next)).toBe(true);
        }
      }),
    );
  });

  it('say what is wrong in plain words', () => {
    const base: Schedule = { times: ['morning'], days: { every: 'day' }, startDate: '2025-01-01', endDate: null };
    expect(checkSchedule({ ...base, times: [] })).toEqual([{ field: 'times', message: SCHEDULE_MESSAGES.timesRequired }]);
    expect(checkSchedule({ ...base, times: ['25:00' as DoseTime] })).toEqual([{ field: 'times', message: SCHEDULE_MESSAGES.time }]);
    expect(checkSchedule({ ...base, days: { every: 'days', interval: 1 } })).toEqual([{ field: 'days.interval', message: SCHEDULE_MESSAGES.interval }]);
    expect(checkSchedule({ ...base, endDate: '2024-12-31' })).toEqual([{ field: 'endDate', message: SCHEDULE_MESSAGES.endBeforeStart }]);
  });

  it('describe themselves briefly', () => {
    const base: Schedule = { times: ['morning'], days: { every: 'day' }, startDate: '2025-01-01', endDate: null };
    expect(describeSchedule(base)).toBe('Every morning');
    expect(describeSchedule({ ...base, times: ['bedtime', 'morning'], days: { every: 'week', weekdays: [5, 1, 3] } })).toBe('Mon, Wed and Fri, morning and bedtime');
    expect(describeSchedule({ ...base, times: ['08:30'], days: { every: 'days', interval: 3 }, endDate: '2025-02-01' })).toBe('Every 3 days, at 08:30, until 2025-02-01');
  });
});
