import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '#contract/two-factor.ts';
import { auditLog, passkeys } from '#server/db/schema/index.ts';
import { TEST_ORIGIN, type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { SoftwareAuthenticator } from './passkeys.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A signed-in user with one passkey, named "Laptop", in a software authenticator. */
async function userWithPasskey() {
  const account = await signedInClient(t);
  const authenticator = new SoftwareAuthenticator(TEST_ORIGIN);
  const options = await account.client.post('/api/passkeys/registration-options', { password: account.body.password });
  expect(options.statusCode, options.body).toBe(200);
  const added = await account.client.post('/api/passkeys', { name: 'Laptop', response: authenticator.register(options.json()) });
  expect(added.statusCode, added.body).toBe(201);
  return { ...account, authenticator, passkeyId: added.json().id as string };
}

async function passkeySignIn(authenticator: SoftwareAuthenticator, choose: { userVerified?: boolean } = {}) {
  const client = new TestClient(t.app);
  const options = await client.post('/api/auth/passkey/options');
  expect(options.statusCode).toBe(200);
  const assertion = authenticator.authenticate(options.json(), choose);
  return { client, assertion, response: await client.post('/api/auth/passkey', { response: assertion }) };
}

describe('registering a passkey', () => {
  it('asks for the password, then lists the passkey by its name; the audit log records it', async () => {
    const { client, body, user } = await signedInClient(t);
    const refused = await client.post('/api/passkeys/registration-options', {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.passwordRequired);

    const options = (await client.post('/api/passkeys/registration-options', { password: body.password })).json();
    expect(options).toMatchObject({ rp: { id: 'localhost', name: 'StackLab' }, authenticatorSelection: { residentKey: 'required' } });
    const response = new SoftwareAuthenticator(TEST_ORIGIN).register(options);
    const added = await client.post('/api/passkeys', { name: '  Work laptop ', response });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    const list = (await client.get('/api/passkeys')).json().passkeys;
    expect(list.map((passkey: { name: string }) => passkey.name)).toEqual(['Work laptop']);
    expect((await client.get('/api/two-factor')).json().passkeyCount).toBe(1);
    const actions = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(actions.map((row) => row.action)).toContain('auth.passkey_added');

    // The options' challenge was taken by that answer: sending it again registers nothing.
    expect((await client.post('/api/passkeys', { name: 'Again', response })).statusCode).toBe(400);
  });

  it('refuses an answer made for another site, and keeps nothing', async () => {
    const { client, body, user } = await signedInClient(t);
    const options = (await client.post('/api/passkeys/registration-options', { password: body.password })).json();
    const forged = new SoftwareAuthenticator(TEST_ORIGIN).register(options, { origin: 'https://evil.example' });
    const refused = await client.post('/api/passkeys', { name: 'Phish', response: forged });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TWO_FACTOR_MESSAGES.passkeyFailed);
    expect(await t.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
  });
});

describe('signing in with a passkey instead of the password', () => {
  it('signs in with no username asked and names the passkey user', async () => {
    const { user, authenticator, client: owner } = await userWithPasskey();
    const { client, response } = await passkeySignIn(authenticator);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.id).toBe(user.id);
    expect((await client.get('/api/user')).json().user.id).toBe(user.id);
    const [listed] = (await owner.get('/api/passkeys')).json().passkeys;
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed assertion, and one without user verification', async () => {
    const { authenticator } = await userWithPasskey();
    const first = await passkeySignIn(authenticator);
    expect(first.response.statusCode).toBe(200);
    const replay = await new TestClient(t.app).post('/api/auth/passkey', { response: first.assertion });
    expect(replay.statusCode).toBe(401);

    const unverified = await passkeySignIn(authenticator, { userVerified: false });
    expect(unverified.response.statusCode).toBe(401);
    expect((await unverified.client.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses a passkey that was removed; only its owner can remove it', async () => {
    const { client, authenticator, passkeyId, user } = await userWithPasskey();
    const stranger = await signedInClient(t);
    expect((await stranger.client.delete(`/api/passkeys/${passkeyId}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/passkeys/${passkeyId}`)).statusCode).toBe(200);
    expect((await client.get('/api/passkeys')).json().passkeys).toEqual([]);
    const actions = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(actions.map((row) => row.action)).toContain('auth.passkey_removed');

    const { response } = await passkeySignIn(authenticator);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(TWO_FACTOR_MESSAGES.passkeyUnknown);
  });
});

describe('a passkey as the second factor', () => {
  it('completes a password sign-in of an account with two-factor on', async () => {
    const { client, body, authenticator, user } = await userWithPasskey();
    const setup = (await client.post('/api/two-factor/totp/setup', { password: body.password })).json();
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
    expect((await client.post('/api/two-factor/totp/enable', { code })).statusCode).toBe(200);

    const browser = new TestClient(t.app);
    const login = (await browser.post('/api/login', { email: body.email, password: body.password })).json();
    expect(login.secondFactor.methods).toEqual(['totp', 'recovery-code', 'passkey']);
    const options = await browser.post('/api/auth/two-factor/passkey-options', { token: login.secondFactor.token });
    expect(options.statusCode).toBe(200);
    expect(options.json().allowCredentials).toHaveLength(1);

    // An assertion for a challenge of its own (not this sign-in's) is refused.
    const otherOptions = (await new TestClient(t.app).post('/api/auth/passkey/options')).json();
    const stale = await browser.post('/api/auth/two-factor', { token: login.secondFactor.token, passkey: authenticator.authenticate(otherOptions) });
    expect(stale.statusCode).toBe(401);

    const done = await browser.post('/api/auth/two-factor', { token: login.secondFactor.token, passkey: authenticator.authenticate(options.json()) });
    expect(done.statusCode, done.body).toBe(200);
    expect((await browser.get('/api/user')).json().user.id).toBe(user.id);
  });

  it("refuses another user's passkey for the second step", async () => {
    const mallory = await userWithPasskey();
    const victim = await userWithPasskey();
    const setup = (await victim.client.post('/api/two-factor/totp/setup', { password: victim.body.password })).json();
    await victim.client.post('/api/two-factor/totp/enable', { code: new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate() });

    const browser = new TestClient(t.app);
    const { secondFactor } = (await browser.post('/api/login', { email: victim.body.email, password: victim.body.password })).json();
    const options = (await browser.post('/api/auth/two-factor/passkey-options', { token: secondFactor.token })).json();
    const response = await browser.post('/api/auth/two-factor', { token: secondFactor.token, passkey: mallory.authenticator.authenticate(options) });
    expect(response.statusCode).toBe(401);
    expect((await browser.get('/api/user')).statusCode).toBe(401);
  });
});
