import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = 'bench/RESULTS.md';

/** Replaces one benchmark's section of bench/RESULTS.md, keeping the others. */
export function writeSection(id: string, markdown: string): void {
  const start = `<!-- ${id}:start -->`;
  const end = `<!-- ${id}:end -->`;
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmark results\n\nWritten by `npm run bench`; each section by its own script.\n';
  const section = `${start}\n${markdown.trim()}\n${end}`;
  const pattern = new RegExp(`${start}[\\s\\S]*?${end}`);
  writeFileSync(FILE, pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`);
}
