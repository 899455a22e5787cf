import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionMessageFunctionToolCall, ChatCompletionToolChoiceOption } from 'openai/resources/chat/completions';
import type { AssistantContext, UserData } from './assistant-data.ts';
import { buildModelContext, renderDataMessage, renderInstructions } from './context-builder.ts';
import { estimateTokens, markdownToPlain } from './format.ts';
import { unheldNote, unheldNumbers } from './grounding.ts';
import { detectEmergency, emergencyAdvice } from './safety.ts';
import { type AssistantProvider, type ConversationTurn, ProviderError } from './provider.ts';
import { MAX_CALLS_PER_ROUND, MAX_TOOL_ROUNDS, isToolName, runTool, toolDefinitions } from './tools.ts';

export type OpenAiCompatibleConfig = {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** `auto` (the default): signed-in users' questions come with read-only tools unless the endpoint refuses them; `off`: never. */
  tools?: 'auto' | 'off';
};

/** Where the provider notes which tools a reply used: names only, never arguments or results. */
export type ProviderLog = { info(fields: Record<string, unknown>, message: string): void };

/** Room for the conversation so far; the newest turns are kept, the question always. */
export const CONVERSATION_TOKEN_BUDGET = 6000;

type ToolCallDraft = { id: string; name: string; arguments: string };

/**
 * Any OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM, llama.cpp server, LM Studio), through
 * the official `openai` client with streaming. The model sees two system messages (our rules, then
 * the user's records as one quoted data block) and the conversation. For a signed-in user it may
 * also call read-only tools over that user's records (`tools.ts`, decision 028) for a few rounds;
 * an endpoint that refuses tools is asked again without them, and not offered them again.
 */
export class OpenAiCompatibleProvider implements AssistantProvider {
  readonly kind = 'openai-compatible';
  private readonly client: OpenAI;
  /** Set once the endpoint has refused a request for its tools (a model without tool calls). */
  private toolsRefused = false;

  constructor(
    private readonly config: OpenAiCompatibleConfig,
    private readonly options: { log?: ProviderLog } = {},
  ) {
    this.client = openAiClient(config);
  }

  async *streamReply(context: AssistantContext, messages: readonly ConversationTurn[], signal: AbortSignal): AsyncIterable<string> {
    const question = messages.findLast((message) => message.role === 'user')?.content ?? '';
    // The emergency advice is ours and goes out first, whatever the model does or fails to do.
    const emergency = detectEmergency(question);
    if (emergency) yield `${emergencyAdvice(emergency)}\n\n`;
    const modelContext = await buildModelContext(context, { question });
    const data = renderDataMessage(modelContext);
    const conversation = fitConversation(messages, CONVERSATION_TOKEN_BUDGET);
    const requestWith = (tools: boolean): ChatCompletionMessageParam[] => [
      { role: 'system', content: renderInstructions(modelContext.viewer, { tools }) },
      { role: 'system', content: data },
      ...conversation,
    ];
    // What the answer's numbers may rest on: the data block, the conversation, and every tool result.
    const sources = [data, ...conversation.map((turn) => turn.content)];
    const pieces = context.user && this.offersTools() ? this.answerWithTools(context.user, requestWith, sources, signal) : this.stream(requestWith(false), signal);
    let answer = '';
    for await (const piece of pieces) {
      answer += piece;
      yield piece;
    }
    // A number the records do not hold is pointed out, after the answer, for the reader to check.
    const unheld = unheldNumbers(answer, sources);
    if (unheld.length > 0) yield `\n\n${unheldNote(unheld)}`;
  }

  async summariseDay(context: AssistantContext, date: string, signal: AbortSignal): Promise<string> {
    if (!context.user) throw new ProviderError('upstream', 'A daily summary needs a signed-in user');
    const request: ChatCompletionMessageParam[] = [
      { role: 'system', content: renderInstructions(context.user.viewer) },
      { role: 'system', content: await renderDayData(context.user, date) },
      {
        role: 'user',
        content: `Write a short summary (two to four sentences) of my records for ${date}: what I took and how I rated the day. Describe only; give no advice.`,
      },
    ];
    let text = '';
    for await (const piece of this.stream(request, signal)) text += piece;
    // The summary is shown as plain text, where Markdown would show as its marks.
    return markdownToPlain(text.trim());
  }

  private offersTools(): boolean {
    return (this.config.tools ?? 'auto') === 'auto' && !this.toolsRefused;
  }

  /**
   * The tool-call loop: each round streams the model's text to the user as it comes and gathers
   * its tool calls; the calls run for this user only, and their results go back as `tool`
   * messages. After `MAX_TOOL_ROUNDS` rounds the model is asked once more with `tool_choice:
   * 'none'`, and any call it still makes is ignored, so a reply always ends.
   */
  private async *answerWithTools(
    user: UserData,
    requestWith: (tools: boolean) => ChatCompletionMessageParam[],
    sources: string[],
    signal: AbortSignal,
  ): AsyncIterable<string> {
    const request = requestWith(true);
    const tools = toolDefinitions();
    const used: string[] = [];
    let rounds = 0;
    try {
      for (;;) {
        const last = rounds >= MAX_TOOL_ROUNDS;
        const calls: ToolCallDraft[] = [];
        let text = '';
        try {
          for await (const piece of this.stream(request, signal, { tools, toolChoice: last ? 'none' : 'auto', calls })) {
            text += piece;
            yield piece;
          }
        } catch (error) {
          if (rounds > 0 || text !== '' || !refusesTools(error)) throw error;
          this.toolsRefused = true;
          this.options.log?.info({ assistant: this.kind }, 'assistant: the model refused tools; asking without them from now on');
          yield* this.stream(requestWith(false), signal);
          return;
        }
        rounds += 1;
        if (calls.length === 0 || last) return;
        request.push({
          role: 'assistant',
          content: text === '' ? null : text,
          tool_calls: calls.map((call): ChatCompletionMessageFunctionToolCall => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
        });
        for (const [index, call] of calls.entries()) {
          const result =
            index < MAX_CALLS_PER_ROUND
              ? await runTool(user, call.name, call.arguments)
              : JSON.stringify({ error: `At most ${MAX_CALLS_PER_ROUND} tool calls are answered at once; ask again for the rest.` });
          used.push(isToolName(call.name) ? call.name : 'unknown');
          sources.push(result);
          request.push({ role: 'tool', tool_call_id: call.id, content: result });
        }
      }
    } finally {
      // Tool names and counts only: arguments and results are health data.
      if (used.length > 0) this.options.log?.info({ assistant: this.kind, tools: used, rounds }, 'assistant tools');
    }
  }

  /**
   * One streamed request; yields its text. With `calls`, the request offers `tools` and the tool
   * calls the model streams (in pieces, by index) are gathered into `calls`.
   */
  private async *stream(
    messages: ChatCompletionMessageParam[],
    signal: AbortSignal,
    withTools?: { tools: ReturnType<typeof toolDefinitions>; toolChoice: ChatCompletionToolChoiceOption; calls: ToolCallDraft[] },
  ): AsyncIterable<string> {
    const drafts = new Map<number, ToolCallDraft>();
    try {
      const stream = await this.client.chat.completions.create(
        {
          model: this.config.model,
          messages,
          stream: true,
          temperature: 0.2,
          ...(withTools ? { tools: withTools.tools, tool_choice: withTools.toolChoice } : {}),
        },
        { signal },
      );
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        for (const part of delta?.tool_calls ?? []) {
          const draft = drafts.get(part.index) ?? { id: '', name: '', arguments: '' };
          if (part.id) draft.id = part.id;
          if (part.function?.name) draft.name += part.function.name;
          if (part.function?.arguments) draft.arguments += part.function.arguments;
          drafts.set(part.index, draft);
        }
        const text = delta?.content;
        if (text) yield text;
      }
    } catch (error) {
      throw toProviderError(error, signal);
    }
    if (!withTools) return;
    for (const [index, draft] of [...drafts.entries()].sort(([a], [b]) => a - b)) {
      // Some local servers send no id; the answer must still name the call it answers.
      withTools.calls.push({ ...draft, id: draft.id || `call_${index}` });
    }
  }
}

/** The official client for an OpenAI-compatible endpoint; the caller owns the deadline and aborts through its signal. */
export function openAiClient(config: Pick<OpenAiCompatibleConfig, 'baseUrl' | 'apiKey'>): OpenAI {
  return new OpenAI({
    baseURL: config.baseUrl,
    // Local servers (Ollama, llama.cpp) need no key, but the client insists on one.
    apiKey: config.apiKey ?? 'not-needed',
    // A retry would spend the user's wait on a second attempt they cannot see.
    maxRetries: 0,
    timeout: 10 * 60 * 1000,
  });
}

/** Whether an error is the endpoint saying it cannot take tools (Ollama, vLLM and llama.cpp say so in words). */
function refusesTools(error: unknown): boolean {
  if (!(error instanceof ProviderError) || error.kind !== 'upstream') return false;
  const cause = error.cause;
  return cause instanceof APIError && [400, 404, 422, 500, 501].includes(cause.status ?? 0) && /tool/i.test(cause.message);
}

/** The newest turns that fit, oldest dropped first; the last question is always kept. */
export function fitConversation(messages: readonly ConversationTurn[], tokenBudget: number): ConversationTurn[] {
  const kept: ConversationTurn[] = [];
  let used = 0;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    const cost = estimateTokens(message.content) + 4;
    if (kept.length > 0 && used + cost > tokenBudget) break;
    kept.unshift(message);
    used += cost;
  }
  // Chat templates of local models expect the conversation to open with the user.
  while (kept.length > 1 && kept[0]!.role !== 'user') kept.shift();
  return kept;
}

async function renderDayData(user: UserData, date: string): Promise<string> {
  const { intake, effects, notes } = await user.day(date);
  const items = [
    ...intake.items.map((item) => ({ ref: { kind: 'day', id: item.id, date }, taken: `${item.name} ${item.dosage}`, frequency: item.frequency })),
    ...(effects ? [{ ref: { kind: 'effects', id: effects.id, date }, ratingsOutOf5: { energy: effects.energy, mood: effects.mood, sleep: effects.sleep }, note: effects.note }] : []),
    ...notes.filter((note) => note.type === 'other').map((note) => ({ ref: { kind: 'note', id: note.id, date }, note: note.content.slice(0, 1000) })),
  ];
  return renderDataMessage({ viewer: user.viewer, items: items.map((item) => ({ ref: item.ref as never, score: 0, line: JSON.stringify(item) })), dropped: 0 });
}

export function toProviderError(error: unknown, signal: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal.aborted || error instanceof APIUserAbortError) return new ProviderError('aborted', 'The reply was stopped', undefined, { cause: error });
  if (error instanceof APIConnectionError) return new ProviderError('connection', 'The AI service could not be reached', undefined, { cause: error });
  if (error instanceof APIError) {
    return new ProviderError('upstream', `The AI service answered with an error${error.status ? ` (HTTP ${error.status})` : ''}`, error.status, { cause: error });
  }
  // A stream cut off half-way surfaces as a fetch or parse error.
  return new ProviderError('upstream', 'The AI service stopped in the middle of a reply', undefined, { cause: error });
}
