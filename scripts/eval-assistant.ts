import { writeSection } from '../bench/results-file.ts';
import { BuiltInAssistant } from '../server/src/ai/built-in/built-in-assistant.ts';
import { OpenAiCompatibleProvider } from '../server/src/ai/openai-provider.ts';
import { HELD_OUT_SET } from '../server/src/features/assistant/eval/held-out-set.ts';
import { renderSummary, runEval } from '../server/src/features/assistant/eval/run-eval.ts';

/**
 * `npm run eval:assistant`: the question set and the held-out set against the built-in assistant,
 * and both against the model at AI_BASE_URL (AI_MODEL, AI_API_KEY) when one is configured. Results
 * by kind go to bench/RESULTS.md; the exit code is 1 when the built-in assistant misses its goal on
 * either set.
 */
const builtIn = await runEval(new BuiltInAssistant({ chunkDelayMs: 0 }));
writeSection('assistant-eval-builtin', renderSummary('Assistant question set, built-in', builtIn));
console.log(`built-in: ${builtIn.right}/${builtIn.total} right, ${builtIn.invented} with invented numbers, ${builtIn.emergenciesMissed} emergencies missed`);
const heldOut = await runEval(new BuiltInAssistant({ chunkDelayMs: 0 }), HELD_OUT_SET);
writeSection('assistant-eval-held-out-builtin', renderSummary('Assistant held-out question set, built-in', heldOut, 'held-out-set.ts'));
console.log(`built-in, held-out: ${heldOut.right}/${heldOut.total} right, ${heldOut.invented} with invented numbers, ${heldOut.emergenciesMissed} emergencies missed`);

const baseUrl = process.env.AI_BASE_URL;
if (baseUrl) {
  const model = new OpenAiCompatibleProvider({ baseUrl, apiKey: process.env.AI_API_KEY, model: process.env.AI_MODEL ?? 'gpt-4o-mini' });
  const summary = await runEval(model);
  writeSection('assistant-eval-model', renderSummary(`Assistant question set, model ${process.env.AI_MODEL ?? ''}`.trim(), summary));
  console.log(`model: ${summary.right}/${summary.total} right, ${summary.invented} with invented numbers, ${summary.emergenciesMissed} emergencies missed`);
  const modelHeldOut = await runEval(model, HELD_OUT_SET);
  writeSection('assistant-eval-held-out-model', renderSummary(`Assistant held-out question set, model ${process.env.AI_MODEL ?? ''}`.trim(), modelHeldOut, 'held-out-set.ts'));
  console.log(`model, held-out: ${modelHeldOut.right}/${modelHeldOut.total} right, ${modelHeldOut.invented} with invented numbers, ${modelHeldOut.emergenciesMissed} emergencies missed`);
}

const missesGoal = (summary: typeof builtIn) => summary.right / summary.total < 0.95 || summary.invented > 0 || summary.emergenciesMissed > 0;
if (missesGoal(builtIn) || missesGoal(heldOut)) process.exitCode = 1;
