import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Config } from '#server/config.ts';
import { extractInWorker, stopIdleExtractionWorkers } from '#server/labs/extract/run-in-worker.ts';

export const EXTRACT_USAGE = 'extract FILE [--date-order=dmy|mdy]';

type Io = { stdout: (text: string) => void; stderr: (text: string) => void };
const processIo: Io = { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) };

/**
 * `extract FILE`: reads one lab report the way an upload is read (a worker thread with the
 * server's time and memory limits) and prints `{ collectedAt, results }` as JSON. Exit 0 when
 * read, 1 with a message on stderr when the file cannot be read, 2 for a usage error.
 */
export async function extractCommand(args: string[], config: Config, io: Io = processIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { 'date-order': { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    io.stderr(`${(error as Error).message}\nusage: npm run cli -- ${EXTRACT_USAGE}\n`);
    return 2;
  }
  const dateOrder = parsed.values['date-order'];
  if (parsed.positionals.length !== 1 || (dateOrder !== undefined && dateOrder !== 'dmy' && dateOrder !== 'mdy')) {
    io.stderr(`usage: npm run cli -- ${EXTRACT_USAGE}\n`);
    return 2;
  }
  const file = parsed.positionals[0]!;
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    io.stderr(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}\n`);
    return 1;
  }
  if (bytes.byteLength > config.labs.maxBytes) {
    io.stderr(`${file}: the file is larger than LAB_MAX_BYTES (${config.labs.maxBytes} bytes)\n`);
    return 1;
  }
  const outcome = await extractInWorker(bytes, {
    timeoutMs: config.labs.extractTimeoutMs,
    maxOldGenerationSizeMb: config.labs.extractMemoryMb,
    extract: { maxBytes: config.labs.maxBytes + 1, maxPixels: config.labs.maxPixels, ...(dateOrder ? { dateOrder } : {}) },
  }).finally(stopIdleExtractionWorkers);
  if (!outcome.ok) {
    io.stderr(`${file}: ${outcome.error.message} (${outcome.error.code})\n`);
    return 1;
  }
  io.stdout(`${JSON.stringify({ collectedAt: outcome.result.collectedAt, results: outcome.result.results }, null, 2)}\n`);
  return 0;
}
