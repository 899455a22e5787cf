import { z } from 'zod';
import { type OpenAiCompatibleConfig, openAiClient, toProviderError } from './openai-provider.ts';
import { ProviderError } from './provider.ts';

/** One result row of a report as a model copied it from the text: every field as printed. */
export type PrintedRow = z.infer<typeof printedRowSchema>;

const printedRowSchema = z.strictObject({
  name: z.string().describe('The test name as printed'),
  value: z.string().describe('The numeric result exactly as printed, with the report’s own decimal separator'),
  unit: z.string().describe('The unit as printed; empty when none is printed'),
  range: z.string().describe('The reference range as printed; empty when none is printed'),
});
const answerSchema = z.strictObject({ rows: z.array(printedRowSchema) });
const { $schema: _, ...ANSWER_JSON_SCHEMA } = z.toJSONSchema(answerSchema);

/** About 10,000 tokens: a long report's text, cut rather than refused. */
const MAX_TEXT_CHARS = 40_000;

const INSTRUCTIONS = [
  'You read the text of a laboratory report, extracted from a PDF or by OCR, so its lines may be out of order or split.',
  'List every test result that has a numeric value: its name, value, unit and reference range, each copied exactly as printed.',
  'Never convert, translate, round, correct or compute anything; keep the report’s decimal separator.',
  'Leave out results that are not numbers, and everything that is not a result: dates, addresses, comments, guideline tables.',
].join(' ');

/**
 * Asks an OpenAI-compatible model for a report's result rows, as a JSON object that follows a
 * schema (product.md, Labs: "Read my reports with the AI model"). Only the text goes out, never
 * the file; what comes back is a proposal the caller checks against that text.
 */
export async function readRowsWithModel(config: OpenAiCompatibleConfig, lines: readonly string[], signal: AbortSignal): Promise<PrintedRow[]> {
  const text = lines.join('\n').slice(0, MAX_TEXT_CHARS);
  let answer = '';
  try {
    // Streamed, so that a slow local model keeps the connection busy until it is done.
    const stream = await openAiClient(config).chat.completions.create(
      {
        model: config.model,
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: `The report's text:\n"""\n${text}\n"""` },
        ],
        stream: true,
        temperature: 0,
        response_format: { type: 'json_schema', json_schema: { name: 'lab_report_rows', strict: true, schema: ANSWER_JSON_SCHEMA } },
      },
      { signal },
    );
    for await (const chunk of stream) answer += chunk.choices[0]?.delta?.content ?? '';
  } catch (error) {
    throw toProviderError(error, signal);
  }
  const parsed = answerSchema.safeParse(parseJson(answer));
  if (!parsed.success) throw new ProviderError('upstream', 'The model did not answer with the rows asked for');
  return parsed.data.rows;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
