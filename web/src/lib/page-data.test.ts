import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '#contract/page-data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fresh copy of the module, reading a document whose data block holds `answers`. */
async function withDocument(answers: Record<string, unknown> | string) {
  const text = typeof answers === 'string' ? answers : JSON.stringify(answers);
  vi.stubGlobal('document', { getElementById: (id: string) => (id === PAGE_DATA_ELEMENT_ID ? { textContent: text } : null) });
  return import('./page-data.ts');
}

describe('the answers a page document carries', () => {
  it('gives each answer once, then nothing, so that the next call asks the API', async () => {
    const { takeDocumentAnswer } = await withDocument({ '/api/supplements': [{ id: 's1' }], '/api/session': { user: null } });
    expect(takeDocumentAnswer('/api/supplements')).toEqual({ value: [{ id: 's1' }] });
    expect(takeDocumentAnswer('/api/supplements')).toBeUndefined();
    expect(takeDocumentAnswer('/api/session')).toEqual({ value: { user: null } });
    expect(takeDocumentAnswer('/api/health-stats')).toBeUndefined();
  });

  it('stands in for the API only while the page opens', async () => {
    const { takeDocumentAnswer } = await withDocument({ '/api/plans': { tiers: [] } });
    vi.stubGlobal('performance', { now: () => 10_001 });
    expect(takeDocumentAnswer('/api/plans')).toBeUndefined();
  });

  it('has none without a document, or with one it cannot read', async () => {
    expect((await import('./page-data.ts')).takeDocumentAnswer('/api/session')).toBeUndefined();
    vi.resetModules();
    expect((await withDocument('{not json')).takeDocumentAnswer('/api/session')).toBeUndefined();
  });
});
