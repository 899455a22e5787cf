import { describe, expect, it } from 'vitest';
import { timeZoneLabel, timeZoneOptions } from './time-zones.ts';

describe('time zones', () => {
  it('lists the known zones, sorted, with the current one and UTC', () => {
    const zones = timeZoneOptions('Asia/Kolkata');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).toContain('UTC');
    expect(zones).toContain('America/Los_Angeles');
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
    expect(timeZoneOptions('Etc/Unknown_Zone_Kept')).toContain('Etc/Unknown_Zone_Kept');
  });

  it('labels a zone with its offset at a given moment', () => {
    expect(timeZoneLabel('Asia/Kolkata', new Date('2025-06-01T00:00:00Z'))).toBe('Asia/Kolkata (GMT+5:30)');
    expect(timeZoneLabel('America/Los_Angeles', new Date('2025-01-15T00:00:00Z'))).toBe('America/Los Angeles (GMT-8)');
    expect(timeZoneLabel('Mars/Olympus')).toBe('Mars/Olympus');
  });
});
