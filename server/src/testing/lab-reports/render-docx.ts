import { strToU8, zipSync } from 'fflate';
import type { Block, GeneratedReport, ResultLine } from './report.ts';
import { LABELS } from './vocabulary.ts';

/**
 * The report as a minimal Word file (OOXML in a zip): header paragraphs, one table per panel
 * (bordered or not; two columns side by side; stacked as paragraphs), distractor tables, footer.
 */

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const run = (text: string, bold = false) => `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`;
const para = (text: string, bold = false) => `<w:p>${run(text, bold)}</w:p>`;
const cell = (text: string, bold = false) => `<w:tc><w:tcPr><w:tcW w:w="1800" w:type="dxa"/></w:tcPr>${para(text, bold)}</w:tc>`;
const BORDERS = '<w:tblBorders>' + ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`).join('') + '</w:tblBorders>';

function table(rows: string[][], bordered: boolean, boldFirst = false): string {
  const body = rows.map((row, i) => `<w:tr>${row.map((text) => cell(text, boldFirst && i === 0)).join('')}</w:tr>`).join('');
  return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>${bordered ? BORDERS : ''}</w:tblPr>${body}</w:tbl>`;
}

function resultRows(lines: ResultLine[]): string[][] {
  return lines.flatMap((line) => [line.cells.slice(), ...(line.method ? [[line.method, '', '', '', '']] : [])]);
}

function resultsXml(report: GeneratedReport, results: Extract<Block, { kind: 'results' }>[]): string {
  const bordered = report.layout.table === 'bordered';
  const header = report.columnHeader.slice();
  if (report.layout.table === 'labelled') {
    const labels = LABELS[report.language];
    return results.map((block) => para(block.title, true) + block.lines.map((line) => {
      const [name, value, unit, range, flag] = line.cells;
      return para(name, true) + (line.method ? para(line.method) : '') + para(`${labels.result}: ${[value, unit, flag].filter(Boolean).join('  ')}`) + para(`${labels.range}: ${range}`);
    }).join('')).join('');
  }
  if (report.layout.table === 'stacked') {
    return results.map((block) => para(block.title, true) + block.lines.map((line) => {
      const [name, value, unit, range, flag] = line.cells;
      return para(name, true) + para([value, unit, range, flag].filter(Boolean).join('   ')) + (line.method ? para(line.method) : '');
    }).join('')).join('');
  }
  if (report.layout.columns === 2) {
    const all = results.flatMap((block) => [[block.title, '', '', '', ''], header, ...resultRows(block.lines)]);
    const half = Math.ceil(all.length / 2);
    const rows = all.slice(0, half).map((left, i) => [...left, ...(all[half + i] ?? ['', '', '', '', ''])]);
    return table(rows, bordered);
  }
  return results.map((block) => para(block.title, true) + table([header, ...resultRows(block.lines)], bordered, true)).join('');
}

export function renderDocx(report: GeneratedReport): Uint8Array {
  const results = report.blocks.filter((b): b is Extract<Block, { kind: 'results' }> => b.kind === 'results');
  const distractors = report.blocks.filter((b): b is Extract<Block, { kind: 'distractor' }> => b.kind === 'distractor');
  const body = [
    para(report.header[0]!, true),
    ...report.header.slice(1).map((line) => para(line)),
    para(report.title, true),
    resultsXml(report, results),
    ...distractors.map((block) => para(block.title, true) + table(block.rows, false)),
    para(report.footer(1, 1)),
  ].join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  return zipSync({
    '[Content_Types].xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`),
    '_rels/.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`),
    'word/document.xml': strToU8(document),
  });
}
