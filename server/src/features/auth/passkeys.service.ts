import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { type Passkey, TWO_FACTOR_MESSAGES } from '#contract/two-factor.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import type { RateLimiter, RateRule } from '#server/features/rate-limits/rate-limits.service.ts';
import { AppError } from '#server/http/app-error.ts';
import type { AuthService, ClientInfo, SignedIn } from './auth.service.ts';
import { confirmPassword } from './password-proof.ts';
import {
  type PasskeyRow,
  deleteExpiredWebAuthnChallenges,
  deletePasskeyOfUser,
  findPasskeyByCredentialId,
  insertPasskey,
  insertWebAuthnChallenge,
  listPasskeysOfUser,
  recordPasskeyUse,
  takeWebAuthnChallenge,
} from './passkeys.repository.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = {
  db: Db;
  auth: AuthService;
  limiter: RateLimiter;
  audit: AuditLog;
  /** The relying party is the public address: its host name is the RP id, its origin the expected origin. */
  publicUrl: string;
};

const CEREMONY_MS = 5 * 60_000;
/** Each request for sign-in options stores a challenge: bounded per address. */
const SIGN_IN_OPTIONS: RateRule = { name: 'passkey-sign-in:ip', limit: 60, windowSeconds: 15 * 60 };
const RP_NAME = 'StackLab';

/**
 * Passkeys (WebAuthn credentials): registered from the profile, used to sign in instead of the
 * password (discoverable credentials, no username asked), or as the second factor.
 */
export class PasskeyService {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(private readonly deps: Dependencies) {
    const url = new URL(deps.publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  async list(userId: string): Promise<Passkey[]> {
    const rows = await listPasskeysOfUser(this.deps.db, userId);
    return rows.map(toPasskeyDto);
  }

  async registrationOptions(user: User, password: string | undefined) {
    await confirmPassword(this.deps.limiter, user, password);
    const existing = await listPasskeysOfUser(this.deps.db, user.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpId,
      userName: user.email,
      userDisplayName: user.name ?? user.username,
      // The user handle a discoverable passkey gives back; not personal data.
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports as AuthenticatorTransport[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: CEREMONY_MS,
    });
    await this.saveChallenge(options.challenge, 'register', user.id);
    return options;
  }

  async register(user: User, name: string, response: RegistrationResponseJSON, client: ClientInfo): Promise<Passkey> {
    const { db } = this.deps;
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => takeWebAuthnChallenge(db, challenge, 'register', user.id),
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: false,
      });
    } catch {
      throw AppError.validation('response', TWO_FACTOR_MESSAGES.passkeyFailed);
    }
    if (!verification.verified) throw AppError.validation('response', TWO_FACTOR_MESSAGES.passkeyFailed);
    const { credential, credentialBackedUp } = verification.registrationInfo;
    if (await findPasskeyByCredentialId(db, credential.id)) throw new AppError('CONFLICT', 'This passkey is already registered.');
    const row = await insertPasskey(db, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      signCount: credential.counter,
      transports: credential.transports ?? [],
      backedUp: credentialBackedUp,
      name,
    });
    await this.deps.audit.record({ action: 'auth.passkey_added', actorId: user.id, targetType: 'passkey', targetId: row.id, ipAddress: client.ipAddress });
    return toPasskeyDto(row);
  }

  async remove(userId: string, id: string, client: ClientInfo): Promise<void> {
    const removed = await deletePasskeyOfUser(this.deps.db, userId, id);
    if (!removed) throw AppError.notFound(TWO_FACTOR_MESSAGES.passkeyNotFound);
    await this.deps.audit.record({ action: 'auth.passkey_removed', actorId: userId, targetType: 'passkey', targetId: id, ipAddress: client.ipAddress });
  }

  /** Options for a sign-in with no username: the browser offers every passkey it holds for this site. */
  async signInOptions(client: ClientInfo): Promise<PublicKeyCredentialRequestOptionsJSON> {
    await this.deps.limiter.consume(SIGN_IN_OPTIONS, client.ipAddress);
    const options = await generateAuthenticationOptions({ rpID: this.rpId, userVerification: 'required', timeout: CEREMONY_MS });
    await this.saveChallenge(options.challenge, 'sign-in', null);
    return options;
  }

  /**
   * A passkey with user verification (a PIN or biometric on the device) stands for both factors,
   * so it starts a session on its own.
   */
  async signIn(response: AuthenticationResponseJSON, client: ClientInfo): Promise<SignedIn> {
    const { db, auth } = this.deps;
    const passkey = await this.verifyAssertion(response, {
      expectedChallenge: (challenge) => takeWebAuthnChallenge(db, challenge, 'sign-in', null),
      requireUserVerification: true,
    });
    const user = await auth.findUser(passkey.userId);
    if (!user) throw new AppError('AUTH_FAILED', TWO_FACTOR_MESSAGES.passkeyUnknown);
    if (auth.verificationRequired && !user.emailVerifiedAt) {
      throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email address first. We sent you a link when you signed up.');
    }
    return auth.startSession(user, client, { proven: true, method: 'passkey' });
  }

  /** Options asking for one of this user's passkeys, as the second factor after the password. */
  async secondFactorOptions(userId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const rows = await listPasskeysOfUser(this.deps.db, userId);
    return generateAuthenticationOptions({
      rpID: this.rpId,
      allowCredentials: rows.map((row) => ({ id: row.credentialId, transports: row.transports as AuthenticatorTransport[] })),
      userVerification: 'preferred',
      timeout: CEREMONY_MS,
    });
  }

  /**
   * Checks an assertion's signature against the stored key and its challenge, and records the use.
   * With `userId`, the passkey must be that user's.
   */
  async verifyAssertion(
    response: AuthenticationResponseJSON,
    options: { userId?: string; expectedChallenge: string | ((challenge: string) => Promise<boolean>); requireUserVerification: boolean },
  ): Promise<PasskeyRow> {
    const passkey = await findPasskeyByCredentialId(this.deps.db, response.id);
    if (!passkey || (options.userId && passkey.userId !== options.userId)) {
      throw new AppError('AUTH_FAILED', TWO_FACTOR_MESSAGES.passkeyUnknown);
    }
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: options.expectedChallenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: options.requireUserVerification,
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.signCount,
          transports: passkey.transports as AuthenticatorTransport[],
        },
      });
    } catch {
      throw new AppError('AUTH_FAILED', TWO_FACTOR_MESSAGES.passkeyFailed);
    }
    if (!verification.verified) throw new AppError('AUTH_FAILED', TWO_FACTOR_MESSAGES.passkeyFailed);
    const { newCounter, credentialBackedUp } = verification.authenticationInfo;
    await recordPasskeyUse(this.deps.db, passkey.id, newCounter, credentialBackedUp);
    return passkey;
  }

  async purgeExpired(): Promise<void> {
    await deleteExpiredWebAuthnChallenges(this.deps.db);
  }

  private async saveChallenge(challenge: string, purpose: 'register' | 'sign-in', userId: string | null): Promise<void> {
    await insertWebAuthnChallenge(this.deps.db, { challenge, purpose, userId, expiresAt: new Date(Date.now() + CEREMONY_MS) });
  }
}

function toPasskeyDto(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    backedUp: row.backedUp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

