/**
 * The lab upload rules (product.md, Labs). Zod-free, so that the
 * web can import them without loading schema code (decision 017); `labs.ts` re-exports them.
 */

/** What the upload widget offers; the server decides by content, never by name. */
export const LAB_ACCEPTED_EXTENSIONS = ['.pdf', '.doc', '.docx', '.png', '.jpg', '.jpeg'] as const;
export const LAB_ACCEPTED_MIME_TYPES = {
  'application/pdf': ['.pdf'],
  'application/msword': ['.doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
} as const;
/** Files kept per selection in the widget; each is sent in its own request (field `file`). */
export const LAB_MAX_FILES_PER_SELECTION = 5;
export const LAB_UPLOAD_FIELD = 'file';
