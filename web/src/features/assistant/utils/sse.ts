import type { ChatStreamEvent } from '#contract/assistant.ts';

/**
 * Splits a server-sent event stream into the payloads of its `data:` lines. Our replies put one
 * JSON event on each `data:` line (contract/assistant.ts), so every complete data line is one
 * event; `event:`, `id:`, `retry:` and comment lines are skipped. Bytes arrive in arbitrary
 * pieces: a line split across chunks is held until its end arrives, and `end()` hands over a last
 * line that the stream closed without a newline.
 */
export class SseLineParser {
  #pending = '';
  /** A chunk ended with "\r": a "\n" opening the next chunk belongs to the same line break. */
  #afterCarriageReturn = false;

  push(chunk: string): string[] {
    let text = chunk;
    if (this.#afterCarriageReturn && text.startsWith('\n')) text = text.slice(1);
    this.#afterCarriageReturn = text.endsWith('\r');
    const lines = (this.#pending + text).split(/\r\n|\r|\n/);
    this.#pending = lines.pop() ?? '';
    return lines.flatMap((line) => dataOf(line));
  }

  end(): string[] {
    const last = this.#pending;
    this.#pending = '';
    this.#afterCarriageReturn = false;
    return dataOf(last);
  }
}

function dataOf(line: string): string[] {
  if (!line.startsWith('data:')) return [];
  // The SSE format allows one optional space after the colon.
  const value = line.slice(line.charAt(5) === ' ' ? 6 : 5);
  return value === '' ? [] : [value];
}

/** What one data payload means: a stream event, the OpenAI-style `[DONE]` end, or nothing we know. */
export type ParsedData = { kind: 'event'; event: ChatStreamEvent } | { kind: 'done' } | { kind: 'invalid' };

/** Reads one payload without trusting it: unknown shapes are reported, never thrown. */
export function parseEventData(data: string): ParsedData {
  if (data.trim() === '[DONE]') return { kind: 'done' };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return { kind: 'invalid' };
  }
  if (typeof value !== 'object' || value === null) return { kind: 'invalid' };
  const record = value as Record<string, unknown>;
  if (typeof record.response === 'string') return { kind: 'event', event: { response: record.response } };
  if (typeof record.error === 'string') {
    return {
      kind: 'event',
      event: record.limitReached === true ? { error: record.error, limitReached: true } : { error: record.error },
    };
  }
  if (record.streaming === false) return { kind: 'event', event: { streaming: false } };
  return { kind: 'invalid' };
}
