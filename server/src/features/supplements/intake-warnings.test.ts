import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNT_UNITS, MASS_UNITS, type MassUnit } from '#contract/tracking-texts.ts';
import { type IntakeItem, computeIntakeWarnings, dosesPerDay, nutrientPerDose } from './intake-warnings.ts';
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
