import type { CaseOutcome, Format } from './cases.ts';

/** Totals of many read-back cases, by format, by format and language, and lost rows by kind. */
export type Tally = { expected: number; found: number; wrong: number };

export function tallyBy(outcomes: CaseOutcome[], keyOf: (o: CaseOutcome) => string): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const o of outcomes) {
    const t = out.get(keyOf(o)) ?? { expected: 0, found: 0, wrong: 0 };
    t.expected += o.expected;
    t.found += o.found;
    t.wrong += o.wrong.length;
    out.set(keyOf(o), t);
  }
  return out;
}

export const rate = (t: Tally) => (t.expected === 0 ? 1 : t.found / t.expected);
export const percent = (t: Tally) => `${(rate(t) * 100).toFixed(1)}%`;

/** The goal for a format: 99% of values on text formats, 95% on images. */
export const GOAL: Record<Format, number> = { 'text-pdf': 0.99, docx: 0.99, 'scanned-pdf': 0.95, photo: 0.95 };

export function missesByKind(outcomes: CaseOutcome[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const o of outcomes) {
    for (const m of o.missed) out.set(`${o.format}: ${m.kind}`, (out.get(`${o.format}: ${m.kind}`) ?? 0) + 1);
  }
  return new Map([...out.entries()].sort((a, b) => b[1] - a[1]));
}
