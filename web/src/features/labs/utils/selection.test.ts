import { describe, expect, it } from 'vitest';
import { readSelection, resolveSelection, toggleName, writeSelection } from './selection.ts';

const options = [
  { name: 'Fasting glucose', biomarker: 'glucose-fasting' },
  { name: 'TSH', biomarker: 'tsh' },
  { name: '1,25-dihydroxy vitamin D', biomarker: 'vitamin-d-125' },
  { name: 'LDL cholesterol', biomarker: 'ldl' },
];

describe('readSelection', () => {
  it('reads comma-separated, percent-encoded names and tells an absent parameter from an empty one', () => {
    expect(readSelection('?biomarkers=Fasting%20glucose,TSH')).toEqual({ entries: ['Fasting glucose', 'TSH'], present: true });
    expect(readSelection('?biomarkers=Fasting+glucose')).toEqual({ entries: ['Fasting glucose'], present: true });
    expect(readSelection('?biomarkers=')).toEqual({ entries: [], present: true });
    expect(readSelection('?date=2025-01-01')).toEqual({ entries: [], present: false });
    expect(readSelection('')).toEqual({ entries: [], present: false });
  });

  it('keeps an encoded comma inside a name', () => {
    expect(readSelection('?biomarkers=1%2C25-dihydroxy%20vitamin%20D,TSH').entries).toEqual(['1,25-dihydroxy vitamin D', 'TSH']);
  });

  it('survives malformed percent-encoding', () => {
    expect(readSelection('?biomarkers=%E0%A4%A,TSH').entries).toEqual(['%E0%A4%A', 'TSH']);
  });
});

describe('resolveSelection', () => {
  it('matches names exactly, ignoring case, or by catalogue key, once each and in order', () => {
    expect(resolveSelection(['TSH', 'fasting GLUCOSE', 'ldl', 'tsh'], options)).toEqual(['TSH', 'Fasting glucose', 'LDL cholesterol']);
  });

  it('pieces a raw comma in a name back together', () => {
    expect(resolveSelection(['1', '25-dihydroxy vitamin D', 'TSH'], options)).toEqual(['1,25-dihydroxy vitamin D', 'TSH']);
  });

  it('drops names that are not on offer', () => {
    expect(resolveSelection(['Unobtainium', 'TSH'], options)).toEqual(['TSH']);
    expect(resolveSelection(['TSH'], [])).toEqual([]);
  });
});

describe('writeSelection', () => {
  it('writes the names comma-separated and encoded, keeping the other parameters', () => {
    expect(writeSelection('?date=2025-01-01&biomarkers=old', ['Fasting glucose', '1,25-dihydroxy vitamin D'])).toBe(
      '?date=2025-01-01&biomarkers=Fasting%20glucose,1%2C25-dihydroxy%20vitamin%20D',
    );
    expect(writeSelection('', [])).toBe('?biomarkers=');
  });

  it('reads back what it writes', () => {
    const names = ['LDL cholesterol', '1,25-dihydroxy vitamin D', 'TSH'];
    expect(resolveSelection(readSelection(writeSelection('?x=1', names)).entries, options)).toEqual(names);
  });

  it('toggles a name in and out', () => {
    expect(toggleName(['TSH'], 'LDL cholesterol')).toEqual(['TSH', 'LDL cholesterol']);
    expect(toggleName(['TSH', 'LDL cholesterol'], 'TSH')).toEqual(['LDL cholesterol']);
  });
});
