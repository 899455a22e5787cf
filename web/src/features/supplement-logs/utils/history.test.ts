import { describe, expect, it } from 'vitest';
import type { QualitativeLog } from '#contract/supplement-logs.ts';
import { dayButtonParts, daysOfMonth, formatMonth, monthOf, shiftMonth } from './calendar.ts';
import { notePreview, noteText, parseChatMessages, speakerOf, splitNotes } from './notes.ts';

describe('the day row', () => {
  it('lists every day of a month, leap years included', () => {
    expect(daysOfMonth('2025-06')).toHaveLength(30);
    expect(daysOfMonth('2025-06')[0]).toBe('2025-06-01');
    expect(daysOfMonth('2025-06').at(-1)).toBe('2025-06-30');
    expect(daysOfMonth('2024-02')).toHaveLength(29);
    expect(daysOfMonth('2025-02')).toHaveLength(28);
    expect(daysOfMonth('2025-12').at(-1)).toBe('2025-12-31');
  });

  it('moves between months across years', () => {
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2024-12', 1)).toBe('2025-01');
    expect(shiftMonth('2025-06', 0)).toBe('2025-06');
    expect(shiftMonth('2025-03', -14)).toBe('2024-01');
    expect(monthOf('2025-06-14')).toBe('2025-06');
  });

  it('labels months and day buttons', () => {
    expect(formatMonth('2025-06')).toBe('June 2025');
    expect(formatMonth('2025-01')).toBe('January 2025');
    expect(dayButtonParts('2025-06-01')).toEqual({ weekday: 'Sun', day: '1' });
  });
});

describe('notes', () => {
  it('previews the first 150 characters plus "..."', () => {
    const long = 'a'.repeat(200);
    expect(notePreview(long)).toBe(`${'a'.repeat(150)}...`);
    expect(notePreview('a'.repeat(150))).toBe('a'.repeat(150));
    expect(notePreview('  short note  ')).toBe('short note');
    // Characters, not UTF-16 units: an emoji is never cut in half.
    expect(notePreview(`${'💊'.repeat(151)}`)).toBe(`${'💊'.repeat(150)}...`);
  });

  it('reads a chat note as messages, and anything unreadable as null', () => {
    const chat = JSON.stringify([{ role: 'user', content: 'Is 400 mg too much?' }, { role: 'assistant', content: 'It is within...' }]);
    expect(parseChatMessages(chat)).toHaveLength(2);
    expect(parseChatMessages('{not json')).toBeNull();
    expect(parseChatMessages('"text"')).toBeNull();
    expect(parseChatMessages('[]')).toBeNull();
    expect(parseChatMessages('[{"role":"user"}]')).toBeNull();
    expect(speakerOf('user')).toBe('You');
    expect(speakerOf('assistant')).toBe('Assistant');
    expect(speakerOf('system')).toBe('System');
  });

  const log = (type: QualitativeLog['type'], content: string, summary: string | null = null): QualitativeLog => ({
    id: `${type}-${content.length}`,
    type,
    content,
    summary,
    loggedAt: '2025-06-01T08:00:00.000Z',
    ratings: null,
  });

  it("previews a chat by its first question, a summary by its summary, an unreadable chat as text", () => {
    expect(noteText(log('chat', JSON.stringify([{ role: 'assistant', content: 'Hi' }, { role: 'user', content: 'Zinc?' }])))).toBe('Zinc?');
    expect(noteText(log('chat', 'not json'))).toBe('not json');
    expect(noteText(log('summary', 'long', 'short'))).toBe('short');
    expect(noteText(log('other', 'Energy 4/5'))).toBe('Energy 4/5');
  });

  it('keeps the summary apart from the daily notes', () => {
    const summary = log('summary', 'day');
    const other = log('other', 'note');
    expect(splitNotes([other, summary])).toEqual({ summary, notes: [other] });
    expect(splitNotes([other])).toEqual({ summary: null, notes: [other] });
  });
});
