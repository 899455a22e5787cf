import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#contract/errors.ts';
import { auditLog, emailTokens, sessions, users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, newUserBody, signedInClient } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sign-up', () => {
  it('creates the account, signs the user in and answers the current user', async () => {
    const client = new TestClient(t.app);
    const body = newUserBody({ username: 'Alice_1' + Date.now().toString(36) });
    const response = await client.post('/api/register', body);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ ok: true, requiresVerification: false, message: 'Your account has been created successfully!' });
    expect(result.user).toMatchObject({ username: body.username, email: body.email, subscriptionTier: 'free', isAdmin: false });
    expect(JSON.stringify(result)).not.toMatch(/passwordHash|argon2|tokenHash/);

    const cookie = response.cookies.find((c) => c.name === 'stacklab_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url

    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(result.user.id);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('stores only a hash of the session token and an argon2id hash of the password', async () => {
    const { client, body } = await signedInClient(t);
    const [row] = await t.database.db.select().from(users).where(sql`lower(${users.email}) = ${body.email}`);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const stored = await t.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(stored.map((s) => s.tokenHash)).not.toContain(client.sessionCookie);
  });

  it.each([
    [{}, 'username', 'Username is required'],
    [{ username: '' }, 'username', 'Username is required'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(51) }, 'username', 'Username must be less than 50 characters'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'x'.repeat(101) }, 'password', 'Password must be less than 100 characters'],
    [{ username: 42 }, 'username', undefined],
    [{ email: ['a@b.c'] }, 'email', undefined],
    [{ username: "x'; drop table users; --" }, 'username', undefined],
    [{ username: '<script>alert(1)</script>' }, 'username', undefined],
  ])('refuses %j with a message on %s', async (override, field, message) => {
    const body = { ...newUserBody(), ...override } as Record<string, unknown>;
    if (!('username' in override) && Object.keys(override).length === 0) delete body.username;
    const response = await new TestClient(t.app).post('/api/register', body);
    expect(response.statusCode).toBe(400);
    const error = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    const detail = error.details.find((d: { field: string }) => d.field === field);
    expect(detail).toBeDefined();
    if (message) expect(detail.message).toBe(message);
  });

  it('refuses unknown fields and saves nothing', async () => {
    const body = { ...newUserBody(), isAdmin: true };
    const response = await new TestClient(t.app).post('/api/register', body);
    expect(response.statusCode).toBe(400);
    const rows = await t.database.db.select().from(users).where(sql`lower(${users.email}) = ${body.email}`);
    expect(rows).toHaveLength(0);
  });

  it('answers 413 to a 1 MB body and 400 to malformed JSON, without leaking internals', async () => {
    const client = new TestClient(t.app);
    const big = await client.post('/api/register', JSON.stringify({ ...newUserBody(), filler: 'x'.repeat(1024 * 1024) }), {
      'content-type': 'application/json',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const broken = await client.post('/api/register', '{"username": ', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toMatch(/at .*\.(js|ts):\d+|SyntaxError|FST_/);
  });

  it('keeps SQL and HTML in text as plain text', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/contact', {
      name: `Robert'); DROP TABLE users;--`,
      email: 'bobby@example.com',
      message: '<img src=x onerror=alert(1)> hello',
    });
    expect(response.statusCode).toBe(200);
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(count!.n).toBeGreaterThan(0);
  });

  it('refuses a taken username or e-mail, ignoring case', async () => {
    const { body } = await signedInClient(t);
    const sameName = await new TestClient(t.app).post('/api/register', newUserBody({ username: body.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().details[0]).toEqual({ field: 'username', message: 'This username is already taken' });
    const sameEmail = await new TestClient(t.app).post('/api/register', newUserBody({ email: body.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().details[0].field).toBe('email');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in by e-mail or by username, ignoring case', async () => {
    const { body } = await signedInClient(t);
    for (const identifier of [body.email, body.username.toUpperCase()]) {
      const client = new TestClient(t.app);
      const response = await client.post('/api/login', { email: identifier, password: body.password });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.username).toBe(body.username);
      expect((await client.get('/api/user')).statusCode).toBe(200);
    }
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const { body } = await signedInClient(t);
    const wrong = await new TestClient(t.app).post('/api/login', { email: body.email, password: 'wrong password' });
    const unknown = await new TestClient(t.app).post('/api/login', { email: 'nobody@example.com', password: 'whatever1' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'AUTH_FAILED', message: MESSAGES.invalidCredentials });
    }
    const empty = await new TestClient(t.app).post('/api/login', {});
    expect(empty.statusCode).toBe(401);
  });

  it('records sign-ins and failures in the audit log, without the password', async () => {
    const { user, body } = await signedInClient(t);
    await new TestClient(t.app).post('/api/login', { email: body.email, password: 'not the password' });
    const entries = await t.database.db.select().from(auditLog).where(sql`${auditLog.actorId} = ${user.id}`);
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['auth.sign_up', 'auth.sign_in', 'auth.sign_in_failed']));
    expect(JSON.stringify(entries)).not.toContain('not the password');
  });

  it('limits a hundred failed sign-ins with 429 while the real user signs in from elsewhere', async () => {
    const { body } = await signedInClient(t);
    const attacker = new TestClient(t.app, '198.51.100.66');
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const response = await attacker.post('/api/login', { email: body.email, password: `guess-${i}-password` });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const limited = await attacker.post('/api/login', { email: body.email, password: body.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message).toMatch(/try again in \d+ minute/);

    const realUser = new TestClient(t.app, '192.0.2.44');
    const response = await realUser.post('/api/login', { email: body.email, password: body.password });
    expect(response.statusCode).toBe(200);
  });

  it('issues a new token at sign-in and ignores one planted before (fixation)', async () => {
    const { body } = await signedInClient(t);
    const victim = new TestClient(t.app);
    victim.setCookie('stacklab_session', 'attacker-chosen-token-value-aaaaaaaaaaaaaaaaaaaaaaa');
    await victim.post('/api/login', { email: body.email, password: body.password });
    expect(victim.sessionCookie).not.toBe('attacker-chosen-token-value-aaaaaaaaaaaaaaaaaaaaaaa');

    // A real earlier session of the same browser is ended, not carried over.
    const first = victim.sessionCookie!;
    await victim.post('/api/login', { email: body.email, password: body.password });
    expect(victim.sessionCookie).not.toBe(first);
    const replay = new TestClient(t.app);
    replay.setCookie('stacklab_session', first);
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('answers the session to a signed-in and a signed-out browser alike, with the user or null', async () => {
    const { client, user } = await signedInClient(t);
    const signedIn = await client.get('/api/session');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toEqual((await client.get('/api/user')).json().user);
    expect(signedIn.json().user.id).toBe(user.id);
    expect(signedIn.headers['cache-control']).toBe('no-store');

    await client.post('/api/logout');
    const signedOut = await client.get('/api/session');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ user: null });
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('ends the session on sign-out so a replayed cookie is refused', async () => {
    const { client } = await signedInClient(t);
    const token = client.sessionCookie!;
    const response = await client.post('/api/logout');
    expect(response.json()).toEqual({ ok: true, message: 'You have been successfully logged out' });
    expect(client.sessionCookie).toBeUndefined();
    const replay = new TestClient(t.app);
    replay.setCookie('stacklab_session', token);
    const me = await replay.get('/api/user');
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('AUTH_FAILED');
  });

  it('expires sessions unused for the idle period and at the absolute limit', async () => {
    const { client, user } = await signedInClient(t);
    await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '31 days' where user_id = ${user.id}`);
    expect((await client.get('/api/user')).statusCode).toBe(401);

    const second = await signedInClient(t);
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${second.user.id}`);
    expect((await second.client.get('/api/user')).statusCode).toBe(401);
  });
});

describe('sessions on the profile', () => {
  it('lists the user’s own sessions and ends another one', async () => {
    const { client, body } = await signedInClient(t);
    const laptop = new TestClient(t.app, '192.0.2.99');
    await laptop.post('/api/login', { email: body.email, password: body.password }, { 'user-agent': 'Laptop browser' });
    const list = (await client.get('/api/sessions')).json().sessions;
    expect(list).toHaveLength(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = list.find((s: { current: boolean }) => !s.current);
    expect(other.userAgent).toBe('Laptop browser');

    expect((await client.delete(`/api/sessions/${other.id}`)).statusCode).toBe(200);
    expect((await laptop.get('/api/user')).statusCode).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('cannot see or end another user’s session', async () => {
    const alice = await signedInClient(t);
    const bob = await signedInClient(t);
    const bobsSession = (await bob.client.get('/api/sessions')).json().sessions[0];
    const response = await alice.client.delete(`/api/sessions/${bobsSession.id}`);
    expect(response.statusCode).toBe(404);
    expect((await bob.client.get('/api/user')).statusCode).toBe(200);
    const aliceList = (await alice.client.get('/api/sessions')).json().sessions;
    expect(aliceList.map((s: { id: string }) => s.id)).not.toContain(bobsSession.id);
  });

  it('answers 400 to a malformed session id and 401 when signed out', async () => {
    const { client } = await signedInClient(t);
    expect((await client.delete('/api/sessions/not-a-uuid')).statusCode).toBe(400);
    expect((await new TestClient(t.app).get('/api/sessions')).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a single-use link that changes the password and ends every session', async () => {
    const { client, body } = await signedInClient(t);
    const anonymous = new TestClient(t.app);
    const response = await anonymous.post('/api/auth/forgot-password', { email: body.email });
    expect(response.statusCode).toBe(200);
    const mail = t.outbox.messages.findLast((m) => m.to === body.email)!;
    expect(mail.subject).toBe('Reset your StackLab password');
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;

    const reset = await anonymous.post('/api/auth/reset-password', { token, password: 'a brand new password' });
    expect(reset.statusCode).toBe(200);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await anonymous.post('/api/login', { email: body.email, password: body.password })).statusCode).toBe(401);
    expect((await anonymous.post('/api/login', { email: body.email, password: 'a brand new password' })).statusCode).toBe(200);

    const again = await new TestClient(t.app).post('/api/auth/reset-password', { token, password: 'yet another password' });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('TOKEN_INVALID');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = t.outbox.messages.length;
    const response = await new TestClient(t.app).post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(response.statusCode).toBe(200);
    expect(t.outbox.messages.length).toBe(before);
  });

  it('refuses an expired link', async () => {
    const { body, user } = await signedInClient(t);
    await new TestClient(t.app).post('/api/auth/forgot-password', { email: body.email });
    const token = /token=([\w-]+)/.exec(t.outbox.messages.findLast((m) => m.to === body.email)!.text)![1]!;
    await t.database.db.execute(sql`update email_tokens set expires_at = now() - interval '1 minute' where user_id = ${user.id}`);
    const response = await new TestClient(t.app).post('/api/auth/reset-password', { token, password: 'a brand new password' });
    expect(response.statusCode).toBe(410);
  });
});

describe('same-origin rule for mutations', () => {
  it('refuses a mutation from another origin, even with a valid session', async () => {
    const { client } = await signedInClient(t);
    const evil = await client.post('/api/logout', undefined, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json().code).toBe('BAD_ORIGIN');
    const crossSite = await client.request({ method: 'POST', url: '/api/logout', headers: { origin: '', 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });
});

describe('answers', () => {
  it('sends security headers and a request id on every answer', async () => {
    const response = await new TestClient(t.app).get('/api/user', { 'x-request-id': 'test-request-0001' });
    expect(response.headers['x-request-id']).toBe('test-request-0001');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined(); // plain http here
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await new TestClient(t.app).get('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });

  it('never logs passwords or session tokens', async () => {
    const { client, body } = await signedInClient(t);
    await client.get('/api/user');
    await new TestClient(t.app).post('/api/login', { email: body.email, password: body.password });
    const log = t.logs.join('');
    expect(log).not.toContain(body.password);
    expect(log).not.toContain(client.sessionCookie!);
    expect(log).toContain('"reqId"');
  });
});

describe('rows never leak between users', () => {
  it('keeps e-mail tokens per user', async () => {
    const rows = await t.database.db.select({ userId: emailTokens.userId }).from(emailTokens);
    expect(rows.every((row) => typeof row.userId === 'string')).toBe(true);
  });
});
