import type { GrayImage } from './image.ts';

/**
 * What a phone or a scanner does to a page, undone before OCR: light that falls off across the
 * sheet, a page photographed a few degrees askew, and table rules (tesseract reads a ruled
 * table's lines as letters and, on a skewed page, joins a name with the row above's value).
 */

/** Side of the blocks whose lightest pixel is taken as the paper's brightness there. */
const LIGHT_BLOCK = 32;

/**
 * Divides each pixel by the paper's brightness around it, so paper is white everywhere and ink
 * keeps its contrast: a global threshold (tesseract's Otsu) then no longer loses the dark side
 * of an unevenly lit photo. The paper is the lightest pixel of each block, smoothed over the
 * neighbouring blocks so that a block filled with a bold heading does not count as paper.
 */
export function flattenLight(image: GrayImage): GrayImage {
  const { width, height, pixels } = image;
  const bw = Math.ceil(width / LIGHT_BLOCK);
  const bh = Math.ceil(height / LIGHT_BLOCK);
  const block = new Float32Array(bw * bh);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / LIGHT_BLOCK) * bw;
    for (let x = 0; x < width; x++) {
      const k = row + Math.floor(x / LIGHT_BLOCK);
      const v = pixels[y * width + x]!;
      if (v > block[k]!) block[k] = v;
    }
  }
  // The lightest block of each 3x3 neighbourhood, then their mean: paper, smoothly.
  const light = smooth(maxOfNeighbours(block, bw, bh), bw, bh);
  // Bilinear between block centres; the column weights are the same on every row.
  const cx0 = new Int32Array(width);
  const cx1 = new Int32Array(width);
  const ctx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / LIGHT_BLOCK - 0.5));
    cx0[x] = Math.floor(fx);
    cx1[x] = Math.min(bw - 1, cx0[x]! + 1);
    ctx[x] = fx - cx0[x]!;
  }
  const out = Buffer.alloc(width * height);
  const rowLight = new Float32Array(bw);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / LIGHT_BLOCK - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let k = 0; k < bw; k++) rowLight[k] = light[y0 * bw + k]! * (1 - ty) + light[y1 * bw + k]! * ty;
    for (let x = 0; x < width; x++) {
      const tx = ctx[x]!;
      const paper = rowLight[cx0[x]!]! * (1 - tx) + rowLight[cx1[x]!]! * tx;
      out[y * width + x] = Math.min(255, Math.round((pixels[y * width + x]! * 255) / Math.max(paper, 32)));
    }
  }
  return { width, height, pixels: out };
}

function maxOfNeighbours(grid: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(grid.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let max = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const yy = y + dy;
        const xx = x + dx;
        if (yy >= 0 && yy < h && xx >= 0 && xx < w) max = Math.max(max, grid[yy * w + xx]!);
      }
      out[y * w + x] = max;
    }
  }
  return out;
}

function smooth(grid: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(grid.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const yy = y + dy;
        const xx = x + dx;
        if (yy >= 0 && yy < h && xx >= 0 && xx < w) {
          sum += grid[yy * w + xx]!;
          n++;
        }
      }
      out[y * w + x] = sum / n;
    }
  }
  return out;
}

const INK = 128;
/** Skews looked for, in degrees either way: a hand-held photo of a sheet, not a rotated page. */
const MAX_SKEW = 8;

/**
 * The angle (degrees, clockwise positive as sharp's `rotate` takes it to undo) by which the
 * page's text lines are tilted: the angle at which the ink, projected onto the vertical, makes
 * the sharpest rows (text lines stand out most from the gaps between them).
 */
export function estimateSkew(image: GrayImage): number {
  const { width, height, pixels } = image;
  // Ink pixels, sampled on a grid: a few hundred thousand points settle the angle.
  const step = Math.max(1, Math.round(Math.sqrt((width * height) / 400_000)));
  const xsList: number[] = [];
  const ysList: number[] = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if (pixels[y * width + x]! < INK) {
        xsList.push(x - width / 2);
        ysList.push(y);
      }
    }
  }
  if (xsList.length < 100) return 0;
  const xs = Float32Array.from(xsList);
  const ys = Float32Array.from(ysList);
  const score = (degrees: number) => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    const bins = new Float64Array(height + width + 2);
    const offset = Math.ceil((width / 2) * Math.abs(slope)) + 1;
    for (let i = 0; i < xs.length; i++) {
      const bin = Math.round((ys[i]! - xs[i]! * slope) / step) + Math.ceil(offset / step);
      if (bin >= 0 && bin < bins.length) bins[bin]!++;
    }
    let sum = 0;
    for (let i = 1; i < bins.length; i++) sum += (bins[i]! - bins[i - 1]!) ** 2;
    return sum;
  };
  let best = 0;
  let bestScore = score(0);
  for (let a = -MAX_SKEW; a <= MAX_SKEW; a += 0.5) {
    const s = score(a);
    if (s > bestScore) [best, bestScore] = [a, s];
  }
  const coarse = best;
  for (let a = coarse - 0.5; a <= coarse + 0.5; a += 0.05) {
    const s = score(a);
    if (s > bestScore) [best, bestScore] = [a, s];
  }
  return best;
}

/** A dark run at least this share of the width along a row is a horizontal rule, not a glyph. */
const H_RULE_SHARE = 1 / 20;
/** A dark run at least this share of the width down a column is a vertical rule: taller than a heading's glyph, shorter than one table row. */
const V_RULE_SHARE = 1 / 50;

/** Rules are thin and, once blurred by a lens or a scan, gray: found at a lighter threshold than ink. */
const RULE_INK = 200;
/** Around a rule, pixels lighter than this are its blurred edge, darker ones a glyph it touches. */
const GLYPH_INK = 110;

/** Paints table rules white in place (runs of ink far longer than any glyph), with their blurred edges. */
export function removeRules(image: GrayImage): void {
  const { width, height, pixels } = image;
  const hRun = Math.max(20, Math.round(width * H_RULE_SHARE));
  const vRun = Math.max(20, Math.round(width * V_RULE_SHARE));
  const erase = new Uint8Array(width * height);
  // A rule's pixel and, across it, up to two pixels of its blurred edge (never a glyph's ink).
  const mark = (i: number, across: number, limit: number) => {
    erase[i] = 1;
    for (let k = 1; k <= 2; k++) {
      const before = i - k * across;
      const after = i + k * across;
      if (before >= 0 && pixels[before]! > GLYPH_INK) erase[before] = 1;
      if (after < limit && pixels[after]! > GLYPH_INK) erase[after] = 1;
    }
  };
  const size = width * height;
  for (let y = 0; y < height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const dark = x < width && pixels[y * width + x]! < RULE_INK;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        if (x - start >= hRun) for (let k = start; k < x; k++) mark(y * width + k, width, size);
        start = -1;
      }
    }
  }
  // Down the columns, row by row (memory order): where each column's dark run started.
  const runStart = new Int32Array(width).fill(-1);
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x < width; x++) {
      const dark = y < height && pixels[y * width + x]! < RULE_INK;
      if (dark && runStart[x]! < 0) runStart[x] = y;
      if (!dark && runStart[x]! >= 0) {
        // The edge step is one pixel sideways, kept within the row.
        if (y - runStart[x]! >= vRun) for (let k = runStart[x]!; k < y; k++) markSideways(k, x);
        runStart[x] = -1;
      }
    }
  }
  for (let i = 0; i < erase.length; i++) if (erase[i]) pixels[i] = 255;

  function markSideways(y: number, x: number) {
    erase[y * width + x] = 1;
    for (let k = 1; k <= 2; k++) {
      if (x - k >= 0 && pixels[y * width + x - k]! > GLYPH_INK) erase[y * width + x - k] = 1;
      if (x + k < width && pixels[y * width + x + k]! > GLYPH_INK) erase[y * width + x + k] = 1;
    }
  }
}
