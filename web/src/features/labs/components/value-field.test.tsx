import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ValueField } from './value-field.tsx';

describe('the value field', () => {
  it('offers the sign of a limit beside the number, showing the one typed', () => {
    const html = renderToStaticMarkup(<ValueField text="< 0.5" signLabel="Limit sign" onSignChange={() => {}} defaultValue="< 0.5" />);
    expect(html).toContain('aria-label="Limit sign"');
    expect(html).toMatch(/<option value="&lt;" selected="">&lt;<\/option>/);
    expect(html).toContain('inputMode="decimal"');
    const exact = renderToStaticMarkup(<ValueField text="0.7" signLabel="Limit sign" onSignChange={() => {}} />);
    expect(exact).toMatch(/<option value="" selected="">=<\/option>/);
  });
});
