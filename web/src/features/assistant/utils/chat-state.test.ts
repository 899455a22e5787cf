import { describe, expect, it } from 'vitest';
import { MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES } from '#contract/assistant.ts';
import { type ChatAction, type ChatState, canSend, chatReducer, historyMessages, initialChatState, isInProgress, requestMessages } from './chat-state.ts';

function run(...actions: ChatAction[]): ChatState {
  return actions.reduce(chatReducer, initialChatState);
}

describe('chat state machine (product.md, Assistant)', () => {
  it('goes idle → sending → streaming → done, the answer growing with each chunk', () => {
    const sending = run({ type: 'send', content: '  How is my vitamin D?  ' });
    expect(sending.phase).toBe('sending');
    expect(sending.messages).toEqual([
      { role: 'user', content: 'How is my vitamin D?' },
      { role: 'assistant', content: '' },
    ]);
    expect(isInProgress(sending)).toBe(true);

    const streaming = [
      { type: 'chunk', request: 1, text: 'Your latest ' },
      { type: 'chunk', request: 1, text: 'value is 42 ng/mL.' },
    ].reduce((state, action) => chatReducer(state, action as ChatAction), sending);
    expect(streaming.phase).toBe('streaming');
    expect(streaming.messages.at(-1)).toEqual({ role: 'assistant', content: 'Your latest value is 42 ng/mL.' });

    const done = chatReducer(streaming, { type: 'finish', request: 1 });
    expect(done.phase).toBe('done');
    expect(done.failure).toBeNull();
    expect(isInProgress(done)).toBe(false);
  });

  it('ignores an empty or blank message', () => {
    expect(run({ type: 'send', content: '' })).toBe(initialChatState);
    expect(run({ type: 'send', content: ' \n\t ' })).toBe(initialChatState);
    expect(canSend(initialChatState, '   ')).toBe(false);
    expect(canSend(initialChatState, 'hi')).toBe(true);
  });

  it('sends nothing while a reply is in progress', () => {
    const sending = run({ type: 'send', content: 'first' });
    expect(chatReducer(sending, { type: 'send', content: 'second' })).toBe(sending);
    expect(canSend(sending, 'second')).toBe(false);
    const streaming = chatReducer(sending, { type: 'chunk', request: 1, text: 'a' });
    expect(chatReducer(streaming, { type: 'send', content: 'second' })).toBe(streaming);
  });

  it('a limit-reached reply removes the empty assistant message', () => {
    const state = run({ type: 'send', content: 'q' }, { type: 'fail', request: 1, failure: { kind: 'limit', message: 'Daily limit reached' } });
    expect(state.phase).toBe('error');
    expect(state.messages).toEqual([{ role: 'user', content: 'q' }]);
    expect(state.failure).toEqual({ kind: 'limit', message: 'Daily limit reached' });
  });

  it('a timeout ends in the timeout phase and keeps text that already arrived', () => {
    const state = run(
      { type: 'send', content: 'q' },
      { type: 'chunk', request: 1, text: 'Partial' },
      { type: 'fail', request: 1, failure: { kind: 'timeout' } },
    );
    expect(state.phase).toBe('timeout');
    expect(state.messages.at(-1)).toEqual({ role: 'assistant', content: 'Partial' });
  });

  it('a reply that ends with no text is the empty-answer error, without an empty bubble', () => {
    const state = run({ type: 'send', content: 'q' }, { type: 'chunk', request: 1, text: '' }, { type: 'finish', request: 1 });
    expect(state.phase).toBe('error');
    expect(state.failure).toEqual({ kind: 'empty' });
    expect(state.messages).toEqual([{ role: 'user', content: 'q' }]);
  });

  it('Clear Chat empties messages and error, and text from the cleared request is dropped', () => {
    const cleared = run({ type: 'send', content: 'q' }, { type: 'chunk', request: 1, text: 'a' }, { type: 'clear' });
    expect(cleared).toMatchObject({ phase: 'idle', messages: [], failure: null });
    expect(chatReducer(cleared, { type: 'chunk', request: 1, text: 'late' })).toBe(cleared);
    expect(chatReducer(cleared, { type: 'finish', request: 1 })).toBe(cleared);
    const again = chatReducer(cleared, { type: 'send', content: 'new' });
    expect(chatReducer(again, { type: 'chunk', request: 1, text: 'late' })).toBe(again);
    expect(chatReducer(again, { type: 'chunk', request: again.request, text: 'fresh' }).messages.at(-1)?.content).toBe('fresh');
  });

  it('a new question after an error or a timeout starts again and forgets the old failure', () => {
    const failed = run({ type: 'send', content: 'q' }, { type: 'fail', request: 1, failure: { kind: 'connection' } });
    const next = chatReducer(failed, { type: 'send', content: 'again' });
    expect(next.phase).toBe('sending');
    expect(next.failure).toBeNull();
  });
});

describe('requestMessages', () => {
  it('sends answered turns and the new question, leaving out a question whose reply failed', () => {
    const state = run(
      { type: 'send', content: 'one' },
      { type: 'chunk', request: 1, text: 'answer one' },
      { type: 'finish', request: 1 },
      { type: 'send', content: 'two' },
      { type: 'fail', request: 2, failure: { kind: 'connection' } },
    );
    expect(requestMessages(state.messages, ' three ')).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'answer one' },
      { role: 'user', content: 'three' },
    ]);
  });

  it('stays within the contract: at most MAX_CHAT_MESSAGES, whole turns, each message within the size', () => {
    const messages = Array.from({ length: 60 }, (_, index) => [
      { role: 'user' as const, content: `q${index}` },
      { role: 'assistant' as const, content: index === 59 ? 'x'.repeat(MAX_CHAT_MESSAGE_CHARS + 50) : `a${index}` },
    ]).flat();
    const sent = requestMessages(messages, 'latest');
    expect(sent.length).toBeLessThanOrEqual(MAX_CHAT_MESSAGES);
    expect(sent[0]?.role).toBe('user');
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'latest' });
    expect(sent.at(-2)?.content.length).toBeLessThanOrEqual(MAX_CHAT_MESSAGE_CHARS);
    expect(sent.every((message) => message.content.length <= MAX_CHAT_MESSAGE_CHARS)).toBe(true);
  });
});

describe('earlier questions after a reload (product.md, Assistant)', () => {
  const kept = [
    { question: 'What is my streak?', answer: 'Your current streak is 2 days.' },
    { question: 'What am I taking?', answer: 'Magnesium, 200 mg.' },
  ];

  it('shows the kept history oldest first, as question and answer pairs', () => {
    expect(historyMessages(kept)).toEqual([
      { role: 'user', content: 'What am I taking?' },
      { role: 'assistant', content: 'Magnesium, 200 mg.' },
      { role: 'user', content: 'What is my streak?' },
      { role: 'assistant', content: 'Your current streak is 2 days.' },
    ]);
  });

  it('restores only into an untouched chat, and the restored turns are sent as context', () => {
    const restored = chatReducer(initialChatState, { type: 'restore', messages: historyMessages(kept) });
    expect(restored.messages).toHaveLength(4);
    expect(requestMessages(restored.messages, 'And zinc?').at(-1)).toEqual({ role: 'user', content: 'And zinc?' });
    const inUse = chatReducer(initialChatState, { type: 'send', content: 'Hello' });
    expect(chatReducer(inUse, { type: 'restore', messages: historyMessages(kept) })).toBe(inUse);
  });
});
