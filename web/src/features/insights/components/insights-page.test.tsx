import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type BiomarkerInsight, type Insight, type InsightsResponse, BIOMARKER_INSIGHT_TEXTS, INSIGHT_TEXTS } from '#contract/insights.ts';
import { InsightsList } from './insights-page.tsx';

const sleep: Insight = {
  comparison: 'on_off',
  supplementId: 's1',
  startedOn: null,
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
  historyPath: '/supplement-history?date=2026-04-30',
};
const energySince: Insight = {
  ...sleep,
  comparison: 'before_after',
  startedOn: '2026-03-11',
  rating: 'energy',
  status: 'no_clear_difference',
  daysOn: 60,
  daysOff: 40,
  difference: 0.3,
  low: -0.2,
  high: 0.8,
  confounders: [{ name: 'Iron', change: 'dose_changed', on: '2026-03-20' }],
  historyPath: '/supplement-history?date=2026-03-11',
};
const waiting: Insight = { ...sleep, supplementId: 's2', supplementName: 'Ashwagandha', status: 'not_enough_data', daysOn: 10, daysOff: 50, difference: null, low: null, high: null, p: null, adjustedP: null, confounders: [] };
const response: InsightsResponse = { access: 'full', lagDays: 0, minimumDays: 14, beforeAfterDays: 60, falseDiscoveryRate: 0.05, comparisons: 3, insights: [sleep, waiting], hiddenCount: 0, upgradeHint: null,
  biomarkers: { afterMinimumDays: 28, beforeMaximumDays: 180, insights: [], hiddenCount: 0, upgradeHint: null },
};

const vitaminD: BiomarkerInsight = {
  biomarkerKey: 'vitamin-d-25oh',
  biomarkerName: '25-OH vitamin D',
  unit: 'ng/mL',
  change: { name: 'Vitamin D3', change: 'started', on: '2026-03-11', fromDose: null, toDose: null },
  before: { value: 20, date: '2026-03-06' },
  after: { value: 34.25, date: '2026-04-30' },
  difference: 14.25,
  referenceLow: 30,
  referenceHigh: 100,
  shareOfRange: 0.2036,
  daysBetween: 55,
  confounders: [
    { name: 'Zinc', change: 'stopped', on: '2026-04-01', fromDose: null, toDose: null },
    { name: 'Magnesium', change: 'dose_changed', on: '2026-04-10', fromDose: '200 mg 1x daily', toDose: '400 mg 1x daily' },
  ],
  association: INSIGHT_TEXTS.association,
  otherCauses: BIOMARKER_INSIGHT_TEXTS.otherCauses,
  labsPath: '/labs?biomarkers=vitamin-d-25oh',
};

function html(data: InsightsResponse): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <InsightsList data={data} />
    </MemoryRouter>,
  );
}

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
    expect(page).toContain('We made 3 comparisons (days with and without each supplement, and before and after each start) and corrected for all of them together');
    expect(page).toContain('Each day’s rating is sorted by whether you logged the supplement that same day. Each result is an association, not proof.');
    expect(page).toContain('Also changed in the same period: Zinc stopped on Mar 20, 2026.');
    expect(page).toContain('Not enough data yet');
    expect(page).toContain('Ashwagandha and your sleep: not enough data yet. 10 days on and 50 off so far; each side needs 14 rated days, so 4 more days with Ashwagandha.');
    expect(page).not.toContain('See plans');
    expect(page).not.toContain('Before and after you started');
  });

  it('sorts days by the lag the user chose', () => {
    expect(text({ ...response, lagDays: 1 })).toContain('whether you logged the supplement 1 day before.');
    expect(text({ ...response, lagDays: 2 })).toContain('whether you logged the supplement 2 days before.');
  });

  it('shows before against after a start in its own section, with what else changed and the days behind it', () => {
    const data = { ...response, insights: [sleep, energySince, waiting] };
    const page = text(data);
    expect(page).toContain('Before and after you started');
    expect(page).toContain('Up to 60 days before each supplement’s first logged day against up to 60 days after it, the same for every supplement.');
    expect(page).toContain('Since you started Magnesium on Mar 11, 2026, your energy rating was 0.3 higher than in the days before (95% CI -0.2 to 0.8), 60 days after, 40 before.');
    expect(page).toContain('After correcting for the 3 comparisons, this is not a clear difference: it may be chance.');
    expect(page).toContain('Also changed in the same period: Iron dose changed on Mar 20, 2026.');
    expect(html(data)).toContain('href="/supplement-history?date=2026-03-11"');
    expect(page).toContain('See your days around the start');
  });

  it('shows a preview with the way to the rest', () => {
    const page = text({ ...response, access: 'preview', insights: [sleep], hiddenCount: 5, upgradeHint: INSIGHT_TEXTS.upgradeHint });
    expect(page).toContain('5 more insights with Pro');
    expect(page).toContain(INSIGHT_TEXTS.upgradeHint);
    expect(page).toContain('See plans');
    expect(page).toContain('including those not shown');
  });

  it('shows each biomarker before and after a change, what else changed, and the results behind it', () => {
    const data = { ...response, biomarkers: { ...response.biomarkers, insights: [vitaminD] } };
    const page = text(data);
    expect(page).toContain('Biomarkers before and after a change');
    expect(page).toContain('25-OH vitamin D after you started Vitamin D3');
    expect(page).toContain('You started Vitamin D3 on Mar 11, 2026.');
    expect(page).toContain('It went from 20 ng/mL (Mar 6, 2026) to 34.25 ng/mL (Apr 30, 2026): 14.25 ng/mL higher, 20% of the reference range, 55 days apart.');
    expect(page).toContain('Also changed between the two tests: Zinc stopped on Apr 1, 2026; Magnesium dose changed on Apr 10, 2026.');
    expect(page).toContain(BIOMARKER_INSIGHT_TEXTS.otherCauses);
    expect(html(data)).toContain('href="/labs?biomarkers=vitamin-d-25oh"');
  });

  it('shows biomarkers even with nothing to compare on ratings, and the way to the rest under a preview', () => {
    const page = text({
      ...response,
      access: 'preview',
      insights: [],
      biomarkers: { ...response.biomarkers, insights: [{ ...vitaminD, confounders: [] }], hiddenCount: 2, upgradeHint: BIOMARKER_INSIGHT_TEXTS.upgradeHint },
    });
    expect(page).toContain('No supplements to compare yet.');
    expect(page).toContain('No other supplement was started, stopped or re-dosed between the two tests.');
    expect(page).toContain(`2 more with Pro. ${BIOMARKER_INSIGHT_TEXTS.upgradeHint}`);
  });
});
