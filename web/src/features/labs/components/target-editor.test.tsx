import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ChartSeries } from '../utils/series.ts';
import { formErrors } from '#web/lib/forms.ts';
import { TargetsPanel, targetFormSchema } from './target-editor.tsx';

const own: ChartSeries = {
  name: 'Omega-3 index',
  biomarker: 'own:6f1c1d8e-3a53-4c1e-9d3e-0f4b8f1e2a10',
  unit: '%',
  category: 'other',
  points: [{ testDate: '2026-03-01', value: 5.2, comparator: null, flag: null, reviewed: true }],
  referenceRange: { low: null, high: null },
  referenceSource: 'typical',
  optimalRange: null,
  target: { low: 8, high: 12 },
};

function text(series: ChartSeries[]): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <TargetsPanel series={series} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the targets panel', () => {
  it("offers a target for the user's own biomarker in its unit, and claims no range it does not have", () => {
    const page = text([own]);
    expect(page).toContain('Omega-3 index');
    expect(page).toContain('Target low (%)');
    expect(page).toContain('Your target: 8 to 12 %');
    expect(page).toContain('Reference range: none');
    expect(page).not.toContain('a typical adult range');
  });

  it('names where a printed range comes from', () => {
    expect(text([{ ...own, referenceRange: { low: 6, high: 14 }, referenceSource: 'report' }])).toContain('Reference range: 6 to 14 % (from your report)');
  });
});

describe('the target form', () => {
  it('says what the contract would before sending', () => {
    expect(formErrors(targetFormSchema(own), { low: 'abc', high: '' })).toEqual({ low: 'Must be a number' });
    expect(formErrors(targetFormSchema(own), { low: '', high: '' })).toEqual({ low: 'Set a low end, a high end, or both' });
    expect(formErrors(targetFormSchema(own), { low: '12', high: '8' })).toEqual({ low: 'The low end of the target must be below its high end' });
    expect(formErrors(targetFormSchema(own), { low: '8', high: '' })).toEqual({});
  });
});
