import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Insight, type InsightsResponse, INSIGHT_TEXTS } from '#contract/insights.ts';
import { InsightsList } from './insights-page.tsx';

const sleep: Insight = {
  supplementId: 's1',
  supplementName: 'Magnesium',
  rating: 'sleep',
  status: 'finding',
  daysOn: 32,
  daysOff: 28,
  difference: 0.6,
  low: 0.1,
  high: 1.1,
  p: 0.002,
  adjustedP: 0.012,
  association: INSIGHT_TEXTS.association,
  confounders: [{ name: 'Zinc', change: 'stopped', on: '2026-03-20' }],
  otherCauses: INSIGHT_TEXTS.otherCauses,
};
const waiting: Insight = { ...sleep, supplementId: 's2', supplementName: 'Ashwagandha', status: 'not_enough_data', daysOn: 10, daysOff: 50, difference: null, low: null, high: null, p: null, adjustedP: null, confounders: [] };
const response: InsightsResponse = { access: 'full', lagDays: 0, minimumDays: 14, falseDiscoveryRate: 0.05, comparisons: 3, insights: [sleep, waiting], hiddenCount: 0, upgradeHint: null,
  biomarkers: { afterMinimumDays: 28, beforeMaximumDays: 180, insights: [], hiddenCount: 0, upgradeHint: null },
};

function text(data: InsightsResponse): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <InsightsList data={data} />
    </MemoryRouter>,
  );
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('the insights page', () => {
  it('says each comparison, the correction, what could confound it, and what is still missing', () => {
    const page = text(response);
    expect(page).toContain('On days you took Magnesium, your sleep rating was 0.6 higher (95% CI 0.1 to 1.1), 32 days on, 28 off.');
    expect(page).toContain('We corrected for the 3 comparisons shown (Benjamini–Hochberg).');
    expect(page).toContain('association, not proof');
    expect(page).toContain('Also changed in the same period: Zinc stopped on Mar 20, 2026.');
    expect(page).toContain('Not enough data yet');
    expect(page).toContain('Ashwagandha and your sleep: not enough data yet. 10 days on and 50 off so far; each side needs 14 rated days, so 4 more days with Ashwagandha.');
    expect(page).not.toContain('See plans');
  });

  it('shows a preview with the way to the rest', () => {
    const page = text({ ...response, access: 'preview', insights: [sleep], hiddenCount: 5, upgradeHint: INSIGHT_TEXTS.upgradeHint });
    expect(page).toContain('5 more insights with Pro');
    expect(page).toContain(INSIGHT_TEXTS.upgradeHint);
    expect(page).toContain('See plans');
    expect(page).toContain('including those not shown');
  });
});
