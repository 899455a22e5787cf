import type { ChatMessage } from '#contract/assistant.ts';
import { errorFromResponse } from '#web/lib/api-fetch.ts';
import { markTrialExpired } from '#web/lib/trial-expired.ts';
import { type ChatFailure, serverFailure } from '../utils/chat-failure.ts';
import { SseLineParser, parseEventData } from '../utils/sse.ts';

/** product.md, Assistant: a reply not finished in 30 seconds has timed out. */
export const CHAT_TIMEOUT_MS = 30_000;

/** The Ask page asks `/api/query`, the dashboard panel `/api/chat`; one engine answers both. */
export type ChatPath = '/api/query' | '/api/chat';

export type StreamChatOptions = {
  path: ChatPath;
  messages: ChatMessage[];
  /** The labs' unit switch (`web/src/lib/lab-units.ts`): lab values in the answer come in these units. */
  labUnits?: 'conventional' | 'si' | undefined;
  /** Aborted by the caller (Clear Chat, leaving the page): the request stops and nothing is reported. */
  signal: AbortSignal;
  onText: (chunk: string) => void;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

export type StreamOutcome = { status: 'done'; text: string } | { status: 'failed'; failure: ChatFailure } | { status: 'aborted' };

/**
 * Asks one question and reads the reply as it streams. The question travels in a POST body,
 * never in a URL (product.md, Assistant). Never throws: every way a reply can go wrong becomes a
 * `ChatFailure` with the spec's meaning, and a reply cut short by the 30 s timeout aborts the
 * request so the server stops generating too.
 */
export async function streamChat(options: StreamChatOptions): Promise<StreamOutcome> {
  const { path, messages, labUnits, signal, onText, timeoutMs = CHAT_TIMEOUT_MS, fetchImpl = fetch } = options;
  if (signal.aborted) return { status: 'aborted' };

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  signal.addEventListener('abort', forwardAbort, { once: true });

  const stopped = (): StreamOutcome | null => {
    if (signal.aborted) return { status: 'aborted' };
    if (timedOut) return { status: 'failed', failure: { kind: 'timeout' } };
    return null;
  };

  try {
    let response: Response;
    try {
      response = await fetchImpl(path, {
        method: 'POST',
        headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
        credentials: 'include',
        body: JSON.stringify(labUnits ? { messages, labUnits } : { messages }),
        signal: controller.signal,
      });
    } catch {
      return stopped() ?? { status: 'failed', failure: { kind: 'connection' } };
    }

    const type = response.headers.get('content-type') ?? '';
    if (response.body && type.includes('text/event-stream')) {
      const outcome = await readEventStream(response.body, onText);
      if (outcome === 'read-failed') return stopped() ?? { status: 'failed', failure: { kind: 'connection' } };
      if (outcome.status === 'failed' && outcome.failure.kind === 'empty' && !response.ok) {
        return { status: 'failed', failure: serverFailure({ message: null, status: response.status }) };
      }
      return outcome;
    }

    let body: unknown;
    try {
      const text = await response.text();
      body = text ? JSON.parse(text) : undefined;
    } catch {
      const interrupted = stopped();
      if (interrupted) return interrupted;
      // Not JSON (a proxy's error page, say): judged by the status alone below.
      body = undefined;
    }
    if (!response.ok) return { status: 'failed', failure: failureOfRefusal(response.status, body) };
    return readJsonReply(body, onText);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forwardAbort);
  }
}

/** A refused request (4xx/5xx with a JSON error body, product.md, Assistant). */
function failureOfRefusal(status: number, body: unknown): ChatFailure {
  const error = errorFromResponse(status, body);
  if (error.code === 'TRIAL_EXPIRED') {
    markTrialExpired();
    return { kind: 'server', message: error.message, status };
  }
  const hasMessage = typeof body === 'object' && body !== null && ('message' in body || 'error' in body);
  return serverFailure({ message: hasMessage ? error.message : null, limitReached: error.limitReached, status });
}

/** `POST /api/query` answered without a stream: product.md, Assistant, "Query result". */
function readJsonReply(body: unknown, onText: (chunk: string) => void): StreamOutcome {
  if (typeof body !== 'object' || body === null) return { status: 'failed', failure: { kind: 'unexpected' } };
  const result = body as { response?: unknown; error?: unknown; limitReached?: unknown };
  if (result.limitReached === true || typeof result.error === 'string') {
    return {
      status: 'failed',
      failure: serverFailure({ message: typeof result.error === 'string' ? result.error : null, limitReached: result.limitReached === true }),
    };
  }
  if (typeof result.response !== 'string') return { status: 'failed', failure: { kind: 'unexpected' } };
  if (result.response.trim() === '') return { status: 'failed', failure: { kind: 'empty' } };
  onText(result.response);
  return { status: 'done', text: result.response };
}

/**
 * Reads `data:` events until `{ streaming: false }`, an error event, or the end of the body (a
 * stream may simply end, with no closing event). 'read-failed' means the connection broke (or
 * was aborted) while reading.
 */
async function readEventStream(body: ReadableStream<Uint8Array>, onText: (chunk: string) => void): Promise<StreamOutcome | 'read-failed'> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseLineParser();
  let text = '';
  let invalid = 0;

  // Returns an outcome when the reply is over, undefined to keep reading.
  const handle = (payloads: string[]): StreamOutcome | undefined => {
    for (const payload of payloads) {
      const parsed = parseEventData(payload);
      if (parsed.kind === 'done') return finished();
      if (parsed.kind === 'invalid') {
        invalid += 1;
        continue;
      }
      const event = parsed.event;
      if ('response' in event) {
        if (event.response !== '') {
          text += event.response;
          onText(event.response);
        }
      } else if ('error' in event) {
        return { status: 'failed', failure: serverFailure({ message: event.error, limitReached: event.limitReached === true }) };
      } else {
        return finished();
      }
    }
    return undefined;
  };
  const finished = (): StreamOutcome => {
    if (text.trim() !== '') return { status: 'done', text };
    // Nothing but lines we could not read: that is not an empty answer but a broken one.
    return { status: 'failed', failure: { kind: invalid > 0 ? 'unexpected' : 'empty' } };
  };

  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        return 'read-failed';
      }
      if (chunk.done) {
        return handle([...parser.push(decoder.decode()), ...parser.end()]) ?? finished();
      }
      const outcome = handle(parser.push(decoder.decode(chunk.value, { stream: true })));
      if (outcome) return outcome;
    }
  } finally {
    // Stops the download (and tells the server) when we stop before the body's end.
    reader.cancel().catch(() => undefined);
  }
}
