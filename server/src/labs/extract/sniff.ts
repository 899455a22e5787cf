import { fileTypeFromBuffer } from 'file-type';
import { ExtractionError } from './errors.ts';

export type DocumentKind = 'pdf' | 'docx' | 'doc' | 'png' | 'jpeg';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, i) => bytes[offset + i] === byte);

/**
 * The real type of an upload, by content (never by name or declared type). RTF saved with a
 * .doc name is refused with its own message, since Word users meet it often.
 */
export async function sniffDocument(bytes: Uint8Array): Promise<DocumentKind> {
  if (bytes.byteLength === 0) throw new ExtractionError('empty-file', 'The file is empty');
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (head.trimStart().startsWith('{\\rtf')) {
    throw new ExtractionError('rtf-as-doc', 'This file is an RTF document (often saved with a .doc name); please save it as PDF or DOCX and upload it again');
  }
  // pdf.js accepts a PDF header anywhere in the first kilobyte, as many real files need.
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (detected?.ext === 'docx') return 'docx';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && new TextDecoder('latin1').decode(bytes.subarray(0, 4096)).includes('word/')) return 'docx';
  const what = detected ? ` (it looks like ${detected.ext.toUpperCase()})` : '';
  throw new ExtractionError('unsupported-type', `This file type is not supported${what}; please upload a PDF, Word document (DOC or DOCX), PNG or JPEG`);
}
