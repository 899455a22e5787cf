import { describe, expect, it } from 'vitest';
import { benjaminiHochberg, studentTCdf, studentTQuantile, welchDifference } from './statistics.ts';

describe("Welch's t-test", () => {
  // The three worked examples of Wikipedia's "Welch's t-test" article (t, ν and p as published,
  // the intervals as R's t.test gives them).
  it.each([
    {
      a: [27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4],
      b: [27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4],
      t: -2.46, df: 24.99, p: 0.021, low: -3.984, high: -0.349,
    },
    {
      a: [17.2, 20.9, 22.6, 18.1, 21.7, 21.4, 23.5, 24.2, 14.7, 21.8],
      b: [21.5, 22.8, 21.0, 23.0, 21.6, 23.6, 22.5, 20.7, 23.4, 21.8, 20.7, 21.7, 21.5, 22.5, 23.6, 21.5, 22.5, 23.5, 21.5, 21.8],
      t: -1.57, df: 9.9, p: 0.149, low: -3.698, high: 0.648,
    },
    {
      a: [19.8, 20.4, 19.6, 17.8, 18.5, 18.9, 18.3, 18.9, 19.5, 22.0],
      b: [28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7, 27.6, 20.6, 13.7, 23.2, 17.5, 20.6, 18.0, 23.9, 21.6, 24.3, 20.4, 24.0, 13.2],
      t: -2.22, df: 24.5, p: 0.036, low: -4.282, high: -0.158,
    },
  ])('gives t $t, df $df and p $p', ({ a, b, t, df, p, low, high }) => {
    const result = welchDifference(a, b)!;
    expect(result.t).toBeCloseTo(t, 2);
    expect(result.df).toBeCloseTo(df, 1);
    expect(result.p).toBeCloseTo(p, 3);
    expect(result.low).toBeCloseTo(low, 3);
    expect(result.high).toBeCloseTo(high, 3);
    expect(result.difference).toBeCloseTo((low + high) / 2, 3);
  });

  it('uses the t quantiles of the tables', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706, 3);
    expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.228, 3);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.042, 3);
    expect(studentTQuantile(0.025, 30)).toBeCloseTo(-2.042, 3);
  });

  it('does not call "significant" what a naive correlation does, when the spread differs', () => {
    // Wikipedia's second example: ten values with a wide spread against twenty with a narrow one.
    // The article gives Student's pooled test t = -2.10, df 28, p = 0.045 and Welch's p = 0.149.
    // A Pearson correlation of the value with the group (on-day 1, off-day 0) is that pooled test.
    const a = [17.2, 20.9, 22.6, 18.1, 21.7, 21.4, 23.5, 24.2, 14.7, 21.8];
    const b = [21.5, 22.8, 21.0, 23.0, 21.6, 23.6, 22.5, 20.7, 23.4, 21.8, 20.7, 21.7, 21.5, 22.5, 23.6, 21.5, 22.5, 23.5, 21.5, 21.8];
    const naive = correlationTest([...a.map(() => 1), ...b.map(() => 0)], [...a, ...b]);
    expect(naive.t).toBeCloseTo(-2.10, 2);
    expect(naive.p).toBeCloseTo(0.045, 3);
    expect(naive.p).toBeLessThan(0.05);
    expect(welchDifference(a, b)!.p).toBeGreaterThan(0.05);
  });

  it('declines samples too small or without any spread', () => {
    expect(welchDifference([1], [1, 2, 3])).toBeUndefined();
    expect(welchDifference([3, 3, 3], [3, 3])).toBeUndefined();
  });
});

describe('Benjamini–Hochberg', () => {
  // Benjamini & Hochberg (1995), section 4: fifteen p-values; at q = 0.05 the procedure rejects
  // four hypotheses where Bonferroni rejects three.
  const paper = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1.0];

  it('rejects four of the paper’s fifteen hypotheses at q = 0.05', () => {
    const adjusted = benjaminiHochberg(paper);
    expect(adjusted.filter((q) => q <= 0.05)).toHaveLength(4);
    expect(paper.filter((p) => p <= 0.05 / paper.length)).toHaveLength(3);
    // The values R's p.adjust(method = "BH") prints for them.
    expect(adjusted[3]).toBeCloseTo(0.035625, 6);
    expect(adjusted[4]).toBeCloseTo(0.0603, 6);
    expect(adjusted[5]).toBeCloseTo(0.06385714, 6);
    expect(adjusted[6]).toBeCloseTo(0.06385714, 6);
  });

  it('answers in the order given', () => {
    // Sorted: 0.01·3/1 = 0.03, 0.03·3/2 = 0.045 (lowered to the next one's 0.04), 0.04·3/3 = 0.04.
    const adjusted = benjaminiHochberg([0.04, 0.01, 0.03]);
    expect(adjusted[0]).toBeCloseTo(0.04, 12);
    expect(adjusted[1]).toBeCloseTo(0.03, 12);
    expect(adjusted[2]).toBeCloseTo(0.04, 12);
  });

  it('finds nothing in pure noise where naive tests over many comparisons find something', () => {
    // Twenty "supplements" whose on and off days come from one and the same distribution.
    const random = mulberry32(SEED);
    const pValues = Array.from({ length: 20 }, () => {
      const on = Array.from({ length: 30 }, () => normal(random));
      const off = Array.from({ length: 30 }, () => normal(random));
      return welchDifference(on, off)!.p;
    });
    expect(pValues.filter((p) => p < 0.05).length).toBeGreaterThan(0);
    expect(benjaminiHochberg(pValues).filter((q) => q < 0.05)).toHaveLength(0);
  });
});

/** The textbook test of Pearson's r: t = r·√((n − 2) / (1 − r²)) on n − 2 degrees of freedom. */
function correlationTest(x: number[], y: number[]): { t: number; p: number } {
  const n = x.length;
  const mean = (v: number[]) => v.reduce((sum, one) => sum + one, 0) / n;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  const r = sxy / Math.sqrt(sxx * syy);
  const t = r * Math.sqrt((n - 2) / (1 - r * r));
  return { t, p: 2 * studentTCdf(-Math.abs(t), n - 2) };
}

const SEED = 7;

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Box–Muller: one standard normal draw. */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
