import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '#contract/page-data.ts';
import { hydrateFromDocument } from './page-data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A document whose data block holds `text`. */
function withDocument(text: string) {
  vi.stubGlobal('document', { getElementById: (id: string) => (id === PAGE_DATA_ELEMENT_ID ? { textContent: text } : null) });
}

/** The block a server writes: queries dehydrated an hour before this browser reads them (its clock is behind). */
function serverBlock(answers: [readonly unknown[], unknown][]): string {
  vi.useFakeTimers({ now: Date.parse('2026-11-26T08:00:00Z') });
  const server = new QueryClient();
  for (const [key, data] of answers) server.setQueryData(key, data);
  const text = JSON.stringify(dehydrate(server));
  vi.setSystemTime(Date.parse('2026-11-26T09:00:00Z'));
  return text;
}

describe("the queries a page's document carries", () => {
  it('puts each answer in the query cache under its key, fresh as of its reading', () => {
    withDocument(serverBlock([[['user'], null], [['supplements'], [{ id: 's1' }]]]));
    const client = new QueryClient();
    expect(hydrateFromDocument(client)).toBe(true);
    expect(client.getQueryData(['supplements'])).toEqual([{ id: 's1' }]);
    expect(client.getQueryData(['user'])).toBeNull();
    expect(client.getQueryState(['supplements'])?.dataUpdatedAt).toBe(Date.parse('2026-11-26T09:00:00Z'));
    // The cache then goes its usual way: nothing held for a query the document did not answer.
    expect(client.getQueryData(['health-stats'])).toBeUndefined();
  });

  it('has none without a document, or with one it cannot read', () => {
    const client = new QueryClient();
    expect(hydrateFromDocument(client)).toBe(false);
    withDocument('{not json');
    expect(hydrateFromDocument(client)).toBe(false);
    withDocument('{"user":null}');
    expect(hydrateFromDocument(client)).toBe(false);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
