import { createCanvas } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';

/** A one-page PDF with a text layer holding `lines`, as a lab's report software prints one. */
export function textPdf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(11);
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

/** A report as a scanner gives it: the same table drawn as pixels, read by OCR. */
export function scannedPng(lines: string[]): Buffer {
  const fontSize = 28;
  const lineHeight = Math.round(fontSize * 1.7);
  const canvas = createCanvas(1400, lineHeight * (lines.length + 2));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#111111';
  context.font = `${fontSize}px "Liberation Sans", "DejaVu Sans", sans-serif`;
  const columns = [40, 520, 700, 900];
  lines.forEach((line, row) => {
    line.split(/ {3,}/).forEach((cell, column) => context.fillText(cell, columns[column] ?? 40, lineHeight * (row + 1.5)));
  });
  return canvas.toBuffer('image/png');
}
