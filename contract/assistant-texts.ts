/**
 * The assistant's texts, limits and citation links: zod-free, so that the web can use them
 * without loading schema code (decision 017); `assistant.ts` re-exports them beside its schemas.
 */
export const CHAT_ROLES = ['user', 'assistant', 'system'] as const;
export const MAX_CHAT_MESSAGES = 40;
export const MAX_CHAT_MESSAGE_CHARS = 4000;

/** The tag every saved chat carries (the server adds it when missing). */
export const AI_CONVERSATION_TAG = 'ai_conversation';

/** The line every answer ends with (product.md, Assistant), after a blank line; the server adds it. */
export const NOT_MEDICAL_ADVICE =
  'This is general information from your own records, not medical advice. Talk to a qualified health professional before changing your treatment.';

/** product.md, Assistant, "Chat": the texts the web shows. */
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
