import { describe, expect, it } from 'vitest';
import { SseLineParser, parseEventData } from './sse.ts';

/** Feeds the pieces one after another, then ends the stream, collecting every data payload. */
function feed(...chunks: string[]): string[] {
  const parser = new SseLineParser();
  return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
}

describe('SseLineParser', () => {
  it('reads one event per data line, several in one chunk', () => {
    expect(feed('data: {"response":"Hel"}\n\ndata: {"response":"lo"}\n\ndata: {"streaming":false}\n\n')).toEqual([
      '{"response":"Hel"}',
      '{"response":"lo"}',
      '{"streaming":false}',
    ]);
  });

  it('joins a line split mid-way across chunks, even inside the field name and the JSON', () => {
    expect(feed('da', 'ta: {"respo', 'nse":"Vitamin D"}\n', '\ndata: {"streaming":', 'false}\n\n')).toEqual([
      '{"response":"Vitamin D"}',
      '{"streaming":false}',
    ]);
  });

  it('takes a last line that the stream ended without a newline (no [DONE], no blank line)', () => {
    expect(feed('data: {"response":"a"}\n\ndata: {"response":"b"}')).toEqual(['{"response":"a"}', '{"response":"b"}']);
  });

  it('accepts CRLF and CR line ends, including a CRLF split between chunks', () => {
    expect(feed('data: {"response":"x"}\r', '\n\r\ndata: {"response":"y"}\r\rdata: {"response":"z"}\r\n')).toEqual([
      '{"response":"x"}',
      '{"response":"y"}',
      '{"response":"z"}',
    ]);
  });

  it('skips comments, event names, ids and retry lines, and takes data without the optional space', () => {
    expect(feed(': keep-alive\nevent: message\nid: 7\nretry: 1000\ndata:{"response":"tight"}\n\n')).toEqual(['{"response":"tight"}']);
  });

  it('gives nothing for an empty stream or empty data lines', () => {
    expect(feed('')).toEqual([]);
    expect(feed('data:\n\ndata: \n\n')).toEqual([]);
  });

  it('keeps multi-byte text intact when the caller decodes chunks in streaming mode', () => {
    const bytes = new TextEncoder().encode('data: {"response":"25-OH vitamin D µg ✓"}\n\n');
    const decoder = new TextDecoder();
    const parser = new SseLineParser();
    const out: string[] = [];
    // One byte at a time splits every multi-byte character.
    for (const byte of bytes) out.push(...parser.push(decoder.decode(Uint8Array.of(byte), { stream: true })));
    out.push(...parser.push(decoder.decode()), ...parser.end());
    expect(out.map((data) => JSON.parse(data))).toEqual([{ response: '25-OH vitamin D µg ✓' }]);
  });
});

describe('parseEventData', () => {
  it('reads the three event shapes of the contract', () => {
    expect(parseEventData('{"response":"chunk"}')).toEqual({ kind: 'event', event: { response: 'chunk' } });
    expect(parseEventData('{"error":"Daily limit reached","limitReached":true}')).toEqual({
      kind: 'event',
      event: { error: 'Daily limit reached', limitReached: true },
    });
    expect(parseEventData('{"error":"boom"}')).toEqual({ kind: 'event', event: { error: 'boom' } });
    expect(parseEventData('{"streaming":false}')).toEqual({ kind: 'event', event: { streaming: false } });
  });

  it('reports [DONE] as the end and anything else as invalid, without throwing', () => {
    expect(parseEventData('[DONE]')).toEqual({ kind: 'done' });
    for (const bad of ['{', 'null', '42', '"text"', '{"response":5}', '{"streaming":true}', '{}']) {
      expect(parseEventData(bad)).toEqual({ kind: 'invalid' });
    }
  });
});
