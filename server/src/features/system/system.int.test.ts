import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_CATALOGUE } from '#contract/plans.ts';
import { contactMessages, sessions, users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@stacklab.test' });
});
afterAll(() => t.close());

describe('health', () => {
  it('answers liveness and readiness', async () => {
    const client = new TestClient(t.app);
    expect((await client.get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await client.get('/readyz')).json()).toEqual({ status: 'ready' });
  });
});

describe('plans', () => {
  it('serves the catalogue with computed savings, cacheable', async () => {
    const response = await new TestClient(t.app).get('/api/plans');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.catalogue.tiers.starter.prices).toEqual(DEFAULT_PLAN_CATALOGUE.tiers.starter.prices);
    expect(body.savings).toEqual({ starter: 30, pro: 20 });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('contact', () => {
  it('stores the message and mails it to the support address', async () => {
    const message = { name: 'Ada', email: 'ada@example.com', message: 'Can I import my old spreadsheet?' };
    const response = await new TestClient(t.app).post('/api/contact', message);
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select().from(contactMessages).where(sql`${contactMessages.email} = 'ada@example.com'`);
    expect(rows).toHaveLength(1);
    const mail = t.outbox.messages.findLast((m) => m.to === 'help@stacklab.test')!;
    expect(mail.replyTo).toBe('ada@example.com');
    expect(mail.text).toContain('Can I import my old spreadsheet?');
  });

  it('names the field that is wrong', async () => {
    const response = await new TestClient(t.app).post('/api/contact', { name: '', email: 'x', message: 'y'.repeat(5001) });
    expect(response.statusCode).toBe(400);
    const fields = response.json().details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['email', 'message', 'name']);
  });
});

describe('admin routes', () => {
  it('answer 404 to anonymous visitors and to users, and the log to admins', async () => {
    expect((await new TestClient(t.app).get('/api/admin/audit-log')).statusCode).toBe(404);
    const { client } = await signedInClient(t);
    expect((await client.get('/api/admin/audit-log')).statusCode).toBe(404);

    const admin = await signedInClient(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(sql`${users.id} = ${admin.user.id}`);
    const response = await admin.client.get('/api/admin/audit-log?limit=5');
    expect(response.statusCode).toBe(200);
    expect(response.json().entries.length).toBeGreaterThan(0);
  });
});

const exec = promisify(execFile);
const cli = (args: string[], env: Record<string, string>) =>
  exec(process.execPath, ['--import', 'tsx', 'server/src/cli.ts', ...args], { env: { ...process.env, ...env } }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

describe('the create-admin command', () => {
  it('creates an administrator who can sign in and reach admin routes', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stacklab-cli-'));
    const created = await cli(['create-admin', '--email', 'Root@Example.com', '--username', 'root', '--password', 'a long admin password'], { DATA_DIR: dataDir });
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Administrator root <root@example.com> created.');

    const invalid = await cli(['create-admin', '--email', 'nope', '--username', 'x', '--password', 'short'], { DATA_DIR: dataDir });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('--email: Please enter a valid email address');
    expect(invalid.stderr).toContain('--password: Password must be at least 8 characters');
  });

  it('refuses an address that already has an account unless told --promote, which ends that account\'s sessions', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stacklab-cli-'));
    const { openPglite } = await import('#server/db/client.ts');
    // Anyone can sign up with any address: here someone did, and is signed in.
    const database = await openPglite(path.join(dataDir, 'pglite'));
    await database.migrate();
    const [squatter] = await database.db.insert(users).values({ username: 'early', email: 'boss@example.com', passwordHash: 'x' }).returning();
    await database.db.insert(sessions).values({ userId: squatter!.id, tokenHash: 'h'.repeat(64), expiresAt: new Date(Date.now() + 86_400_000) });
    await database.close();
    const readBack = async () => {
      const db = await openPglite(path.join(dataDir, 'pglite'));
      try {
        const [user] = await db.db.select().from(users).where(eq(users.id, squatter!.id));
        return { isAdmin: user!.isAdmin, sessions: (await db.db.select().from(sessions).where(eq(sessions.userId, squatter!.id))).length };
      } finally {
        await db.close();
      }
    };

    const refused = await cli(['create-admin', '--email', 'Boss@example.com', '--username', 'boss', '--password', 'a long admin password'], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('An account already uses boss@example.com (username early); nothing was changed.');
    expect(refused.stderr).toContain('--promote');
    expect(await readBack()).toEqual({ isAdmin: false, sessions: 1 });

    const promoted = await cli(['create-admin', '--email', 'boss@example.com', '--promote'], { DATA_DIR: dataDir });
    expect(promoted.stderr).toBe('');
    expect(promoted.stdout).toContain('early <boss@example.com> is now an administrator');
    expect(await readBack()).toEqual({ isAdmin: true, sessions: 0 });
  });

  it('says clearly when the running server holds the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stacklab-cli-'));
    const { openPglite } = await import('#server/db/client.ts');
    const held = await openPglite(path.join(dataDir, 'pglite'));
    try {
      const result = await cli(['create-admin', '--email', 'a@example.com', '--username', 'admin', '--password', 'a long admin password'], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/in use by another StackLab process \(pid \d+\)/);
    } finally {
      await held.close();
    }
  });

  it('stops with a list of what is wrong in the configuration', async () => {
    const result = await cli(['create-admin'], { PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope' });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toMatch(/PORT/);
    expect(result.stderr).toMatch(/DATABASE_URL: must be a postgres/);
    expect(result.stderr).toMatch(/SMTP_URL/);
  });
});

describe('served over HTTPS', () => {
  it('sends HSTS and a Secure, __Host- session cookie', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://stacklab.example' });
    try {
      const client = new TestClient(secure.app);
      const response = await client.post(
        '/api/register',
        { username: `tls${Date.now()}`, email: `tls${Date.now()}@example.com`, password: 'correct horse battery' },
        { origin: 'https://stacklab.example' },
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const cookie = response.cookies.find((c) => c.name === '__Host-stacklab_session')!;
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    } finally {
      await secure.close();
    }
  });
});

describe('when the database is gone', () => {
  it('answers 503 on /readyz and a plain 500 without internals on API calls', async () => {
    const doomed = await createTestApp();
    const { client } = await signedInClient(doomed);
    await doomed.database.close();
    try {
      const ready = await client.get('/readyz');
      expect(ready.statusCode).toBe(503);
      const me = await client.get('/api/user');
      expect(me.statusCode).toBe(500);
      expect(me.json()).toEqual({ ok: false, code: 'SERVER_ERROR', message: 'Something went wrong on our side. Please try again.' });
      expect(me.body).not.toMatch(/select|sessions|pglite|stack|at /i);
    } finally {
      await doomed.app.close();
    }
  });
});
