import { z } from 'zod';

/**
 * The assistant's calls (spec section 7, issue "The assistant"). One engine answers
 * `POST /api/query`, `POST /api/chat` and `GET /api/chat?message=`; streams are server-sent
 * events whose every `data:` line is one `ChatStreamEvent` as JSON, ending with `{ streaming: false }`.
 */
export const CHAT_ROLES = ['user', 'assistant', 'system'] as const;
export const MAX_CHAT_MESSAGES = 40;
export const MAX_CHAT_MESSAGE_CHARS = 4000;

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
});
export type ChatBody = z.infer<typeof chatBodySchema>;

export const chatQuerySchema = z.strictObject({
  message: z.string().trim().min(1, 'Message is required').max(MAX_CHAT_MESSAGE_CHARS),
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

/** `POST /api/query` without `Accept: text/event-stream`: spec section 3, "Query result". */
export const queryResultSchema = z.object({
  response: z.string(),
  error: z.string().optional(),
  limitReached: z.boolean().optional(),
});

/** The tag every saved chat carries (the server adds it when missing). */
export const AI_CONVERSATION_TAG = 'ai_conversation';

/**
 * Spec section 3, "Saved chat": content is the serialised messages, a JSON list of
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

export const dailySummaryBodySchema = z.strictObject({ date: z.iso.date('Use the date format yyyy-MM-dd') });
export const dailySummarySchema = z.object({ id: z.string(), date: z.string(), summary: z.string(), loggedAt: z.string() });

/** The line every answer ends with (decisions section 7), after a blank line; the server adds it. */
export const NOT_MEDICAL_ADVICE =
  'This is general information from your own records, not medical advice. Talk to a qualified health professional before changing your treatment.';

/** Spec section 8, "Chat": the texts the web shows. */
export const CHAT_MESSAGES = {
  askFailure: 'Failed to get response',
  limitTitle: 'Usage Limit Reached',
  limitDefault: 'Daily limit reached',
  dashboardLimitTitle: 'Usage limit reached',
  timeout: "I'm sorry, there was a timeout while generating a response. Please try again.",
  serverError: "I'm sorry, there was an error generating a response. Please try again.",
  connectionError: 'I apologize, but there was an error connecting to the AI service. Please try again.',
  empty: "I don't have a response for that.",
  unexpected: "I'm sorry, an unexpected error occurred. Please try again.",
} as const;

/**
 * Citations are Markdown links with the `stacklab:` scheme inside an answer, e.g.
 * `[25-OH vitamin D on 2025-03-02](stacklab:biomarker/vitamin-d-25-oh?date=2025-03-02)` or
 * `[what you logged on 2025-03-02](stacklab:day/2025-03-02)`. The web turns them into links to the
 * biomarker chart or the history day; any other scheme than http(s), mailto and stacklab is dropped.
 */
export const CITATION_SCHEME = 'stacklab:';
export type CitationTarget = { kind: 'day'; date: string } | { kind: 'biomarker'; name: string; date?: string } | { kind: 'supplement'; id: string };

export function citationHref(target: CitationTarget): string {
  switch (target.kind) {
    case 'day':
      return `${CITATION_SCHEME}day/${target.date}`;
    case 'biomarker':
      return `${CITATION_SCHEME}biomarker/${encodeURIComponent(target.name)}${target.date ? `?date=${target.date}` : ''}`;
    case 'supplement':
      return `${CITATION_SCHEME}supplement/${target.id}`;
  }
}

/** The app path a citation opens, or undefined for anything malformed. */
export function citationPath(href: string): string | undefined {
  if (!href.startsWith(CITATION_SCHEME)) return undefined;
  const [kind, rest = ''] = href.slice(CITATION_SCHEME.length).split(/\/(.*)/s, 2);
  const [value = '', query = ''] = rest.split('?', 2);
  if (kind === 'day' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `/supplement-history?date=${value}`;
  if (kind === 'biomarker' && value) {
    const date = new URLSearchParams(query).get('date');
    return `/labs?biomarkers=${value}${date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `&date=${date}` : ''}`;
  }
  if (kind === 'supplement' && /^[0-9a-f-]{36}$/i.test(value)) return `/?supplement=${value}`;
  return undefined;
}
