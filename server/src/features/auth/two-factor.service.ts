import { createHash, randomInt } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { Secret, TOTP } from 'otpauth';
import { type SecondFactorBody, TWO_FACTOR_MESSAGES, type TotpSetup, type TwoFactorProof, type TwoFactorStatus } from '#contract/two-factor.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import type { RateLimiter, RateRule } from '#server/features/rate-limits/rate-limits.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { hashToken } from '#server/lib/tokens.ts';
import type { AuthService, ClientInfo, SignedIn } from './auth.service.ts';
import { confirmPassword } from './password-proof.ts';
import type { PasskeyService } from './passkeys.service.ts';
import { countPasskeysOfUser } from './passkeys.repository.ts';
import {
  claimTotpStep,
  consumeRecoveryCode,
  consumeSignInChallenge,
  countUnusedRecoveryCodes,
  deleteExpiredSignInChallenges,
  deleteTotpFactor,
  findLiveSignInChallenge,
  findTotpFactor,
  replaceRecoveryCodes,
  savePendingTotpSecret,
  setChallengeWebAuthn,
} from './two-factor.repository.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = {
  db: Db;
  auth: AuthService;
  passkeys: PasskeyService;
  limiter: RateLimiter;
  audit: AuditLog;
  now?: () => number;
};

/** Wrong second-factor codes per account: a person mistypes a few; a guesser gets nowhere. */
const CODE_FAILURES: RateRule = { name: 'two-factor:account', limit: 5, windowSeconds: 15 * 60 };
const ISSUER = 'StackLab';
const PERIOD_SECONDS = 30;
/** A code from the step before or after is accepted too: phone clocks drift. */
const WINDOW_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;
// 32 letters and digits without the look-alikes (0/o, 1/l); 24 of them make 120 random bits, enough
// for a fast hash to stand in for a password hash (a lookup secret under 112 bits would need argon2).
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_LENGTH = 24;

/**
 * Two-factor sign-in with an authenticator app (TOTP) and ten single-use recovery codes, and the
 * second step of a sign-in, which also takes one of the user's passkeys.
 */
export class TwoFactorService {
  private readonly now: () => number;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? Date.now;
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const { db } = this.deps;
    const [totp, recoveryCodesLeft, passkeyCount] = await Promise.all([
      findTotpFactor(db, userId),
      countUnusedRecoveryCodes(db, userId),
      countPasskeysOfUser(db, userId),
    ]);
    return { totpEnabled: Boolean(totp?.enabledAt), recoveryCodesLeft, passkeyCount };
  }

  /** A new secret for the user's authenticator app; two-factor is on only once a first code confirms it. */
  async startTotpSetup(user: User, password: string | undefined): Promise<TotpSetup> {
    // Google proves one factor and is refused to such accounts: without a password there would be no way in.
    if (!user.passwordHash) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.passwordFirst);
    await confirmPassword(this.deps.limiter, user, password);
    if ((await findTotpFactor(this.deps.db, user.id))?.enabledAt) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyOn);
    const secret = new Secret({ size: 20 }).base32;
    await savePendingTotpSecret(this.deps.db, user.id, secret);
    return { secret, uri: totpOf(secret, user.email).toString() };
  }

  /** The first code turns two-factor on and makes the recovery codes, shown this once. */
  async enableTotp(user: User, code: string, client: ClientInfo): Promise<string[]> {
    const { db } = this.deps;
    const factor = await findTotpFactor(db, user.id);
    if (factor?.enabledAt) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyOn);
    if (!factor) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.noSetup);
    await this.deps.limiter.consume(CODE_FAILURES, user.id);
    const step = this.matchingStep(factor.secret, code.replace(/\s/g, ''));
    if (step === undefined || !(await claimTotpStep(db, user.id, step, { enable: true }))) {
      throw AppError.validation('code', TWO_FACTOR_MESSAGES.wrongCode);
    }
    await this.deps.limiter.release(CODE_FAILURES, user.id);
    const codes = await this.issueRecoveryCodes(user.id);
    await this.deps.audit.record({ action: 'auth.two_factor_enabled', actorId: user.id, ipAddress: client.ipAddress });
    return codes;
  }

  async disable(user: User, proof: TwoFactorProof, client: ClientInfo): Promise<void> {
    await this.confirmOwner(user, proof);
    await deleteTotpFactor(this.deps.db, user.id);
    await this.deps.audit.record({ action: 'auth.two_factor_disabled', actorId: user.id, ipAddress: client.ipAddress });
  }

  /** New codes replace all the old ones, used or not. */
  async regenerateRecoveryCodes(user: User, proof: TwoFactorProof, client: ClientInfo): Promise<string[]> {
    await this.confirmOwner(user, proof);
    const codes = await this.issueRecoveryCodes(user.id);
    await this.deps.audit.record({ action: 'auth.recovery_codes_regenerated', actorId: user.id, ipAddress: client.ipAddress });
    return codes;
  }

  /** Options to answer a sign-in challenge with one of the user's passkeys. */
  async passkeyOptionsForChallenge(token: string) {
    const challenge = await this.liveChallenge(token);
    const options = await this.deps.passkeys.secondFactorOptions(challenge.userId);
    await setChallengeWebAuthn(this.deps.db, challenge.id, options.challenge);
    return options;
  }

  /** The second step of a sign-in: a code, a recovery code or a passkey completes the challenge once. */
  async completeSignIn(body: SecondFactorBody, client: ClientInfo): Promise<SignedIn> {
    const { db, auth, limiter } = this.deps;
    const challenge = await this.liveChallenge(body.token);
    const user = await auth.findUser(challenge.userId);
    if (!user) throw new AppError('TOKEN_INVALID', TWO_FACTOR_MESSAGES.challengeExpired);
    // Counted before the check, so a parallel burst of codes gets no more tries than a sequence.
    await limiter.consume(CODE_FAILURES, user.id);
    const accepted = body.passkey
      ? await this.acceptPasskey(user.id, body.passkey, challenge.webauthnChallenge)
      : await this.acceptCode(user.id, body.code ?? '', client);
    if (!accepted) {
      await this.deps.audit.record({ action: 'auth.sign_in_failed', actorId: user.id, ipAddress: client.ipAddress, details: { reason: 'second-factor' } });
      throw new AppError('AUTH_FAILED', body.passkey ? TWO_FACTOR_MESSAGES.passkeyFailed : TWO_FACTOR_MESSAGES.wrongCode);
    }
    if (!(await consumeSignInChallenge(db, hashToken(body.token)))) throw new AppError('TOKEN_INVALID', TWO_FACTOR_MESSAGES.challengeExpired);
    await limiter.reset(CODE_FAILURES, user.id);
    return auth.startSession(user, client, { proven: true, method: body.passkey ? 'password+passkey' : 'password+code' });
  }

  async purgeExpired(): Promise<void> {
    await deleteExpiredSignInChallenges(this.deps.db);
  }

  private async liveChallenge(token: string) {
    const challenge = await findLiveSignInChallenge(this.deps.db, hashToken(token));
    if (!challenge) throw new AppError('TOKEN_INVALID', TWO_FACTOR_MESSAGES.challengeExpired);
    return challenge;
  }

  private async acceptPasskey(userId: string, response: AuthenticationResponseJSON, expectedChallenge: string | null): Promise<boolean> {
    if (!expectedChallenge) return false;
    try {
      await this.deps.passkeys.verifyAssertion(response, { userId, expectedChallenge, requireUserVerification: false });
      return true;
    } catch {
      return false;
    }
  }

  /** Six digits are an authenticator code; anything else is tried as a recovery code. */
  private async acceptCode(userId: string, code: string, client: ClientInfo): Promise<boolean> {
    const { db } = this.deps;
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const factor = await findTotpFactor(db, userId);
      const step = factor?.enabledAt ? this.matchingStep(factor.secret, digits) : undefined;
      return step !== undefined && claimTotpStep(db, userId, step);
    }
    const used = await consumeRecoveryCode(db, userId, hashRecoveryCode(userId, code));
    if (used) {
      const left = await countUnusedRecoveryCodes(db, userId);
      await this.deps.audit.record({ action: 'auth.recovery_code_used', actorId: userId, ipAddress: client.ipAddress, details: { left } });
    }
    return used;
  }

  /** The password, or for a user with two-factor on, a current authenticator code instead. */
  private async confirmOwner(user: User, proof: TwoFactorProof): Promise<void> {
    const { db, limiter } = this.deps;
    const factor = await findTotpFactor(db, user.id);
    if (!factor?.enabledAt) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.notOn);
    if (proof.code) {
      await limiter.consume(CODE_FAILURES, user.id);
      const step = this.matchingStep(factor.secret, proof.code.replace(/\s/g, ''));
      if (step !== undefined && (await claimTotpStep(db, user.id, step))) return limiter.release(CODE_FAILURES, user.id);
      throw AppError.validation('code', TWO_FACTOR_MESSAGES.wrongCode);
    }
    if (!user.passwordHash) throw AppError.validation('code', TWO_FACTOR_MESSAGES.proofRequired);
    await confirmPassword(limiter, user, proof.password);
  }

  /** The 30-second step the code belongs to (within the allowed drift), or undefined. */
  private matchingStep(secret: string, code: string): number | undefined {
    // otpauth compares bytes and throws on a token of another byte length (digits of other scripts).
    if (!/^[0-9]{6}$/.test(code)) return undefined;
    const timestamp = this.now();
    const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS, timestamp, window: WINDOW_STEPS });
    if (delta === null) return undefined;
    return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  }

  private async issueRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(this.deps.db, userId, codes.map((code) => hashRecoveryCode(userId, code)));
    return codes;
  }
}

/** The authenticator-app settings every app understands: SHA-1, six digits, 30 seconds. */
export function totpOf(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** Shown as "abcd-efgh-jkmn-…" in groups of four for reading; typed with or without the dashes and in any case. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

function hashRecoveryCode(userId: string, code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`${userId}:${normalised}`).digest('base64url');
}
