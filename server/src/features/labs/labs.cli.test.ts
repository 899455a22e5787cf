import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { LIPID_PANEL_DOC, SYNTHETIC_PANEL, WORD_LIPID_PANEL, makeFakeExecutable, makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { extractCommand } from './labs.cli.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stacklab-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const config = () => loadConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dir });

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await extractCommand(args, config(), { stdout: (t) => out.push(t), stderr: (t) => err.push(t) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('npm run cli -- extract FILE', () => {
  it('prints { collectedAt, results } as JSON and exits 0', async () => {
    const file = path.join(dir, 'panel.pdf');
    await writeFile(file, await makeTextPdf(panelLines()));
    const { code, stdout } = await run([file]);
    expect(code).toBe(0);
    const printed = JSON.parse(stdout);
    expect(Object.keys(printed)).toEqual(['collectedAt', 'results']);
    expect(printed.collectedAt).toBe(SYNTHETIC_PANEL.collectedAt);
    expect(printed.results.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['Hemoglobin', 'TSH']));
  });

  it('reads a Word 97 (.doc) report with every value, unit, range and flag', async () => {
    const { code, stdout } = await run([LIPID_PANEL_DOC]);
    expect(code).toBe(0);
    const printed = JSON.parse(stdout) as { collectedAt: string; results: { name: string; value: number; unit: string; referenceRange: { low: number | null; high: number | null }; flag: string }[] };
    expect(printed.collectedAt).toBe(WORD_LIPID_PANEL.collectedAt);
    expect(printed.results.map(({ name, value, unit, referenceRange: { low, high }, flag }) => ({ name, value, unit, referenceRange: { low, high }, flag }))).toEqual(
      WORD_LIPID_PANEL.expected,
    );
  });

  it('explains an unreadable or missing file on stderr and exits 1', async () => {
    const file = path.join(dir, 'report.pdf');
    await writeFile(file, makeFakeExecutable());
    const unreadable = await run([file]);
    expect(unreadable).toMatchObject({ code: 1, stdout: '' });
    expect(unreadable.stderr).toMatch(/This file type is not supported/);
    const missing = await run([path.join(dir, 'nope.pdf')]);
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.stderr).toMatch(/no such file/);
  });

  it('answers a usage error with 2', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['a.pdf', 'b.pdf'])).code).toBe(2);
    expect((await run(['--date-order=ymd', 'a.pdf'])).code).toBe(2);
  });

  it('exits as soon as it has printed its answer (the warm worker does not hold the process)', async () => {
    const file = path.join(dir, 'exit.pdf');
    await writeFile(file, await makeTextPdf(panelLines()));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', 'extract', file], { env: { ...process.env, SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dir } });
    let stdout = '';
    let printedAt = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      printedAt = Date.now();
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(stdout).results.length).toBeGreaterThan(0);
    // Measured from the answer, not the start (tsx's start has taken 40 s on a loaded machine): an
    // idle worker that held the process would keep it for five minutes (run-in-worker.ts).
    expect(Date.now() - printedAt).toBeLessThan(60_000);
  });
});
