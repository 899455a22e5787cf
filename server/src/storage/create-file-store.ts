import type { StorageConfig } from '#server/config.ts';
import type { FileStore } from './file-store.ts';
import { LocalFileStore } from './local-file-store.ts';
import { S3FileStore } from './s3-file-store.ts';

/** The configured store: a folder by default, S3-compatible object storage when configured. */
export function createFileStore(config: StorageConfig): FileStore {
  return config.kind === 's3' ? new S3FileStore(config) : new LocalFileStore(config.dir);
}
