import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIPID_PANEL_DOC, makeLipidPanelDocx } from '#server/labs/extract/test-fixtures.ts';

/**
 * Rebuilds server/src/labs/extract/fixtures/lipid-panel.doc: the generated lipid-panel DOCX,
 * saved as Word 97 by LibreOffice (`soffice` on PATH). Run: node --import tsx scripts/make-lab-doc-fixture.ts
 */
const dir = mkdtempSync(path.join(tmpdir(), 'stacklab-doc-'));
try {
  const docx = path.join(dir, 'lipid-panel.docx');
  writeFileSync(docx, makeLipidPanelDocx());
  execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'doc', '--outdir', dir, docx], { stdio: 'inherit' });
  copyFileSync(path.join(dir, 'lipid-panel.doc'), LIPID_PANEL_DOC);
  console.log(`wrote ${LIPID_PANEL_DOC}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
