import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChartSeries } from '../utils/series.ts';
import { BiomarkerChart } from './biomarker-chart.tsx';

const crp: ChartSeries = {
  name: 'CRP',
  biomarker: 'crp',
  unit: 'mg/L',
  category: 'other',
  points: [
    { testDate: '2025-01-10', value: 2.1, comparator: null, flag: 'normal', reviewed: true },
    { testDate: '2025-04-10', value: 0.5, comparator: '<', flag: 'normal', reviewed: true },
    { testDate: '2025-07-10', value: 20, comparator: '>', flag: 'high', reviewed: false },
  ],
  referenceRange: { low: 0, high: 5 },
  referenceSource: 'report',
  optimalRange: null,
  target: null,
};

const html = (series: ChartSeries[]) => renderToStaticMarkup(<BiomarkerChart series={series} periods={[]} />);
const text = (page: string) => page.replace(/<[^>]+>/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ');

describe('the biomarker chart', () => {
  it('draws a limit as a triangle pointing the way its value lies, and an exact value as a dot', () => {
    const page = html([crp]);
    expect(page.match(/data-limit="&lt;"/g)).toHaveLength(1);
    expect(page.match(/data-limit="&gt;"/g)).toHaveLength(1);
    expect(page.match(/<circle[^>]*r="4"/g)).toHaveLength(1);
    expect(text(page)).toContain('A limit, as printed: the value is below (<) or above (>) it');
  });

  it('gives a limit its sign in the table of values', () => {
    const page = text(html([crp]));
    expect(page).toContain('2.1');
    expect(page).toContain('< 0.5');
    expect(page).toContain('> 20 (High) (not reviewed)');
  });
});
