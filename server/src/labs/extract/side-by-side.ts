import { isColumnHeading } from './languages.ts';
import { matchNameAtStart, type NameMatch, stripNameTail } from './names.ts';
import type { TextCell, TextLine } from './parser.ts';

/**
 * Two-column reports print two results on one line ("Calcium 2,41 mmol/l 2,20 - 2,60  Natrium
 * 139 mmol/l 135 - 145"). Such a line is cut where a second test name starts, after the first
 * result's value, so that each result is read on its own. Text-layer lines are cut only between
 * cells; OCR and Word lines, which have no cells, between words.
 */

const VALUE_WORD = /^(?:[<>≤≥]=?)?\d[\d.,]*$/;

/** Index of the first part that starts a second result, or -1; `ocr` lets a name be misread as OCR misreads it ("HbAlc"). */
function secondResultAt(parts: string[], ocr: boolean): number {
  const first = matchNameAtStart(parts.join(' '), { ocr });
  if (!first) return afterHeading(parts);
  let seenValue = false;
  let consumed = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (consumed >= first.end && seenValue && i >= 2) {
      const rest = parts.slice(i).join(' ');
      const name = matchNameAtStart(rest, { ocr });
      if (name && valueAfter(rest, name, ocr)) return i;
    }
    // A limit's sign may stand apart from its number ("> 148").
    if (consumed >= first.end && VALUE_WORD.test(part.replace(/^([<>≤≥]=?) +/, '$1').split(' ')[0] as string)) seenValue = true;
    consumed += part.length + 1;
  }
  return -1;
}

/**
 * A section title or the table's column headings printed on the same line as a result of the
 * other column ("CHIMICA CLINICA  Sodio 139 mmol/L"): cut only after words that are capitals or
 * column headings, never after prose ("values above Glucose 126 mg/dL" stays whole).
 */
function afterHeading(parts: string[]): number {
  for (let i = 1; i < parts.length; i++) {
    const words = (parts[i - 1] as string).split(/\s+/);
    const methodLine = /^(?:method|methode|méthode|metodo|método|methodiek)\b/i.test(parts[0] as string);
    // A method's name may hold digits ("IFCC without P5P").
    if (!words.every((w) => methodLine || (!/\d/.test(w) && (w === w.toUpperCase() || isColumnHeading(w))))) return -1;
    const rest = parts.slice(i).join(' ');
    const name = matchNameAtStart(rest);
    if (name && valueAfter(rest, name, false)) return i;
  }
  return -1;
}

/** A cell that starts a result row: a name with its value in the same or the next cell; not a unit like "mg/dl". */
function startsResult(text: string, next: string | undefined): boolean {
  const name = matchNameAtStart(text);
  if (!name) return false;
  // A name alone is a stacked row (its value on the line below) or a card of a grid: either way
  // a column starts here, and assembleRows joins the name with the value below it in that column.
  return nothingAfter(text, name) ? next === undefined || /^(?:[<>≤≥]=?\s*)?\d/.test(next) || matchNameAtStart(next) !== null : startsWithValue(text.slice(name.end));
}

function isNameAlone(text: string): boolean {
  const name = matchNameAtStart(text);
  return name !== null && nothingAfter(text, name);
}

/** Nothing after the name but what may follow a name ("AST (GOT)", "HbA1c (DCCT)"). */
const nothingAfter = (text: string, name: NameMatch) => /^[\s:]*$/.test(stripNameTail(text.slice(name.end), name.keys));

/** A value follows the name in `text`; in printed text, past what may stand between the two ("Vitamin D, 25-OH, Total, IA 01 15.7"). */
function valueAfter(text: string, name: NameMatch, ocr: boolean): boolean {
  const after = text.slice(name.end);
  return startsWithValue(after) || (!ocr && startsWithValue(stripNameTail(after, name.keys)));
}

/** After a name: an optional "(abbreviation)" or colon, then a number or a limit ("< 0,5"); ")" closes a name spelt with it ("AST (GOT"). */
function startsWithValue(afterName: string): boolean {
  return /^\)?\s*(?:\([^)]{1,20}\)\s*)?[:=]?\s*(?:[<>≤≥]=?\s*)?\d[\d.,]*(?:\s|$)/.test(afterName);
}

export function splitSideBySideRows(lines: TextLine[]): TextLine[] {
  const pages = new Map<number, TextLine[]>();
  for (const line of lines) pages.set(line.page ?? 0, [...(pages.get(line.page ?? 0) ?? []), line]);
  return [...pages.values()].flatMap(splitPageColumns).flatMap(splitOneLine);
}

/** Cuts one line holding two results into two. */
function splitOneLine(line: TextLine): TextLine[] {
  if (line.cells && line.cells.length >= 4) {
    const at = secondResultAt(line.cells.map((c) => c.text), line.source === 'ocr');
    if (at <= 0) return [line];
    const [left, right] = [line.cells.slice(0, at), line.cells.slice(at)];
    return [{ ...line, text: left.map((c) => c.text).join('  '), cells: left }, ...splitOneLine({ ...line, text: right.map((c) => c.text).join('  '), cells: right })];
  }
  const text = line.text.trim();
  const words = [...text.matchAll(/\S+/g)];
  const at = words.length >= 5 ? secondResultAt(words.map((w) => w[0]), line.source === 'ocr') : -1;
  if (at <= 0) return [line];
  // Cut the text itself: the spaces between a Word table's cells stay as printed.
  const cut = words[at]!.index;
  const { cells: _cells, ...rest } = line;
  return [{ ...rest, text: text.slice(0, cut).trimEnd() }, ...splitOneLine({ ...rest, text: text.slice(cut) })];
}

/**
 * A text-layer page set in two columns: test names start again at one x in the middle of the
 * page on several lines. Lines in that band are cut at that x, and the right column is read
 * after the left one, so a name is only ever joined with a value below it in its own column.
 */
function splitPageColumns(lines: TextLine[]): TextLine[] {
  const votes = new Map<number, TextLine[]>();
  const apart = new Set<number>();
  // The page's left margin: a right column's line may hold nothing from the left one (stacked
  // rows of two columns rarely share a baseline), so its name counts on a line of its own too.
  const margin = Math.min(...lines.flatMap((l) => (l.cells && l.y !== undefined ? l.cells.map((c) => c.x) : [])));
  for (const line of lines) {
    if (!line.cells || line.y === undefined) continue;
    for (const [k, cell] of line.cells.entries()) {
      if (cell.x - margin < 120 || !startsResult(cell.text, line.cells[k + 1]?.text)) continue;
      const bucket = Math.round(cell.x / 4);
      votes.set(bucket, [...(votes.get(bucket) ?? []), line]);
      // Names alone side by side on one line may be a grid of cards (readCards reads those): a
      // column also needs a line where the name stands apart from the other column's names.
      if (!isNameAlone(cell.text) || line.cells.filter((c) => isNameAlone(c.text)).length < 2) apart.add(bucket);
    }
  }
  const strong = [...votes.entries()].filter(([bucket, v]) => v.length >= 2 && apart.has(bucket));
  // Names starting at several x positions are a grid of cards (assembleRows reads those), not two columns.
  if (strong.length !== 1) return lines;
  const [bucket, voters] = strong[0] as [number, TextLine[]];
  const boundary = bucket * 4 - 3;
  const height = Math.max(...voters.map((l) => l.height ?? 10));
  const reach = { top: Math.max(...voters.map((l) => l.y as number)) + height * 4, bottom: Math.min(...voters.map((l) => l.y as number)) - height * 4 };
  const { top, bottom } = columnReach(lines, reach, boundary, height);
  const inBand = (l: TextLine) => l.cells !== undefined && l.y !== undefined && l.y <= top && l.y >= bottom;
  const first = lines.findIndex(inBand);
  const band = lines.filter(inBand);
  const part = (l: TextLine, keep: (c: TextCell) => boolean): TextLine[] => {
    const cells = (l.cells as TextCell[]).filter(keep);
    return cells.length === 0 ? [] : [{ ...l, cells, text: cells.map((c) => c.text).join('  ') }];
  };
  const left = band.flatMap((l) => part(l, (c) => c.x < boundary));
  const right = band.flatMap((l) => part(l, (c) => c.x >= boundary));
  const outside = lines.filter((l) => !inBand(l));
  return [...outside.slice(0, first), ...left, ...right, ...outside.slice(first)];
}

/**
 * The band reaches on, from its edges, over lines whose parts start where the columns' lines in
 * the band start: the longer column's last rows, a heading, a name whose abbreviation kept it
 * from voting. It stops at a line that does not (a one-column row), or at a gap of four lines.
 */
function columnReach(lines: TextLine[], reach: { top: number; bottom: number }, boundary: number, height: number): { top: number; bottom: number } {
  const placed = lines.filter((l): l is TextLine & { cells: TextCell[]; y: number } => l.cells !== undefined && l.y !== undefined);
  const inside = placed.filter((l) => l.y <= reach.top && l.y >= reach.bottom);
  // Where each column's part of a line starts: one cell left of the boundary, one right of it.
  const partStarts = (cells: TextCell[]) => [cells.find((c) => c.x < boundary), cells.find((c) => c.x >= boundary)].flatMap((c) => (c ? [c.x] : []));
  const starts = inside.flatMap((l) => partStarts(l.cells));
  const columnar = ({ cells }: { cells: TextCell[] }) => partStarts(cells).every((x) => starts.some((start) => Math.abs(start - x) <= 2));
  const walk = (edge: number, outward: typeof placed) => {
    for (const line of outward) {
      if (Math.abs(line.y - edge) > height * 4 || !columnar(line)) break;
      edge = line.y;
    }
    return edge;
  };
  const lowest = Math.min(...inside.map((l) => l.y));
  const highest = Math.max(...inside.map((l) => l.y));
  return {
    top: walk(highest, placed.filter((l) => l.y > reach.top).sort((a, b) => a.y - b.y)),
    bottom: walk(lowest, placed.filter((l) => l.y < reach.bottom).sort((a, b) => b.y - a.y)),
  };
}
