import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { readHealthExport } from '#server/health-imports/read-export.ts';
import { appleHealthXmlChunks } from '#server/testing/health-exports.ts';
import { writeSection } from './results-file.ts';
import { machineLine, tempDir } from './support.ts';

/**
 * Apple Health's export.xml of 2 GB (BENCH_HEALTH_BYTES to change it), generated a chunk at a
 * time, then read by the import's reader in a process of its own, the way the import job streams
 * the stored file. Goal: peak RSS under 300 MB, whatever the file's size, and at least 30 MB/s.
 */
const BYTES = Number(process.env.BENCH_HEALTH_BYTES ?? 2 * 1024 ** 3);

type ReadFigures = { bytes: number; seconds: number; peakRssMb: number; measurements: number };

/** The child: reads the file and prints its figures as JSON. */
async function readFile(file: string): Promise<void> {
  const started = process.hrtime.bigint();
  const outcome = await readHealthExport(createReadStream(file), { fileName: 'export.xml', timeZone: 'UTC' });
  let measurements = 0;
  for await (const batch of outcome.batches) measurements += batch.length;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const figures: ReadFigures = { bytes: statSync(file).size, seconds, peakRssMb: process.resourceUsage().maxRSS / 1024, measurements };
  console.log(JSON.stringify(figures));
}

async function generate(file: string, bytes: number): Promise<void> {
  const out = createWriteStream(file);
  for (const chunk of appleHealthXmlChunks(bytes)) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function measureRead(file: string): ReadFigures {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'bench/health-import.bench.ts', '--read', file], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`the reader failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as ReadFigures;
}

async function main(): Promise<void> {
  const dir = tempDir('stacklab-health-bench-');
  try {
    const rows: string[] = [];
    // A small file beside the large one shows whether memory grows with the file.
    for (const size of [64 * 1024 ** 2, BYTES]) {
      const file = path.join(dir, `export-${size}.xml`);
      await generate(file, size);
      const figures = measureRead(file);
      rmSync(file);
      const mbPerSecond = figures.bytes / 1024 ** 2 / figures.seconds;
      rows.push(
        `| ${(figures.bytes / 1024 ** 2).toFixed(0)} MB | ${figures.measurements.toLocaleString('en')} | ${figures.seconds.toFixed(1)} | ${mbPerSecond.toFixed(1)} | ${figures.peakRssMb.toFixed(0)} |`,
      );
      console.log(rows.at(-1));
    }
    writeSection(
      'health-import',
      [
        '## Apple Health import: a 2 GB export.xml (`bench/health-import.bench.ts`)',
        '',
        'The import job\'s reader over a generated export.xml, in a process of its own. Goal: peak RSS under 300 MB whatever the size, at least 30 MB/s.',
        '',
        '| file | measurements kept | seconds | MB/s | peak RSS MB |',
        '|---|---:|---:|---:|---:|',
        ...rows,
        '',
        machineLine(),
      ].join('\n'),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const readIndex = process.argv.indexOf('--read');
await (readIndex > 0 ? readFile(process.argv[readIndex + 1]!) : main());
