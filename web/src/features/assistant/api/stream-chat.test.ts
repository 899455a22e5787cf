import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MESSAGES } from '#contract/assistant.ts';
import { type StreamChatOptions, streamChat } from './stream-chat.ts';

const encoder = new TextEncoder();

/** A body that hands over the given pieces one by one, then ends (or stays open). */
function body(chunks: string[], options: { stayOpen?: boolean; failAfter?: boolean } = {}): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(encoder.encode(chunks[index++]!));
      else if (options.failAfter) controller.error(new TypeError('network error'));
      else if (!options.stayOpen) controller.close();
      else return new Promise(() => undefined);
    },
  });
}

function sse(chunks: string[], init: ResponseInit = {}, options?: { stayOpen?: boolean; failAfter?: boolean }) {
  return new Response(body(chunks, options), { status: 200, ...init, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

function json(value: unknown, status = 200) {
  return new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers with `response` (rejecting, like a real fetch, when its signal aborts). */
function fakeFetch(respond: (init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init! });
    const signal = init!.signal!;
    return await new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      Promise.resolve(respond(init!)).then((response) => {
        // Like a real fetch, an abort also breaks the body being read.
        if (!response.body) return resolve(response);
        const reader = response.body.getReader();
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const aborted = new Promise<never>((_, rejectRead) =>
              signal.aborted ? rejectRead(new DOMException('aborted', 'AbortError')) : signal.addEventListener('abort', () => rejectRead(new DOMException('aborted', 'AbortError'))),
            );
            try {
              const next = await Promise.race([reader.read(), aborted]);
              if (next.done) controller.close();
              else controller.enqueue(next.value);
            } catch (error) {
              controller.error(error);
            }
          },
          cancel: () => reader.cancel(),
        });
        resolve(new Response(stream, { status: response.status, headers: response.headers }));
      }, reject);
    });
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

async function ask(respond: Parameters<typeof fakeFetch>[0], extra: Partial<StreamChatOptions> = {}) {
  const { impl, calls } = fakeFetch(respond);
  const chunks: string[] = [];
  const outcome = await streamChat({
    path: '/api/query',
    messages: [{ role: 'user', content: 'How is my vitamin D?' }],
    signal: new AbortController().signal,
    onText: (chunk) => chunks.push(chunk),
    fetchImpl: impl,
    ...extra,
  });
  return { outcome, chunks, calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('streamChat', () => {
  it('POSTs the messages as JSON asking for an event stream (never in the URL)', async () => {
    const { calls } = await ask(() => sse(['data: {"response":"ok"}\n\n']));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/query');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toMatchObject({ accept: 'text/event-stream', 'content-type': 'application/json' });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ messages: [{ role: 'user', content: 'How is my vitamin D?' }] });
    expect(calls[0]!.init.credentials).toBe('include');
  });

  it('sends the lab units with the messages when it has them, so lab values come in the units of the labs page', async () => {
    const { calls } = await ask(() => sse(['data: {"response":"ok"}\n\n']), { labUnits: 'si' });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ messages: [{ role: 'user', content: 'How is my vitamin D?' }], labUnits: 'si' });
  });

  it('hands over text as it arrives, across chunk boundaries, and ends at {streaming:false}', async () => {
    const { outcome, chunks } = await ask(() =>
      sse(['data: {"response":"Your vit', 'amin D "}\n\ndata: {"response":"is 42."}\n', '\ndata: {"streaming":false}\n\ndata: {"response":"ignored"}\n\n']),
    );
    expect(chunks).toEqual(['Your vitamin D ', 'is 42.']);
    expect(outcome).toEqual({ status: 'done', text: 'Your vitamin D is 42.' });
  });

  it('accepts a stream that simply ends, with no closing event and no final newline', async () => {
    const { outcome } = await ask(() => sse(['data: {"response":"a"}\n\ndata: {"response":"b"}']));
    expect(outcome).toEqual({ status: 'done', text: 'ab' });
  });

  it('an error event inside the stream is a failure, a limitReached one a limit', async () => {
    expect((await ask(() => sse(['data: {"response":"part"}\n\ndata: {"error":"Model failed"}\n\n']))).outcome).toEqual({
      status: 'failed',
      failure: { kind: 'server', message: 'Model failed' },
    });
    expect((await ask(() => sse(['data: {"error":"Daily limit reached","limitReached":true}\n\n']))).outcome).toEqual({
      status: 'failed',
      failure: { kind: 'limit', message: 'Daily limit reached' },
    });
  });

  it('a 429 JSON answer is a limit with the server message', async () => {
    const { outcome } = await ask(() => json({ ok: false, code: 'RATE_LIMITED', message: 'You have reached your monthly chat limit of 100 messages.', limitReached: true }, 429));
    expect(outcome).toEqual({ status: 'failed', failure: { kind: 'limit', message: 'You have reached your monthly chat limit of 100 messages.' } });
  });

  it('TRIAL_EXPIRED shows the spec text whatever the status; a 500 keeps its status', async () => {
    expect((await ask(() => json({ ok: false, code: 'TRIAL_EXPIRED', message: 'x' }, 403))).outcome).toEqual({
      status: 'failed',
      failure: { kind: 'server', message: 'Your trial has expired. Please upgrade to continue.', status: 403 },
    });
    expect((await ask(() => new Response('<html>Bad gateway</html>', { status: 502 }))).outcome).toEqual({
      status: 'failed',
      failure: { kind: 'server', message: null, status: 502 },
    });
  });

  it('a JSON query result (no stream) is read as one piece', async () => {
    expect((await ask(() => json({ response: 'Whole answer' }))).outcome).toEqual({ status: 'done', text: 'Whole answer' });
    expect((await ask(() => json({ response: '', error: 'Limit', limitReached: true }))).outcome).toMatchObject({ failure: { kind: 'limit' } });
    expect((await ask(() => json({ response: '  ' }))).outcome).toEqual({ status: 'failed', failure: { kind: 'empty' } });
  });

  it('an empty stream is the empty answer; a stream of unreadable lines is unexpected', async () => {
    expect((await ask(() => sse(['data: {"streaming":false}\n\n']))).outcome).toEqual({ status: 'failed', failure: { kind: 'empty' } });
    expect((await ask(() => sse(['data: <html>\n\n']))).outcome).toEqual({ status: 'failed', failure: { kind: 'unexpected' } });
  });

  it('a refused connection and a connection lost mid-stream are connection errors', async () => {
    expect((await ask(() => Promise.reject(new TypeError('Failed to fetch')))).outcome).toEqual({ status: 'failed', failure: { kind: 'connection' } });
    const lost = await ask(() => sse(['data: {"response":"half"}\n\n'], {}, { failAfter: true }));
    expect(lost.chunks).toEqual(['half']);
    expect(lost.outcome).toEqual({ status: 'failed', failure: { kind: 'connection' } });
  });

  it('times out after 30 s without the end, aborting the request', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const pending = ask((init) => {
      seen = init.signal!;
      return sse(['data: {"response":"slow"}\n\n'], {}, { stayOpen: true });
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const { outcome, chunks } = await pending;
    expect(chunks).toEqual(['slow']);
    expect(outcome).toEqual({ status: 'failed', failure: { kind: 'timeout' } });
    expect(seen?.aborted).toBe(true);
  });

  it('the server timeout text is a timeout too', async () => {
    const { outcome } = await ask(() => sse([`data: ${JSON.stringify({ error: CHAT_MESSAGES.timeout })}\n\n`]));
    expect(outcome).toEqual({ status: 'failed', failure: { kind: 'timeout' } });
  });

  it('an abort by the caller (Clear Chat, leaving the page) stops the request and reports nothing', async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const pending = ask(
      (init) => {
        seen = init.signal!;
        return sse(['data: {"response":"a"}\n\n'], {}, { stayOpen: true });
      },
      { signal: caller.signal },
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    caller.abort();
    expect((await pending).outcome).toEqual({ status: 'aborted' });
    expect(seen?.aborted).toBe(true);
  });
});
