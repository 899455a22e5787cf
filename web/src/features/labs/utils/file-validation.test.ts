import { describe, expect, it } from 'vitest';
import { ACCEPTED_FORMATS_TEXT, FILE_MESSAGES, addToSelection, fileProblems, formatBytes } from './file-validation.ts';

const file = (name: string, size = 1000, type = '', lastModified = 1) => ({ name, size, type, lastModified });

describe('lab file checks', () => {
  it('names the supported formats', () => {
    expect(ACCEPTED_FORMATS_TEXT).toBe('PDF, DOC, DOCX, PNG, JPG, JPEG');
    expect(FILE_MESSAGES.type).toBe('File type must be PDF, DOC, DOCX, PNG, JPG or JPEG');
  });

  it('takes the six formats by extension (any case) or by the browser-reported type', () => {
    for (const name of ['a.pdf', 'b.DOC', 'c.docx', 'd.png', 'e.JPG', 'f.jpeg']) expect(fileProblems(file(name))).toEqual([]);
    expect(fileProblems(file('photo', 1000, 'image/jpeg'))).toEqual([]);
  });

  it('refuses other types, files over the cap and empty files with the generic messages', () => {
    expect(fileProblems(file('notes.txt', 10, 'text/plain'))).toEqual(['File type must be PDF, DOC, DOCX, PNG, JPG or JPEG']);
    expect(fileProblems(file('.pdf'))).toEqual([FILE_MESSAGES.type]);
    expect(fileProblems(file('big.pdf', 2001), 2000)).toEqual(['File is larger than 2000 bytes (2 KB)']);
    expect(fileProblems(file('big.pdf', 20 * 1024 * 1024 + 1))).toEqual(['File is larger than 20971520 bytes (20 MB)']);
    expect(fileProblems(file('empty.pdf', 0))).toEqual(['File is smaller than 1 byte: it is empty']);
    expect(fileProblems(file('archive.zip', 0))).toHaveLength(2);
  });

  it('keeps at most five files; the rest are "Too many files"; a file chosen twice is kept once', () => {
    const first = addToSelection([], [file('1.pdf'), file('2.pdf'), file('3.pdf')]);
    expect(first.files.map((f) => f.name)).toEqual(['1.pdf', '2.pdf', '3.pdf']);
    const second = addToSelection(first.files, [file('1.pdf'), file('4.pdf'), file('x.exe'), file('5.pdf'), file('6.pdf')]);
    expect(second.files.map((f) => f.name)).toEqual(['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf']);
    expect(second.rejections).toEqual([
      { fileName: 'x.exe', messages: [FILE_MESSAGES.type] },
      { fileName: '6.pdf', messages: ['Too many files'] },
    ]);
  });

  it('formats sizes for people', () => {
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(1536 * 1024)).toBe('1.5 MB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(1)).toBe('1 byte');
  });
});
