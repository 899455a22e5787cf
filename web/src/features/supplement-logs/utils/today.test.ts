import { describe, expect, it } from 'vitest';
import type { Schedule } from '#contract/schedule.ts';
import type { Supplement } from '#contract/supplements.ts';
import { describeTimes, itemsDueOn } from './today.ts';

const supplement = (id: string, schedule: Schedule | null, frequencyUnit: Supplement['frequencyUnit'] = 'daily'): Supplement => ({
  id,
  name: `S${id}`,
  dosage: '1 capsule',
  frequency: `1x ${frequencyUnit}`,
  notes: null,
  dosageAmount: 1,
  dosageUnit: 'capsule',
  frequencyCount: 1,
  frequencyUnit,
  strength: null,
  nutrientContent: null,
  schedule,
  referenceSupplementId: null,
  category: null,
  createdAt: '2025-06-01T06:00:00.000Z',
  updatedAt: '2025-06-01T06:00:00.000Z',
});
const every = (times: Schedule['times'], days: Schedule['days'] = { every: 'day' }, endDate: string | null = null): Schedule => ({ times, days, startDate: '2025-06-01', endDate });
const log = (supplementId: string | null) => ({ id: `l${supplementId}`, supplementId, name: 'x', dosage: 'x', frequency: 'x', takenAt: '2025-06-02T07:00:00.000Z' });

describe('Today', () => {
  it('lists what is due by its earliest time, then any-time ones, with what was taken', () => {
    const stack = [
      supplement('anytime', null),
      supplement('evening', every(['evening'])),
      supplement('morning', every(['bedtime', '06:45'])),
      supplement('weekly', null, 'weekly'),
      supplement('mondays', every(['morning'], { every: 'week', weekdays: [1] })), // 2025-06-02 is a Monday
      supplement('tuesdays', every(['morning'], { every: 'week', weekdays: [2] })),
      supplement('ended', every(['morning'], { every: 'day' }, '2025-06-01')),
    ];
    const items = itemsDueOn(stack, { supplements: [log('evening'), log(null)] }, '2025-06-02');
    expect(items.map((item) => [item.supplement.id, item.times, item.takenAt !== null])).toEqual([
      ['morning', ['06:45', 'bedtime'], false],
      ['mondays', ['morning'], false],
      ['evening', ['evening'], true],
      ['anytime', [], false],
    ]);
  });

  it('keeps a supplement taken on a day it was not due, so the tap can be undone', () => {
    const items = itemsDueOn([supplement('tuesdays', every(['morning'], { every: 'week', weekdays: [2] }))], { supplements: [log('tuesdays')] }, '2025-06-02');
    expect(items).toMatchObject([{ times: [], takenAt: '2025-06-02T07:00:00.000Z' }]);
  });

  it('says the times in words', () => {
    expect(describeTimes(['morning'])).toBe('Morning');
    expect(describeTimes(['morning', '21:00'])).toBe('Morning and 21:00');
    expect(describeTimes([])).toBe('Any time');
  });
});
