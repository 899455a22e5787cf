import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '#contract/assistant.ts';
import { askErrorText, dashboardErrorText, serverFailure } from './chat-failure.ts';

describe('serverFailure', () => {
  it('is a limit on the limitReached flag, a 429, or a message naming the monthly chat limit', () => {
    expect(serverFailure({ message: 'Over', limitReached: true })).toEqual({ kind: 'limit', message: 'Over' });
    expect(serverFailure({ message: null, status: 429 })).toEqual({ kind: 'limit', message: null });
    expect(serverFailure({ message: 'You have reached your Monthly Chat Limit of 100 messages.' }).kind).toBe('limit');
  });

  it('recognises the server timeout text, and keeps other messages with their status', () => {
    expect(serverFailure({ message: CHAT_MESSAGES.timeout })).toEqual({ kind: 'timeout' });
    expect(serverFailure({ message: 'Bad', status: 400 })).toEqual({ kind: 'server', message: 'Bad', status: 400 });
    expect(serverFailure({ message: '  ' })).toEqual({ kind: 'server', message: null });
  });
});

describe('texts of product.md, Assistant, "Chat"', () => {
  it('Ask page: the server message, else "Failed to get response"', () => {
    expect(askErrorText({ kind: 'server', message: 'Message too long', status: 400 })).toBe('Message too long');
    expect(askErrorText({ kind: 'server', message: null, status: 500 })).toBe(CHAT_MESSAGES.askFailure);
    expect(askErrorText({ kind: 'connection' })).toBe(CHAT_MESSAGES.askFailure);
    expect(askErrorText({ kind: 'unexpected' })).toBe(CHAT_MESSAGES.askFailure);
    expect(askErrorText({ kind: 'timeout' })).toBe(CHAT_MESSAGES.timeout);
    expect(askErrorText({ kind: 'limit', message: null })).toBe(CHAT_MESSAGES.limitDefault);
  });

  it('dashboard: each failure in the assistant’s words; a 5xx never shows the server’s text', () => {
    expect(dashboardErrorText({ kind: 'timeout' })).toBe(CHAT_MESSAGES.timeout);
    expect(dashboardErrorText({ kind: 'server', message: 'Internal details', status: 500 })).toBe(CHAT_MESSAGES.serverError);
    expect(dashboardErrorText({ kind: 'server', message: null })).toBe(CHAT_MESSAGES.serverError);
    expect(dashboardErrorText({ kind: 'server', message: 'Your trial has expired. Please upgrade to continue.', status: 403 })).toBe(
      'Your trial has expired. Please upgrade to continue.',
    );
    expect(dashboardErrorText({ kind: 'connection' })).toBe(CHAT_MESSAGES.connectionError);
    expect(dashboardErrorText({ kind: 'empty' })).toBe(CHAT_MESSAGES.empty);
    expect(dashboardErrorText({ kind: 'unexpected' })).toBe(CHAT_MESSAGES.unexpected);
  });
});
