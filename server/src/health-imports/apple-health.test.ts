import { describe, expect, it } from 'vitest';
import { appleHealthXml, daysEndingOn } from '#server/testing/health-exports.ts';
import { readHealthExport } from './read-export.ts';

async function* bytesOf(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

describe('a generated Apple Health export.xml', () => {
  // A malformed record per day once went unnoticed here, until a large export passed the damage limit.
  it('is read whole: every day kept, nothing passed over as damaged', async () => {
    const outcome = await readHealthExport(bytesOf(appleHealthXml(daysEndingOn('2026-01-31', 3), { fillerRecords: 5 })), { fileName: 'export.xml', timeZone: 'UTC' });
    const kept = [];
    for await (const batch of outcome.batches) kept.push(...batch);
    expect(new Set(kept.map((measurement) => measurement.day))).toEqual(new Set(['2026-01-29', '2026-01-30', '2026-01-31']));
    expect(kept.filter((measurement) => measurement.kind === 'blood_glucose')).toHaveLength(3);
    expect(outcome.notes.filter((note) => note.includes('damaged'))).toEqual([]);
  });
});
