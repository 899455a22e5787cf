import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeBehaviour =
  | { kind: 'stream'; pieces: string[]; delayMs?: number }
  /** Some pieces, then an error event in the stream, then the end. */
  | { kind: 'error-mid-stream'; pieces: string[] }
  /** Some pieces, then the connection is cut. */
  | { kind: 'cut-mid-stream'; pieces: string[] }
  /** Some pieces, then nothing more, ever (until the client gives up). */
  | { kind: 'stall'; pieces: string[] }
  | { kind: 'status'; status: number; body: unknown }
  /** Each request is answered as `answer` says, from what it was sent: text, or tool calls. */
  | { kind: 'script'; answer: (request: FakeRequest) => FakeTurn };

/**
 * One answer of a scripted model: text pieces, or tool calls (streamed as OpenAI streams them:
 * the name first, the arguments in several pieces, `finish_reason: 'tool_calls'`), or a refusal.
 */
export type FakeTurn =
  | { pieces: string[] }
  | { toolCalls: { name: string; arguments: string; id?: string }[]; pieces?: string[] }
  | { status: number; body: unknown };

export type FakeToolCall = { id: string; type: string; function: { name: string; arguments: string } };

export type FakeRequest = {
  body: {
    model: string;
    stream: boolean;
    /** `content` is null in an assistant turn that only calls tools. */
    messages: { role: string; content: string; tool_calls?: FakeToolCall[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; description: string; parameters: unknown } }[];
    tool_choice?: unknown;
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  };
  headers: IncomingMessage['headers'];
  /** Set when the client closed the connection before the fake finished its answer. */
  abortedByClient: boolean;
  closed: Promise<void>;
};

/**
 * Speaks `POST /v1/chat/completions` with `stream: true` as OpenAI does: server-sent events of
 * `chat.completion.chunk` objects, then `data: [DONE]`. Each test sets what it does next.
 */
export class FakeOpenAi {
  readonly requests: FakeRequest[] = [];
  behaviour: FakeBehaviour = { kind: 'stream', pieces: ['Hello', ' there'] };
  private server: Server | undefined;
  private readonly open = new Set<ServerResponse>();

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    for (const response of this.open) response.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    let finished = false;
    let markClosed!: () => void;
    const record: FakeRequest = {
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
      headers: request.headers,
      abortedByClient: false,
      closed: new Promise<void>((resolve) => (markClosed = resolve)),
    };
    this.requests.push(record);
    this.open.add(response);
    response.on('close', () => {
      this.open.delete(response);
      if (!finished) record.abortedByClient = true;
      markClosed();
    });
    const behaviour = this.behaviour;
    if (behaviour.kind === 'status') {
      finished = true;
      response.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(JSON.stringify(behaviour.body));
      return;
    }
    if (behaviour.kind === 'script') {
      const turn = behaviour.answer(record);
      if ('status' in turn) {
        finished = true;
        response.writeHead(turn.status, { 'content-type': 'application/json' }).end(JSON.stringify(turn.body));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      await this.streamTurn(response, record.body.model, turn);
      finished = true;
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    for (const piece of behaviour.pieces) {
      if (response.destroyed) return;
      send({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model: record.body.model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
      await new Promise((resolve) => setTimeout(resolve, behaviour.kind === 'stream' ? (behaviour.delayMs ?? 5) : 5));
    }
    switch (behaviour.kind) {
      case 'stream':
        send({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model: record.body.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
        response.write('data: [DONE]\n\n');
        finished = true;
        response.end();
        return;
      case 'error-mid-stream':
        send({ error: { message: 'The server had an error while processing your request.', type: 'server_error' } });
        finished = true;
        response.end();
        return;
      case 'cut-mid-stream':
        finished = true;
        response.socket?.destroy();
        return;
      case 'stall':
        return;
    }
  }

  private async streamTurn(response: ServerResponse, model: string, turn: Exclude<FakeTurn, { status: number }>): Promise<void> {
    const chunk = (delta: unknown, finishReason: string | null = null) =>
      response.write(`data: ${JSON.stringify({ id: 'chatcmpl-2', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`);
    chunk({ role: 'assistant', content: '' });
    for (const piece of turn.pieces ?? []) {
      chunk({ content: piece });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const calls = 'toolCalls' in turn ? turn.toolCalls : [];
    for (const [index, call] of calls.entries()) {
      chunk({ tool_calls: [{ index, id: call.id ?? `call_fake_${index}`, type: 'function', function: { name: call.name, arguments: '' } }] });
      // The arguments arrive in pieces, as OpenAI sends them.
      const cut = Math.ceil(call.arguments.length / 3);
      for (let at = 0; at < call.arguments.length; at += cut || 1) chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(at, at + (cut || 1)) } }] });
    }
    chunk({}, calls.length > 0 ? 'tool_calls' : 'stop');
    response.write('data: [DONE]\n\n');
  }
}

/** Every tool result a request carries, parsed, with the name of the call it answers. */
export function toolResultsIn(request: FakeRequest): { name: string; result: Record<string, unknown> }[] {
  const messages = request.body.messages;
  const results: { name: string; result: Record<string, unknown> }[] = [];
  for (const message of messages) {
    if (message.role !== 'tool') continue;
    const call = messages.flatMap((m) => m.tool_calls ?? []).find((c) => c.id === message.tool_call_id);
    results.push({ name: call?.function.name ?? '?', result: JSON.parse(message.content) as Record<string, unknown> });
  }
  return results;
}
