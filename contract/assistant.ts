import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { AI_CONVERSATION_TAG, CHAT_ROLES, MAX_CHAT_MESSAGE_CHARS, MAX_CHAT_MESSAGES } from './assistant-texts.ts';

// The zod-free texts, limits and citation links live in their own module, which the web can import without zod.
export {
  AI_CONVERSATION_TAG,
  CHAT_MESSAGES,
  CHAT_ROLES,
  CITATION_SCHEME,
  citationHref,
  citationPath,
  MAX_CHAT_MESSAGE_CHARS,
  MAX_CHAT_MESSAGES,
  NOT_MEDICAL_ADVICE,
} from './assistant-texts.ts';
export type { CitationTarget } from './assistant-texts.ts';

/**
 * The assistant's calls (product.md, Assistant, issue "The assistant"). One engine answers
 * `POST /api/query`, `POST /api/chat` and `GET /api/chat?message=`; streams are server-sent
 * events whose every `data:` line is one `ChatStreamEvent` as JSON, ending with `{ streaming: false }`.
 */

export const chatMessageSchema = z.strictObject({
  role: z.enum(CHAT_ROLES),
  content: z.string().max(MAX_CHAT_MESSAGE_CHARS, `A message must be at most ${MAX_CHAT_MESSAGE_CHARS} characters`),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The conversation so far; its last message is the user's question, which must not be blank. */
export const chatBodySchema = z.strictObject({
  messages: z
    .array(chatMessageSchema)
    .min(1, 'Send at least one message')
    .max(MAX_CHAT_MESSAGES, `At most ${MAX_CHAT_MESSAGES} messages per request`)
    .refine((messages) => {
      const last = messages.at(-1);
      return last?.role === 'user' && last.content.trim() !== '';
    }, 'The last message must be a non-empty question from the user'),
  /** The labs page's unit switch; without it, lab values come in the units their report printed. */
  labUnits: z.enum(['conventional', 'si'], { error: 'labUnits must be conventional or si' }).optional(),
});
export type ChatBody = z.infer<typeof chatBodySchema>;

export const chatQuerySchema = z.strictObject({
  message: z.string().trim().min(1, 'Message is required').max(MAX_CHAT_MESSAGE_CHARS),
  /** As in the body of a POST: the labs page's unit switch. */
  labUnits: z.enum(['conventional', 'si'], { error: 'labUnits must be conventional or si' }).optional(),
});

/**
 * One server-sent event of a reply. Refusals come before the stream as ordinary JSON errors
 * (`errorResponseSchema` in errors.ts) with their status: 400 for a bad body, 403 TRIAL_EXPIRED,
 * 429 LIMIT_REACHED with `limitReached: true` (a plan's limit, or a visitor's questions per hour).
 * Once the answer is 200 `text/event-stream`, a failure is one `{ error }` event with a
 * `CHAT_MESSAGES` text (never `limitReached`), and `{ streaming: false }` always comes last.
 */
export const chatStreamEventSchema = z.union([
  z.object({ response: z.string() }),
  z.object({ error: z.string(), limitReached: z.literal(true).optional() }),
  z.object({ streaming: z.literal(false) }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/** `POST /api/query` without `Accept: text/event-stream`: product.md, Assistant, "Query result". */
export const queryResultSchema = z.object({
  response: z.string(),
  error: z.string().optional(),
  limitReached: z.boolean().optional(),
});

/**
 * product.md, Assistant, "Saved chat": content is the serialised messages, a JSON list of
 * `{ role, content }` (anything else is refused with 400 on `content`).
 */
export const saveChatBodySchema = z.strictObject({
  content: z.string().min(2).max(200_000),
  type: z.literal('chat'),
  tags: z.array(z.string().trim().min(1).max(40)).max(10).default([AI_CONVERSATION_TAG]),
});
export const savedChatSchema = z.object({ id: z.string(), loggedAt: z.string() });

export const queryHistoryItemSchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  createdAt: z.string(),
});
export const queryHistorySchema = z.array(queryHistoryItemSchema);
export type QueryHistoryItem = z.infer<typeof queryHistoryItemSchema>;
/** DELETE /api/query/history: Clear Chat on /ask empties the kept questions and answers too. */
export const queryHistoryClearedSchema = z.object({ ok: z.literal(true), deleted: z.number().int() });

export const dailySummaryBodySchema = z.strictObject({ date: z.iso.date('Use the date format yyyy-MM-dd') });
export const dailySummarySchema = z.object({ id: z.string(), date: z.string(), summary: z.string(), loggedAt: z.string() });

export const assistantEndpoints = defineEndpoints({
  queryHistory: { method: 'GET', path: '/api/query/history', response: queryHistorySchema },
  clearQueryHistory: { method: 'DELETE', path: '/api/query/history', response: queryHistoryClearedSchema },
  saveChat: { method: 'POST', path: '/api/chat/save', body: saveChatBodySchema, response: savedChatSchema },
  dailySummary: { method: 'POST', path: '/api/assistant/daily-summary', body: dailySummaryBodySchema, response: dailySummarySchema },
});
