import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { openPdf, renderPdfPage } from '#server/labs/extract/pdf.ts';
import { seededRandom } from './prng.ts';
import { collect } from './render-pdf.ts';

/**
 * A text PDF turned into what a scanner and a phone make of it: pages drawn by pdf.js and
 * slightly rotated and speckled (scanned PDF), or the first page skewed, blurred, unevenly lit
 * and JPEG-compressed (photo).
 */

const SCAN_SCALE = 200 / 72;

async function renderPages(pdf: Uint8Array, scale: number, maxPages = Infinity): Promise<Buffer[]> {
  const doc = await openPdf(pdf);
  try {
    const pages: Buffer[] = [];
    for (let page = 1; page <= Math.min(doc.numPages, maxPages); page++) pages.push(await renderPdfPage(doc, page, { scale }));
    return pages;
  } finally {
    await doc.loadingTask.destroy();
  }
}

function noiseLayer(seed: number, width: number, height: number, spread: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = 128 + Math.round((random.next() - 0.5) * spread);
  return sharp(noise, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

export async function renderScannedPdf(pdf: Uint8Array, seed: number): Promise<Uint8Array> {
  const random = seededRandom(seed ^ 0x5ca4);
  const pages = await renderPages(pdf, SCAN_SCALE);
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false });
  for (const [i, png] of pages.entries()) {
    const { width, height } = await sharp(png).metadata();
    const speckled = await sharp(png).grayscale().composite([{ input: await noiseLayer(seed + i, width!, height!, 30), blend: 'overlay' }]).png().toBuffer();
    const angle = (random.next() - 0.5) * 1.2;
    const scan = await sharp(speckled).rotate(angle, { background: '#ffffff' }).resize(width, height, { fit: 'cover' }).jpeg({ quality: 82 }).toBuffer();
    doc.addPage({ size: 'A4', margin: 0 });
    doc.image(scan, 0, 0, { width: 595.28, height: 841.89 });
  }
  return collect(doc);
}

/** A phone photo of the first page: rotated 1-3.5 degrees, blurred, lit from one side. */
export async function renderPhoto(pdf: Uint8Array, seed: number): Promise<Uint8Array> {
  const random = seededRandom(seed ^ 0x9407);
  const [png] = await renderPages(pdf, 1650 / 595.28, 1);
  const { width, height } = await sharp(png!).metadata();
  const w = width!;
  const h = height!;
  const light = Buffer.alloc(w * h);
  const fromLeft = random.chance(0.5);
  const darkest = 150 + random.int(0, 50);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = (fromLeft ? x / w : 1 - x / w) * 0.7 + (y / h) * 0.3;
      light[y * w + x] = Math.round(255 - (255 - darkest) * t);
    }
  }
  const lightPng = await sharp(light, { raw: { width: w, height: h, channels: 1 } }).png().toBuffer();
  const lit = await sharp(png!).grayscale().composite([{ input: lightPng, blend: 'multiply' }, { input: await noiseLayer(seed, w, h, 40), blend: 'overlay' }]).png().toBuffer();
  const angle = (random.chance(0.5) ? 1 : -1) * (1 + random.next() * 2.5);
  const out = await sharp(lit).rotate(angle, { background: '#cfc9bd' }).blur(0.6 + random.next() * 0.6).jpeg({ quality: 70 + random.int(0, 15) }).toBuffer();
  return new Uint8Array(out);
}
