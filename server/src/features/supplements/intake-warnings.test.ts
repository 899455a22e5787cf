import { describe, expect, it } from 'vitest';
import { type IntakeItem, computeIntakeWarnings, dosesPerDay } from './intake-warnings.ts';
import { NUTRIENT_UPPER_LIMITS, REFERENCE_SUPPLEMENTS } from './reference-supplements.data.ts';

/** An item as the repository builds it, from the reference entry of that name. */
function item(name: string, dosage: `${number} ${IntakeItem['dosageUnit']}`, frequency = '1x daily'): IntakeItem {
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
    nutrient: seed.nutrient ?? null,
    upperLimitAmount: seed.upperLimit?.amount ?? null,
    upperLimitUnit: seed.upperLimit?.unit ?? null,
    upperLimitSource: seed.upperLimit?.source ?? null,
    upperLimitSourceUrl: seed.upperLimit?.sourceUrl ?? null,
    upperLimitNote: seed.upperLimit?.note ?? null,
    iuConversion: seed.iuConversion ?? null,
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
    expect(result).toEqual({ warnings: [], unconverted: ['Zinc'] });
  });
});
