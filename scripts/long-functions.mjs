// Lists functions over 80 lines (web/README.md), outside tests and data files; exits 1 when any is.
// `node scripts/long-functions.mjs [lines]`
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const LIMIT = Number(process.argv[2] ?? 80);
/** Tests and end-to-end specs read as stories; data files are text, not logic. */
const EXEMPT = /(\.test\.tsx?|\.test-helpers\.ts|\.spec\.ts|\.data\.ts|legal-content\.ts)$/;

const files = execSync("git ls-files '*.ts' '*.tsx'", { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && !EXEMPT.test(file));
const long = [];
for (const file of files) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const line = (position) => source.getLineAndCharacterOfPosition(position).line + 1;
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const lines = line(node.end) - line(node.getStart()) + 1;
      const parent = node.parent;
      const name = node.name?.getText() ?? (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) ? parent.name.getText() : '(anonymous)');
      if (lines > LIMIT) long.push(`${file}:${line(node.getStart())} ${name}: ${lines} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
for (const entry of long) console.log(entry);
console.log(`${long.length} function${long.length === 1 ? '' : 's'} over ${LIMIT} lines`);
process.exit(long.length > 0 ? 1 : 0);
