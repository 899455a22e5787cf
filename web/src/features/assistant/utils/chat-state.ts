import { MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES } from '#contract/assistant-texts.ts';
import type { ChatFailure } from './chat-failure.ts';

/** A message on screen: the user's question or the assistant's (possibly still growing) answer. */
export type ChatEntry = { role: 'user' | 'assistant'; content: string };

/**
 * product.md, Assistant, "Dashboard chat" (the Ask page uses the same machine):
 * idle → sending (the question is on screen, nothing has arrived) → streaming (text arrives) →
 * done, error or timeout; from any of those three a new question starts again.
 */
export type ChatPhase = 'idle' | 'sending' | 'streaming' | 'done' | 'error' | 'timeout';

export type ChatState = {
  phase: ChatPhase;
  messages: ChatEntry[];
  failure: ChatFailure | null;
  /** Numbers the requests, so that text from a request the user cleared away is dropped. */
  request: number;
};

export type ChatAction =
  | { type: 'send'; content: string }
  | { type: 'chunk'; request: number; text: string }
  | { type: 'finish'; request: number }
  | { type: 'fail'; request: number; failure: ChatFailure }
  | { type: 'clear' }
  | { type: 'restore'; messages: ChatEntry[] };

export const initialChatState: ChatState = { phase: 'idle', messages: [], failure: null, request: 0 };

/** A reply is on its way: nothing else may be sent (product.md, Assistant). */
export function isInProgress(state: ChatState): boolean {
  return state.phase === 'sending' || state.phase === 'streaming';
}

/** Send is possible only with some text and no reply in progress (product.md, Assistant, "Chat"). */
export function canSend(state: ChatState, input: string): boolean {
  return !isInProgress(state) && input.trim() !== '';
}

function withLastAnswer(messages: ChatEntry[], update: (content: string) => string): ChatEntry[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return messages;
  return [...messages.slice(0, -1), { role: 'assistant', content: update(last.content) }];
}

/** Drops the answer placeholder when nothing arrived, so no empty bubble stays behind. */
function withoutEmptyAnswer(messages: ChatEntry[]): ChatEntry[] {
  const last = messages.at(-1);
  return last?.role === 'assistant' && last.content.trim() === '' ? messages.slice(0, -1) : messages;
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'send': {
      const content = action.content.trim();
      // An empty message is ignored, and so is anything sent while a reply is in progress.
      if (content === '' || isInProgress(state)) return state;
      return {
        phase: 'sending',
        messages: [...state.messages, { role: 'user', content }, { role: 'assistant', content: '' }],
        failure: null,
        request: state.request + 1,
      };
    }
    case 'chunk': {
      if (action.request !== state.request || !isInProgress(state) || action.text === '') return state;
      return { ...state, phase: 'streaming', messages: withLastAnswer(state.messages, (content) => content + action.text) };
    }
    case 'finish': {
      if (action.request !== state.request || !isInProgress(state)) return state;
      const answer = state.messages.at(-1);
      if (answer?.role !== 'assistant' || answer.content.trim() === '') {
        return { ...state, phase: 'error', messages: withoutEmptyAnswer(state.messages), failure: { kind: 'empty' } };
      }
      return { ...state, phase: 'done' };
    }
    case 'fail': {
      if (action.request !== state.request || !isInProgress(state)) return state;
      // A limit-reached reply removes the empty assistant message (product.md, Assistant); other failures keep
      // any text that already arrived, and the screen says it was cut short.
      return {
        ...state,
        phase: action.failure.kind === 'timeout' ? 'timeout' : 'error',
        messages: withoutEmptyAnswer(state.messages),
        failure: action.failure,
      };
    }
    case 'clear':
      return { ...initialChatState, request: state.request + 1 };
    case 'restore':
      // Earlier questions come back only into an untouched chat, never over one in use.
      if (state.messages.length > 0 || state.phase !== 'idle' || state.failure) return state;
      return { ...state, messages: action.messages };
  }
}

/**
 * The conversation to send with a new question: answered turns only (a question whose reply
 * failed is left out, so the model never sees two questions in a row), each within the
 * contract's size, the newest last and at most MAX_CHAT_MESSAGES in all.
 */
export function requestMessages(messages: readonly ChatEntry[], question: string): ChatEntry[] {
  const turns: ChatEntry[] = [];
  for (let index = 0; index + 1 < messages.length; index += 1) {
    const asked = messages[index]!;
    const answered = messages[index + 1]!;
    if (asked.role !== 'user' || answered.role !== 'assistant' || answered.content.trim() === '') continue;
    turns.push(clip(asked), clip(answered));
    index += 1;
  }
  const room = MAX_CHAT_MESSAGES - 1;
  // Keep whole turns: an odd room would start the history with an orphaned answer.
  const kept = turns.slice(Math.max(0, turns.length - (room - (room % 2))));
  return [...kept, clip({ role: 'user', content: question.trim() })];
}

function clip(message: ChatEntry): ChatEntry {
  // The server counts UTF-16 code units (string length), so this does too.
  if (message.content.length <= MAX_CHAT_MESSAGE_CHARS) return message;
  let cut = message.content.slice(0, MAX_CHAT_MESSAGE_CHARS - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  // Long answers are cut at the end: their opening carries the gist a follow-up refers to.
  return { role: message.role, content: `${cut}…` };
}

/** The kept history (newest first, as the server lists it) as the conversation on screen, oldest first. */
export function historyMessages(items: readonly { question: string; answer: string }[]): ChatEntry[] {
  return [...items].reverse().flatMap((item): ChatEntry[] => [
    { role: 'user', content: item.question },
    { role: 'assistant', content: item.answer },
  ]);
}
