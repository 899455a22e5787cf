import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';

/** Google is played by a local OpenID provider that speaks the real protocol over HTTP. */
const CLIENT_ID = 'stacklab-test-client';
let provider: OAuth2Server;
let t: TestApp;
let claims: Record<string, unknown>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: provider.issuer.url! });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});
beforeEach(() => {
  const id = Math.random().toString(36).slice(2, 10);
  claims = { sub: `google-${id}`, email: `g${id}@gmail.example`, email_verified: true, name: 'Grace Hopper' };
});

/** Follows the browser's path: our redirect, the provider's sign-in, and back to our callback. */
async function codeFlow(client: TestClient, tamper: (callback: URL) => void = () => {}) {
  const start = await client.get('/auth/google?signup=true');
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const providerAnswer = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(providerAnswer.headers.get('location')!);
  tamper(callback);
  return client.get(`${callback.pathname}${callback.search}`);
}

describe('Google sign-in, code flow', () => {
  it('creates an account keyed on the subject and signs the user in', async () => {
    const client = new TestClient(t.app);
    const done = await codeFlow(client);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/auth?oauth=google&success=true');
    const me = (await client.get('/api/user')).json().user;
    expect(me).toMatchObject({ email: claims.email, name: 'Grace Hopper', emailVerified: true, hasPassword: false });

    // The same subject signs in to the same account.
    const again = new TestClient(t.app);
    await codeFlow(again);
    expect((await again.get('/api/user')).json().user.id).toBe(me.id);
  });

  it('refuses a state that does not match', async () => {
    const client = new TestClient(t.app);
    const done = await codeFlow(client, (callback) => callback.searchParams.set('state', 'forged-state'));
    expect(done.headers.location).toBe('/auth?login=true&oauth=google&error=failed');
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses an ID token whose nonce does not match', async () => {
    claims.nonce = 'a-nonce-from-another-login';
    const client = new TestClient(t.app);
    const done = await codeFlow(client);
    expect(done.headers.location).toBe('/auth?login=true&oauth=google&error=failed');
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses a callback without the transaction cookie', async () => {
    const client = new TestClient(t.app);
    const done = await codeFlow(client, () => client.clearCookies());
    expect(done.headers.location).toBe('/auth?login=true&oauth=google&error=expired');
  });
});

describe('Google sign-in, ID-token credential', () => {
  const credential = (transform: (payload: Record<string, unknown>) => void = () => {}, expiresIn = 600) =>
    provider.issuer.buildToken({
      expiresIn,
      scopesOrTransform: (_header: unknown, payload: Record<string, unknown>) => {
        Object.assign(payload, { aud: CLIENT_ID }, claims);
        transform(payload);
      },
    });

  it('signs in with a valid credential', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/auth/google', { credential: await credential() });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(claims.email);
  });

  it.each([
    ['a forged signature', async () => (await credential()).replace(/\.[^.]+$/, '.AAAAsignatureAAAA')],
    ['an expired token', () => credential(() => {}, -120)],
    ['another audience', () => credential((p) => (p.aud = 'someone-else'))],
    ['another issuer', () => credential((p) => (p.iss = 'https://evil.example'))],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses %s', async (_name, make) => {
    const response = await new TestClient(t.app).post('/api/auth/google', { credential: await make() });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('AUTH_FAILED');
  });

  it('links an existing account only through a verified e-mail', async () => {
    const { body, user } = await signedInClient(t);
    claims.email = body.email;
    claims.email_verified = false;
    const unverified = await new TestClient(t.app).post('/api/auth/google', { credential: await credential() });
    expect(unverified.statusCode).toBe(401);

    claims.email_verified = true;
    const verified = await new TestClient(t.app).post('/api/auth/google', { credential: await credential() });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.id).toBe(user.id);
  });
});

describe('without Google configured', () => {
  it('says so plainly', async () => {
    const plain = await createTestApp();
    try {
      const client = new TestClient(plain.app);
      expect((await client.post('/api/auth/google', { credential: 'x' })).statusCode).toBe(404);
      const start = await client.get('/auth/google');
      expect(start.headers.location).toBe('/auth?login=true&oauth=google&error=not-configured');
      expect((await client.get('/api/config')).json().googleEnabled).toBe(false);
    } finally {
      await plain.close();
    }
  });
});
