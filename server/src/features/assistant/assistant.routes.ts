import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type ChatMessage,
  type ChatStreamEvent,
  assistantEndpoints,
  chatBodySchema,
  chatQuerySchema,
  queryResultSchema,
} from '#contract/assistant.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import type { Admission, AssistantService, ReplyOptions } from './assistant.service.ts';

/** 40 messages of 4,000 characters, or a saved chat of 200,000, in any script, as JSON. */
const BODY_LIMIT = 1024 * 1024;
const refusals = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema };
const STREAM_NOTE =
  'Answers `text/event-stream`: one `data: <json>` line per event (`{response}` pieces, then `{error}` on failure), always ending with `{streaming:false}`. Limits and validation refuse before the stream starts, as JSON errors with their status (429 with `limitReached`).';

export async function assistantRoutes(app: FastifyInstance, { assistant }: { assistant: AssistantService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { queryHistory, clearQueryHistory, saveChat, dailySummary } = assistantEndpoints;

  r.post('/api/query', {
    config: { access: 'public' },
    bodyLimit: BODY_LIMIT,
    schema: {
      tags: ['assistant'],
      summary: 'Asks the assistant; an event stream with `Accept: text/event-stream`, else JSON `{ response }`',
      description: STREAM_NOTE,
      body: chatBodySchema,
      response: { 200: queryResultSchema, ...refusals, 503: errorResponseSchema },
    },
  }, async (request, reply) => {
    const admission = await assistant.admit(askerOf(request));
    const options = { labUnits: request.body.labUnits };
    if (acceptsEventStream(request)) return sendReply(reply, assistant, admission, request.body.messages, options);
    return assistant.replyAsJson(admission, request.body.messages, clientGoneSignal(reply), options);
  });

  r.get(queryHistory.path, {
    config: { access: 'public' },
    schema: { tags: ['assistant'], summary: "The signed-in user's recent questions and answers, newest first (empty for visitors)", response: { 200: queryHistory.response } },
  }, async (request) => assistant.history(request.auth?.user ?? null));

  r.delete(clearQueryHistory.path, {
    config: { access: 'user' },
    schema: { tags: ['assistant'], summary: "Clears the signed-in user's kept questions and answers (Clear Chat on /ask)", response: { 200: clearQueryHistory.response, 401: errorResponseSchema } },
  }, async (request) => assistant.clearHistory(request.auth!.user));

  r.post('/api/chat', {
    config: { access: 'public' },
    bodyLimit: BODY_LIMIT,
    schema: { tags: ['assistant'], summary: 'Asks the assistant; always an event stream', description: STREAM_NOTE, body: chatBodySchema, response: refusals },
  }, async (request, reply) => {
    const admission = await assistant.admit(askerOf(request));
    return sendReply(reply, assistant, admission, request.body.messages, { labUnits: request.body.labUnits });
  });

  r.get('/api/chat', {
    config: { access: 'public' },
    schema: {
      tags: ['assistant'],
      summary:
        'Asks one question in the URL; an event stream (kept for compatibility: the web app sends questions by POST so that they stay out of URLs). Changes nothing: no plan allowance is used and no history kept; refused when the allowance is used up, and limited per network and hour',
      description: STREAM_NOTE,
      querystring: chatQuerySchema,
      response: refusals,
    },
  }, async (request, reply) => {
    const admission = await assistant.admitQuestionInUrl(askerOf(request));
    return sendReply(reply, assistant, admission, [{ role: 'user', content: request.query.message }], { labUnits: request.query.labUnits });
  });

  r.post(saveChat.path, {
    config: { access: 'user' },
    bodyLimit: BODY_LIMIT,
    schema: { tags: ['assistant'], summary: "Saves a finished conversation as a chat note on the user's day", body: saveChat.body, response: { 200: saveChat.response, ...refusals } },
  }, async (request) => assistant.saveChat(request.auth!.user, request.body));

  r.post(dailySummary.path, {
    config: { access: 'user' },
    schema: {
      tags: ['assistant'],
      summary: "Writes a short summary of a day that has logs, stored as that day's Daily Summary (replacing an earlier one)",
      body: dailySummary.body,
      response: { 200: dailySummary.response, ...refusals, 503: errorResponseSchema },
    },
  }, async (request) => assistant.dailySummary(request.auth!.user, request.body.date));
}

function askerOf(request: FastifyRequest) {
  return { user: request.auth?.user ?? null, address: request.ip };
}

function acceptsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('text/event-stream');
}

/**
 * Aborts when the connection closes before the answer is complete: the browser went away, and
 * the upstream request must stop too. (The response's `close` is the reliable signal; the
 * request's fires as soon as a POST body has been read.)
 */
function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client went away'));
  });
  return controller.signal;
}

function sendReply(reply: FastifyReply, assistant: AssistantService, admission: Admission, messages: readonly ChatMessage[], options: ReplyOptions = {}) {
  const events = assistant.reply(admission, messages, clientGoneSignal(reply), options);
  reply.header('content-type', 'text/event-stream; charset=utf-8');
  reply.header('cache-control', 'no-store');
  // Proxies such as nginx would otherwise hold the pieces back until the answer is complete.
  reply.header('x-accel-buffering', 'no');
  return reply.send(Readable.from(toEventStream(events), { objectMode: false }));
}

async function* toEventStream(events: AsyncIterable<ChatStreamEvent>): AsyncIterable<string> {
  for await (const event of events) yield `data: ${JSON.stringify(event)}\n\n`;
}
