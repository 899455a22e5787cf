import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LabAttentionItem } from '#contract/labs.ts';
import { attentionQueryOptions } from '../api/targets.ts';
import { BloodworkCard } from './bloodwork-card.tsx';

const b12: LabAttentionItem = {
  resultId: '00000000-0000-4000-8000-000000000001',
  biomarker: 'vitamin-b12',
  name: 'Vitamin B12',
  value: 2000,
  comparator: '>',
  unit: 'pg/mL',
  testDate: '2025-03-14',
  reason: 'high',
  referenceRange: { low: 200, high: 900 },
  targetRange: null,
  suggestedRetest: '2025-06-14',
  retest: null,
};

function text(items: LabAttentionItem[]): string {
  const client = new QueryClient();
  client.setQueryData(attentionQueryOptions.queryKey, items);
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <BloodworkCard />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/&gt;/g, '>').replace(/\s+/g, ' ');
}

describe('the Bloodwork card', () => {
  it('shows a latest result printed as a limit with its sign', () => {
    expect(text([b12])).toContain('Vitamin B12 > 2000 pg/mL Above the reference range');
    expect(text([{ ...b12, value: 950, comparator: null }])).toContain('Vitamin B12 950 pg/mL Above the reference range');
  });
});
