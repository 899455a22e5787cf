import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = 'bench/RESULTS.md';

/**
 * Replaces one benchmark's section of bench/RESULTS.md, keeping the others, and keeping the notes
 * written by hand at the section's end, after its `<!-- id:notes -->` marker.
 */
export function writeSection(id: string, markdown: string): void {
  const start = `<!-- ${id}:start -->`;
  const end = `<!-- ${id}:end -->`;
  const notesMarker = `<!-- ${id}:notes -->`;
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmark results\n\nWritten by `npm run bench`; each section by its own script.\n';
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  const old = pattern.exec(current)?.[0] ?? '';
  const notes = old.includes(notesMarker) ? `\n${old.slice(old.indexOf(notesMarker), old.length - end.length).trim()}\n` : '';
  const section = `${start}\n${markdown.trim()}\n${notes}${end}`;
  writeFileSync(FILE, old ? current.replace(old, () => section) : `${current.trimEnd()}\n\n${section}\n`);
}
