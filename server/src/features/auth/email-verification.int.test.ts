import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth.ts';
import { type TestApp, TestClient, createTestApp, newUserBody } from '#server/testing/test-app.ts';

/** With an SMTP server configured, new accounts confirm their address before signing in. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
});
afterAll(() => t.close());

const linkIn = (email: string) => {
  const mail = t.outbox.messages.findLast((m) => m.to === email)!;
  return /verify-email\?token=([\w-]+)/.exec(mail.text)![1]!;
};

describe('e-mail verification', () => {
  it('asks to verify, refuses sign-in until then, and signs in through the link once', async () => {
    const body = newUserBody();
    const client = new TestClient(t.app);
    const response = await client.post('/api/register', body);
    expect(response.json()).toMatchObject({ ok: true, requiresVerification: true, user: null });
    expect(client.sessionCookie).toBeUndefined();
    expect((await client.get('/api/config')).json().emailVerificationEnabled).toBe(true);

    const early = await client.post('/api/login', { email: body.email, password: body.password });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    const mail = t.outbox.messages.findLast((m) => m.to === body.email)!;
    expect(mail.subject).toBe('Confirm your StackLab e-mail address');
    expect(mail.text).toContain('within 24 hours');
    const verified = await client.post('/api/auth/verify-email', { token: linkIn(body.email) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.emailVerified).toBe(true);
    expect((await client.get('/api/user')).statusCode).toBe(200);

    const reused = await new TestClient(t.app).post('/api/auth/verify-email', { token: linkIn(body.email) });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().message).toMatch(/invalid or has expired/);
  });

  it('refuses a link older than 24 hours, and a resent link replaces the old one', async () => {
    const body = newUserBody();
    const { user } = (await new TestClient(t.app).post('/api/register', body)).json();
    expect(user).toBeNull();
    const first = linkIn(body.email);
    await t.database.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ${body.email})`,
    );
    expect((await new TestClient(t.app).post('/api/auth/verify-email', { token: first })).statusCode).toBe(410);

    expect((await new TestClient(t.app).post('/api/auth/resend-verification', { email: body.email })).statusCode).toBe(200);
    const second = linkIn(body.email);
    expect(second).not.toBe(first);
    expect((await new TestClient(t.app).post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
  });

  it('keeps the session of a browser signed in as someone else, and tells it so', async () => {
    const me = newUserBody();
    await new TestClient(t.app).post('/api/register', me);
    const browser = new TestClient(t.app);
    expect((await browser.post('/api/auth/verify-email', { token: linkIn(me.email) })).statusCode).toBe(200);
    const mySession = browser.sessionCookie;

    // Someone else's link, opened in my signed-in browser: their address is verified, I stay me.
    const them = newUserBody();
    await new TestClient(t.app).post('/api/register', them);
    const opened = await browser.post('/api/auth/verify-email', { token: linkIn(them.email) });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ ok: true, code: 'OTHER_ACCOUNT', message: AUTH_MESSAGES.verifiedOtherAccount.replace('{username}', me.username) });
    expect(opened.json().user.username).toBe(me.username);
    expect(browser.sessionCookie).toBe(mySession);
    expect((await browser.get('/api/user')).json().user.username).toBe(me.username);
    expect((await new TestClient(t.app).post('/api/login', { email: them.email, password: them.password })).statusCode).toBe(200);
  });

  it('keeps the session of a browser signed in as the same account (a changed address)', async () => {
    const me = newUserBody();
    await new TestClient(t.app).post('/api/register', me);
    const browser = new TestClient(t.app);
    await browser.post('/api/auth/verify-email', { token: linkIn(me.email) });
    expect((await browser.post('/api/auth/reauthenticate', { password: me.password })).statusCode).toBe(200);
    const moved = `moved-${me.email}`;
    expect((await browser.post('/api/profile', { email: moved, username: me.username })).json().emailVerificationSent).toBe(true);
    const session = browser.sessionCookie;
    const opened = await browser.post('/api/auth/verify-email', { token: linkIn(moved) });
    expect(opened.json()).toMatchObject({ ok: true, message: AUTH_MESSAGES.emailVerified, user: { email: moved, emailVerified: true } });
    expect(browser.sessionCookie).toBe(session);
  });

  it('opens a session that is not a recent sign-in: a sensitive action asks for the password', async () => {
    const me = newUserBody();
    await new TestClient(t.app).post('/api/register', me);
    const browser = new TestClient(t.app);
    await browser.post('/api/auth/verify-email', { token: linkIn(me.email) });
    const exported = await browser.get('/api/export/json');
    expect(exported.statusCode).toBe(403);
    expect(exported.json().code).toBe('REAUTH_REQUIRED');
    expect((await browser.post('/api/auth/reauthenticate', { password: me.password })).statusCode).toBe(200);
    expect((await browser.get('/api/export/json')).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const response = await new TestClient(t.app).post('/api/auth/verify-email', { token: 'made-up-token' });
    expect(response.statusCode).toBe(410);
  });
});
