import { describe, expect, it } from 'vitest';
import { BuiltInAssistant } from '#server/ai/built-in/built-in-assistant.ts';
import { numbersIn } from '#server/ai/grounding.ts';
import { check, runEval } from './run-eval.ts';
import { QUESTION_SET } from './question-set.ts';

/** The question set against the built-in assistant: the goal is a test that fails below it. */
describe('the built-in assistant on the question set', () => {
  it('has at least 150 questions over every kind', () => {
    expect(QUESTION_SET.length).toBeGreaterThanOrEqual(150);
    expect(new Set(QUESTION_SET.map((question) => question.kind)).size).toBeGreaterThanOrEqual(17);
  });

  it('answers 95% right, with no invented number and every emergency as one', async () => {
    const summary = await runEval(new BuiltInAssistant({ chunkDelayMs: 0 }));
    const wrong = summary.results.filter((result) => !result.right).map((result) => ({ asked: result.question.messages.at(-1), missing: result.missing, forbidden: result.forbidden, numbers: result.inventedNumbers }));
    expect(summary.right / summary.total, JSON.stringify(wrong, null, 1)).toBeGreaterThanOrEqual(0.95);
    expect(summary.invented).toBe(0);
    expect(summary.emergenciesMissed).toBe(0);
  }, 60_000);
});

describe('the checker', () => {
  it('finds numbers but not dates, names or link targets', () => {
    expect(numbersIn('[128 mg/dL on May 28, 2025](stacklab:biomarker/LDL?date=2025-05-28), Vitamin D3, Omega-3, 5.8 ×10³/µL, 1,000 IU')).toEqual(['128', '5.8', '1000']);
  });

  it('fails an answer with a number that is in no record, and one missing a fact', () => {
    const question = { kind: 'biomarker' as const, messages: ['What is my LDL?'], must: ['128 mg/dL'] };
    expect(check(question, 'Your LDL is 128 mg/dL.').right).toBe(true);
    expect(check(question, 'Your LDL is 3.315 mmol/L.')).toMatchObject({ right: false, missing: ['128 mg/dL'], inventedNumbers: ['3.315'] });
  });
});
