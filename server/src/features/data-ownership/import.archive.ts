import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { IMPORT_MESSAGES } from '#contract/data-ownership.ts';
import { AppError } from '#server/http/app-error.ts';

export type ArchiveLimits = { maxEntries: number; maxEntryBytes: number; maxTotalBytes: number };

type Entry = { name: string; method: number; flags: number; compressedSize: number; declaredSize: number; localOffset: number };

const inflateRawAsync = promisify(inflateRaw);
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MB = 1024 * 1024;

/**
 * Reads the entries of a zip that `wanted` accepts, within `limits`. Entries are found from the
 * central directory (its sizes are right even where the local headers defer them to a data
 * descriptor, as streamed zips do), and each is inflated by zlib on its thread pool, stopped as
 * soon as it passes what is left of the caps: the event loop never inflates, and a zip bomb costs
 * at most the caps, whatever its headers claim.
 */
export async function readZipEntries(bytes: Buffer, wanted: (name: string) => boolean, limits: ArchiveLimits): Promise<Map<string, Uint8Array>> {
  const entries = readCentralDirectory(bytes, limits.maxEntries).filter((entry) => wanted(entry.name));
  // Refused before any work when the zip owns up to its size; the real output is capped below.
  let declaredTotal = 0;
  for (const entry of entries) {
    if (entry.declaredSize > limits.maxEntryBytes) throw entryTooLarge(limits);
    declaredTotal += entry.declaredSize;
    if (declaredTotal > limits.maxTotalBytes) throw totalTooLarge(limits);
  }
  const files = new Map<string, Uint8Array>();
  let total = 0;
  for (const entry of entries) {
    const data = storedBytesOf(bytes, entry);
    const allowance = Math.min(limits.maxEntryBytes, limits.maxTotalBytes - total);
    const content = entry.method === 0 ? data : await inflateWithin(data, allowance, limits);
    if (content.byteLength > allowance) throw content.byteLength > limits.maxEntryBytes ? entryTooLarge(limits) : totalTooLarge(limits);
    total += content.byteLength;
    files.set(entry.name, content);
  }
  return files;
}

function readCentralDirectory(bytes: Buffer, maxEntries: number): Entry[] {
  const end = findEndOfCentralDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const offset = bytes.readUInt32LE(end + 16);
  // ZIP64 markers: no StackLab export needs them (an import is at most 50 MB).
  if (count === 0xffff || offset === 0xffffffff) throw unreadable();
  if (count > maxEntries) {
    throw AppError.validation('file', IMPORT_MESSAGES.archiveTooManyEntries.replace('{max}', maxEntries.toLocaleString('en-US')));
  }
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.byteLength || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw unreadable();
    const nameLength = bytes.readUInt16LE(at + 28);
    const flags = bytes.readUInt16LE(at + 8);
    entries.push({
      flags,
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      declaredSize: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  throw unreadable();
}

/** The entry's stored (compressed) bytes, after its local header. */
function storedBytesOf(bytes: Buffer, entry: Entry): Buffer {
  const header = entry.localOffset;
  // Encrypted entries (bit 0) and methods other than stored and deflate are not ours.
  if (entry.flags & 1 || (entry.method !== 0 && entry.method !== 8)) throw unreadable();
  if (header + 30 > bytes.byteLength || bytes.readUInt32LE(header) !== LOCAL_SIGNATURE) throw unreadable();
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  if (start + entry.compressedSize > bytes.byteLength) throw unreadable();
  return bytes.subarray(start, start + entry.compressedSize);
}

async function inflateWithin(data: Buffer, allowance: number, limits: ArchiveLimits): Promise<Buffer> {
  try {
    return await inflateRawAsync(data, { maxOutputLength: Math.max(1, allowance), chunkSize: 64 * 1024 });
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_BUFFER_TOO_LARGE') throw unreadable();
    throw allowance >= limits.maxEntryBytes ? entryTooLarge(limits) : totalTooLarge(limits);
  }
}

const unreadable = () => AppError.validation('file', IMPORT_MESSAGES.unreadable);
const entryTooLarge = (limits: ArchiveLimits) =>
  new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.archiveEntryTooLarge.replace('{max}', String(Math.round(limits.maxEntryBytes / MB))));
const totalTooLarge = (limits: ArchiveLimits) =>
  new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.archiveTooLarge.replace('{max}', String(Math.round(limits.maxTotalBytes / MB))));
