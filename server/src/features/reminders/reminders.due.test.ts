import { describe, expect, it } from 'vitest';
import type { Schedule } from '#contract/schedule.ts';
import { dueReminders, localMinuteOf } from './reminders.due.ts';

const daily = (times: string[], extra: Partial<Schedule> = {}): Schedule => ({ times: times as Schedule['times'], days: { every: 'day' }, startDate: '2025-01-01', endDate: null, ...extra });
const item = (id: string, schedule: Schedule | null, frequencyUnit = 'daily') => ({ id, name: id, schedule, frequencyUnit });
const at = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
const base = { logged: new Set<string>(), localDate: '2025-03-10', quietHours: null };

describe('due reminders', () => {
  it('groups the supplements due at each dose time that has come, within the catch-up window', () => {
    const stack = [item('Vitamin D', daily(['morning'])), item('Zinc', daily(['08:00', 'bedtime'])), item('Iron', daily(['09:30']))];
    expect(dueReminders({ ...base, stack, minute: at('09:00') })).toEqual([{ slot: '08:00', names: ['Vitamin D', 'Zinc'] }]);
    expect(dueReminders({ ...base, stack, minute: at('07:59') })).toEqual([]);
    // Two hours on, a missed reminder is no longer sent.
    expect(dueReminders({ ...base, stack, minute: at('10:01') })).toEqual([{ slot: '09:30', names: ['Iron'] }]);
  });

  it('leaves out what is logged today, days off the schedule and courses that ended', () => {
    const stack = [
      item('Logged', daily(['08:00'])),
      item('Weekends', daily(['08:00'], { days: { every: 'week', weekdays: [6, 7] } })),
      item('Ended', daily(['08:00'], { endDate: '2025-03-09' })),
      item('Weekly, no schedule', null, 'weekly'),
      item('Daily, no schedule', null),
    ];
    expect(dueReminders({ ...base, stack, logged: new Set(['Logged']), minute: at('08:10') })).toEqual([{ slot: '08:00', names: ['Daily, no schedule'] }]);
  });

  it('sends nothing in quiet hours, also across midnight, and never for a dose time inside them', () => {
    const stack = [item('Magnesium', daily(['22:00', '06:00']))];
    const quietHours = { start: '21:00', end: '07:00' };
    expect(dueReminders({ ...base, stack, quietHours, minute: at('22:30') })).toEqual([]);
    expect(dueReminders({ ...base, stack, quietHours, minute: at('07:05') })).toEqual([]);
    expect(dueReminders({ ...base, stack, quietHours: { start: '12:00', end: '13:00' }, minute: at('22:30') })).toEqual([{ slot: '22:00', names: ['Magnesium'] }]);
  });

  it('nudges a user with an empty stack once, in the morning', () => {
    expect(dueReminders({ ...base, stack: [], minute: at('08:15') })).toEqual([{ slot: 'nudge', names: [] }]);
    expect(dueReminders({ ...base, stack: [], minute: at('07:00') })).toEqual([]);
    expect(dueReminders({ ...base, stack: [], minute: at('08:15'), quietHours: { start: '00:00', end: '09:00' } })).toEqual([]);
  });

  it('reads the local minute in the user time zone', () => {
    const instant = new Date('2025-03-10T12:45:00Z');
    expect(localMinuteOf(instant, 'UTC')).toBe(at('12:45'));
    expect(localMinuteOf(instant, 'Asia/Kolkata')).toBe(at('18:15'));
    expect(localMinuteOf(instant, 'America/New_York')).toBe(at('08:45'));
  });
});
