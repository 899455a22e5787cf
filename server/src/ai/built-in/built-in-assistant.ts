import { setTimeout as sleep } from 'node:timers/promises';
import type { AssistantContext } from '../assistant-data.ts';
import { flatText, formatDay, joinList, plural } from '../format.ts';
import { type AssistantProvider, type ConversationTurn, ProviderError } from '../provider.ts';
import { detectEmergency, emergencyAdvice } from '../safety.ts';
import { answerQuestion } from './answers.ts';
import { understandConversation } from './questions.ts';

/** Words per streamed piece, and the pause between pieces: about the pace of a fast model. */
const WORDS_PER_CHUNK = 3;
export const DEFAULT_CHUNK_DELAY_MS = 12;

/**
 * The assistant with no model configured (product.md, Assistant): it recognises the common
 * questions, answers them from the user's records and the reference database, and streams the
 * answer in pieces as a model would. It says what it is in every answer.
 */
export class BuiltInAssistant implements AssistantProvider {
  readonly kind = 'builtin';

  constructor(private readonly options: { chunkDelayMs?: number } = {}) {}

  async *streamReply(context: AssistantContext, messages: readonly ConversationTurn[], signal: AbortSignal): AsyncIterable<string> {
    const asked = messages.filter((message) => message.role === 'user').map((message) => message.content);
    const question = asked.at(-1) ?? '';
    const today = context.user?.viewer.today ?? new Date().toISOString().slice(0, 10);
    // An emergency gets the advice alone: nothing from the records should stand between it and the reader.
    const emergency = detectEmergency(question);
    const answer = emergency ? emergencyAdvice(emergency) : await answerQuestion(context, understandConversation(asked, today));
    if (signal.aborted) throw new ProviderError('aborted', 'The reply was stopped');
    const footer = context.user
      ? "_Answered by StackLab's built-in assistant from your own records, without an AI model._"
      : "_Answered by StackLab's built-in assistant from our reference database, without an AI model._";
    yield* streamInChunks(`${answer}\n\n${footer}`, this.options.chunkDelayMs ?? DEFAULT_CHUNK_DELAY_MS, signal);
  }

  async summariseDay(context: AssistantContext, date: string): Promise<string> {
    if (!context.user) throw new ProviderError('upstream', 'A daily summary needs a signed-in user');
    const { intake, effects, notes } = await context.user.day(date);
    const day = formatDay(date);
    const sentences = [
      intake.items.length > 0
        ? `On ${day} you took ${joinList(intake.items.map((item) => `${flatText(item.name)} (${item.dosage})`))}.`
        : `On ${day} you logged no supplements.`,
    ];
    if (effects) {
      sentences.push(`You rated your energy ${effects.energy}/5, mood ${effects.mood}/5 and sleep ${effects.sleep}/5${effects.note ? `, and noted: "${flatText(effects.note, 200)}"` : ''}.`);
    }
    const written = notes.filter((note) => note.type === 'other').length;
    const chats = notes.filter((note) => note.type === 'chat').length;
    const extras = [written > 0 ? plural(written, 'note') : '', chats > 0 ? plural(chats, 'saved AI chat') : ''].filter(Boolean);
    if (extras.length > 0) sentences.push(`You also have ${joinList(extras)} that day.`);
    return sentences.join(' ');
  }
}

/**
 * Pieces of a few words each; a Markdown link stays whole so that a half-streamed answer never
 * shows a broken link. The first piece goes out at once.
 */
export async function* streamInChunks(text: string, delayMs: number, signal: AbortSignal): AsyncIterable<string> {
  const tokens = text.match(/\[(?:\\.|[^\]\\])*\]\([^)\s]*\)[^\s]*\s*|\S+\s*|\s+/g) ?? [];
  for (let i = 0; i < tokens.length; i += WORDS_PER_CHUNK) {
    if (i > 0 && delayMs > 0) await sleep(delayMs, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) throw new ProviderError('aborted', 'The reply was stopped');
    yield tokens.slice(i, i + WORDS_PER_CHUNK).join('');
  }
}
