import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFirstAnswers } from './use-first-answers.ts';

afterEach(() => vi.unstubAllGlobals());

describe('fetchFirstAnswers', () => {
  it('asks only for the first answers the cache lacks, by their paths, and keeps them as sent', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['labs', 'files'], [{ id: 'carried by the document' }]);
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ answeredFor: url }), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await fetchFirstAnswers(queryClient, [
      { queryKey: ['labs', 'files'], path: '/api/labs' },
      { queryKey: ['labs', 'series', 'si'], path: '/api/labs/series?units=si' },
    ]);
    expect(asked).toEqual(['/api/labs/series?units=si']);
    expect(queryClient.getQueryData(['labs', 'files'])).toEqual([{ id: 'carried by the document' }]);
    expect(queryClient.getQueryData(['labs', 'series', 'si'])).toEqual({ answeredFor: '/api/labs/series?units=si' });
  });

  it('settles when an answer fails, leaving the error for the part that reads it', async () => {
    const queryClient = new QueryClient();
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message: 'Biomarker not found' }), { status: 404, headers: { 'content-type': 'application/json' } }));
    await fetchFirstAnswers(queryClient, [{ queryKey: ['labs', 'biomarker', 'nothing'], path: '/api/labs/biomarkers/nothing/readings' }]);
    expect(queryClient.getQueryState(['labs', 'biomarker', 'nothing'])?.status).toBe('error');
  });
});
