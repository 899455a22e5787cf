import { describe, expect, it } from 'vitest';
import { pageItems, readPage } from './pagination.ts';

describe('pageItems', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 0)).toEqual([1]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('keeps the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('shows a single left-out page instead of a gap', () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });

  it('clamps a page outside the range', () => {
    expect(pageItems(99, 3)).toEqual([1, 2, 3]);
    expect(pageItems(-1, 3)).toEqual([1, 2, 3]);
  });
});

describe('readPage', () => {
  it.each([
    ['2', 2],
    [null, 1],
    ['0', 1],
    ['-3', 1],
    ['1.5', 1],
    ['abc', 1],
  ])('reads %j as %d', (value, page) => {
    expect(readPage(value)).toBe(page);
  });
});
