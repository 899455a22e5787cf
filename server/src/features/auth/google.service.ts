import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { findUserByEmail, findUserByGoogleSubject, insertUser, updateUser, usernameExists } from './auth.repository.ts';
import { trialFromSignUp } from './auth.service.ts';
import type { SessionService } from './sessions.service.ts';
import type { User } from '#server/domain/user.ts';

export type GoogleClaims = { sub: string; email?: string; email_verified?: boolean; name?: string; nonce?: string };

/**
 * A Google identity whose address has an account that Google alone may not take: it is linked
 * once the user signs in with that account's password in the same browser (kept in a signed cookie).
 */
export type PendingGoogleLink = { subject: string; email: string };

/** A Google sign-in either names an account, or waits for the password of the account its address has. */
export type GoogleOutcome = { user: User; pendingLink?: never } | { user?: never; pendingLink: PendingGoogleLink };

/** What the browser carries between leaving for Google and coming back, in a signed cookie. */
export type GoogleTransaction = { state: string; nonce: string; codeVerifier: string; signup: boolean };

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Google sign-in by OpenID Connect: the code flow with state, nonce and PKCE for the browser,
 * and ID-token credentials verified against the provider's keys. The issuer is configurable so
 * tests run against a local OpenID provider.
 */
export class GoogleService {
  private configuration: Promise<oidc.Configuration> | undefined;
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(
    private readonly settings: NonNullable<Config['google']>,
    private readonly deps: { db: Db; audit: AuditLog; sessions: Pick<SessionService, 'endAll'>; publicUrl: string; trialDays: number },
  ) {}

  get callbackUrl(): string {
    return `${this.deps.publicUrl}/auth/google/callback`;
  }

  async beginSignIn(signup: boolean): Promise<{ url: string; transaction: GoogleTransaction }> {
    const configuration = await this.discover();
    const transaction: GoogleTransaction = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      signup,
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.callbackUrl,
      scope: 'openid email profile',
      response_type: 'code',
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, transaction };
  }

  /** Exchanges the code; openid-client checks state, nonce, PKCE, issuer, audience and expiry. */
  async finishSignIn(callbackUrl: URL, transaction: GoogleTransaction, ipAddress: string): Promise<GoogleOutcome> {
    const configuration = await this.discover();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch {
      throw new AppError('AUTH_FAILED', 'Google sign-in could not be completed. Please try again.');
    }
    if (!claims) throw new AppError('AUTH_FAILED', 'Google sign-in could not be completed. Please try again.');
    return this.findOrCreateUser(claims as GoogleClaims, ipAddress);
  }

  /** The nonce a browser puts in the ID token it asks Google for; kept in a signed cookie till it is used. */
  newNonce(): string {
    return oidc.randomNonce();
  }

  /**
   * An ID token from Google's browser library: signature, issuer, audience and expiry are all
   * checked, and its nonce must be the one this server gave the browser (`expectedNonce`), so a
   * token taken from elsewhere cannot be replayed here.
   */
  async signInWithCredential(credential: string, expectedNonce: string | undefined, ipAddress: string): Promise<GoogleOutcome> {
    const configuration = await this.discover();
    const metadata = configuration.serverMetadata();
    if (!metadata.jwks_uri) throw new AppError('SERVICE_UNAVAILABLE', 'Google sign-in is not available right now.');
    this.jwks ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
    let payload: GoogleClaims;
    try {
      const verified = await jwtVerify(credential, this.jwks, {
        issuer: this.settings.issuer === GOOGLE_ISSUERS[0] ? GOOGLE_ISSUERS : metadata.issuer,
        audience: this.settings.clientId,
        requiredClaims: ['sub', 'exp'],
      });
      payload = verified.payload as unknown as GoogleClaims;
    } catch {
      throw new AppError('AUTH_FAILED', 'Google sign-in could not be verified. Please try again.');
    }
    if (!expectedNonce || payload.nonce !== expectedNonce) throw new AppError('AUTH_FAILED', 'Google sign-in could not be verified. Please try again.');
    return this.findOrCreateUser(payload, ipAddress);
  }

  /**
   * Accounts are keyed on Google's subject. An existing account with the same address is linked
   * only when Google verified the address and the account verified it too; otherwise its
   * password must be given once first (whoever made an unverified account may not own the address).
   */
  private async findOrCreateUser(claims: GoogleClaims, ipAddress: string): Promise<GoogleOutcome> {
    const { db } = this.deps;
    const known = await findUserByGoogleSubject(db, claims.sub);
    if (known) return { user: known };
    const email = claims.email?.toLowerCase();
    if (!email) throw new AppError('AUTH_FAILED', 'Google did not share an e-mail address for this account.');
    const existing = await findUserByEmail(db, email);
    if (existing) {
      if (claims.email_verified !== true) {
        throw new AppError('AUTH_FAILED', 'An account with this e-mail already exists. Please sign in with your password.');
      }
      if (existing.googleSubject) throw new AppError('AUTH_FAILED', 'An account with this e-mail already exists. Please sign in with your password.');
      if (!existing.emailVerifiedAt) return { pendingLink: { subject: claims.sub, email } };
      return { user: await this.link(existing, claims.sub, ipAddress) };
    }
    const user = await insertUser(db, {
      ...trialFromSignUp(this.deps.trialDays),
      username: await this.freeUsername(email),
      email,
      name: claims.name?.slice(0, 100) ?? null,
      googleSubject: claims.sub,
      emailVerifiedAt: claims.email_verified === true ? new Date() : null,
    });
    await this.deps.audit.record({ action: 'auth.sign_up', actorId: user.id, ipAddress, details: { method: 'google' } });
    return { user };
  }

  /**
   * Links a pending Google identity to the account just signed in to with its password, when the
   * addresses match. Google verified the address, so the account's address counts as verified.
   */
  async linkPending(user: User, pending: PendingGoogleLink, ipAddress: string, keepSessionId: string): Promise<User> {
    if (user.googleSubject || user.email.toLowerCase() !== pending.email.toLowerCase()) return user;
    if (await findUserByGoogleSubject(this.deps.db, pending.subject)) return user;
    return this.link(user, pending.subject, ipAddress, keepSessionId);
  }

  /**
   * Every session of the account made before the link ends (but the one the linking user just
   * started), so no session opened by someone else outlives it.
   */
  private async link(user: User, subject: string, ipAddress: string, keepSessionId?: string): Promise<User> {
    const linked = await updateUser(this.deps.db, user.id, { googleSubject: subject, emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
    await this.deps.sessions.endAll(user.id, keepSessionId);
    await this.deps.audit.record({ action: 'auth.google_linked', actorId: user.id, ipAddress });
    return linked!;
  }

  private async freeUsername(email: string): Promise<string> {
    const base = (email.split('@')[0] ?? 'user').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40).padEnd(3, '0');
    for (let attempt = 0; attempt < 20; attempt++) {
      const candidate = attempt === 0 ? base : `${base}${Math.floor(Math.random() * 10_000)}`;
      if (!(await usernameExists(this.deps.db, candidate))) return candidate;
    }
    throw new AppError('SERVER_ERROR', 'Could not choose a username. Please try again.');
  }

  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        // A local test provider speaks plain http on loopback; the real Google is https only.
        this.settings.issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }
}
