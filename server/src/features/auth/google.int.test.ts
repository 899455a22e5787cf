import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#contract/auth.ts';
import { TWO_FACTOR_MESSAGES } from '#contract/two-factor.ts';
import { users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { Secret, TOTP } from 'otpauth';

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

  it('sends the owner of an unverified account to its password, then links Google at that sign-in', async () => {
    const { body, user } = await signedInClient(t);
    claims.email = body.email;
    const browser = new TestClient(t.app);
    const done = await codeFlow(browser);
    expect(done.headers.location).toBe('/auth?login=true&oauth=google&error=link-password');
    expect((await browser.get('/api/user')).statusCode).toBe(401);
    expect((await browser.post('/api/login', { email: body.email, password: body.password })).statusCode).toBe(200);
    const again = new TestClient(t.app);
    expect((await codeFlow(again)).headers.location).toBe('/auth?oauth=google&success=true');
    expect((await again.get('/api/user')).json().user.id).toBe(user.id);
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
  /** As the browser does: asks this server for a nonce, then has Google put it in the token. */
  const signInWithGoogle = async (client: TestClient, transform: (payload: Record<string, unknown>) => void = () => {}) => {
    const { nonce } = (await client.post('/api/auth/google/nonce', {})).json() as { nonce: string };
    return client.post('/api/auth/google', { credential: await credential((payload) => ((payload.nonce = nonce), transform(payload))) });
  };

  it('signs in with a valid credential', async () => {
    const client = new TestClient(t.app);
    const response = await signInWithGoogle(client);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(claims.email);
  });

  it('does not sign in an account with two-factor on, by credential or by the code flow: Google is one factor', async () => {
    const client = new TestClient(t.app);
    expect((await signInWithGoogle(client)).statusCode).toBe(200);
    // Without a password an account could not sign in at all once Google is refused: it sets one first.
    const noPassword = await client.post('/api/two-factor/totp/setup', {});
    expect(noPassword.statusCode).toBe(409);
    expect(noPassword.json().message).toBe(TWO_FACTOR_MESSAGES.passwordFirst);
    expect((await client.post('/api/auth/change-password', { newPassword: 'a password of my own' })).statusCode).toBe(200);
    const setup = (await client.post('/api/two-factor/totp/setup', { password: 'a password of my own' })).json() as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate();
    expect((await client.post('/api/two-factor/totp/enable', { code })).statusCode).toBe(200);

    const byCredential = new TestClient(t.app);
    const refused = await signInWithGoogle(byCredential);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(AUTH_MESSAGES.googleTwoFactor);
    expect((await byCredential.get('/api/user')).statusCode).toBe(401);

    const byCodeFlow = new TestClient(t.app);
    expect((await codeFlow(byCodeFlow)).headers.location).toBe('/auth?login=true&oauth=google&error=two-factor');
    expect((await byCodeFlow.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses a credential without the nonce this server gave the browser, and a nonce used once', async () => {
    const client = new TestClient(t.app);
    const noNonce = await client.post('/api/auth/google', { credential: await credential() });
    expect(noNonce.statusCode).toBe(401);
    const { nonce } = (await client.post('/api/auth/google/nonce', {})).json() as { nonce: string };
    expect(nonce).toMatch(/^[\w-]{20,}$/);
    const otherNonce = await client.post('/api/auth/google', { credential: await credential((p) => (p.nonce = 'a-nonce-from-elsewhere')) });
    expect(otherNonce.statusCode).toBe(401);
    // The nonce was spent by that attempt: a token carrying it is refused too.
    const spent = await client.post('/api/auth/google', { credential: await credential((p) => (p.nonce = nonce)) });
    expect(spent.statusCode).toBe(401);
    // Another browser's nonce does not travel with the token.
    const elsewhere = new TestClient(t.app);
    const theirs = (await elsewhere.post('/api/auth/google/nonce', {})).json().nonce as string;
    expect((await client.post('/api/auth/google', { credential: await credential((p) => (p.nonce = theirs)) })).statusCode).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it.each([
    ['a forged signature', async () => (await credential()).replace(/\.[^.]+$/, '.AAAAsignatureAAAA')],
    ['an expired token', () => credential(() => {}, -120)],
    ['another audience', () => credential((p) => (p.aud = 'someone-else'))],
    ['another issuer', () => credential((p) => (p.iss = 'https://evil.example'))],
    ['garbage', async () => 'not.a.jwt'],
  ])('refuses %s', async (_name, make) => {
    const client = new TestClient(t.app);
    await client.post('/api/auth/google/nonce', {});
    const response = await client.post('/api/auth/google', { credential: await make() });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('AUTH_FAILED');
  });

  it('never links an account through an address Google did not verify', async () => {
    const { body, user } = await signedInClient(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    claims.email = body.email;
    claims.email_verified = false;
    const unverified = await signInWithGoogle(new TestClient(t.app));
    expect(unverified.statusCode).toBe(401);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.googleSubject).toBeNull();
  });

  it('links an account whose address was verified, and ends the sessions it had', async () => {
    const { client, body, user } = await signedInClient(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    claims.email = body.email.toUpperCase();
    const google = new TestClient(t.app);
    const verified = await signInWithGoogle(google);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.id).toBe(user.id);
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await google.get('/api/user')).statusCode).toBe(200);
  });

  it('does not hand an unverified account to Google: its password must be given once, and then no one else stays signed in', async () => {
    // Someone signed up with the address before its owner (nothing verified it) and is still signed in.
    const { client: squatter, body, user } = await signedInClient(t);
    claims.email = body.email;
    const owner = new TestClient(t.app);
    const refused = await signInWithGoogle(owner);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(AUTH_MESSAGES.googleLinkNeedsPassword);
    expect((await owner.get('/api/user')).statusCode).toBe(401);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(before!.googleSubject).toBeNull();
    expect((await squatter.get('/api/user')).statusCode).toBe(200);

    // A password sign-in in another browser links nothing: the pending link lives in the Google browser only.
    expect((await new TestClient(t.app).post('/api/login', { email: body.email, password: body.password })).statusCode).toBe(200);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(still!.googleSubject).toBeNull();

    // The password, once, in the browser that came from Google: linked, and every other session ends.
    const signedIn = await owner.post('/api/login', { email: body.email, password: body.password });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.emailVerified).toBe(true);
    expect((await squatter.get('/api/user')).statusCode).toBe(401);
    expect((await owner.get('/api/user')).statusCode).toBe(200);
    const later = await signInWithGoogle(new TestClient(t.app));
    expect(later.json().user.id).toBe(user.id);
  });

  it('starts a session that counts as a recent sign-in', async () => {
    const client = new TestClient(t.app);
    expect((await signInWithGoogle(client)).statusCode).toBe(200);
    expect((await client.get('/api/export/json')).statusCode).toBe(200);
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
