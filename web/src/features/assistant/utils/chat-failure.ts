import { CHAT_MESSAGES } from '#contract/assistant-texts.ts';

/**
 * Why a reply did not arrive, whatever the call or the screen. Each screen turns a failure into
 * the spec's words (section 8, "Chat"): the Ask page into its error box, the dashboard into the
 * assistant's apology or the limit dialog.
 */
export type ChatFailure =
  /** Over a usage limit: the server's message says which limit and when it resets. */
  | { kind: 'limit'; message: string | null }
  | { kind: 'timeout' }
  /** The server refused or failed; `status` is the HTTP status, absent for an error event inside a stream. */
  | { kind: 'server'; message: string | null; status?: number }
  | { kind: 'connection' }
  | { kind: 'empty' }
  | { kind: 'unexpected' };

/** Words by which a message names the monthly limit (product.md, Assistant: the dashboard's limit dialog opens on them). */
const MONTHLY_LIMIT_TEXT = /monthly chat limit/i;

/** A failure reported by the server, as an error event or as a refused request. */
export function serverFailure(options: { message: string | null | undefined; limitReached?: boolean; status?: number }): ChatFailure {
  const message = options.message?.trim() ? options.message.trim() : null;
  if (options.limitReached || options.status === 429 || (message !== null && MONTHLY_LIMIT_TEXT.test(message))) {
    return { kind: 'limit', message };
  }
  if (message === CHAT_MESSAGES.timeout) return { kind: 'timeout' };
  return options.status === undefined ? { kind: 'server', message } : { kind: 'server', message, status: options.status };
}

/** The Ask page's error box: "Failed to get response" or the server's message. */
export function askErrorText(failure: ChatFailure): string {
  switch (failure.kind) {
    case 'limit':
      return failure.message ?? CHAT_MESSAGES.limitDefault;
    case 'timeout':
      return CHAT_MESSAGES.timeout;
    case 'server':
      return failure.message ?? CHAT_MESSAGES.askFailure;
    case 'empty':
      return CHAT_MESSAGES.empty;
    case 'connection':
    case 'unexpected':
      return CHAT_MESSAGES.askFailure;
  }
}

/**
 * The dashboard assistant's words for a failure. A refusal the user can act on (a 4xx with a
 * message, such as an expired trial or a too-long message) keeps the server's words; a failing
 * server gets the spec's apology, never its internals.
 */
export function dashboardErrorText(failure: ChatFailure): string {
  switch (failure.kind) {
    case 'limit':
      return failure.message ?? CHAT_MESSAGES.limitDefault;
    case 'timeout':
      return CHAT_MESSAGES.timeout;
    case 'server': {
      const actionable = failure.status === undefined || (failure.status >= 400 && failure.status < 500);
      return actionable && failure.message ? failure.message : CHAT_MESSAGES.serverError;
    }
    case 'connection':
      return CHAT_MESSAGES.connectionError;
    case 'empty':
      return CHAT_MESSAGES.empty;
    case 'unexpected':
      return CHAT_MESSAGES.unexpected;
  }
}
