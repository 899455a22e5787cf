import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SharedData } from '#contract/data-ownership.ts';
import { sharedDataQueryOptions } from '../api/shared-view.ts';
import { SharedView } from './shared-view.tsx';

const shared: SharedData = {
  owner: { displayName: 'Ada' },
  parts: ['labs'],
  expiresAt: '2026-12-01T00:00:00Z',
  generatedAt: '2026-11-28T00:00:00Z',
  labs: {
    biomarkers: [
      {
        name: 'CRP',
        category: 'other',
        loinc: null,
        unit: 'mg/L',
        points: [{ testDate: '2025-03-14', value: 0.5, comparator: '<', flag: 'normal' }],
        latest: { testDate: '2025-03-14', value: 0.5, comparator: '<', unit: 'mg/L', referenceLow: null, referenceHigh: 5, referenceText: '< 5', flag: 'normal', reviewed: true },
      },
    ],
  },
};

function text(data: SharedData): string {
  const client = new QueryClient();
  client.setQueryData(sharedDataQueryOptions('token').queryKey, data);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SharedView token="token" />
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/&lt;/g, '<').replace(/\s+/g, ' ');
}

describe('the shared view', () => {
  it('shows a latest lab value printed as a limit with its sign', () => {
    expect(text(shared)).toContain('CRP < 0.5 mg/L < 5 Normal');
  });
});
