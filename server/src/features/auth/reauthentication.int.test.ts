import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth.ts';
import { auditLog, sessions, shareLinks, users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The user last proved who they are this many minutes ago, in every session they have. */
async function provedMinutesAgo(userId: string, minutes: number | null) {
  const at = minutes === null ? null : new Date(Date.now() - minutes * 60_000);
  await t.database.db.update(sessions).set({ reauthenticatedAt: at }).where(eq(sessions.userId, userId));
}

async function actionsOf(userId: string): Promise<string[]> {
  const rows = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, userId));
  return rows.map((row) => row.action);
}

/** Each sensitive action, as the web calls it. */
const SENSITIVE: [string, (client: TestClient, email: string) => ReturnType<TestClient['get']>][] = [
  ['a new e-mail address', (client, email) => client.post('/api/profile', { email: `new-${email}`, username: email.split('@')[0]! })],
  ['a share link', (client) => client.post('/api/shares', { parts: ['labs'], expiresInHours: 48 })],
  ['the JSON export', (client) => client.get('/api/export/json')],
  ['the CSV export', (client) => client.get('/api/export/csv')],
  ['the FHIR export', (client) => client.get('/api/export/fhir')],
  ["the doctor's report", (client) => client.get('/api/export/report')],
];

describe('recent re-authentication', () => {
  it.each(SENSITIVE)('%s needs a proof of identity from the last 10 minutes, and the password renews it', async (_name, act) => {
    const { client, user } = await signedInClient(t);
    await provedMinutesAgo(user.id, 11);
    const refused = await act(client, user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'REAUTH_REQUIRED', message: AUTH_MESSAGES.reauthRequired });
    // Nothing happened: the address is the same and no link was made.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    expect(await t.database.db.select().from(shareLinks).where(eq(shareLinks.userId, user.id))).toEqual([]);

    const wrong = await client.post('/api/auth/reauthenticate', { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'password', message: 'The password is not correct' }]);
    expect((await act(client, user.email)).statusCode).toBe(403);

    const confirmed = await client.post('/api/auth/reauthenticate', { password: 'correct horse battery' });
    expect(confirmed.json()).toEqual({ ok: true, message: AUTH_MESSAGES.reauthenticated });
    expect((await act(client, user.email)).statusCode).toBeLessThan(300);
    expect(await actionsOf(user.id)).toEqual(expect.arrayContaining(['auth.reauthentication_failed', 'auth.reauthenticated']));
  });

  it('counts a sign-in with the password as recent, and a session that never proved itself as not', async () => {
    const { client, user, body } = await signedInClient(t);
    expect((await client.get('/api/auth/reauthentication')).json()).toEqual({ recent: true });
    expect((await client.get('/api/export/json')).statusCode).toBe(200);
    await provedMinutesAgo(user.id, null);
    expect((await client.get('/api/auth/reauthentication')).json()).toEqual({ recent: false });
    expect((await client.get('/api/export/json')).json().code).toBe('REAUTH_REQUIRED');
    // Another sign-in is a new session that proved itself; the old one still did not.
    const other = new TestClient(t.app);
    expect((await other.post('/api/login', { email: body.email, password: body.password })).statusCode).toBe(200);
    expect((await other.get('/api/export/json')).statusCode).toBe(200);
    expect((await client.get('/api/export/json')).statusCode).toBe(403);
  });

  it('leaves the other answers alone: the profile without a new address saves with an old sign-in', async () => {
    const { client, user } = await signedInClient(t);
    await provedMinutesAgo(user.id, 60);
    const saved = await client.post('/api/profile', { email: user.email.toUpperCase(), username: user.username, name: 'Ada' });
    expect(saved.statusCode).toBe(200);
    expect((await client.get('/api/shares')).statusCode).toBe(200);
  });

  it('limits wrong passwords per account', async () => {
    const { client } = await signedInClient(t);
    for (let i = 0; i < 5; i += 1) expect((await client.post('/api/auth/reauthenticate', { password: 'wrong password!' })).statusCode).toBe(400);
    expect((await client.post('/api/auth/reauthenticate', { password: 'correct horse battery' })).statusCode).toBe(429);
  });

  it('tells an account without a password to sign in with Google again', async () => {
    const { client, user } = await signedInClient(t);
    await t.database.db.update(users).set({ passwordHash: null, googleSubject: `google-${user.id}` }).where(eq(users.id, user.id));
    const response = await client.post('/api/auth/reauthenticate', { password: 'anything at all' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'password', message: AUTH_MESSAGES.noPassword }]);
  });

  it('writes each sensitive action, sign-in, sign-out and failed sign-in to the audit log', async () => {
    const { client, user, body } = await signedInClient(t);
    const address = client.ip;
    await client.post('/api/shares', { parts: ['labs'], expiresInHours: 48 });
    await client.get('/api/export/json');
    await client.get('/api/export/report');
    await client.post('/api/profile', { email: `moved-${body.email}`, username: body.username });
    await new TestClient(t.app).post('/api/login', { email: body.username, password: 'not the password' });
    const second = new TestClient(t.app);
    await second.post('/api/login', { email: body.username, password: body.password });
    const listed = (await client.get('/api/sessions')).json().sessions as { id: string; current: boolean }[];
    expect((await client.request({ method: 'DELETE', url: `/api/sessions/${listed.find((s) => !s.current)!.id}` })).statusCode).toBe(200);
    await client.post('/api/logout', {});

    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    const actions = rows.map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.sign_up', 'auth.sign_in', 'auth.sign_in_failed', 'data.share_created', 'data.exported', 'auth.email_changed', 'auth.session_ended', 'auth.sign_out']),
    );
    expect(rows.filter((row) => row.action === 'data.exported').map((row) => row.details)).toEqual([{ format: 'json' }, { format: 'report' }]);
    const [shareEntry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'data.share_created')));
    expect(shareEntry).toMatchObject({ ipAddress: address, targetType: 'share_link', details: { parts: ['labs'], expiresInHours: 48 } });
  });
});
