import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#contract/errors.ts';
import { jobs, labFiles, usageEvents } from '#server/db/schema/index.ts';
import { makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { type TestApp, createTestApp } from '#server/testing/test-app.ts';
import { clientOnTier, uploadFile } from './labs.test-helpers.ts';

/**
 * The disk that holds uploaded files is full: the upload is refused with a message that says so,
 * and nothing of it is kept (no row, no job, no plan use, no file or partial file). A real full
 * disk: the file folder is a tiny tmpfs, filled up. Mounting needs root (CI runs as root).
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'stacklab-full-'));
const filesDir = path.join(dataDir, 'files');
mkdirSync(filesDir);
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k,mode=0700', 'stacklab-full', filesDir], { stdio: 'pipe' });
  mounted = true;
} catch (error) {
  console.log(`disk-full test skipped: cannot mount a small tmpfs for the file folder (${(error as Error).message.split('\n')[0]})`);
}

describe.skipIf(!mounted)('an upload when the file disk is full', () => {
  let t: TestApp;
  const filler = path.join(filesDir, 'filler');
  const storedFiles = (dir = filesDir): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? storedFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close().catch(() => {});
    if (mounted) execFileSync('umount', [filesDir]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is refused with a clear message, and nothing of it is kept', async () => {
    const { client, user } = await clientOnTier(t, 'pro');
    const pdf = await makeTextPdf(panelLines());
    const { bavail, bsize } = statfsSync(filesDir);
    writeFileSync(filler, Buffer.alloc(bavail * bsize));

    const refused = await uploadFile(client, pdf, 'panel.pdf');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ ok: false, code: 'SERVICE_UNAVAILABLE', message: MESSAGES.storageFull, retryAfterSeconds: 5 });
    expect(refused.headers['retry-after']).toBe('5');

    expect((await client.get('/api/labs')).json()).toEqual([]);
    expect((await client.get('/api/user')).json().user.labUploadsCount).toBe(0);
    const { db } = t.database;
    expect(await db.select().from(labFiles).where(eq(labFiles.userId, user.id))).toEqual([]);
    expect(await db.select().from(jobs).where(eq(jobs.userId, user.id))).toEqual([]);
    expect(await db.select().from(usageEvents).where(eq(usageEvents.userId, user.id))).toEqual([]);
    expect(storedFiles()).toEqual([filler]);
    expect(readdirSync(filesDir)).toEqual(['filler']);

    // With room again, the same upload goes through.
    rmSync(filler);
    const accepted = await uploadFile(client, pdf, 'panel.pdf');
    expect(accepted.statusCode).toBe(201);
    expect(storedFiles()).toHaveLength(1);
    expect((await client.get('/api/labs')).json()).toHaveLength(1);
  });
});
