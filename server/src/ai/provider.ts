import type { AssistantContext } from './assistant-data.ts';

/** A turn of the conversation as the providers see it: the client's `system` turns are never passed on. */
export type ConversationTurn = { role: 'user' | 'assistant'; content: string };

/**
 * The one interface behind every assistant call (product.md, Assistant). A provider yields the
 * reply's text in pieces as they are ready and stops when `signal` aborts (timeout, or the client
 * went away); it throws `ProviderError` when the reply cannot be made. It never writes anything.
 */
export type AssistantProvider = {
  /** `builtin` or `openai-compatible`: for logs and the daily summary's wording, never shown raw. */
  readonly kind: 'builtin' | 'openai-compatible';
  streamReply(context: AssistantContext, messages: readonly ConversationTurn[], signal: AbortSignal): AsyncIterable<string>;
  /** A short plain summary of one day's records (the history's "Daily Summary"). */
  summariseDay(context: AssistantContext, date: string, signal: AbortSignal): Promise<string>;
};

/**
 * Why a reply failed, in words the engine maps to the spec's texts: `connection` (the service
 * cannot be reached), `upstream` (it answered with an error, including its own rate limit),
 * `aborted` (our signal: timeout or client gone).
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'connection' | 'upstream' | 'aborted',
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
