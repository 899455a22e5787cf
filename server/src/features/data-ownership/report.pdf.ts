import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { BiomarkerFlag } from '#contract/biomarkers.ts';
import { withLimitSign } from '#contract/lab-values.ts';
import type { SupplementPeriod } from '#contract/labs.ts';
import type { ReportBiomarker, ReportModel } from './report.model.ts';

/**
 * The doctor's report as a PDF, drawn with pdfkit: text in Liberation Sans (shipped with pdf.js,
 * so names in any Latin, Greek or Cyrillic script print), charts as vector lines. Letter pages,
 * a footer with the page number and the not-medical-advice line on every page.
 */

export const NOT_MEDICAL_ADVICE =
  "Prepared by the patient with StackLab from their own records and lab reports. Not medical advice; values as reported by the labs.";

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf');
const FONT_BOLD = require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Bold.ttf');

const MARGIN = 50;
const PAGE = { width: 612, height: 792 };
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 20;

const COLOURS = {
  text: '#1f2937',
  muted: '#6b7280',
  rule: '#d1d5db',
  band: '#dcfce7',
  line: '#1d4ed8',
  high: '#b91c1c',
  low: '#c2410c',
  normal: '#15803d',
  none: '#6b7280',
  period: '#a5b4fc',
  energy: '#0369a1',
  mood: '#7c3aed',
  sleep: '#0f766e',
};

const FLAG_WORD: Record<BiomarkerFlag, string> = { high: 'HIGH', low: 'LOW', normal: 'Normal' };

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return String(Number(value.toFixed(digits)));
}

function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export async function renderReportPdf(model: ReportModel): Promise<Buffer> {
  const doc = createDocument(model);
  const bytes = collectBytes(doc);
  drawTitleBlock(doc, model);
  drawStack(doc, model);
  drawAdherence(doc, model);
  drawEffects(doc, model);
  drawBiomarkers(doc, model);
  drawFooters(doc, model);
  doc.end();
  return bytes;
}

function createDocument(model: ReportModel): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `StackLab health report: ${model.patient.name}, ${model.period.from} to ${model.period.to}`,
      Author: 'StackLab',
      Subject: 'Supplements, intake, effects and biomarkers for a clinician',
    },
  });
  doc.registerFont('body', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  return doc;
}

/** The document's bytes once it ends; listened to before anything is drawn. */
function collectBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function ensureSpace(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > BOTTOM) doc.addPage();
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  ensureSpace(doc, 60);
  doc.moveDown(0.8).font('bold').fontSize(13).fillColor(COLOURS.text).text(text, MARGIN, doc.y);
  const y = doc.y + 2;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  doc.moveDown(0.5);
}

function note(doc: PDFKit.PDFDocument, text: string) {
  ensureSpace(doc, 20);
  doc.font('body').fontSize(9.5).fillColor(COLOURS.muted).text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
}

function drawTitleBlock(doc: PDFKit.PDFDocument, model: ReportModel) {
  doc.font('bold').fontSize(20).fillColor(COLOURS.text).text('Health report for a clinician', MARGIN, MARGIN);
  doc.moveDown(0.3).font('body').fontSize(10.5).fillColor(COLOURS.text);
  const facts = [
    `Patient: ${model.patient.name}${model.patient.name !== model.patient.username ? ` (StackLab user ${model.patient.username})` : ''}`,
    `Date of birth: ${model.patient.dateOfBirth ?? 'not given'}${model.patient.sex ? ` · Sex: ${model.patient.sex}` : ''}`,
    `Allergies: ${model.patient.allergies?.trim() || 'none recorded'}`,
    `Period: ${model.period.from} to ${model.period.to} (${model.period.days} days) · Generated ${model.generatedOn}`,
  ];
  for (const line of facts) doc.text(line, { width: CONTENT_WIDTH });
  doc.moveDown(0.4).fontSize(9).fillColor(COLOURS.muted).text(NOT_MEDICAL_ADVICE, { width: CONTENT_WIDTH });
}

function drawStack(doc: PDFKit.PDFDocument, model: ReportModel) {
  heading(doc, 'Current supplement stack');
  if (model.stack.length === 0) return note(doc, 'No supplements in the stack.');
  table(doc, ['Supplement', 'Dose', 'How often', 'Since'], [0.42, 0.18, 0.2, 0.2], model.stack.map((row) => [row.name, row.dosage, row.frequency, row.since]));
  for (const row of model.stack.filter((row) => row.notes)) note(doc, `${row.name}: ${row.notes}`);
}

function drawAdherence(doc: PDFKit.PDFDocument, model: ReportModel) {
  heading(doc, 'Intake adherence in the period');
  if (model.adherence.length === 0) return note(doc, 'No supplements logged in this period.');
  table(
    doc,
    ['Supplement', 'Dose and frequency', 'Days taken', 'Adherence'],
    [0.36, 0.3, 0.16, 0.18],
    model.adherence.map((row) => [
      row.inStack ? row.name : `${row.name} (no longer in stack)`,
      row.dosage,
      row.expectedDays > 0 ? `${row.daysTaken} of ${row.expectedDays}` : String(row.daysTaken),
      row.percent === null ? '-' : `${row.percent}%`,
    ]),
  );
  note(doc, 'Days with the supplement logged, out of the days it was expected since it was added (weekly ones: their times a week).');
}

function drawEffects(doc: PDFKit.PDFDocument, model: ReportModel) {
  heading(doc, 'Effect ratings (1 = poor, 5 = very good)');
  if (!model.effects.averages) return note(doc, 'No energy, mood or sleep ratings in this period.');
  const { energy, mood, sleep } = model.effects.averages;
  doc.font('body').fontSize(10.5).fillColor(COLOURS.text).text(
    `Rated on ${model.effects.ratedDays} of ${model.period.days} days. Average energy ${energy}, mood ${mood}, sleep ${sleep}.`,
    MARGIN,
    doc.y,
    { width: CONTENT_WIDTH },
  );
  if (model.effects.points.length < 2) return;
  ensureSpace(doc, 110);
  effectsChart(doc, model, MARGIN, doc.y + 8, CONTENT_WIDTH, 80);
  doc.y += 110;
}

function drawBiomarkers(doc: PDFKit.PDFDocument, model: ReportModel) {
  heading(doc, 'Biomarkers: latest value, reference range and trend');
  if (model.biomarkers.length === 0) return note(doc, 'No lab results up to the end of this period.');
  const limits = model.biomarkers.some((biomarker) => biomarker.points.some((point) => point.comparator !== null));
  note(
    doc,
    `Out-of-range values first. Charts show results up to the end of the period in one unit per biomarker; the shaded band is the reference range; bars below are supplement periods on the same dates.${limits ? ' An open dot is a value the lab printed as a limit (< or >).' : ''}`,
  );
  doc.moveDown(0.5);
  for (const biomarker of model.biomarkers) biomarkerRow(doc, biomarker, model.supplementPeriods);
}

/** On every page: its number and the not-medical-advice line. */
function drawFooters(doc: PDFKit.PDFDocument, model: ReportModel) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor(COLOURS.muted)
      .text(`${model.patient.name} · ${model.period.from} to ${model.period.to} · Not medical advice · Page ${i + 1} of ${range.count}`, MARGIN, PAGE.height - MARGIN + 10, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottomMargin;
  }
}

function table(doc: PDFKit.PDFDocument, header: string[], widths: number[], rows: string[][]) {
  const columns = widths.map((share) => share * CONTENT_WIDTH);
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'bold' : 'body').fontSize(10);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i]! - 6 }))) + 6;
    ensureSpace(doc, height);
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc.fillColor(COLOURS.text).text(cell, x, y + 3, { width: columns[i]! - 6 });
      x += columns[i]!;
    });
    doc.y = y + height;
    doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + CONTENT_WIDTH, doc.y).lineWidth(0.3).strokeColor(COLOURS.rule).stroke();
  };
  drawRow(header, true);
  for (const row of rows) drawRow(row, false);
  doc.x = MARGIN;
}

function biomarkerRow(doc: PDFKit.PDFDocument, biomarker: ReportBiomarker, periods: SupplementPeriod[]) {
  const chartX = MARGIN + 250;
  const chartWidth = CONTENT_WIDTH - 250;
  const chartHeight = 56;
  const [start, end] = chartSpan(biomarker);
  const overlapping = periods.filter((period) => dayMs(period.end) >= start && dayMs(period.start) <= end).slice(0, 4);
  const rowHeight = Math.max(78, chartHeight + 24 + overlapping.length * 10);
  ensureSpace(doc, rowHeight + 8);
  const top = doc.y;
  const { latest } = biomarker;
  const flagColour = latest.flag ? COLOURS[latest.flag] : COLOURS.none;

  doc.font('bold').fontSize(10.5).fillColor(COLOURS.text).text(biomarker.name, MARGIN, top, { width: 240 });
  doc.font('body').fontSize(10).fillColor(COLOURS.text).text(`Latest: ${withLimitSign(formatNumber(latest.value), latest.comparator)} ${latest.unit}`, { width: 240, continued: true });
  doc.fillColor(flagColour).font('bold').text(latest.flag ? `  ${FLAG_WORD[latest.flag]}` : '');
  doc.font('body').fillColor(COLOURS.text).text(`Reference range: ${latest.referenceText ?? 'not printed'}`, MARGIN, doc.y, { width: 240 });
  doc
    .fillColor(COLOURS.muted)
    .fontSize(9)
    .text(
      `Tested ${latest.testDate}${latest.inPeriod ? '' : ' (before this period)'}${latest.reviewed ? '' : ' · not yet reviewed by the patient'} · ${biomarker.points.length} result${biomarker.points.length === 1 ? '' : 's'}`,
      MARGIN,
      doc.y,
      { width: 240 },
    );

  trendChart(doc, biomarker, overlapping, { x: chartX, y: top, width: chartWidth, height: chartHeight, start, end });
  doc.y = Math.max(doc.y, top + rowHeight);
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + CONTENT_WIDTH, doc.y).lineWidth(0.3).strokeColor(COLOURS.rule).stroke();
  doc.y += 8;
  doc.x = MARGIN;
}

function chartSpan(biomarker: ReportBiomarker): [number, number] {
  const first = dayMs(biomarker.points[0]!.testDate);
  const last = dayMs(biomarker.points[biomarker.points.length - 1]!.testDate);
  // A single result still gets a readable axis: a month either side.
  return first === last ? [first - 30 * 86_400_000, last + 30 * 86_400_000] : [first, last];
}

function trendChart(
  doc: PDFKit.PDFDocument,
  biomarker: ReportBiomarker,
  periods: SupplementPeriod[],
  box: { x: number; y: number; width: number; height: number; start: number; end: number },
) {
  const { x, y, width, height, start, end } = box;
  const values = biomarker.points.map((p) => p.value);
  const bounds = [...values, ...(biomarker.range.low !== null ? [biomarker.range.low] : []), ...(biomarker.range.high !== null ? [biomarker.range.high] : [])];
  let min = Math.min(...bounds);
  let max = Math.max(...bounds);
  if (min === max) {
    min -= Math.abs(min) * 0.1 || 1;
    max += Math.abs(max) * 0.1 || 1;
  }
  const pad = (max - min) * 0.1;
  min -= pad;
  max += pad;
  const px = (day: string) => x + ((dayMs(day) - start) / Math.max(1, end - start)) * width;
  const py = (value: number) => y + height - ((value - min) / (max - min)) * height;

  doc.save();
  doc.rect(x, y, width, height).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  if (biomarker.range.low !== null || biomarker.range.high !== null) {
    const top = biomarker.range.high !== null ? py(biomarker.range.high) : y;
    const bottom = biomarker.range.low !== null ? py(biomarker.range.low) : y + height;
    doc.rect(x, Math.max(y, top), width, Math.min(y + height, bottom) - Math.max(y, top)).fillColor(COLOURS.band).fill();
  }
  if (biomarker.points.length > 1) {
    biomarker.points.forEach((point, i) => {
      if (i === 0) doc.moveTo(px(point.testDate), py(point.value));
      else doc.lineTo(px(point.testDate), py(point.value));
    });
    doc.lineWidth(1.2).strokeColor(COLOURS.line).stroke();
  }
  for (const point of biomarker.points) {
    const cx = biomarker.points.length === 1 ? x + width / 2 : px(point.testDate);
    const colour = point.flag ? COLOURS[point.flag] : COLOURS.none;
    // A limit is drawn hollow at its limit: the true value lies somewhere beyond it.
    if (point.comparator) doc.circle(cx, py(point.value), 2.4).lineWidth(1).fillAndStroke('#ffffff', colour);
    else doc.circle(cx, py(point.value), 2.4).fillColor(colour).fill();
  }
  doc.restore();

  doc.font('body').fontSize(7).fillColor(COLOURS.muted);
  doc.text(formatNumber(max - pad), x - 40, y - 3, { width: 36, align: 'right', lineBreak: false });
  doc.text(formatNumber(min + pad), x - 40, y + height - 6, { width: 36, align: 'right', lineBreak: false });
  const first = biomarker.points[0]!.testDate;
  const last = biomarker.points[biomarker.points.length - 1]!.testDate;
  doc.text(first, x, y + height + 2, { width: 70, lineBreak: false });
  if (last !== first) doc.text(last, x + width - 70, y + height + 2, { width: 70, align: 'right', lineBreak: false });
  doc.text(biomarker.chartUnit, x + width / 2 - 40, y + height + 2, { width: 80, align: 'center', lineBreak: false });

  periods.forEach((period, i) => {
    const barY = y + height + 14 + i * 10;
    const from = Math.max(x, x + ((dayMs(period.start) - start) / Math.max(1, end - start)) * width);
    const to = Math.min(x + width, x + ((dayMs(period.end) - start) / Math.max(1, end - start)) * width);
    doc.rect(from, barY, Math.max(2, to - from), 5).fillColor(COLOURS.period).fill();
    doc.fillColor(COLOURS.muted).fontSize(6.5).text(`${period.name} ${period.start} to ${period.end}`, x, barY - 1, { width, align: 'right', lineBreak: false });
  });
}

function effectsChart(doc: PDFKit.PDFDocument, model: ReportModel, x: number, y: number, width: number, height: number) {
  const points = model.effects.points;
  const start = dayMs(model.period.from);
  const end = dayMs(model.period.to);
  const px = (day: string) => x + ((dayMs(day) - start) / Math.max(1, end - start)) * width;
  const py = (value: number) => y + height - ((value - 1) / 4) * height;
  doc.save();
  doc.rect(x, y, width, height).lineWidth(0.5).strokeColor(COLOURS.rule).stroke();
  for (const [key, colour] of [['energy', COLOURS.energy], ['mood', COLOURS.mood], ['sleep', COLOURS.sleep]] as const) {
    points.forEach((point, i) => {
      if (i === 0) doc.moveTo(px(point.date), py(point[key]));
      else doc.lineTo(px(point.date), py(point[key]));
    });
    doc.lineWidth(1).strokeColor(colour).stroke();
  }
  doc.restore();
  doc.font('body').fontSize(7).fillColor(COLOURS.muted);
  doc.text('5', x - 12, y - 3, { lineBreak: false });
  doc.text('1', x - 12, y + height - 6, { lineBreak: false });
  doc.text(model.period.from, x, y + height + 2, { width: 80, lineBreak: false });
  doc.text(model.period.to, x + width - 80, y + height + 2, { width: 80, align: 'right', lineBreak: false });
  doc.fillColor(COLOURS.energy).text('Energy', x + width / 2 - 60, y + height + 2, { lineBreak: false });
  doc.fillColor(COLOURS.mood).text('Mood', x + width / 2 - 15, y + height + 2, { lineBreak: false });
  doc.fillColor(COLOURS.sleep).text('Sleep', x + width / 2 + 20, y + height + 2, { lineBreak: false });
  doc.fillColor(COLOURS.text);
}
