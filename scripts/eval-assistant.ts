import { writeSection } from '../bench/results-file.ts';
import { BuiltInAssistant } from '../server/src/ai/built-in/built-in-assistant.ts';
import { OpenAiCompatibleProvider } from '../server/src/ai/openai-provider.ts';
import { renderSummary, runEval } from '../server/src/features/assistant/eval/run-eval.ts';

/**
 * `npm run eval:assistant`: the question set against the built-in assistant, and against the model
 * at AI_BASE_URL (AI_MODEL, AI_API_KEY) when one is configured. Results by kind go to
 * bench/RESULTS.md; the exit code is 1 when the built-in assistant misses its goal.
 */
const builtIn = await runEval(new BuiltInAssistant({ chunkDelayMs: 0 }));
writeSection('assistant-eval-builtin', renderSummary('Assistant question set, built-in', builtIn));
console.log(`built-in: ${builtIn.right}/${builtIn.total} right, ${builtIn.invented} with invented numbers, ${builtIn.emergenciesMissed} emergencies missed`);

const baseUrl = process.env.AI_BASE_URL;
if (baseUrl) {
  const model = new OpenAiCompatibleProvider({ baseUrl, apiKey: process.env.AI_API_KEY, model: process.env.AI_MODEL ?? 'gpt-4o-mini' });
  const summary = await runEval(model);
  writeSection('assistant-eval-model', renderSummary(`Assistant question set, model ${process.env.AI_MODEL ?? ''}`.trim(), summary));
  console.log(`model: ${summary.right}/${summary.total} right, ${summary.invented} with invented numbers, ${summary.emergenciesMissed} emergencies missed`);
}

if (builtIn.right / builtIn.total < 0.95 || builtIn.invented > 0 || builtIn.emergenciesMissed > 0) process.exitCode = 1;
