import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNTHETIC_PANEL, makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { type AppProcess, HttpClient, createProcessDatabase, startAppProcess, tempDataDir, uploadForm, waitFor } from '#server/testing/app-process.ts';

/**
 * The server is killed (SIGKILL: no shutdown handler runs) while it reads a lab file. Started
 * again, it takes the job up once its lease runs out and finishes it: the file is as uploaded,
 * its results are there once each, and the job ran twice in all (the dead attempt and this one).
 */
const database = await createProcessDatabase();

describe.skipIf(!database)('a server killed during an extraction', () => {
  let db: pg.Client;
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  const apps: AppProcess[] = [];
  const start = async () => {
    const app = await startAppProcess({ DATABASE_URL: database!.url, DATA_DIR: data.dir, JOB_LEASE_SECONDS: '5' });
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    data = await tempDataDir();
    db = new pg.Client({ connectionString: database!.url });
    await db.connect();
  });
  afterAll(async () => {
    for (const app of apps) await app.kill();
    await db?.end();
    await database?.drop();
    await data?.remove();
  });

  it('finishes the job after a restart, with the file intact and no result twice', async () => {
    const first = await start();
    const client = new HttpClient(first.url);
    const signUp = await client.post('/api/register', { username: 'killeduser', email: 'killed@example.com', password: 'correct horse battery' });
    expect(signUp.status).toBe(200);
    await db.query(`update users set subscription_tier = 'pro'`);

    // A long report (the panel, then pages of notes) takes a few seconds to read: time to be caught in the middle.
    const notes = Array.from({ length: 200 }, (_, i) => `Note ${i}: the laboratory keeps this line for its own records; it is not a result.`);
    const pdf = await makeTextPdf([...panelLines(), ...notes]);
    const upload = await client.request('POST', '/api/labs', uploadForm(pdf, 'report.pdf'));
    expect(upload.status).toBe(201);
    const fileId = (upload.json() as { id: string }).id;

    // Progress 20: the file has been fetched from the store and handed to the extraction worker.
    await waitFor(async () => {
      const row = (await db.query(`select status, progress from lab_files where id = $1`, [fileId])).rows[0];
      return row?.status === 'reading' && row.progress >= 20;
    }, 300_000);
    await first.kill();
    const atKill = await db.query(`select j.state, (select count(*)::int from lab_results r where r.lab_file_id = $1::uuid) as results from jobs j where j.payload->>'labFileId' = $1::text`, [fileId]);
    expect(atKill.rows).toEqual([{ state: 'running', results: 0 }]);

    const second = await start();
    client.baseUrl = second.url;
    await waitFor(async () => ((await client.get(`/api/labs/${fileId}`)).json() as { status: string }).status === 'needs_review', 300_000);
    // The results are saved before the job is marked done.
    await waitFor(async () => (await db.query(`select state from jobs where payload->>'labFileId' = $1::text`, [fileId])).rows[0]?.state === 'done', 10_000);

    const review = (await client.get(`/api/labs/${fileId}/results`)).json() as { results: { name: string; value: number }[] };
    expect(review.results.map((r) => ({ name: r.name, value: r.value }))).toEqual(expect.arrayContaining(SYNTHETIC_PANEL.expected));
    const names = review.results.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const stored = await db.query(`select count(*)::int as n from lab_results where lab_file_id = $1`, [fileId]);
    expect(stored.rows[0].n).toBe(review.results.length);

    const job = await db.query(`select state, attempts from jobs where payload->>'labFileId' = $1`, [fileId]);
    expect(job.rows).toEqual([{ state: 'done', attempts: 2 }]);

    const download = await fetch(`${second.url}/api/labs/${fileId}/file`, { headers: { cookie: client.cookie } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
  });
});
