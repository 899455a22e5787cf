import { LAB_ACCEPTED_EXTENSIONS, LAB_ACCEPTED_MIME_TYPES, LAB_MAX_FILES_PER_SELECTION } from '#contract/lab-upload.ts';

/**
 * The upload widget's own checks (product.md, Labs). They spare the user a wasted upload; the
 * server decides by the file's content and its own size cap, and its answer is shown as sent.
 */

/** The server's default cap (LAB_MAX_BYTES), until `/api/config` gives this server's own. */
export const LAB_MAX_BYTES = 20 * 1024 * 1024;

/** "PDF, DOC, DOCX, PNG, JPG, JPEG" */
export const ACCEPTED_FORMATS_TEXT = LAB_ACCEPTED_EXTENSIONS.map((extension) => extension.slice(1).toUpperCase()).join(', ');

/** The `accept` attribute of the file input: extensions and MIME types both, as browsers differ. */
export const ACCEPT_ATTRIBUTE = [...Object.keys(LAB_ACCEPTED_MIME_TYPES), ...LAB_ACCEPTED_EXTENSIONS].join(',');

export const FILE_MESSAGES = {
  type: `File type must be ${LAB_ACCEPTED_EXTENSIONS.slice(0, -1)
    .map((extension) => extension.slice(1).toUpperCase())
    .join(', ')} or ${LAB_ACCEPTED_EXTENSIONS.at(-1)!.slice(1).toUpperCase()}`,
  tooMany: 'Too many files',
  tooLarge: (maxBytes: number) => `File is larger than ${maxBytes} bytes (${formatBytes(maxBytes)})`,
  empty: 'File is smaller than 1 byte: it is empty',
} as const;

export type FileLike = { name: string; size: number; type: string; lastModified?: number };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

/** The reasons a file is refused before upload (empty when it may go). */
export function fileProblems(file: FileLike, maxBytes = LAB_MAX_BYTES): string[] {
  const problems: string[] = [];
  const byExtension = (LAB_ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  // A type the browser knows counts as well: a photo shared from a phone may have no extension.
  const byType = file.type !== '' && Object.hasOwn(LAB_ACCEPTED_MIME_TYPES, file.type);
  if (!byExtension && !byType) problems.push(FILE_MESSAGES.type);
  if (file.size > maxBytes) problems.push(FILE_MESSAGES.tooLarge(maxBytes));
  if (file.size === 0) problems.push(FILE_MESSAGES.empty);
  return problems;
}

export type Rejection = { fileName: string; messages: string[] };

function sameFile(a: FileLike, b: FileLike): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/**
 * Adds newly chosen files to the selection. Refused files are reported with their reasons; a file
 * already selected is not added twice; at most 5 are kept (product.md, Labs), the rest are "Too many files".
 */
export function addToSelection<T extends FileLike>(
  current: readonly T[],
  incoming: readonly T[],
  options: { maxFiles?: number; maxBytes?: number } = {},
): { files: T[]; rejections: Rejection[] } {
  const maxFiles = options.maxFiles ?? LAB_MAX_FILES_PER_SELECTION;
  const files = [...current];
  const rejections: Rejection[] = [];
  for (const file of incoming) {
    if (files.some((kept) => sameFile(kept, file))) continue;
    const problems = fileProblems(file, options.maxBytes);
    if (problems.length > 0) {
      rejections.push({ fileName: file.name, messages: problems });
    } else if (files.length >= maxFiles) {
      rejections.push({ fileName: file.name, messages: [FILE_MESSAGES.tooMany] });
    } else {
      files.push(file);
    }
  }
  return { files, rejections };
}

/** "20 MB", "350 KB", "12 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}
