import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { strToU8, zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/**
 * Test documents made at run time, all written for this project (none copies a real report):
 * a DOCX with a results table, text and scanned PDFs, a phone-style photo, and hostile files.
 * One exception is committed, because making it needs LibreOffice: fixtures/lipid-panel.doc.
 */

export const SYNTHETIC_PANEL = {
  title: 'BASIC METABOLIC AND BLOOD PANEL',
  collected: 'Sample collected on: 14/03/2025',
  rows: [
    ['Haemoglobin', '13.8', 'g/dL', '12.0 - 15.5'],
    ['Glucose Fasting', '104', 'mg/dL', '70 - 99'],
    ['Serum Creatinine', '0.92', 'mg/dL', '0.60 - 1.10'],
    ['Potassium', '4.4', 'mmol/L', '3.5 - 5.1'],
    ['TSH', '2.15', 'uIU/mL', '0.40 - 4.50'],
    ['Vitamin D, 25-Hydroxy', '21.4', 'ng/mL', '30 - 100'],
  ],
  expected: [
    { name: 'Hemoglobin', value: 13.8 },
    { name: 'Fasting glucose', value: 104 },
    { name: 'Creatinine', value: 0.92 },
    { name: 'Potassium', value: 4.4 },
    { name: 'TSH', value: 2.15 },
    { name: '25-OH vitamin D', value: 21.4 },
  ],
  collectedAt: '2025-03-14',
};

export function panelLines(): string[] {
  return [
    'Northfield Community Laboratory',
    SYNTHETIC_PANEL.collected,
    SYNTHETIC_PANEL.title,
    'Test   Result   Unit   Reference',
    ...SYNTHETIC_PANEL.rows.map((r) => r.join('   ')),
  ];
}

// ------------------------------------------------------------------ DOCX

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function makeDocx(paragraphs: string[], table: string[][]): Uint8Array {
  const p = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;
  const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${p(text)}</w:tc>`;
  const rows = table.map((row) => `<w:tr>${row.map(cell).join('')}</w:tr>`).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.map(p).join('')}<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr>${rows}</w:tbl>${p('End of report')}</w:body></w:document>`;
  return zipSync({
    '[Content_Types].xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`),
    '_rels/.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`),
    'word/document.xml': strToU8(document),
  });
}

export function makePanelDocx(): Uint8Array {
  return makeDocx(
    ['Northfield Community Laboratory', SYNTHETIC_PANEL.collected, SYNTHETIC_PANEL.title],
    [['Test', 'Result', 'Unit', 'Reference'], ...SYNTHETIC_PANEL.rows],
  );
}

/**
 * A lipid panel as a Word table: one-sided ranges, "Upto", decimal commas and a method line.
 * Saved once as Word 97 (.doc) by LibreOffice: fixtures/lipid-panel.doc (see fixtures/README.md).
 */
export const WORD_LIPID_PANEL = {
  paragraphs: ['Riverside Clinical Laboratory', 'Patient: Test Patient (generated sample)', 'Collection Date: 2024-11-05', 'LIPID PROFILE AND HBA1C'],
  table: [
    ['Investigation', 'Result', 'Units', 'Biological Reference Interval'],
    ['Total Cholesterol', '212', 'mg/dL', '< 200'],
    ['HDL Cholesterol', '48', 'mg/dL', '> 40'],
    ['LDL Cholesterol, Calculated', '138', 'mg/dL', 'Upto 130'],
    ['Triglycerides', '130', 'mg/dL', '< 150'],
    ['HbA1c', '5,9', '%', '4,0 - 5,6'],
    ['Method: Enzymatic, CHOD-POD', '', '', ''],
  ],
  collectedAt: '2024-11-05',
  expected: [
    { name: 'Total cholesterol', value: 212, unit: 'mg/dL', referenceRange: { low: null, high: 200 }, flag: 'high' },
    { name: 'HDL cholesterol', value: 48, unit: 'mg/dL', referenceRange: { low: 40, high: null }, flag: 'normal' },
    { name: 'LDL cholesterol', value: 138, unit: 'mg/dL', referenceRange: { low: null, high: 130 }, flag: 'high' },
    { name: 'Triglycerides', value: 130, unit: 'mg/dL', referenceRange: { low: null, high: 150 }, flag: 'normal' },
    { name: 'HbA1c', value: 5.9, unit: '%', referenceRange: { low: 4, high: 5.6 }, flag: 'high' },
  ],
} as const;

export function makeLipidPanelDocx(): Uint8Array {
  return makeDocx([...WORD_LIPID_PANEL.paragraphs], WORD_LIPID_PANEL.table.map((row) => [...row]));
}

/** The committed Word 97 file (LibreOffice's conversion of `makeLipidPanelDocx()`). */
export function readLipidPanelDoc(): Uint8Array {
  return new Uint8Array(readFileSync(LIPID_PANEL_DOC));
}

export const LIPID_PANEL_DOC = fileURLToPath(new URL('./fixtures/lipid-panel.doc', import.meta.url));

/** A DOCX whose body inflates to `megabytes` of spaces; `lieAboutSize` rewrites the declared sizes to look small. */
export function makeZipBombDocx(megabytes: number, lieAboutSize = false): Uint8Array {
  const filler = new Uint8Array(megabytes * 1024 * 1024).fill(0x20);
  const zip = zipSync({ 'word/document.xml': filler, '[Content_Types].xml': strToU8('<Types/>') }, { level: 6 });
  if (!lieAboutSize) return zip;
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  for (let i = 0; i < zip.byteLength - 4; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, 4096, true); // local header: uncompressed size
    if (sig === 0x02014b50) view.setUint32(i + 24, 4096, true); // central directory: uncompressed size
  }
  return zip;
}

// ------------------------------------------------------------------ PDF and images

function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });
}

export function makeTextPdf(lines: string[], options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, ...options });
  doc.font('Helvetica').fontSize(10);
  for (const line of lines) doc.text(line);
  return collect(doc);
}

export function makeEncryptedPdf(): Promise<Uint8Array> {
  return makeTextPdf(panelLines(), { userPassword: 'secret', ownerPassword: 'owner-secret', pdfVersion: '1.7' });
}

// The font pdf.js ships, not the machine's: what OCR reads must not depend on the fonts installed.
const TEXT_FONT = 'StackLab Test Sans';
GlobalFonts.registerFromPath(createRequire(import.meta.url).resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf'), TEXT_FONT);

/** Text drawn into a PNG, as a scanner or a screenshot would give it. */
export function renderTextImage(lines: string[], opts: { width?: number; fontSize?: number } = {}): Buffer {
  const fontSize = opts.fontSize ?? 26;
  const width = opts.width ?? 1400;
  const lineHeight = Math.round(fontSize * 1.7);
  const canvas = createCanvas(width, lineHeight * (lines.length + 2));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#111111';
  ctx.font = `${fontSize}px "${TEXT_FONT}"`;
  lines.forEach((line, i) => {
    const cells = line.split(/ {3,}/);
    const columns = [40, 520, 700, 900];
    cells.forEach((cell, k) => ctx.fillText(cell, columns[k] ?? 40 + k * 200, lineHeight * (i + 1.5)));
  });
  return canvas.toBuffer('image/png');
}

export async function makeScannedPdf(lines: string[]): Promise<Uint8Array> {
  const png = renderTextImage(lines);
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  doc.image(png, 20, 40, { width: 555 });
  return collect(doc);
}

/** A phone photo of a printed page: slightly rotated, blurred, noisy, JPEG-compressed. */
export async function makePhoto(lines: string[]): Promise<Uint8Array> {
  const png = renderTextImage(lines, { fontSize: 30, width: 1500 });
  const meta = await sharp(png).metadata();
  const w = meta.width as number;
  const h = meta.height as number;
  const noise = Buffer.alloc(w * h);
  let seed = 42;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = 128 + ((seed >> 16) % 50) - 25;
  }
  const noisy = await sharp(png)
    .grayscale()
    .composite([{ input: await sharp(noise, { raw: { width: w, height: h, channels: 1 } }).png().toBuffer(), blend: 'overlay' }])
    .png()
    .toBuffer();
  const out = await sharp(noisy).rotate(2.5, { background: '#d8d4cc' }).blur(0.9).modulate({ brightness: 0.93 }).jpeg({ quality: 78 }).toBuffer();
  return new Uint8Array(out);
}

/** A PNG that declares 20,000 x 20,000 pixels (1.6 GB decoded) in a few dozen bytes. */
export function makeHugePng(width = 20_000, height = 20_000): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return new Uint8Array(Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]));
}

export async function makeTruncatedJpeg(): Promise<Uint8Array> {
  const jpeg = await sharp(renderTextImage(['Hemoglobin   14.1   g/dL   13.0 - 17.0'])).jpeg({ quality: 85 }).toBuffer();
  return new Uint8Array(jpeg.subarray(0, Math.floor(jpeg.length * 0.45)));
}

/** The first bytes of a Windows executable, named as if it were a report. */
export function makeFakeExecutable(): Uint8Array {
  const bytes = new Uint8Array(4096);
  bytes.set([0x4d, 0x5a, 0x90, 0x00, 0x03], 0);
  const view = new DataView(bytes.buffer);
  view.setUint32(0x3c, 0x80, true);
  bytes.set([0x50, 0x45, 0x00, 0x00], 0x80);
  return bytes;
}
