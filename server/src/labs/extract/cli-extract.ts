import { readFile } from 'node:fs/promises';
import type { ExtractionResult } from '#contract/biomarkers.ts';
import { isExtractionError } from './errors.ts';
import { extractDocument, type ExtractOptions } from './extract-document.ts';
import { extractInWorker, type WorkerOutcome } from './run-in-worker.ts';

/** Reads one report from disk and extracts it in this thread. */
export async function extractFile(path: string, opts: ExtractOptions = {}): Promise<ExtractionResult> {
  const bytes = new Uint8Array(await readFile(path));
  return extractDocument(bytes, opts);
}

type Io = { stdout: (text: string) => void; stderr: (text: string) => void };

const USAGE = 'usage: extract [--in-process] [--timeout=ms] [--date-order=dmy|mdy] <file>...';

/**
 * `extract <file>...`: prints one JSON object per file ({ file, ok, result } or
 * { file, ok: false, error }) and returns the exit code: 0 when every file was read, 1 when any
 * failed, 2 for a usage error. Runs each file in a worker unless --in-process is given.
 */
export async function runExtractCli(argv: string[], io: Io = defaultIo()): Promise<number> {
  const files = argv.filter((a) => !a.startsWith('--'));
  const flags = new Map(argv.filter((a) => a.startsWith('--')).map((a) => {
    const [k, v] = a.slice(2).split('=');
    return [k as string, v ?? 'true'];
  }));
  const known = new Set(['in-process', 'timeout', 'date-order', 'help']);
  const dateOrder = flags.get('date-order');
  if (flags.has('help') || files.length === 0 || [...flags.keys()].some((k) => !known.has(k)) || (dateOrder && dateOrder !== 'dmy' && dateOrder !== 'mdy')) {
    io.stderr(`${USAGE}\n`);
    return 2;
  }
  const extract = dateOrder ? { dateOrder: dateOrder as 'dmy' | 'mdy' } : {};
  let failed = false;
  for (const file of files) {
    let outcome: WorkerOutcome;
    try {
      if (flags.has('in-process')) {
        outcome = { ok: true, result: await extractFile(file, extract) };
      } else {
        const bytes = new Uint8Array(await readFile(file));
        outcome = await extractInWorker(bytes, { extract, timeoutMs: Number(flags.get('timeout') ?? 60_000) });
      }
    } catch (error) {
      outcome = isExtractionError(error)
        ? { ok: false, error: { code: error.code, message: error.message } }
        : { ok: false, error: { code: 'internal', message: error instanceof Error ? error.message : String(error) } };
    }
    if (!outcome.ok) failed = true;
    io.stdout(`${JSON.stringify({ file, ...outcome }, null, 2)}\n`);
  }
  return failed ? 1 : 0;
}

function defaultIo(): Io {
  return { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };
}
