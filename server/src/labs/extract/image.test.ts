import { describe, expect, it } from 'vitest';
import { prepareImageForOcr, splitAtBlankRows, toPgm, type GrayImage } from './image.ts';
import { panelLines, renderTextImage } from './test-fixtures.ts';

/** A white page with dark "text lines" (row ranges) and, optionally, full-height vertical rules. */
function page(height: number, lines: [number, number][], rules: number[] = []): GrayImage {
  const width = 400;
  const pixels = Buffer.alloc(width * height, 255);
  for (const [top, bottom] of lines) {
    for (let y = top; y < bottom; y++) for (let x = 20; x < 380; x += 3) pixels[y * width + x] = 0;
  }
  for (const x of rules) for (let y = 0; y < height; y++) pixels[y * width + x] = 0;
  return { width, height, pixels };
}

describe('splitAtBlankRows', () => {
  it('cuts through the blank run nearest the middle, never through a line', () => {
    const lines: [number, number][] = [[10, 40], [50, 80], [86, 96], [98, 120], [130, 190]];
    const bands = splitAtBlankRows(page(200, lines), 2);
    expect(bands).toHaveLength(2);
    expect(bands[0]!.top).toBe(0);
    expect(bands[1]!.bottom).toBe(200);
    expect(bands[0]!.bottom).toBe(bands[1]!.top);
    // The 6-row gap at 80, not the 2 rows at 96 (too thin to be sure of) nor the 10 at 120.
    expect(bands[0]!.bottom).toBeGreaterThanOrEqual(80);
    expect(bands[0]!.bottom).toBeLessThan(86);
  });

  it('sees through a table’s vertical rules, also where the table ends', () => {
    const rules = [5, 150, 250, 395];
    const bands = splitAtBlankRows(page(200, [[10, 90], [110, 190]], rules), 2);
    expect(bands[1]!.top).toBeGreaterThanOrEqual(90);
    expect(bands[1]!.top).toBeLessThan(110);
    // Rules from the top down to row 120 only, the table's rows 80 to 120 high.
    const image = page(200, [[10, 90], [95, 105], [130, 190]]);
    for (const x of rules) for (let y = 0; y < 120; y++) image.pixels[y * image.width + x] = 0;
    const [first] = splitAtBlankRows(image, 2);
    expect(first!.bottom).toBeGreaterThanOrEqual(90);
    expect(first!.bottom).toBeLessThan(95);
  });

  it('does not cut through a dark banner', () => {
    const image = page(200, [[10, 80], [120, 190]]);
    image.pixels.fill(40, 80 * image.width, 120 * image.width);
    expect(splitAtBlankRows(image, 2)).toEqual([{ top: 0, bottom: 200 }]);
  });

  it('keeps the image whole when text runs through the middle without a gap', () => {
    const image = page(200, [[0, 200]]);
    expect(splitAtBlankRows(image, 2)).toEqual([{ top: 0, bottom: 200 }]);
  });

  it('cuts a rendered report between its lines', async () => {
    const image = await prepareImageForOcr(renderTextImage(panelLines()));
    const [first, second] = splitAtBlankRows(image, 2);
    expect(second).toBeDefined();
    const row = image.pixels.subarray(first!.bottom * image.width, (first!.bottom + 1) * image.width);
    expect(row.filter((value) => value < 128).length).toBe(0);
  });
});

describe('toPgm', () => {
  it('writes a band as a binary PGM of its rows', () => {
    const image = { width: 2, height: 3, pixels: Buffer.from([1, 2, 3, 4, 5, 6]) };
    expect(toPgm(image, { top: 1, bottom: 3 })).toEqual(Buffer.concat([Buffer.from('P5\n2 2\n255\n'), Buffer.from([3, 4, 5, 6])]));
  });
});
