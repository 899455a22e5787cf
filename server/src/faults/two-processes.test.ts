import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTextPdf, panelLines } from '#server/labs/extract/test-fixtures.ts';
import { type AppProcess, HttpClient, createProcessDatabase, logEntries, startAppProcess, tempDataDir, uploadForm, waitFor } from '#server/testing/app-process.ts';

/**
 * Two app processes on one PostgreSQL database and one file folder, as two containers behind a
 * load balancer: a session started on one works on the other, limits count the calls made to
 * both, and the job queue hands each job to exactly one of them.
 */
const database = await createProcessDatabase();

describe.skipIf(!database)('two app processes on one database', () => {
  let db: pg.Client;
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let a: AppProcess;
  let b: AppProcess;
  let counter = 0;
  const newUser = async (on: AppProcess) => {
    counter += 1;
    const client = new HttpClient(on.url);
    const body = { username: `twoproc${counter}`, email: `twoproc${counter}@example.com`, password: 'correct horse battery' };
    const response = await client.post('/api/register', body);
    expect(response.status).toBe(200);
    return { client, body, id: (response.json() as { user: { id: string } }).user.id };
  };
  const jobsStartedOn = (app: AppProcess) => logEntries(app, 'job started').map((entry) => entry.jobId as string);

  beforeAll(async () => {
    data = await tempDataDir();
    db = new pg.Client({ connectionString: database!.url });
    await db.connect();
    // Started one after the other: the second finds the database migrated (the migration lock makes either order safe).
    a = await startAppProcess({ DATABASE_URL: database!.url, DATA_DIR: data.dir });
    b = await startAppProcess({ DATABASE_URL: database!.url, DATA_DIR: data.dir });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.end();
    await database?.drop();
    await data?.remove();
  });

  it('shares sessions: signed in on A, the user is known on B, and signing out on B ends it on A', async () => {
    const { client, body } = await newUser(a);
    const onB = new HttpClient(b.url);
    onB.cookie = client.cookie;
    const user = await onB.get('/api/user');
    expect(user.status).toBe(200);
    expect(user.json()).toMatchObject({ user: { username: body.username } });

    expect((await onB.post('/api/logout')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('counts failed sign-ins made on both towards one limit', async () => {
    const { body } = await newUser(a);
    const clients = [new HttpClient(a.url), new HttpClient(b.url)];
    // Ten wrong passwords for this account from this address: five on each process.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await clients[attempt % 2]!.post('/api/login', { email: body.email, password: 'wrong password' });
      expect(response.status).toBe(401);
    }
    for (const client of clients) {
      const refused = await client.post('/api/login', { email: body.email, password: body.password });
      expect(refused.status).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    }
  });

  it('counts a plan limit across both, even for uploads sent to both at once', async () => {
    const { client, id } = await newUser(a);
    await db.query(`update users set subscription_tier = 'starter' where id = $1`, [id]);
    const onB = new HttpClient(b.url);
    onB.cookie = client.cookie;
    const pdf = await makeTextPdf(panelLines());
    // Starter allows 3 lab uploads; 4 arrive together, two at each process.
    const answers = await Promise.all([client, onB, client, onB].map((sender, i) => sender.request('POST', '/api/labs', uploadForm(pdf, `panel-${i}.pdf`))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 429]);
    expect(answers.find((answer) => answer.status === 429)!.json()).toMatchObject({ code: 'LIMIT_REACHED' });
    const files = await db.query(`select count(*)::int as n from lab_files where user_id = $1`, [id]);
    expect(files.rows[0].n).toBe(3);
  });

  it('shares the job queue: jobs queued on a process without a worker are run by the others, each once', async () => {
    // A web-only process (JOB_WORKER=false), as a deployment with separate workers has: what it
    // queues can only be run by A or B, whatever the timing.
    const web = await startAppProcess({ DATABASE_URL: database!.url, DATA_DIR: data.dir, JOB_WORKER: 'false' });
    try {
      const { client, id } = await newUser(web);
      await db.query(`update users set subscription_tier = 'pro' where id = $1`, [id]);
      const pdf = await makeTextPdf(panelLines());
      const fileIds: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        const upload = await client.request('POST', '/api/labs', uploadForm(pdf, `panel-${i}.pdf`));
        expect(upload.status).toBe(201);
        fileIds.push((upload.json() as { id: string }).id);
      }

      // The results are saved before the job is marked done: wait for all of them.
      await waitFor(async () => {
        const { rows } = await db.query(
          `select count(*)::int as n from lab_files f join jobs j on j.payload->>'labFileId' = f.id::text
            where f.user_id = $1 and f.status = 'needs_review' and j.state = 'done'`,
          [id],
        );
        return rows[0].n === fileIds.length;
      }, 300_000);
      const { rows: jobs } = await db.query(`select id, state, attempts from jobs where user_id = $1 and payload->>'labFileId' = any($2::text[])`, [id, fileIds]);
      expect(jobs.map((job) => [job.state, job.attempts])).toEqual(fileIds.map(() => ['done', 1]));
      const ran = [...jobsStartedOn(a), ...jobsStartedOn(b)].filter((jobId) => jobs.some((job) => job.id === jobId));
      expect(ran.sort()).toEqual(jobs.map((job) => job.id as string).sort());
      expect(jobsStartedOn(web)).toEqual([]);
    } finally {
      await web.stop();
    }

    // Every job of this run, the plan-limit test's included, was started exactly once across the two.
    const all = [...jobsStartedOn(a), ...jobsStartedOn(b)];
    expect(new Set(all).size).toBe(all.length);
    const results = await db.query(`select lab_file_id, count(*)::int as n, count(distinct biomarker_key)::int as distinct_markers from lab_results group by lab_file_id`);
    for (const row of results.rows) expect(row.n).toBe(row.distinct_markers);
  });
});
