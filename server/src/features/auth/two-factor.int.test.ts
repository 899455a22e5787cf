import { and, eq } from 'drizzle-orm';
import { Secret, TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '#contract/two-factor.ts';
import { auditLog, signInChallenges } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { AUTH_MESSAGES } from '#contract/auth.ts';
import { insertEmailToken } from './auth.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/** A signed-in user who has turned on TOTP (with the code of this step), with their secret and recovery codes. */
async function userWithTotp() {
  const account = await signedInClient(t);
  const setup = await account.client.post('/api/two-factor/totp/setup', { password: account.body.password });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await account.client.post('/api/two-factor/totp/enable', { code: codeFor(secret) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { ...account, secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

async function passwordStep(credentials: { email: string; password: string }) {
  const client = new TestClient(t.app);
  const response = await client.post('/api/login', { email: credentials.email, password: credentials.password });
  expect(response.statusCode).toBe(200);
  return { client, response, token: response.json().secondFactor?.token as string };
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, userId));
  return rows.map((row) => row.action);
}

describe('turning on an authenticator app', () => {
  it('asks for the password, shows a secret and its otpauth URI, and is on only after a first correct code', async () => {
    const { client, body, user } = await signedInClient(t);
    expect((await client.post('/api/two-factor/totp/setup', {})).json().message).toBe(TWO_FACTOR_MESSAGES.passwordRequired);
    expect((await client.post('/api/two-factor/totp/setup', { password: 'not the password' })).json().message).toBe(TWO_FACTOR_MESSAGES.wrongPassword);

    const setup = (await client.post('/api/two-factor/totp/setup', { password: body.password })).json() as { secret: string; uri: string };
    const fromUri = URI.parse(setup.uri) as TOTP;
    expect(fromUri).toMatchObject({ issuer: 'StackLab', label: body.email, digits: 6, period: 30, algorithm: 'SHA1' });
    expect(fromUri.secret.base32).toBe(setup.secret);
    expect((await client.get('/api/two-factor')).json()).toEqual({ totpEnabled: false, recoveryCodesLeft: 0, passkeyCount: 0 });
    // Until a code confirms the app, signing in asks for nothing more.
    expect((await passwordStep(body)).response.json().user).not.toBeNull();

    const wrong = await client.post('/api/two-factor/totp/enable', { code: '000000' === codeFor(setup.secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.wrongCode);

    // Digits of another script are not a code (they once failed with a server error).
    expect((await client.post('/api/two-factor/totp/enable', { code: '١٢٣٤٥٦' })).statusCode).toBe(400);

    const enabled = await client.post('/api/two-factor/totp/enable', { code: codeFor(setup.secret) });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // 24 characters of 32 kinds: 120 random bits, in six groups of four.
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){5}$/);
    expect((await client.get('/api/two-factor')).json()).toEqual({ totpEnabled: true, recoveryCodesLeft: 10, passkeyCount: 0 });
    expect(await auditActions(user.id)).toContain('auth.two_factor_enabled');
    // Shown once: a second set-up is refused while it is on.
    expect((await client.post('/api/two-factor/totp/setup', { password: body.password })).statusCode).toBe(409);
  });
});

describe('signing in with a second factor', () => {
  it('answers the password with a challenge, not a session, and the current code completes it', async () => {
    const { body, secret, user } = await userWithTotp();
    const { client, response, token } = await passwordStep(body);
    expect(response.json()).toMatchObject({ ok: true, user: null, message: TWO_FACTOR_MESSAGES.codeNeeded, secondFactor: { methods: ['totp', 'recovery-code'] } });
    expect(response.cookies.find((cookie) => cookie.name === 'stacklab_session')).toBeUndefined();
    expect((await client.get('/api/user')).statusCode).toBe(401);

    const wrong = await client.post('/api/auth/two-factor', { token, code: '12345' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    // The code of the next step: this step's code was spent turning two-factor on.
    const done = await client.post('/api/auth/two-factor', { token, code: codeFor(secret, 1) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    expect((await client.get('/api/user')).json().user.id).toBe(user.id);
  });

  it('refuses a code that was already used, and a code older than the last one used', async () => {
    const { body, secret } = await userWithTotp();
    // Taken once, so that a step boundary passing during the test changes neither code.
    const [older, used] = [codeFor(secret, 0), codeFor(secret, 1)];
    const first = await passwordStep(body);
    expect((await first.client.post('/api/auth/two-factor', { token: first.token, code: used })).statusCode).toBe(200);

    const second = await passwordStep(body);
    expect((await second.client.post('/api/auth/two-factor', { token: second.token, code: used })).statusCode).toBe(401);
    expect((await second.client.post('/api/auth/two-factor', { token: second.token, code: older })).statusCode).toBe(401);
    expect((await second.client.get('/api/user')).statusCode).toBe(401);
  });

  it('takes each recovery code once, typed in any case and without dashes', async () => {
    const { body, recoveryCodes, user, client: settings } = await userWithTotp();
    const code = recoveryCodes[3]!;
    const first = await passwordStep(body);
    const used = await first.client.post('/api/auth/two-factor', { token: first.token, code: code.replace(/-/g, '').toUpperCase() });
    expect(used.statusCode, used.body).toBe(200);
    expect(await auditActions(user.id)).toContain('auth.recovery_code_used');
    expect((await settings.get('/api/two-factor')).json().recoveryCodesLeft).toBe(9);

    const again = await passwordStep(body);
    expect((await again.client.post('/api/auth/two-factor', { token: again.token, code })).statusCode).toBe(401);
    expect((await again.client.post('/api/auth/two-factor', { token: again.token, code: recoveryCodes[4]! })).statusCode).toBe(200);
  });

  it('uses a challenge once: a second answer to it is refused even with a good code', async () => {
    const { body, recoveryCodes } = await userWithTotp();
    const { client, token } = await passwordStep(body);
    expect((await client.post('/api/auth/two-factor', { token, code: recoveryCodes[0]! })).statusCode).toBe(200);
    const reused = await new TestClient(t.app).post('/api/auth/two-factor', { token, code: recoveryCodes[1]! });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('lets a challenge expire', async () => {
    const { body, recoveryCodes } = await userWithTotp();
    const { client, token } = await passwordStep(body);
    await t.database.db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.tokenHash, hashToken(token)));
    const late = await client.post('/api/auth/two-factor', { token, code: recoveryCodes[0]! });
    expect(late.statusCode).toBe(410);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('never accepts a challenge as a session', async () => {
    const { body } = await userWithTotp();
    const { token } = await passwordStep(body);
    const impostor = new TestClient(t.app);
    impostor.setCookie('stacklab_session', token);
    expect((await impostor.get('/api/user')).statusCode).toBe(401);
    expect((await impostor.get('/api/two-factor')).statusCode).toBe(401);
  });

  it('limits wrong codes per account: after five, even the right code waits', async () => {
    const { body, secret } = await userWithTotp();
    const { client, token } = await passwordStep(body);
    const right = codeFor(secret, 1);
    const wrongCode = right === '999999' ? '888888' : '999999';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await client.post('/api/auth/two-factor', { token, code: wrongCode })).statusCode).toBe(401);
    }
    const limited = await client.post('/api/auth/two-factor', { token, code: right });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // A fresh challenge from another address is limited too: the count is the account's.
    const elsewhere = await passwordStep(body);
    expect((await elsewhere.client.post('/api/auth/two-factor', { token: elsewhere.token, code: right })).statusCode).toBe(429);
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('needs the password or a current code, then signing in asks for the password only', async () => {
    const { client, body, secret, user } = await userWithTotp();
    expect((await client.post('/api/two-factor/disable', {})).json().message).toBe(TWO_FACTOR_MESSAGES.passwordRequired);
    expect((await client.post('/api/two-factor/disable', { password: 'wrong password here' })).statusCode).toBe(400);
    // Five steps ahead is outside the drift allowed: a wrong code.
    expect((await client.post('/api/two-factor/disable', { code: codeFor(secret, 5) })).statusCode).toBe(400);
    const off = await client.post('/api/two-factor/disable', { code: codeFor(secret, 1) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(TWO_FACTOR_MESSAGES.disabled);
    expect(await auditActions(user.id)).toContain('auth.two_factor_disabled');
    expect((await client.get('/api/two-factor')).json()).toEqual({ totpEnabled: false, recoveryCodesLeft: 0, passkeyCount: 0 });
    expect((await passwordStep(body)).response.json().user.id).toBe(user.id);
  });

  it('replaces every old recovery code', async () => {
    const { client, body, recoveryCodes } = await userWithTotp();
    const fresh = await client.post('/api/two-factor/recovery-codes', { password: body.password });
    expect(fresh.statusCode).toBe(200);
    const newCodes = fresh.json().recoveryCodes as string[];
    expect(newCodes.filter((code) => recoveryCodes.includes(code))).toEqual([]);
    const step = await passwordStep(body);
    expect((await step.client.post('/api/auth/two-factor', { token: step.token, code: recoveryCodes[0]! })).statusCode).toBe(401);
    expect((await step.client.post('/api/auth/two-factor', { token: step.token, code: newCodes[0]! })).statusCode).toBe(200);
  });
});

describe('audit entries', () => {
  it('name the action and never carry a code or secret', async () => {
    const { user, recoveryCodes, secret } = await userWithTotp();
    const rows = await t.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, user.id)));
    const text = JSON.stringify(rows);
    expect(text).not.toContain(secret);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
  });
});

describe('other ways in', () => {
  it('a verification link opened in a signed-out browser verifies the address but does not skip the second factor', async () => {
    const { user, body } = await userWithTotp();
    const token = `verify-${user.id}-${Date.now()}`;
    await insertEmailToken(t.database.db, { userId: user.id, purpose: 'verify-email', tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 60_000) });
    const browser = new TestClient(t.app);
    const opened = await browser.post('/api/auth/verify-email', { token });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ ok: true, user: null, message: AUTH_MESSAGES.emailVerifiedLogIn });
    expect(browser.sessionCookie).toBeUndefined();
    expect((await browser.get('/api/session')).json().user).toBeNull();
    expect((await passwordStep(body)).token).toEqual(expect.any(String));
  });
});
