import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { type FakeS3, startFakeS3 } from './fake-s3.ts';
import { type FileStore, StoredFileMissingError } from './file-store.ts';
import { createFileStore } from './create-file-store.ts';

let fake: FakeS3;
let dir: string;
beforeAll(async () => {
  fake = await startFakeS3();
  dir = await mkdtemp(path.join(os.tmpdir(), 'stacklab-files-'));
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['local folder', () => createFileStore({ kind: 'local', dir })],
  [
    'S3-compatible',
    () =>
      createFileStore({
        kind: 's3',
        bucket: fake.bucket,
        endpoint: fake.endpoint,
        region: 'us-east-1',
        accessKeyId: fake.accessKeyId,
        secretAccessKey: fake.secretAccessKey,
        forcePathStyle: true,
      }),
  ],
];

describe.each(stores)('%s store', (_name, make) => {
  it('puts, gets and deletes bytes under a generated key', async () => {
    const store = make();
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 10, 13]);
    await store.put('user-1/0a1b2c3d-file', bytes, 'application/pdf');
    expect([...(await store.get('user-1/0a1b2c3d-file'))]).toEqual([...bytes]);
    await store.delete('user-1/0a1b2c3d-file');
    await expect(store.get('user-1/0a1b2c3d-file')).rejects.toBeInstanceOf(StoredFileMissingError);
    await store.delete('user-1/0a1b2c3d-file'); // idempotent
  });

  it('answers a missing key with StoredFileMissingError', async () => {
    await expect(make().get('never-written')).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it.each(['../etc/passwd', 'a/../../b', '/absolute', 'Upper.pdf', 'a//b', 'x.pdf', ''])('refuses the key %j', async (key) => {
    await expect(make().put(key, new Uint8Array([1]), 'text/plain')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('local store', () => {
  it('leaves no temporary files behind', async () => {
    const store = createFileStore({ kind: 'local', dir });
    await store.put('tidy/one', new Uint8Array([1, 2, 3]), 'image/png');
    expect(await readdir(path.join(dir, 'tidy'))).toEqual(['one']);
  });
});

describe('S3 store', () => {
  it('signs its requests and sends the content type', async () => {
    await stores[1]![1]().put('signed/key', new Uint8Array([7]), 'image/png');
    expect(fake.objects.get('signed/key')?.contentType).toBe('image/png');
    expect(fake.requests.at(-1)).toEqual({ method: 'PUT', path: `/${fake.bucket}/signed/key` });
  });

  it('is chosen by configuration only when every S3 setting is given', () => {
    const base = { SESSION_SECRET: 'x'.repeat(40), DATA_DIR: dir };
    const s3 = {
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(base).storage).toEqual({ kind: 'local', dir: path.join(dir, 'files') });
    expect(loadConfig({ ...base, ...s3 }).storage).toMatchObject({ kind: 's3', bucket: 'b', forcePathStyle: true });
    expect(() => loadConfig({ ...base, S3_BUCKET: 'b' })).toThrow(/S3 storage needs all of .*missing S3_ENDPOINT/);
  });
});
