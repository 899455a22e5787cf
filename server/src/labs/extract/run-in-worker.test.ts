import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExtractCli } from './cli-extract.ts';
import { defaultWorkerUrl, extractInWorker, stopIdleExtractionWorkers } from './run-in-worker.ts';
import { makeTextPdf, panelLines, SYNTHETIC_PANEL } from './test-fixtures.ts';

/** A deadline only against hangs: a cold worker beside the browser tests has needed over 30 s. */
const NO_HURRY = { timeoutMs: 300_000 };

let pdf: Uint8Array;
let dir: string;
beforeAll(async () => {
  pdf = await makeTextPdf(panelLines());
  dir = await mkdtemp(path.join(tmpdir(), 'labs-extract-'));
});
afterAll(async () => {
  await stopIdleExtractionWorkers();
  await rm(dir, { recursive: true, force: true });
});

describe('extractInWorker', () => {
  it('resolves the TypeScript worker entry when running from source', () => {
    expect(defaultWorkerUrl().pathname).toMatch(/labs\/extract\/worker\.ts$/);
  });

  it('extracts in a worker thread and leaves the caller\'s bytes intact', async () => {
    const outcome = await extractInWorker(pdf, NO_HURRY);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.results.map((r) => r.name)).toEqual(SYNTHETIC_PANEL.expected.map((e) => e.name));
    expect(pdf.byteLength).toBeGreaterThan(0);
  });

  it('returns a typed failure for a bad file', async () => {
    const outcome = await extractInWorker(new Uint8Array(0), NO_HURRY);
    expect(outcome).toEqual({ ok: false, error: { code: 'empty-file', message: 'The file is empty' } });
  });

  it('terminates the worker at the deadline, and the next file is read by a sound one', async () => {
    // A warm worker can read this small file within 5 ms on a fast machine; a cold one cannot.
    await stopIdleExtractionWorkers();
    const outcome = await extractInWorker(pdf, { timeoutMs: 5 });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' } });
    const next = await extractInWorker(pdf, NO_HURRY);
    expect(next.ok && next.result.results.length).toBe(SYNTHETIC_PANEL.expected.length);
  });

  it('reads files side by side and then one after another on warm workers, each answer its own', async () => {
    const [good, empty] = await Promise.all([extractInWorker(pdf, NO_HURRY), extractInWorker(new Uint8Array(0), NO_HURRY)]);
    expect(good.ok && good.result.collectedAt).toBe(SYNTHETIC_PANEL.collectedAt);
    expect(empty).toMatchObject({ ok: false, error: { code: 'empty-file' } });
    for (let i = 0; i < 3; i += 1) expect((await extractInWorker(pdf, NO_HURRY)).ok).toBe(true);
  });
});

describe('runExtractCli', () => {
  it('prints JSON per file and returns 0 when all were read, 1 when any failed', async () => {
    const good = path.join(dir, 'panel.pdf');
    const bad = path.join(dir, 'empty.pdf');
    await writeFile(good, pdf);
    await writeFile(bad, new Uint8Array(0));
    let out = '';
    const io = { stdout: (t: string) => void (out += t), stderr: () => undefined };
    expect(await runExtractCli(['--in-process', good], io)).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ file: good, ok: true, result: { collectedAt: SYNTHETIC_PANEL.collectedAt } });
    out = '';
    expect(await runExtractCli(['--in-process', bad], io)).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ ok: false, error: { code: 'empty-file' } });
  });

  it('returns 2 for a usage error', async () => {
    let err = '';
    expect(await runExtractCli([], { stdout: () => undefined, stderr: (t) => void (err += t) })).toBe(2);
    expect(err).toMatch(/usage/);
  });
});
