import { describe, expect, it } from 'vitest';
import { citationText, formatPostDate, pageHref, postPath } from './format.ts';

describe('blog formatting', () => {
  it('shows publication dates as UTC days', () => {
    expect(formatPostDate('2025-02-10T09:00:00.000Z')).toBe('February 10, 2025');
    expect(formatPostDate('2025-02-10T23:30:00.000Z')).toBe('February 10, 2025');
    expect(formatPostDate('nonsense')).toBe('');
  });

  it('writes a citation as a reference list does, without doubled full stops', () => {
    expect(citationText({ authors: 'Li D, Radulescu A, et al.', title: 'Association of Biotin Ingestion With Performance of Hormone and Nonhormone Assays in Healthy Adults', journal: 'JAMA', year: 2017 })).toBe(
      'Li D, Radulescu A, et al. Association of Biotin Ingestion With Performance of Hormone and Nonhormone Assays in Healthy Adults. JAMA. 2017.',
    );
    expect(citationText({ authors: 'Smith J', title: 'Does it work?', journal: 'BMJ', year: 2020 })).toBe('Smith J. Does it work? BMJ. 2020.');
  });

  it('builds post and page addresses', () => {
    expect(postPath({ section: 'research', slug: 'biotin-and-thyroid-tests' })).toBe('/research/biotin-and-thyroid-tests');
    expect(pageHref(1)).toBe('?');
    expect(pageHref(3)).toBe('?page=3');
  });
});
