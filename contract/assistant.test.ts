import { describe, expect, it } from 'vitest';
import { chatBodySchema, citationHref, citationPath } from './assistant.ts';

describe('citations', () => {
  it('round-trips each kind to an app path', () => {
    expect(citationPath(citationHref({ kind: 'day', date: '2025-03-02' }))).toBe('/supplement-history?date=2025-03-02');
    expect(citationPath(citationHref({ kind: 'biomarker', name: 'Vitamin D, 25-OH', date: '2025-03-02' }))).toBe(
      '/labs?biomarkers=Vitamin%20D%2C%2025-OH&date=2025-03-02',
    );
  });

  it('refuses anything malformed or foreign', () => {
    for (const href of ['javascript:alert(1)', 'stacklab:day/yesterday', 'stacklab:supplement/x', 'stacklab:', 'https://x.example']) {
      expect(citationPath(href)).toBeUndefined();
    }
  });
});

describe('chat body', () => {
  it('needs a non-blank question from the user last', () => {
    expect(chatBodySchema.safeParse({ messages: [{ role: 'user', content: 'hi' }] }).success).toBe(true);
    expect(chatBodySchema.safeParse({ messages: [{ role: 'user', content: '   ' }] }).success).toBe(false);
    expect(chatBodySchema.safeParse({ messages: [{ role: 'assistant', content: 'hi' }] }).success).toBe(false);
    expect(chatBodySchema.safeParse({ messages: [] }).success).toBe(false);
  });
});
