import { constants, deflateRawSync } from 'node:zlib';

type RawEntry = { name: string; data: Buffer; method: 0 | 8; declaredSize: number };

/**
 * A zip written byte by byte, so that a test can make its headers lie about the sizes (as a zip
 * bomb does). No CRCs: readers that check them are not what these tests are about.
 */
export function writeRawZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.data.byteLength, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.byteLength, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.data.byteLength, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.byteLength, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.byteLength + entry.data.byteLength;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Deflate data that inflates to `megabytes` MB of zeros, built from one flushed 1 MB block repeated (about 1 KB per MB). */
export function deflatedZeros(megabytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: constants.Z_FULL_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => block), deflateRawSync(Buffer.alloc(0))]);
}

/** A zip bomb: one entry whose header says 1 KB and which inflates to `megabytes` MB. */
export function zipBomb(name: string, megabytes: number): Buffer {
  return writeRawZip([{ name, data: deflatedZeros(megabytes), method: 8, declaredSize: 1024 }]);
}

/** Runs `work` while sampling the event loop's longest stall and the process's peak memory. */
export async function measureWhile<T>(work: () => Promise<T>): Promise<{ outcome: PromiseSettledResult<T>; longestStallMs: number; extraMemoryMb: number; ms: number }> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let last = performance.now();
  let longestStallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestStallMs = Math.max(longestStallMs, now - last);
    last = now;
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  const [outcome] = await Promise.allSettled([work()]);
  const ms = performance.now() - started;
  clearInterval(timer);
  return { outcome: outcome!, longestStallMs, extraMemoryMb: (peak - baseline) / (1024 * 1024), ms };
}
