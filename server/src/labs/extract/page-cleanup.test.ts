import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { GrayImage } from './image.ts';
import { estimateSkew, flattenLight, removeRules } from './page-cleanup.ts';
import { panelLines, renderTextImage } from './test-fixtures.ts';

async function gray(png: Buffer, rotate = 0): Promise<GrayImage> {
  const { data, info } = await sharp(png).rotate(rotate, { background: '#ffffff' }).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}

const darkShare = (image: GrayImage, x0: number, x1: number, y0: number, y1: number) => {
  let dark = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (image.pixels[y * image.width + x]! < 128) dark++;
  return dark / ((x1 - x0) * (y1 - y0));
};

describe('estimateSkew', () => {
  it('finds the tilt of a photographed page, either way, and none on a level one', async () => {
    const png = renderTextImage(panelLines());
    expect(Math.abs(estimateSkew(await gray(png)))).toBeLessThan(0.2);
    expect(estimateSkew(await gray(png, 3))).toBeCloseTo(3, 0);
    expect(estimateSkew(await gray(png, -2))).toBeCloseTo(-2, 0);
  });
});

describe('flattenLight', () => {
  it('makes paper white under uneven light and keeps the ink dark', () => {
    const width = 400;
    const height = 200;
    const pixels = Buffer.alloc(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const paper = 250 - (x / width) * 140;
        const ink = y % 20 < 6 && x % 10 < 4;
        pixels[y * width + x] = Math.round(ink ? paper * 0.3 : paper);
      }
    }
    const out = flattenLight({ width, height, pixels });
    // The dark side's paper (110 before) is light enough that a global threshold keeps it paper.
    expect(out.pixels[19 * width + 395]!).toBeGreaterThan(200);
    expect(out.pixels[0 * width + 390]!).toBeLessThan(128);
  });
});

describe('removeRules', () => {
  it('paints out long rules and keeps the glyphs beside and on them', () => {
    const width = 600;
    const height = 100;
    const pixels = Buffer.alloc(width * height, 255);
    for (let x = 10; x < 590; x++) pixels[50 * width + x] = 0;
    for (let x = 10; x < 590; x++) pixels[51 * width + x] = 170;
    for (let y = 5; y < 95; y++) pixels[y * width + 300] = 0;
    // A "glyph": a 12 x 12 block, one touching the rule.
    for (let y = 20; y < 32; y++) for (let x = 100; x < 112; x++) pixels[y * width + x] = 0;
    for (let y = 38; y < 50; y++) for (let x = 200; x < 212; x++) pixels[y * width + x] = 0;
    const image = { width, height, pixels };
    removeRules(image);
    expect(darkShare(image, 10, 590, 50, 53)).toBe(0);
    expect(darkShare(image, 299, 302, 5, 95)).toBe(0);
    expect(image.pixels[51 * width + 400]).toBe(255);
    expect(darkShare(image, 100, 112, 20, 32)).toBe(1);
    expect(darkShare(image, 200, 212, 38, 49)).toBe(1);
  });
});
