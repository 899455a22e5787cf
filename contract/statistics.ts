/**
 * The statistics behind Insights (decisions 037, 043): Welch's two-sample t-test and its 95%
 * interval for a difference in means, and the Benjamini–Hochberg adjustment of many p-values.
 * The t distribution is jstat's; the comparisons built on it are ours and tested on published
 * worked examples. Only the server imports this file: a web import would bring jstat along.
 */
import jstat from 'jstat';

const { jStat } = jstat;

export type Summary = { n: number; mean: number; variance: number };

export type DifferenceInMeans = {
  /** mean(a) − mean(b) */
  difference: number;
  /** The 95% confidence interval of the difference. */
  low: number;
  high: number;
  t: number;
  /** Welch–Satterthwaite degrees of freedom. */
  df: number;
  /** Two-sided. */
  p: number;
};

export function summarise(values: readonly number[]): Summary {
  const n = values.length;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  // Two passes: the textbook one-pass formula loses digits when the mean is large.
  const variance = n > 1 ? values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1) : Number.NaN;
  return { n, mean, variance };
}

/**
 * Welch's t-test of mean(a) − mean(b), which does not assume equal variances, with the 95%
 * interval from the same t distribution. Needs two values on each side; returns undefined
 * when both samples have no spread (no t is defined).
 */
export function welchDifference(a: readonly number[], b: readonly number[], confidence = 0.95): DifferenceInMeans | undefined {
  if (a.length < 2 || b.length < 2) return undefined;
  const sa = summarise(a);
  const sb = summarise(b);
  const va = sa.variance / sa.n;
  const vb = sb.variance / sb.n;
  const se = Math.sqrt(va + vb);
  const difference = sa.mean - sb.mean;
  if (se === 0) return undefined;
  const df = (va + vb) ** 2 / (va ** 2 / (sa.n - 1) + vb ** 2 / (sb.n - 1));
  const t = difference / se;
  const p = Math.min(1, 2 * studentTCdf(-Math.abs(t), df));
  const margin = studentTQuantile(1 - (1 - confidence) / 2, df) * se;
  return { difference, low: difference - margin, high: difference + margin, t, df, p };
}

/**
 * Benjamini–Hochberg adjusted p-values (the "q-values" R's p.adjust(method = "BH") gives), in
 * the order given: hypothesis i is rejected at false discovery rate q when adjusted[i] <= q.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p);
  const adjusted = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank -= 1) {
    const { p, i } = order[rank - 1]!;
    running = Math.min(running, (p * m) / rank);
    adjusted[i] = running;
  }
  return adjusted;
}

/** P(T <= t) for Student's t with `df` degrees of freedom (df may be fractional). */
export function studentTCdf(t: number, df: number): number {
  // Through I_x(df/2, 1/2) rather than jStat.studentt.cdf, whose (t + sqrt(t² + df)) loses the
  // digits of small p-values in the far tail.
  const tail = 0.5 * jStat.ibeta(df / (df + t * t), df / 2, 0.5);
  return t > 0 ? 1 - tail : tail;
}

/** The t with P(T <= t) = probability. */
export function studentTQuantile(probability: number, df: number): number {
  if (probability <= 0 || probability >= 1) throw new RangeError('probability must be between 0 and 1');
  if (probability === 0.5) return 0;
  return jStat.studentt.inv(probability, df);
}
