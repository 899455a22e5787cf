import { describe, expect, it } from 'vitest';
import { findCollectionDate, inferDateOrder, readTestDate } from './dates.ts';

const today = new Date('2026-01-01T00:00:00Z');
const find = (lines: string[], dateOrder?: 'dmy' | 'mdy') => findCollectionDate(lines, { today, ...(dateOrder ? { dateOrder } : {}) });

describe('findCollectionDate', () => {
  it('reads only labelled collection dates', () => {
    expect(find(['Collected on : 17/10/2024'])).toBe('2024-10-17');
    expect(find(['Specimen Collected: 2023-02-28 08:15'])).toBe('2023-02-28');
    expect(find(['Sample Collection Date: 3 March 2024'])).toBe('2024-03-03');
    expect(find(['Collection Date/Time: Mar 5, 2024 10:20'])).toBe('2024-03-05');
    expect(find(['Report date: 12/11/2024', 'Name | 11/04/2024'])).toBeNull();
  });

  it('gives null for a template year such as "2X" rather than guessing', () => {
    expect(find(['Collected on: 03:11 PM 02 Dec, 2X', 'Reported on: 02 Dec, 2024'])).toBeNull();
  });

  it('settles day/month order from another date in the document, or gives null', () => {
    expect(find(['Collected: 10/09/2025 / 02:39 PM', 'Report Date: 12/18/2025'])).toBe('2025-10-09');
    expect(find(['Collected: 10/09/2025', 'Printed: 25/09/2025'])).toBe('2025-09-10');
    expect(find(['Collected: 10/09/2025'])).toBeNull();
    expect(find(['Collected: 10/09/2025'], 'dmy')).toBe('2025-09-10');
  });

  it('refuses impossible and future dates', () => {
    expect(find(['Collected on: 31/02/2024'])).toBeNull();
    expect(find(['Collected on: 01/01/2031'])).toBeNull();
  });

  it('skips a label with no date after it (an address) and keeps looking', () => {
    expect(find(['Sample Collected At: 125, Main Road', 'Collected on: 17/10/2024'])).toBe('2024-10-17');
  });

  it('infers the date order only from unambiguous dates', () => {
    expect(inferDateOrder(['DOB 03/02/1958'])).toBeNull();
    expect(inferDateOrder(['12/18/2025'])).toBe('mdy');
  });
});

describe('findCollectionDate: label forms', () => {
  it('reads "Sample collected on:"', () => {
    expect(findCollectionDate(['Sample collected on: 14/03/2025'], { today })).toBe('2025-03-14');
  });
});

describe('readTestDate: which printed date is the test date', () => {
  const read = (lines: string[]) => readTestDate(lines, { today });

  it('takes a labelled collection date over received, report and print dates, and never a date of birth', () => {
    expect(read(['DOB: 1975-08-22', 'Received: 2024-11-12', 'Report Date: 2024-11-13', 'Collection Date: 2024-11-11'])).toEqual({ date: '2024-11-11', review: null });
    expect(read(['Date of Test: 2025-04-08', 'Date: 2025-04-09'])).toEqual({ date: '2025-04-08', review: null });
  });

  it('takes a received, then a report or print date, marked for review', () => {
    expect(read(['Date of Birth: 01/01/1980', 'Recepción: 24/06/25 Finalización: 25/06/25'])).toEqual({ date: '2025-06-24', review: 'not-collection-date' });
    expect(read(['D.O.B.: 1958-03-02', 'DATE OF REPORT: 2025-07-04'])).toEqual({ date: '2025-07-04', review: 'not-collection-date' });
    expect(read(['Printed on 3 Mar 2025', 'Report Date: 3 March 2025'])).toEqual({ date: '2025-03-03', review: 'not-collection-date' });
  });

  it('guesses none when dates cannot be told apart, and asks for one', () => {
    expect(read(['Report Date: 2025-07-04', 'Date: 2025-07-06'])).toEqual({ date: null, review: 'not-found' });
    expect(read(['DOB: 05/12/1975', 'Report Date: 08/09/2025'])).toEqual({ date: null, review: 'not-found' });
    expect(read(['Collected on: 02 Dec, 2X', 'Reported on: 2025-12-02'])).toEqual({ date: null, review: 'not-found' });
    expect(read(['Date of birth: 1980-01-01', 'Hemoglobin 14.1 g/dL'])).toEqual({ date: null, review: 'not-found' });
  });

  it('does not take a date without its year', () => {
    expect(read(['Collected: 12 Mar', 'Report date: 14 March'])).toEqual({ date: null, review: 'not-found' });
  });
});
