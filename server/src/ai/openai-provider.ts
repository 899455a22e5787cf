import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AssistantContext, UserData } from './assistant-data.ts';
import { buildModelContext, renderDataMessage, renderInstructions } from './context-builder.ts';
import { estimateTokens } from './format.ts';
import { type AssistantProvider, type ConversationTurn, ProviderError } from './provider.ts';

export type OpenAiCompatibleConfig = { baseUrl: string; apiKey: string | undefined; model: string };

/** Room for the conversation so far; the newest turns are kept, the question always. */
export const CONVERSATION_TOKEN_BUDGET = 6000;

/**
 * Any OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM, llama.cpp server, LM Studio), through
 * the official `openai` client with streaming. The model sees two system messages (our rules, then
 * the user's records as one quoted data block) and the conversation; it has no tools.
 */
export class OpenAiCompatibleProvider implements AssistantProvider {
  readonly kind = 'openai-compatible';
  private readonly client: OpenAI;

  constructor(private readonly config: OpenAiCompatibleConfig) {
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      // Local servers (Ollama, llama.cpp) need no key, but the client insists on one.
      apiKey: config.apiKey ?? 'not-needed',
      // The engine owns the deadline (AI_TIMEOUT_MS) and aborts through the signal; a retry would
      // spend the user's wait on a second attempt they cannot see.
      maxRetries: 0,
      timeout: 10 * 60 * 1000,
    });
  }

  async *streamReply(context: AssistantContext, messages: readonly ConversationTurn[], signal: AbortSignal): AsyncIterable<string> {
    const question = messages.findLast((message) => message.role === 'user')?.content ?? '';
    const modelContext = await buildModelContext(context, { question });
    const request: ChatCompletionMessageParam[] = [
      { role: 'system', content: renderInstructions(modelContext.viewer) },
      { role: 'system', content: renderDataMessage(modelContext) },
      ...fitConversation(messages, CONVERSATION_TOKEN_BUDGET),
    ];
    yield* this.stream(request, signal);
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
    return text.trim();
  }

  private async *stream(messages: ChatCompletionMessageParam[], signal: AbortSignal): AsyncIterable<string> {
    try {
      const stream = await this.client.chat.completions.create({ model: this.config.model, messages, stream: true, temperature: 0.2 }, { signal });
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    } catch (error) {
      throw toProviderError(error, signal);
    }
  }
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

function toProviderError(error: unknown, signal: AbortSignal): ProviderError {
  if (error instanceof ProviderError) return error;
  if (signal.aborted || error instanceof APIUserAbortError) return new ProviderError('aborted', 'The reply was stopped', undefined, { cause: error });
  if (error instanceof APIConnectionError) return new ProviderError('connection', 'The AI service could not be reached', undefined, { cause: error });
  if (error instanceof APIError) {
    return new ProviderError('upstream', `The AI service answered with an error${error.status ? ` (HTTP ${error.status})` : ''}`, error.status, { cause: error });
  }
  // A stream cut off half-way surfaces as a fetch or parse error.
  return new ProviderError('upstream', 'The AI service stopped in the middle of a reply', undefined, { cause: error });
}
