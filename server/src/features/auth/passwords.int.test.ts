import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth.ts';
import { auditLog, sessions, users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const changePassword = (client: TestClient, body: Record<string, unknown>) => client.post('/api/auth/change-password', body);

describe('changing the password while signed in', () => {
  it('needs the current password, ends every other session, keeps this one, and tells the user by e-mail', async () => {
    const { client, user, body } = await signedInClient(t);
    const laptop = new TestClient(t.app);
    expect((await laptop.post('/api/login', { email: body.email, password: body.password })).statusCode).toBe(200);

    const missing = await changePassword(client, { newPassword: 'a brand new password' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'currentPassword', message: 'Enter your current password' }]);
    const wrong = await changePassword(client, { currentPassword: 'not the password', newPassword: 'a brand new password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'currentPassword', message: 'The password is not correct' }]);
    const short = await changePassword(client, { currentPassword: body.password, newPassword: 'short' });
    expect(short.json().details).toEqual([{ field: 'newPassword', message: 'Password must be at least 8 characters' }]);
    expect((await laptop.get('/api/user')).statusCode).toBe(200);

    const changed = await changePassword(client, { currentPassword: body.password, newPassword: 'a brand new password' });
    expect(changed.json()).toEqual({ ok: true, message: AUTH_MESSAGES.passwordChanged });
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await new TestClient(t.app).post('/api/login', { email: body.email, password: body.password })).statusCode).toBe(401);
    expect((await new TestClient(t.app).post('/api/login', { email: body.email, password: 'a brand new password' })).statusCode).toBe(200);

    const mail = t.outbox.messages.findLast((m) => m.to === body.email)!;
    expect(mail.subject).toBe('Your StackLab password was changed');
    expect(mail.text).not.toContain('a brand new password');
    const entries = await t.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'auth.password_changed')));
    expect(entries).toHaveLength(1);
  });

  it('lets an account without a password (Google only) set one after a recent Google sign-in only', async () => {
    const { client, user } = await signedInClient(t);
    await t.database.db.update(users).set({ passwordHash: null, googleSubject: `google-${user.id}` }).where(eq(users.id, user.id));
    await t.database.db.update(sessions).set({ reauthenticatedAt: new Date(Date.now() - 30 * 60_000) }).where(eq(sessions.userId, user.id));
    const stale = await changePassword(client, { newPassword: 'my first password' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('REAUTH_REQUIRED');

    await t.database.db.update(sessions).set({ reauthenticatedAt: new Date() }).where(eq(sessions.userId, user.id));
    expect((await changePassword(client, { newPassword: 'my first password' })).statusCode).toBe(200);
    expect((await client.get('/api/user')).json().user.hasPassword).toBe(true);
  });

  it('is refused to a visitor', async () => {
    expect((await changePassword(new TestClient(t.app), { currentPassword: 'x', newPassword: 'a brand new password' })).statusCode).toBe(401);
  });
});

describe('a password reset', () => {
  it('revokes the share links and tells the user by e-mail', async () => {
    const { client, body } = await signedInClient(t);
    const created = await client.post('/api/shares', { parts: ['labs'], expiresInHours: 48 });
    expect(created.statusCode).toBe(201);
    const shareToken = new URL(created.json().url).pathname.split('/').pop()!;
    expect((await new TestClient(t.app).get(`/api/share/${shareToken}`)).statusCode).toBe(200);

    await new TestClient(t.app).post('/api/auth/forgot-password', { email: body.email });
    const token = /reset-password\?token=([\w-]+)/.exec(t.outbox.messages.findLast((m) => m.to === body.email)!.text)![1]!;
    expect((await new TestClient(t.app).post('/api/auth/reset-password', { token, password: 'a brand new password' })).statusCode).toBe(200);

    expect((await new TestClient(t.app).get(`/api/share/${shareToken}`)).statusCode).toBe(404);
    const mail = t.outbox.messages.findLast((m) => m.to === body.email)!;
    expect(mail.subject).toBe('Your StackLab password was changed');
    expect(mail.text).toContain('Your share link was revoked as well');
    const signedIn = new TestClient(t.app);
    await signedIn.post('/api/login', { email: body.email, password: 'a brand new password' });
    expect((await signedIn.get('/api/shares')).json().links[0].status).toBe('revoked');
  });
});
