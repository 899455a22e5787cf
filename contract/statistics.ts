/**
 * The statistics behind Insights (decision 037): Welch's two-sample t-test and its 95% interval
 * for a difference in means, and the Benjamini–Hochberg adjustment of many p-values. Pure
 * functions, no dependencies: the t distribution is computed here from the regularized
 * incomplete beta function.
 */

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
  const x = df / (df + t * t);
  const tail = 0.5 * regularizedIncompleteBeta(x, df / 2, 0.5);
  return t > 0 ? 1 - tail : tail;
}

/** The t with P(T <= t) = probability, by bisection on the distribution function. */
export function studentTQuantile(probability: number, df: number): number {
  if (probability <= 0 || probability >= 1) throw new RangeError('probability must be between 0 and 1');
  if (probability === 0.5) return 0;
  let low = -1;
  let high = 1;
  while (studentTCdf(low, df) > probability) low *= 2;
  while (studentTCdf(high, df) < probability) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-12; i += 1) {
    const mid = (low + high) / 2;
    if (studentTCdf(mid, df) < probability) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0]!;
  for (let i = 1; i < 9; i += 1) sum += c[i]! / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** I_x(a, b), by the continued fraction (modified Lentz), on the side where it converges fast. */
function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(x, a, b)) / a;
  return 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m += 1) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}
