import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { type FakeS3, startFakeS3 } from '#server/storage/fake-s3.ts';
import { type TestApp, createTestApp } from '#server/testing/test-app.ts';
import { createLabsWorker } from './labs.jobs.ts';
import { clientOnTier, fakeExtractor, silentLog, uploadFile } from './labs.test-helpers.ts';

/** The same upload, read, download and delete with files in S3-compatible storage (a local fake). */
let fake: FakeS3;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeS3();
  t = await createTestApp({
    S3_BUCKET: fake.bucket,
    S3_ENDPOINT: fake.endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: fake.accessKeyId,
    S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('labs on S3-compatible storage', () => {
  it('stores, reads, serves and deletes the file in the bucket', async () => {
    expect(t.config.storage.kind).toBe('s3');
    const pdf = await makeTextPdf(panelLines());
    const { client, user } = await clientOnTier(t, 'pro');
    const file = (await uploadFile(client, pdf, 'panel.pdf')).json();
    const keys = [...fake.objects.keys()];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${user.id}/[0-9a-f-]{36}$`));
    expect(fake.objects.get(keys[0]!)?.contentType).toBe('application/pdf');

    await createLabsWorker({ config: t.config, db: t.database.db, log: silentLog, extract: fakeExtractor }).drain();
    expect((await client.get(`/api/labs/${file.id}`)).json()).toMatchObject({ status: 'needs_review', resultCount: 2 });

    const download = await client.get(file.fileUrl);
    expect(Buffer.compare(download.rawPayload, Buffer.from(pdf))).toBe(0);

    expect((await client.delete(`/api/labs/${file.id}`)).statusCode).toBe(200);
    expect(fake.objects.size).toBe(0);
  });
});
