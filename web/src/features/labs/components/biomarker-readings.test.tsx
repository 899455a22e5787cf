import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BiomarkerReading } from '#contract/labs.ts';
import { BiomarkerReadings } from './biomarker-readings.tsx';

const b12: BiomarkerReading = {
  id: '00000000-0000-4000-8000-000000000001',
  labFileId: null,
  biomarker: 'vitamin-b12',
  name: 'Vitamin B12',
  category: 'vitamin',
  loinc: null,
  value: 2000,
  comparator: '>',
  unit: 'pg/mL',
  canonicalValue: 2000,
  canonicalUnit: 'pg/mL',
  referenceRange: { low: 200, high: 900, text: '200 - 900' },
  flag: 'high',
  printedFlag: null,
  testDate: '2025-03-14',
  reviewed: true,
  unitFromRange: false,
  readByModel: false,
  source: 'manual',
  report: null,
};

describe("a biomarker's readings", () => {
  it('show a value printed as a limit with its sign, on the phone card and the table row', () => {
    const page = renderToStaticMarkup(<BiomarkerReadings name="Vitamin B12" readings={[b12, { ...b12, id: '00000000-0000-4000-8000-000000000002', value: 450, comparator: null, flag: 'normal' }]} />);
    const text = page.replace(/<[^>]+>/g, ' ').replace(/&gt;/g, '>').replace(/\s+/g, ' ');
    expect(text).toContain('> 2000 pg/mL');
    expect(page).toMatch(/<td[^>]*>&gt; 2000<\/td>/);
    expect(page).toMatch(/<td[^>]*>450<\/td>/);
  });
});
