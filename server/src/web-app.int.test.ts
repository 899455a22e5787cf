import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type TestApp, createTestApp, discardedLogs } from '#server/testing/test-app.ts';

/** The built web app as the server sends it: compressed when the browser takes it, plain otherwise. */
describe('the web app files', () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};`;

  beforeAll(async () => {
    t = await createTestApp();
    const webDir = await mkdtemp(path.join(os.tmpdir(), 'stacklab-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>StackLab</title></head><body></body></html>');
    await writeFile(path.join(webDir, 'assets', 'entry-abc123.js'), script);
    await writeFile(path.join(webDir, 'assets', 'entry-abc123.js.gz'), gzipSync(script));
    app = await buildApp({ config: t.config, database: t.database, webDir, logStream: discardedLogs() });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('sends the build\'s gzip file to a browser that accepts gzip, and the plain file to one that does not', async () => {
    const compressed = await app.inject({ method: 'GET', url: '/assets/entry-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['content-type']).toContain('javascript');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.headers['cache-control']).toContain('immutable');
    expect(compressed.rawPayload.length).toBeLessThan(script.length / 10);

    const plain = await app.inject({ method: 'GET', url: '/assets/entry-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});
