import type { QualitativeLog } from '#contract/supplement-logs.ts';

export const NOTE_PREVIEW_LENGTH = 150;

/** product.md, Tracking: a preview is the first 150 characters plus "..." (when the note is longer). */
export function notePreview(text: string, length = NOTE_PREVIEW_LENGTH): string {
  const chars = Array.from(text.trim());
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : chars.join('');
}

export type ChatMessage = { role: string; content: string };

/**
 * A chat note's content is a JSON list of messages. Anything else (bad JSON, another shape) gives
 * null, and the note is shown as plain text (product.md, Tracking).
 */
export function parseChatMessages(content: string): ChatMessage[] | null {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const messages = value.filter(
    (item): item is ChatMessage => typeof item === 'object' && item !== null && typeof item.role === 'string' && typeof item.content === 'string',
  );
  return messages.length === value.length && messages.length > 0 ? messages : null;
}

export function speakerOf(role: string): string {
  if (role === 'user') return 'You';
  if (role === 'assistant') return 'Assistant';
  return role.charAt(0).toUpperCase() + role.slice(1);
}

/** The text a note's preview is made from: a chat's first message, a summary's summary. */
export function noteText(log: QualitativeLog): string {
  if (log.type === 'chat') {
    const messages = parseChatMessages(log.content);
    if (messages) return messages.find((message) => message.role === 'user')?.content ?? messages[0]!.content;
  }
  if (log.type === 'summary') return log.summary ?? log.content;
  return log.content;
}

/** The day's summary note, if one exists; the other notes are listed under "Daily Notes". */
export function splitNotes(logs: readonly QualitativeLog[]): { summary: QualitativeLog | null; notes: QualitativeLog[] } {
  const summary = logs.find((log) => log.type === 'summary') ?? null;
  return { summary, notes: logs.filter((log) => log.type !== 'summary') };
}
