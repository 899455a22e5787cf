import WordExtractor from 'word-extractor';
import { ExtractionError } from './errors.ts';
import type { TextLine } from './parser.ts';

/** Word's cell, vertical-tab and page-break control characters become spaces. */
const controlBreaksToSpaces = (line: string) =>
  line.replaceAll('\u0007', ' ').replaceAll('\u000b', ' ').replaceAll('\u000c', ' ');

/** Word 97-2003 (.doc, OLE2) to text lines; table cells come through separated by tabs. */
export async function readDocLines(bytes: Uint8Array): Promise<TextLine[]> {
  let body: string;
  try {
    const document = await new WordExtractor().extract(Buffer.from(bytes));
    body = document.getBody();
  } catch (error) {
    throw new ExtractionError('corrupt-file', 'This Word document could not be read; it may be damaged or not a Word file', { cause: error });
  }
  return body
    .split(/\r?\n|\r/)
    .map((line) => controlBreaksToSpaces(line.replace(/\t+/g, '  ')).trim())
    .filter((line) => line !== '')
    .map((text) => ({ text, source: 'text' as const }));
}
