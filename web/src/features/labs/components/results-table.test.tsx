import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LabResult } from '#contract/labs.ts';
import { UNIT_FROM_RANGE_NOTE, READ_BY_MODEL_NOTE } from '../utils/lab-results.ts';
import { ResultsTable } from './results-table.tsx';

const tsh: LabResult = {
  id: '00000000-0000-4000-8000-000000000001',
  labFileId: '00000000-0000-4000-8000-000000000002',
  biomarker: 'tsh',
  name: 'TSH',
  category: 'thyroid',
  loinc: '3016-3',
  value: 1.12,
  comparator: null,
  unit: 'm[IU]/L',
  canonicalValue: 1.12,
  canonicalUnit: 'm[IU]/L',
  referenceRange: { low: 0.4, high: 4, text: '0,40-4,00' },
  flag: 'normal',
  printedFlag: null,
  testDate: '2025-03-14',
  reviewed: false,
  unitFromRange: true,
  readByModel: false,
  source: 'extracted',
  box: null,
};

function html(results: LabResult[]): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <ResultsTable results={results} catalogue={[]} onAdd={async () => {}} requireDate={false} caption="Results" emptyText="None" />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const notes = (page: string) => page.split(UNIT_FROM_RANGE_NOTE).length - 1;
/** The page as text a reader sees, tags dropped. */
const text = (page: string) => page.replace(/<[^>]+>/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ');

describe('the review table', () => {
  it('says, on the phone card and the table row, when a unit was taken from the range', () => {
    expect(notes(html([tsh]))).toBe(2);
  });

  it('says nothing of it for a unit that was read, or once the result is reviewed', () => {
    expect(notes(html([{ ...tsh, unitFromRange: false }]))).toBe(0);
    expect(notes(html([{ ...tsh, reviewed: true }]))).toBe(0);
  });

  it('marks, on both layouts, a result the AI model read, until it is corrected', () => {
    const count = (page: string) => page.split(READ_BY_MODEL_NOTE).length - 1;
    expect(count(html([{ ...tsh, readByModel: true }]))).toBe(2);
    expect(count(html([{ ...tsh, readByModel: true, reviewed: true }]))).toBe(2);
    expect(count(html([tsh]))).toBe(0);
  });

  it('shows a value printed as a limit with its sign, on the phone card and the table row', () => {
    const crp: LabResult = { ...tsh, biomarker: 'crp', name: 'CRP', value: 0.5, comparator: '<', unit: 'mg/L', referenceRange: { low: null, high: 5, text: '< 5' } };
    const page = html([crp]);
    expect(text(page)).toContain('< 0.5 mg/L');
    expect(page).toContain('aria-label="CRP &lt; 0.5 mg/L"');
    expect(page).toMatch(/<td[^>]*>&lt; 0.5<\/td>/);
    expect(text(html([{ ...crp, value: 2000, comparator: '>=', unit: 'pg/mL' }]))).toContain('≥ 2000 pg/mL');
    expect(text(html([tsh]))).toContain('1.12 m[IU]/L');
  });
});
