import { describe, expect, it } from 'vitest';
import type { Supplement } from '#contract/supplements.ts';
import { buildIntakeLogs, defaultTaken, lastLoggedAt } from './intake.ts';

const supplement = (id: string, createdAt = '2025-06-01T06:00:00.000Z'): Supplement => ({
  id,
  name: `S${id}`,
  dosage: '50 mg',
  frequency: '1x daily',
  notes: null,
  strength: null,
  nutrientContent: null,
  schedule: null,
  dosageAmount: 50,
  dosageUnit: 'mg',
  frequencyCount: 1,
  frequencyUnit: 'daily',
  referenceSupplementId: null,
  category: null,
  createdAt,
  updatedAt: createdAt,
});
const log = (supplementId: string, takenAt = '2025-06-01T08:00:00.000Z') => ({ id: `l${supplementId}`, supplementId, name: 'x', dosage: '50 mg', frequency: '1x daily', takenAt });

describe("today's switches", () => {
  it('are all on before anything is saved today', () => {
    expect(defaultTaken(supplement('a'), [])).toBe(true);
  });

  it("follow today's record once it is saved; a supplement added after the save starts on", () => {
    const logs = [log('a')];
    expect(defaultTaken(supplement('a'), logs)).toBe(true);
    expect(defaultTaken(supplement('b'), logs)).toBe(false);
    expect(defaultTaken(supplement('c', '2025-06-01T09:00:00.000Z'), logs)).toBe(true);
  });

  it('know when today was last saved', () => {
    expect(lastLoggedAt([])).toBeNull();
    expect(lastLoggedAt([log('a', '2025-06-01T08:00:00.000Z'), log('b', '2025-06-01T09:30:00.000Z')])).toBe('2025-06-01T09:30:00.000Z');
  });
});

describe('Save Today', () => {
  it('sends every supplement with its switch at the current time, userId null', () => {
    const now = new Date('2025-06-01T10:00:00.000Z');
    const logs = buildIntakeLogs([supplement('a'), supplement('b')], (s) => s.id === 'a', now);
    expect(logs).toEqual([
      { supplementId: 'a', userId: null, takenAt: '2025-06-01T10:00:00.000Z', dosage: '50 mg', frequency: '1x daily', name: 'Sa', taken: true },
      { supplementId: 'b', userId: null, takenAt: '2025-06-01T10:00:00.000Z', dosage: '50 mg', frequency: '1x daily', name: 'Sb', taken: false },
    ]);
  });
});

describe('a past day (product.md, Tracking, "Any day")', () => {
  it('starts all on when empty, and shows exactly what was recorded once filled in', () => {
    const magnesium = { id: 'a', createdAt: '2030-01-01T00:00:00Z' };
    const zinc = { id: 'b', createdAt: '2030-01-01T00:00:00Z' };
    expect(defaultTaken(magnesium, [], { pastDay: true })).toBe(true);
    const logs = [{ id: 'l', supplementId: 'a', name: 'Magnesium', dosage: '200 mg', frequency: '1x daily', takenAt: '2025-06-01T12:00:00Z' }];
    expect(defaultTaken(magnesium, logs, { pastDay: true })).toBe(true);
    // Added to the stack after that day was filled in: not part of that day.
    expect(defaultTaken(zinc, logs, { pastDay: true })).toBe(false);
    expect(defaultTaken(zinc, logs)).toBe(true);
  });
});
