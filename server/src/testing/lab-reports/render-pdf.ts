import PDFDocument from 'pdfkit';
import type { Block, GeneratedReport, ResultLine } from './report.ts';
import { LABELS } from './vocabulary.ts';

/**
 * Lays a generated report out on A4 pages with pdfkit: one or two columns, bordered, borderless
 * or stacked (name above value) tables, a forced page break, a rotated watermark and a footer on
 * every page. Returns the page each expected row landed on (a photo shows only the first page).
 */

export type RenderedPdf = { bytes: Uint8Array; rowPages: number[] };

const PAGE_BOTTOM = 780;
const TOP = 40;

type Cursor = { page: number; y: number };

type Geometry = { x0: number; font: number; name: number; value: number; unit: number; range: number; flag: number; right: number };

const ONE_COLUMN: Geometry = { x0: 40, font: 9, name: 40, value: 230, unit: 290, range: 370, flag: 480, right: 555 };
const twoColumn = (x0: number): Geometry => ({ x0, font: 7, name: x0, value: x0 + 112, unit: x0 + 146, range: x0 + 190, flag: x0 + 240, right: x0 + 255 });

export async function renderTextPdf(report: GeneratedReport): Promise<RenderedPdf> {
  const doc = new PDFDocument({ size: 'A4', margin: 20, bufferPages: true, info: { Title: 'Generated lab report', Producer: 'StackLab test generator' } });
  const rowPages: number[] = [];
  const cursor: Cursor = { page: 1, y: TOP };
  if (report.layout.watermark) drawWatermark(doc, report.watermarkText);
  drawHeader(doc, report, cursor);
  const results = report.blocks.filter((b): b is Extract<Block, { kind: 'results' }> => b.kind === 'results');
  if (report.layout.columns === 2) drawTwoColumns(doc, report, results, cursor, rowPages);
  else drawOneColumn(doc, report, results, cursor, rowPages);
  for (const block of report.blocks) if (block.kind === 'distractor') drawDistractor(doc, report, block, cursor);
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.font('Helvetica').fontSize(7).fillColor('#333333').text(report.footer(i + 1, range.count), 40, 806, { lineBreak: false });
  }
  return { bytes: await collect(doc), rowPages };
}

function newPage(doc: PDFKit.PDFDocument, report: GeneratedReport, cursor: Cursor): void {
  doc.addPage();
  cursor.page++;
  cursor.y = TOP;
  if (report.layout.watermark) drawWatermark(doc, report.watermarkText);
  doc.font('Helvetica').fontSize(8).fillColor('#000000').text(report.header[0]!, 40, cursor.y, { lineBreak: false });
  cursor.y += 18;
}

function drawWatermark(doc: PDFKit.PDFDocument, text: string): void {
  doc.save().rotate(-35, { origin: [297, 421] });
  doc.font('Helvetica-Bold').fontSize(90).fillColor('#e4e4e4').text(text, 110, 380, { lineBreak: false });
  doc.restore().fillColor('#000000');
}

function drawHeader(doc: PDFKit.PDFDocument, report: GeneratedReport, cursor: Cursor): void {
  const [lab, ...rest] = report.header;
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#000000').text(lab!, 40, cursor.y, { lineBreak: false });
  cursor.y += 22;
  doc.font('Helvetica').fontSize(8);
  for (const line of rest) {
    doc.text(line, 40, cursor.y, { lineBreak: false });
    cursor.y += 12;
  }
  cursor.y += 6;
  doc.font('Helvetica-Bold').fontSize(12).text(report.title, 40, cursor.y, { lineBreak: false });
  cursor.y += 22;
}

function drawColumnHeader(doc: PDFKit.PDFDocument, report: GeneratedReport, g: Geometry, y: number): number {
  doc.font('Helvetica-Bold').fontSize(g.font);
  const [test, result, unit, range, flag] = report.columnHeader;
  if (report.layout.table === 'stacked' || report.layout.table === 'labelled') {
    doc.text(test, g.name, y, { lineBreak: false });
  } else {
    doc.text(test, g.name, y, { lineBreak: false }).text(result, g.value, y, { lineBreak: false }).text(unit, g.unit, y, { lineBreak: false });
    doc.text(fitWidth(doc, range, g.flag - g.range - 4), g.range, y, { lineBreak: false });
    if (flag) doc.text(flag, g.flag, y, { lineBreak: false });
  }
  doc.moveTo(g.x0, y + g.font + 2).lineTo(g.right, y + g.font + 2).lineWidth(0.6).stroke();
  return y + g.font * 1.6 + 2;
}

/** Shortens a heading to its column, as a typesetter would ("Valores de referencia" to "Valores de ref."). */
function fitWidth(doc: PDFKit.PDFDocument, text: string, width: number): string {
  let out = text;
  while (out.length > 3 && doc.widthOfString(out) > width) out = `${out.slice(0, -2)}.`;
  return out;
}

/** Draws one result at y and returns the y below it. */
function drawResult(doc: PDFKit.PDFDocument, report: GeneratedReport, g: Geometry, line: ResultLine, y: number): number {
  const [name, value, unit, range, flag] = line.cells;
  const rowHeight = g.font * 1.6;
  doc.font('Helvetica').fontSize(g.font).fillColor('#000000');
  let bottom: number;
  if (report.layout.table === 'labelled') {
    const labels = LABELS[report.language];
    const lines = [line.method, `${labels.result}: ${[value, unit, flag].filter(Boolean).join('  ')}`, `${labels.range}: ${range}`].filter((text) => text !== undefined);
    doc.font('Helvetica-Bold').text(name, g.name, y, { lineBreak: false }).font('Helvetica');
    lines.forEach((text, i) => doc.text(text, g.name + 12, y + g.font * 1.3 * (i + 1), { lineBreak: false }));
    return y + g.font * 1.3 * (lines.length + 1) + g.font * 0.6;
  }
  if (report.layout.table === 'stacked') {
    doc.font('Helvetica-Bold').text(name, g.name, y, { lineBreak: false });
    const vy = y + g.font * 1.3;
    doc.font(flag ? 'Helvetica-Bold' : 'Helvetica').text(value, g.name + 20, vy, { lineBreak: false });
    doc.font('Helvetica').text(unit, g.name + 70, vy, { lineBreak: false }).text(range, g.name + 130, vy, { lineBreak: false });
    if (flag) doc.text(flag, g.name + 200, vy, { lineBreak: false });
    bottom = vy + rowHeight;
  } else {
    doc.text(name, g.name, y, { lineBreak: false });
    doc.font(flag ? 'Helvetica-Bold' : 'Helvetica').text(value, g.value, y, { lineBreak: false });
    doc.font('Helvetica').text(unit, g.unit, y, { lineBreak: false }).text(range, g.range, y, { lineBreak: false });
    if (flag) doc.text(flag, g.flag, y, { lineBreak: false });
    if (report.layout.table === 'bordered') {
      doc.lineWidth(0.4).rect(g.x0 - 3, y - 3, g.right - g.x0 + 3, rowHeight).stroke();
      for (const x of [g.value, g.unit, g.range, g.flag]) doc.moveTo(x - 4, y - 3).lineTo(x - 4, y - 3 + rowHeight).stroke();
    }
    bottom = y + rowHeight;
  }
  if (line.method) {
    doc.font('Helvetica-Oblique').fontSize(g.font - 1.5).fillColor('#444444').text(line.method, g.name + 8, bottom - 2, { lineBreak: false });
    doc.fillColor('#000000');
    bottom += g.font * 1.1;
  }
  return bottom;
}

function drawOneColumn(doc: PDFKit.PDFDocument, report: GeneratedReport, results: Extract<Block, { kind: 'results' }>[], cursor: Cursor, rowPages: number[]): void {
  const g = ONE_COLUMN;
  const total = results.reduce((n, b) => n + b.lines.length, 0);
  const breakAfter = report.layout.pageBreak ? Math.ceil(total * 0.55) : Infinity;
  let drawn = 0;
  for (const block of results) {
    if (cursor.y > PAGE_BOTTOM - 60) newPage(doc, report, cursor);
    doc.font('Helvetica-Bold').fontSize(10).text(block.title, g.x0, cursor.y, { lineBreak: false });
    cursor.y = drawColumnHeader(doc, report, g, cursor.y + 16);
    for (const line of block.lines) {
      if (drawn === breakAfter || cursor.y > PAGE_BOTTOM - 30) {
        newPage(doc, report, cursor);
        cursor.y = drawColumnHeader(doc, report, g, cursor.y);
      }
      rowPages[line.row] = cursor.page;
      cursor.y = drawResult(doc, report, g, line, cursor.y);
      drawn++;
    }
    cursor.y += 10;
  }
}

/** Newspaper columns: the left column fills first, so rows of different panels share a line. */
function drawTwoColumns(doc: PDFKit.PDFDocument, report: GeneratedReport, results: Extract<Block, { kind: 'results' }>[], cursor: Cursor, rowPages: number[]): void {
  const items: Array<{ title: string } | { line: ResultLine }> = results.flatMap((b) => [{ title: b.title }, ...b.lines.map((line) => ({ line }))]);
  const half = Math.ceil(items.length / 2);
  const startY = cursor.y;
  let lowest = startY;
  for (const [k, part] of [items.slice(0, half), items.slice(half)].entries()) {
    const g = twoColumn(k === 0 ? 40 : 305);
    let y = startY;
    for (const item of part) {
      if ('title' in item) {
        doc.font('Helvetica-Bold').fontSize(8).text(item.title, g.x0, y, { lineBreak: false });
        y = drawColumnHeader(doc, report, g, y + 12);
      } else {
        rowPages[item.line.row] = cursor.page;
        y = drawResult(doc, report, g, item.line, y);
      }
    }
    lowest = Math.max(lowest, y);
  }
  cursor.y = lowest + 12;
}

function drawDistractor(doc: PDFKit.PDFDocument, report: GeneratedReport, block: Extract<Block, { kind: 'distractor' }>, cursor: Cursor): void {
  if (cursor.y > PAGE_BOTTOM - 80) newPage(doc, report, cursor);
  doc.font('Helvetica-Bold').fontSize(9).text(block.title, 40, cursor.y, { lineBreak: false });
  cursor.y += 14;
  doc.font('Helvetica').fontSize(8);
  for (const row of block.rows) {
    row.forEach((cell, i) => doc.text(cell, [50, 210, 340][i] ?? 40, cursor.y, { lineBreak: false }));
    cursor.y += 12;
  }
  cursor.y += 8;
}

export function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });
}
