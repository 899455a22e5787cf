import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileStore, StorageFullError, StoredFileMissingError, assertValidKey } from './file-store.ts';

/** Files in a folder (DATA_DIR/files by default); written to a temporary name, then renamed. */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;

  constructor(private readonly dir: string) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.write(key, (temporary) => writeFile(temporary, bytes, { mode: 0o600 }));
  }

  async putStream(key: string, body: Readable): Promise<void> {
    await this.write(key, (temporary) => pipeline(body, createWriteStream(temporary, { mode: 0o600 })));
  }

  private async write(key: string, writeTo: (temporary: string) => Promise<void>): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      try {
        await writeTo(temporary);
      } catch (error) {
        // A delete of the folder's last file may have removed the folder just now: make it again.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(path.dirname(file), { recursive: true });
        await writeTo(temporary);
      }
      await rename(temporary, file);
    } catch (error) {
      // A full disk leaves a partial temporary file: removing it gives the room back. The user's
      // folder goes too if this was to be its first file.
      await rm(temporary, { force: true });
      if (path.dirname(file) !== this.dir) await rmdir(path.dirname(file)).catch(() => {});
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EDQUOT') throw new StorageFullError({ cause: error });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissingError(key);
      throw error;
    }
  }

  async getStream(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    // Opened first, so that a missing file is told now rather than as a stream error later.
    const handle = await open(file, 'r').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredFileMissingError(key);
      throw error;
    });
    return handle.createReadStream({ autoClose: true, highWaterMark: 1024 * 1024 });
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    // Keys start with the user's id: an emptied folder would still name a deleted user.
    const folder = path.dirname(file);
    if (folder !== this.dir) await rmdir(folder).catch(() => {});
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    return path.join(this.dir, ...key.split('/'));
  }
}
