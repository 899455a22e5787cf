import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNT_UNITS, MASS_UNITS, type MassUnit } from '#contract/supplements-texts.ts';
import { type Schedule, isDueOn } from '#contract/schedule.ts';
import { addDays } from '#contract/dates.ts';
import { type IntakeItem, computeIntakeWarnings, dosesOnDay, dosesPerDay, nutrientPerDose } from './intake-warnings.ts';
import { NUTRIENT_UPPER_LIMITS, REFERENCE_SUPPLEMENTS } from './reference-supplements.data.ts';

/** An item as the repository builds it, from the reference entry of that name. */
function item(name: string, dosage: `${number} ${IntakeItem['dosageUnit']}`, frequency = '1x daily', labels: Partial<IntakeItem> = {}): IntakeItem {
  const seed = REFERENCE_SUPPLEMENTS.find((s) => s.name === name);
  if (!seed) throw new Error(`no reference supplement ${name}`);
  const [amount, unit] = dosage.split(' ') as [string, IntakeItem['dosageUnit']];
  const [count, frequencyUnit] = frequency.split('x ') as [string, IntakeItem['frequencyUnit']];
  return {
    name,
    dosageAmount: Number(amount),
    dosageUnit: unit,
    frequencyCount: Number(count),
    frequencyUnit,
    strengthAmount: null,
    strengthUnit: null,
    contentAmount: null,
    contentUnit: null,
    nutrient: seed.nutrient ?? null,
    upperLimitAmount: seed.upperLimit?.amount ?? null,
    upperLimitUnit: seed.upperLimit?.unit ?? null,
    upperLimitSource: seed.upperLimit?.source ?? null,
    upperLimitSourceUrl: seed.upperLimit?.sourceUrl ?? null,
    upperLimitNote: seed.upperLimit?.note ?? null,
    iuConversion: seed.iuConversion ?? null,
    schedule: null,
    ...labels,
  };
}

describe('intake warnings', () => {
  it('reads frequencies as doses a day', () => {
    expect(dosesPerDay(2, 'daily')).toBe(2);
    expect(dosesPerDay(7, 'weekly')).toBe(1);
    expect(dosesPerDay(3, 'hourly')).toBe(3);
  });

  it('converts vitamin D IU (40 IU = 1 mcg) and adds D2 and D3 together', () => {
    const { warnings } = computeIntakeWarnings([
      item('Vitamin D3 (Cholecalciferol)', '2000 IU', '1x daily'),
      item('Vitamin D2 (Ergocalciferol)', '2000 IU', '1x daily'),
    ]);
    expect(warnings).toEqual([]); // 50 + 50 = 100 mcg: at the limit, not above it
    const over = computeIntakeWarnings([
      item('Vitamin D3 (Cholecalciferol)', '2000 IU', '2x daily'),
      item('Vitamin D2 (Ergocalciferol)', '50 IU', '1x daily'),
    ]);
    expect(over.warnings[0]).toMatchObject({ nutrient: 'vitamin-d', total: 101.25, unit: 'mcg', limit: NUTRIENT_UPPER_LIMITS['vitamin-d']!.amount });
  });

  it('converts preformed vitamin A IU (1 IU = 0.3 mcg RAE) and vitamin E by its form', () => {
    // 2000 IU x 6 = 12,000 IU = 3,600 mcg RAE > 3,000
    expect(computeIntakeWarnings([item('Vitamin A (Retinyl Palmitate)', '2000 IU', '6x daily')]).warnings[0]).toMatchObject({
      nutrient: 'vitamin-a',
      total: 3600,
      unit: 'mcg',
    });
    // Natural E: 1 IU = 0.67 mg; 2000 IU = 1,340 mg > 1,000. Synthetic: 0.45 mg; 2000 IU = 900 mg.
    expect(computeIntakeWarnings([item('Vitamin E (d-Alpha-Tocopherol)', '2000 IU')]).warnings[0]).toMatchObject({ total: 1340, unit: 'mg' });
    expect(computeIntakeWarnings([item('Vitamin E (dl-Alpha-Tocopherol)', '2000 IU')]).warnings).toEqual([]);
  });

  it('converts grams and micrograms to the limit unit and divides weekly doses', () => {
    // Vitamin C: 1 g x2 daily = 2,000 mg (at the limit); 3 g weekly adds 428.57 mg a day.
    expect(computeIntakeWarnings([item('Vitamin C (Ascorbic Acid)', '1 g', '2x daily')]).warnings).toEqual([]);
    const over = computeIntakeWarnings([item('Vitamin C (Ascorbic Acid)', '1 g', '2x daily'), item('Vitamin C (Ascorbic Acid)', '3 g', '1x weekly')]);
    expect(over.warnings[0]).toMatchObject({ total: 2428.57, unit: 'mg', supplements: ['Vitamin C (Ascorbic Acid)'] });
  });

  it('leaves out products without a nutrient or limit, and IU it cannot convert', () => {
    const result = computeIntakeWarnings([item('Beta-Carotene', '2000 IU', '14x daily'), item('Zinc', '1000 IU')]);
    expect(result).toMatchObject({ warnings: [], unconverted: ['Zinc'], uncounted: [] });
  });
});

const MG: Record<MassUnit, number | null> = { g: 1000, mg: 1, mcg: 0.001, IU: null };
const thousandths = (max: number) => fc.integer({ min: 1, max: max * 1000 }).map((n) => n / 1000);

describe('unit arithmetic (decision 029)', () => {
  it('counts a dose in units as its count times the strength of one unit', () => {
    fc.assert(
      fc.property(thousandths(20), fc.constantFrom(...COUNT_UNITS), thousandths(5000), fc.constantFrom(...MASS_UNITS), (count, unit, strength, strengthUnit) => {
        const dose = nutrientPerDose({ dosageAmount: count, dosageUnit: unit, strengthAmount: strength, strengthUnit, contentAmount: null, contentUnit: null });
        expect(dose).toEqual({ amount: count * strength, unit: strengthUnit });
        expect(nutrientPerDose({ dosageAmount: count, dosageUnit: unit, strengthAmount: null, strengthUnit: null, contentAmount: null, contentUnit: null })).toBeNull();
      }),
    );
  });

  it('counts the nutrient content instead of the dose whenever it is given', () => {
    fc.assert(
      fc.property(thousandths(2000), fc.constantFrom(...MASS_UNITS, ...COUNT_UNITS), thousandths(1000), fc.constantFrom(...MASS_UNITS), (amount, unit, content, contentUnit) => {
        const dose = nutrientPerDose({ dosageAmount: amount, dosageUnit: unit, strengthAmount: 7, strengthUnit: 'mg', contentAmount: content, contentUnit });
        expect(dose).toEqual({ amount: content, unit: contentUnit });
      }),
    );
  });

  it('gives the same daily total whichever mass unit the same amount is written in', () => {
    // Zinc (limit 40 mg): the same daily amount written in g, mg or mcg, by dose or by capsule strength.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.constantFrom<MassUnit>('g', 'mg', 'mcg'), fc.integer({ min: 1, max: 4 }), (mg, unit, capsules) => {
        const inUnit = (mg * capsules) / MG[unit]!;
        const byMass = computeIntakeWarnings([item('Zinc', `${inUnit} ${unit}` as `${number} mg`)]);
        const byCapsule = computeIntakeWarnings([item('Zinc', `${capsules} capsule`, '1x daily', { strengthAmount: mg / MG[unit]!, strengthUnit: unit })]);
        const total = mg * capsules;
        for (const result of [byMass, byCapsule]) {
          if (total > 40) expect(result.warnings[0]!.total).toBeCloseTo(total, 2);
          else expect(result.warnings).toEqual([]);
        }
      }),
    );
  });

  it('adds the elemental magnesium, not the salt', () => {
    const glycinate = item('Magnesium Glycinate', '400 mg', '2x daily');
    expect(computeIntakeWarnings([glycinate]).warnings[0]).toMatchObject({ nutrient: 'magnesium', total: 800 });
    expect(computeIntakeWarnings([{ ...glycinate, contentAmount: 56, contentUnit: 'mg' }]).warnings).toEqual([]);
    // Vitamin D drops: 5 drops of 400 IU = 2000 IU = 50 mcg a dose, three a day = 150 mcg.
    const drops = item('Vitamin D3 (Cholecalciferol)', '5 drop', '3x daily', { strengthAmount: 400, strengthUnit: 'IU' });
    expect(computeIntakeWarnings([drops]).warnings[0]).toMatchObject({ nutrient: 'vitamin-d', total: 150, unit: 'mcg' });
  });

  it('marks a warning put away only while the doses behind it are the same', () => {
    const zinc = item('Zinc', '50 mg');
    const { dosesHashes } = computeIntakeWarnings([zinc]);
    const dismissals = new Map([['zinc', dosesHashes.get('zinc')!]]);
    expect(computeIntakeWarnings([zinc], dismissals).warnings[0]!.dismissed).toBe(true);
    expect(computeIntakeWarnings([{ ...zinc, dosageAmount: 51 }], dismissals).warnings[0]!.dismissed).toBe(false);
    expect(computeIntakeWarnings([{ ...zinc, frequencyCount: 2 }], dismissals).warnings[0]!.dismissed).toBe(false);
    expect(computeIntakeWarnings([zinc, item('Zinc', '1 mg')], dismissals).warnings[0]!.dismissed).toBe(false);
  });
});

/** A schedule as the contract writes it; days default to every day. */
function schedule(times: Schedule['times'], days: Schedule['days'] = { every: 'day' }, startDate = '2026-01-05'): Schedule {
  return { times, days, startDate, endDate: null };
}

/** Zinc 50 mg once a day, hashed as before schedules counted (a stored put-away holds this). */
const FROZEN_ZINC_HASH = 'rRg94-wkjMM6z5oSPi-Uj6u0EjGSB14E';

describe('daily totals from schedules', () => {
  // No reference entry gives EPA+DHA a limit; this one is the test's own, to see the sum.
  const fishOil = (labels: Partial<IntakeItem>) =>
    item('Fish Oil (Omega-3)', '2 capsule', '1x daily', {
      strengthAmount: 1000,
      strengthUnit: 'mg',
      nutrient: 'epa-dha',
      upperLimitAmount: 3000,
      upperLimitUnit: 'mg',
      upperLimitSource: 'test',
      ...labels,
    });

  it('counts the schedule\'s doses, not the typed frequency: 2 capsules twice a day of 1000 mg is 4000 mg', () => {
    const twiceADay = fishOil({ schedule: schedule(['morning', 'evening']) });
    expect(dosesOnDay(twiceADay)).toBe(2);
    expect(computeIntakeWarnings([twiceADay]).warnings[0]).toMatchObject({ nutrient: 'epa-dha', total: 4000, unit: 'mg', limit: 3000 });
    // The same typed frequency with one time a day is 2000 mg: under the limit.
    expect(computeIntakeWarnings([fishOil({ frequencyCount: 2, schedule: schedule(['morning']) })]).warnings).toEqual([]);
  });

  it('leaves out a course that has ended by today, and counts it up to its last day', () => {
    const course = { ...schedule(['morning']), endDate: '2026-02-28' };
    const zinc = [item('Zinc', '30 mg'), item('Zinc', '20 mg', '1x daily', { schedule: course })];
    expect(computeIntakeWarnings(zinc, new Map(), { today: '2026-02-28' }).warnings[0]).toMatchObject({ nutrient: 'zinc', total: 50, supplements: ['Zinc'] });
    expect(computeIntakeWarnings(zinc, new Map(), { today: '2026-03-01' }).warnings).toEqual([]);
  });

  it('does not double a dose taken every other day, nor spread it over the days between', () => {
    // Zinc 30 mg every 2 days: 30 mg on its day, under 40; twice on its day: 60.
    expect(computeIntakeWarnings([item('Zinc', '30 mg', '1x daily', { schedule: schedule(['morning'], { every: 'days', interval: 2 }) })]).warnings).toEqual([]);
    const twice = computeIntakeWarnings([item('Zinc', '30 mg', '2x daily', { schedule: schedule(['morning', 'bedtime'], { every: 'days', interval: 2 }) })]);
    expect(twice.warnings[0]).toMatchObject({ nutrient: 'zinc', total: 60 });
  });

  it('adds supplements on the days they fall together, and only those', () => {
    const zinc = (days: Schedule['days'], startDate?: string) => item('Zinc', '25 mg', '1x daily', { schedule: schedule(['morning'], days, startDate) });
    // Alternate days (from the same first day, and from the next): never together.
    expect(computeIntakeWarnings([zinc({ every: 'week', weekdays: [1, 3, 5] }), zinc({ every: 'week', weekdays: [2, 4, 6] })]).warnings).toEqual([]);
    expect(computeIntakeWarnings([zinc({ every: 'days', interval: 2 }, '2026-01-05'), zinc({ every: 'days', interval: 2 }, '2026-01-06')]).warnings).toEqual([]);
    // Every 3 days and Mondays meet some Monday: 50 mg that day.
    const together = computeIntakeWarnings([zinc({ every: 'days', interval: 3 }, '2026-01-06'), zinc({ every: 'week', weekdays: [1] })]);
    expect(together.warnings[0]).toMatchObject({ total: 50 });
    // A daily one adds to whichever day is heaviest.
    expect(computeIntakeWarnings([item('Zinc', '10 mg'), zinc({ every: 'week', weekdays: [1, 3, 5] })]).warnings).toEqual([]);
    expect(computeIntakeWarnings([item('Zinc', '20 mg'), zinc({ every: 'week', weekdays: [1, 3, 5] })]).warnings[0]).toMatchObject({ total: 45 });
  });

  it('finds the heaviest day as a walk over the days would', () => {
    // Intervals 2 to 6 and weekdays repeat within 420 days: walk them with the contract's own rule.
    const days = fc.oneof(
      fc.constant<Schedule['days']>({ every: 'day' }),
      fc.uniqueArray(fc.constantFrom(...([1, 2, 3, 4, 5, 6, 7] as const)), { minLength: 1 }).map((weekdays): Schedule['days'] => ({ every: 'week', weekdays })),
      fc.integer({ min: 2, max: 6 }).map((interval): Schedule['days'] => ({ every: 'days', interval })),
    );
    const dose = fc.record({ mg: fc.integer({ min: 1, max: 30 }), days, start: fc.integer({ min: 0, max: 30 }) });
    fc.assert(
      fc.property(fc.array(dose, { minLength: 1, maxLength: 5 }), (doses) => {
        const items = doses.map(({ mg, days: rule, start }) => item('Zinc', `${mg} mg`, '1x daily', { schedule: schedule(['morning'], rule, addDays('2026-01-01', start)) }));
        let most = 0;
        for (let offset = 0; offset < 420; offset += 1) {
          const date = addDays('2026-02-01', offset);
          most = Math.max(most, doses.reduce((sum, one, index) => sum + (isDueOn(items[index]!.schedule!, date) ? one.mg : 0), 0));
        }
        const warning = computeIntakeWarnings(items).warnings[0];
        expect(warning?.total ?? 0).toBe(most > 40 ? most : 0);
      }),
    );
  });

  it('counts 56 mg of elemental magnesium for a 400 mg glycinate dose, times its doses', () => {
    const glycinate = (times: Schedule['times']) =>
      item('Magnesium Glycinate', '400 mg', '1x daily', { contentAmount: 56, contentUnit: 'mg', schedule: schedule(times) });
    expect(computeIntakeWarnings([glycinate(['morning', 'bedtime'])]).warnings).toEqual([]);
    const seven = computeIntakeWarnings([glycinate(['06:00', '08:00', '10:00', '12:00', '14:00', '16:00', '18:00'])]);
    expect(seven.warnings[0]).toMatchObject({ nutrient: 'magnesium', total: 392 });
  });

  it('reads a logged day as every dose taken that day', () => {
    const zinc = item('Zinc', '25 mg', '1x daily', { schedule: schedule(['morning'], { every: 'week', weekdays: [1] }) });
    const other = item('Zinc', '25 mg', '1x daily', { schedule: schedule(['morning'], { every: 'week', weekdays: [2] }) });
    expect(computeIntakeWarnings([zinc, other]).warnings).toEqual([]);
    expect(computeIntakeWarnings([zinc, other], new Map(), { oneDay: true }).warnings[0]).toMatchObject({ total: 50 });
  });

  it('keeps a warning put away until a dose behind it changes, with schedules', () => {
    const zinc = item('Zinc', '30 mg', '1x daily', { schedule: schedule(['morning', 'evening']) });
    const { dosesHashes } = computeIntakeWarnings([zinc]);
    const dismissals = new Map([['zinc', dosesHashes.get('zinc')!]]);
    const dismissed = (items: IntakeItem[]) => computeIntakeWarnings(items, dismissals).warnings[0]!.dismissed;
    expect(dismissed([zinc])).toBe(true);
    // What changes no total keeps it away: other times of day, the typed frequency, a new end date.
    expect(dismissed([{ ...zinc, schedule: schedule(['midday', '21:00']) }])).toBe(true);
    expect(dismissed([{ ...zinc, frequencyCount: 5 }])).toBe(true);
    expect(dismissed([{ ...zinc, schedule: { ...zinc.schedule!, endDate: '2027-01-01' } }])).toBe(true);
    // A dose more a day, other days, the amount, or no schedule any more bring it back.
    expect(dismissed([{ ...zinc, schedule: schedule(['morning', 'midday', 'evening']) }])).toBe(false);
    expect(dismissed([{ ...zinc, schedule: schedule(['morning', 'evening'], { every: 'week', weekdays: [1, 2, 3, 4, 5, 6] }) }])).toBe(false);
    expect(dismissed([{ ...zinc, dosageAmount: 31 }])).toBe(false);
    expect(dismissed([{ ...zinc, frequencyCount: 2, schedule: null }])).toBe(false);
  });

  it('keeps the hash of a supplement without a schedule as it was, so warnings put away stay away', () => {
    // Frozen from before schedules counted: a hash stored then must still match.
    expect(computeIntakeWarnings([item('Zinc', '50 mg')]).dosesHashes.get('zinc')).toBe(FROZEN_ZINC_HASH);
  });
});
