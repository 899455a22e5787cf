import { AUTH_MESSAGES, type ChangePasswordBody, type LoginBody, type RegisterBody, type User as UserDto } from '#contract/auth.ts';
import type { SecondFactorChallenge } from '#contract/two-factor.ts';
import { MESSAGES } from '#contract/errors.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import { RATE_RULES, type RateLimiter, type RateRule } from '#server/features/rate-limits/rate-limits.service.ts';
import type { UsageService } from '#server/features/usage/usage.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { networkOf } from '#server/lib/client-address.ts';
import { hashPassword, type PasswordHashing, verifyPassword } from '#server/lib/passwords.ts';
import { createToken, hashToken } from '#server/lib/tokens.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import {
  consumeEmailToken,
  findUserByEmail,
  findUserById,
  findUserByLogin,
  insertEmailToken,
  insertUser,
  invalidateEmailTokens,
  updateUser,
  usernameExists,
} from './auth.repository.ts';
import type { SessionService } from './sessions.service.ts';
import { hasSignedInFrom, rememberSignInFrom } from './sign-in-addresses.repository.ts';
import type { SignInChallenges } from './sign-in-challenges.service.ts';
import { type SessionUser, type UsageSummary, type User, requireRecentAuthentication } from '#server/domain/user.ts';

const HOUR_MS = 60 * 60 * 1000;
const VERIFY_LINK_HOURS = 24;
const RESET_LINK_HOURS = 1;
/** Wrong passwords against a signed-in session: enough for typos, too few to guess with a stolen cookie. */
const REAUTH_ATTEMPTS: RateRule = { name: 'reauth:account', limit: 5, windowSeconds: 15 * 60 };

export type ClientInfo = { ipAddress: string; userAgent?: string };
export type SignedIn = { user: User; token: string; expiresAt: Date; sessionId: string };
/** The password was right; the account's second factor completes the sign-in (two-factor.service.ts). */
export type SecondFactorNeeded = { secondFactor: SecondFactorChallenge };

type Dependencies = {
  db: Db;
  sessions: SessionService;
  limiter: RateLimiter;
  audit: AuditLog;
  mailer: Mailer;
  usage: UsageService;
  /** The shares service: a password reset revokes the account's share links. */
  shares: { revokeAllOf(userId: string): Promise<number> };
  publicUrl: string;
  passwordHashing: PasswordHashing;
  challenges: SignInChallenges;
  /** The plan catalogue's trial: it starts at sign-up (product.md, Plans and billing; decision 030). */
  trialDays: number;
};

export class AuthService {
  // A hash to verify against when no account matches, so that a miss takes as long as a wrong password.
  private readonly decoyHash: Promise<string>;

  constructor(private readonly deps: Dependencies) {
    this.decoyHash = this.hashPassword('decoy-password-for-timing');
  }

  hashPassword(password: string): Promise<string> {
    return hashPassword(password, this.deps.passwordHashing);
  }

  get verificationRequired(): boolean {
    return this.deps.mailer.delivers;
  }

  async register(body: RegisterBody, client: ClientInfo): Promise<{ user: User; signedIn?: SignedIn }> {
    await this.deps.limiter.consume(RATE_RULES.signUpPerAddress, client.ipAddress);
    const { db } = this.deps;
    if (await usernameExists(db, body.username)) {
      throw new AppError('CONFLICT', 'This username is already taken', { details: [{ field: 'username', message: 'This username is already taken' }] });
    }
    if (await findUserByEmail(db, body.email)) {
      throw new AppError('CONFLICT', 'An account with this email already exists', {
        details: [{ field: 'email', message: 'An account with this email already exists' }],
      });
    }
    const user = await insertUserOrConflict(db, {
      ...trialFromSignUp(this.deps.trialDays),
      username: body.username,
      email: body.email,
      passwordHash: await this.hashPassword(body.password),
      timeZone: body.timeZone ?? 'UTC',
    });
    await this.deps.audit.record({ action: 'auth.sign_up', actorId: user.id, ipAddress: client.ipAddress });
    if (this.verificationRequired) {
      await this.sendVerificationMail(user);
      return { user };
    }
    return { user, signedIn: await this.startSession(user, client, { proven: true }) };
  }

  async login(body: LoginBody, client: ClientInfo): Promise<SignedIn | SecondFactorNeeded> {
    const identifier = body.email.trim().toLowerCase();
    const user = identifier ? await findUserByLogin(this.deps.db, identifier) : undefined;
    const attempt = await this.countSignInAttempt(identifier, client.ipAddress, user);
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await this.decoyHash), body.password || ' ');
    if (!user || !user.passwordHash || !passwordOk) {
      await this.deps.audit.record({
        action: 'auth.sign_in_failed',
        actorId: user?.id ?? null,
        ipAddress: client.ipAddress,
        details: { reason: user ? 'password' : 'unknown-account' },
      });
      throw new AppError('AUTH_FAILED', MESSAGES.invalidCredentials);
    }
    await attempt.succeeded();
    if (this.verificationRequired && !user.emailVerifiedAt) {
      throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email address first. We sent you a link when you signed up.');
    }
    const secondFactor = await this.deps.challenges.issueIfNeeded(user.id);
    if (secondFactor) return { secondFactor };
    return this.startSession(user, client, { proven: true });
  }

  /**
   * Counts a sign-in attempt on each limit before the password is checked, refusing once a limit
   * is full, so a parallel burst gets no more guesses than a sequence; a right password gives the
   * attempt back. The per-account limit skips networks the account has signed in from, so guesses
   * spread over many addresses slow an attacker without locking the owner out.
   */
  private async countSignInAttempt(identifier: string, address: string, user: User | undefined): Promise<{ succeeded(): Promise<void> }> {
    const { limiter, db } = this.deps;
    const accountAndAddress = `${identifier}|${address}`;
    const limits: [RateRule, string][] = [
      [RATE_RULES.signInPerAddress, address],
      [RATE_RULES.signInPerAccountAndAddress, accountAndAddress],
    ];
    if (!user || !(await hasSignedInFrom(db, user.id, networkOf(address)))) limits.push([RATE_RULES.signInPerAccount, identifier]);
    const counted: [RateRule, string][] = [];
    try {
      for (const [rule, subject] of limits) {
        await limiter.consume(rule, subject);
        counted.push([rule, subject]);
      }
    } catch (error) {
      // A refused attempt checks no password, so it counts on no limit.
      await Promise.all(counted.map(([rule, subject]) => limiter.release(rule, subject)));
      throw error;
    }
    return {
      succeeded: async () => {
        await Promise.all(counted.map(([rule, subject]) => (rule === RATE_RULES.signInPerAccountAndAddress ? limiter.reset(rule, subject) : limiter.release(rule, subject))));
      },
    };
  }

  /**
   * Every sign-in gets a fresh token, so a token planted before sign-in is worth nothing after it.
   * `proven` when the user just gave their password or signed in with Google.
   */
  async startSession(user: User, client: ClientInfo, { proven, method }: { proven: boolean; method?: string }): Promise<SignedIn> {
    const { token, expiresAt, sessionId } = await this.deps.sessions.start(user.id, client, { proven });
    await rememberSignInFrom(this.deps.db, user.id, networkOf(client.ipAddress));
    await this.deps.audit.record({ action: 'auth.sign_in', actorId: user.id, ipAddress: client.ipAddress, ...(method && { details: { method } }) });
    return { user, token, expiresAt, sessionId };
  }

  /**
   * `POST /api/auth/reauthenticate`, and the password of a sensitive action given with it: a right
   * password makes the session's proof of identity recent again. Tries are limited per account.
   */
  async reauthenticate(auth: SessionUser, password: string, client: ClientInfo, field = 'password'): Promise<void> {
    const { user } = auth;
    if (!user.passwordHash) throw AppError.validation(field, AUTH_MESSAGES.noPassword);
    await this.deps.limiter.consume(REAUTH_ATTEMPTS, user.id);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await this.deps.audit.record({ action: 'auth.reauthentication_failed', actorId: user.id, ipAddress: client.ipAddress });
      throw AppError.validation(field, AUTH_MESSAGES.wrongPassword);
    }
    await this.deps.sessions.markReauthenticated(auth);
    auth.reauthenticatedAt = new Date();
    await this.deps.audit.record({ action: 'auth.reauthenticated', actorId: user.id, ipAddress: client.ipAddress });
  }

  /**
   * A sensitive action's proof of identity: the password when the action was given one, else a
   * recent one in this session (a Google-only account has nothing else).
   */
  async confirmIdentity(auth: SessionUser, password: string | undefined, client: ClientInfo, field = 'password'): Promise<void> {
    if (password !== undefined && auth.user.passwordHash) return this.reauthenticate(auth, password, client, field);
    requireRecentAuthentication(auth);
  }

  /**
   * Changes the password from the profile: the current one proves who it is (an account without
   * one, signed in with Google, sets its first after a recent Google sign-in). Every other session
   * ends, and the user is told by e-mail.
   */
  async changePassword(auth: SessionUser, body: ChangePasswordBody, client: ClientInfo): Promise<void> {
    const { user } = auth;
    if (user.passwordHash && !body.currentPassword) throw AppError.validation('currentPassword', AUTH_MESSAGES.currentPasswordRequired);
    await this.confirmIdentity(auth, body.currentPassword, client, 'currentPassword');
    await updateUser(this.deps.db, user.id, { passwordHash: await this.hashPassword(body.newPassword) });
    await this.deps.sessions.endAll(user.id, auth.sessionId);
    await this.deps.audit.record({ action: 'auth.password_changed', actorId: user.id, ipAddress: client.ipAddress });
    await this.sendPasswordChangedMail(user, { sharesRevoked: 0 });
  }

  /** Ends one of the user's sessions from the profile's list (false when it is not theirs or gone). */
  async endSession(userId: string, sessionId: string, client: ClientInfo): Promise<boolean> {
    const ended = await this.deps.sessions.endOne(userId, sessionId);
    if (ended) await this.deps.audit.record({ action: 'auth.session_ended', actorId: userId, ipAddress: client.ipAddress });
    return ended;
  }

  async logout(token: string, userId: string | undefined, client: ClientInfo): Promise<void> {
    await this.deps.sessions.end(token);
    if (userId) await this.deps.audit.record({ action: 'auth.sign_out', actorId: userId, ipAddress: client.ipAddress });
  }

  async verifyEmail(token: string, client: ClientInfo): Promise<User> {
    await this.deps.limiter.consume(RATE_RULES.tokenPerAddress, client.ipAddress);
    const userId = await consumeEmailToken(this.deps.db, hashToken(token), 'verify-email');
    if (!userId) throw new AppError('TOKEN_INVALID', 'This verification link is invalid or has expired. Please request a new one.');
    const user = await updateUser(this.deps.db, userId, { emailVerifiedAt: new Date() });
    if (!user) throw new AppError('TOKEN_INVALID', 'This verification link is invalid or has expired. Please request a new one.');
    await this.deps.audit.record({ action: 'auth.email_verified', actorId: user.id, ipAddress: client.ipAddress });
    return user;
  }

  /**
   * Sends a link to an address that was changed for the user (by an administrator), when
   * addresses must be verified; no rate limit, since the user did not ask.
   */
  async verifyChangedEmail(userId: string): Promise<void> {
    const user = await findUserById(this.deps.db, userId);
    if (user && !user.emailVerifiedAt && this.verificationRequired) await this.sendVerificationMail(user);
  }

  /**
   * Tells an account's previous address that the account's e-mail changed, so that its owner
   * notices a change they did not make (a stolen session, or an administrator's mistake).
   */
  async notifyEmailChanged(previousEmail: string, user: { username: string }, by: 'user' | 'administrator'): Promise<void> {
    await this.deps.mailer.send({
      to: previousEmail,
      subject: 'Your StackLab e-mail address was changed',
      text: [
        `Hello ${user.username},`,
        '',
        by === 'administrator'
          ? 'A StackLab administrator changed the e-mail address of your account. Mail for your account now goes to the new address.'
          : 'The e-mail address of your StackLab account was changed. Mail for your account now goes to the new address.',
        '',
        `If you did not ask for this, contact us at ${this.deps.publicUrl}/contact and we will help you get your account back.`,
      ].join('\n'),
    });
  }

  /** Answers the same whether or not the address has an account, so it cannot be used to probe for accounts. */
  async resendVerification(email: string, client: ClientInfo): Promise<void> {
    await this.deps.limiter.consume(RATE_RULES.mailPerAddress, client.ipAddress);
    await this.deps.limiter.consume(RATE_RULES.mailPerAccount, email);
    const user = await findUserByEmail(this.deps.db, email);
    if (user && !user.emailVerifiedAt && this.verificationRequired) await this.sendVerificationMail(user);
  }

  async requestPasswordReset(email: string, client: ClientInfo): Promise<void> {
    await this.deps.limiter.consume(RATE_RULES.mailPerAddress, client.ipAddress);
    await this.deps.limiter.consume(RATE_RULES.mailPerAccount, email);
    const user = await findUserByEmail(this.deps.db, email);
    if (!user) return;
    await invalidateEmailTokens(this.deps.db, user.id, 'reset-password');
    const token = await this.issueEmailToken(user.id, 'reset-password', RESET_LINK_HOURS);
    await this.deps.mailer.send({
      to: user.email,
      subject: 'Reset your StackLab password',
      text: [
        `Hello ${user.name ?? user.username},`,
        '',
        'Someone asked to reset the password of your StackLab account. If it was you, open this link within the next hour:',
        '',
        `${this.deps.publicUrl}/reset-password?token=${token}`,
        '',
        'The link works once. If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
      ].join('\n'),
    });
    await this.deps.audit.record({ action: 'auth.password_reset_requested', actorId: user.id, ipAddress: client.ipAddress });
  }

  /** A new password ends every session, so whoever knew the old one is signed out everywhere. */
  async resetPassword(token: string, password: string, client: ClientInfo): Promise<void> {
    await this.deps.limiter.consume(RATE_RULES.tokenPerAddress, client.ipAddress);
    const userId = await consumeEmailToken(this.deps.db, hashToken(token), 'reset-password');
    if (!userId) throw new AppError('TOKEN_INVALID', 'This reset link is invalid or has expired. Please request a new one.');
    // Whoever holds the reset link has proven they read the mailbox, so the address counts as verified.
    await updateUser(this.deps.db, userId, {
      passwordHash: await this.hashPassword(password),
      emailVerifiedAt: new Date(),
    });
    await this.deps.sessions.endAll(userId);
    // Whoever knew the old password may have handed out links to the data; they stop opening.
    const sharesRevoked = await this.deps.shares.revokeAllOf(userId);
    await this.deps.audit.record({ action: 'auth.password_reset', actorId: userId, ipAddress: client.ipAddress, details: { sharesRevoked } });
    const user = await findUserById(this.deps.db, userId);
    if (user) await this.sendPasswordChangedMail(user, { sharesRevoked });
  }

  /** So that the owner notices a change they did not make. */
  private async sendPasswordChangedMail(user: User, { sharesRevoked }: { sharesRevoked: number }): Promise<void> {
    await this.deps.mailer.send({
      to: user.email,
      subject: 'Your StackLab password was changed',
      text: [
        `Hello ${user.name ?? user.username},`,
        '',
        'The password of your StackLab account was changed, and your other sessions were signed out.',
        ...(sharesRevoked > 0 ? ['', `Your ${sharesRevoked === 1 ? 'share link was' : `${sharesRevoked} share links were`} revoked as well: create a new one if you still want to share your data.`] : []),
        '',
        `If you did not do this, reset your password at ${this.deps.publicUrl}/forgot-password and contact us at ${this.deps.publicUrl}/contact.`,
      ].join('\n'),
    });
  }

  /** Whether a sign-in as this user needs a second factor: a way in that has none (an e-mailed link) must not sign in. */
  requiresSecondFactor(userId: string): Promise<boolean> {
    return this.deps.challenges.required(userId);
  }

  async findUser(id: string): Promise<User | undefined> {
    return findUserById(this.deps.db, id);
  }

  /** Who a request's session names, as `GET /api/session` and every page's document tell the web. */
  async sessionUser(session: SessionUser | null): Promise<UserDto | null> {
    return session ? this.toUserDto(session.user, session.usage) : null;
  }

  /** `usage` when the caller already has the user's counts (read with the session). */
  async toUserDto(user: User, usage?: UsageSummary): Promise<UserDto> {
    usage ??= await this.deps.usage.summarise(user);
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      phoneNumber: user.phoneNumber,
      isAdmin: user.isAdmin,
      isPro: user.subscriptionTier === 'pro',
      subscriptionTier: user.subscriptionTier,
      subscriptionEndsAt: user.subscriptionEndsAt?.toISOString() ?? null,
      trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
      trialExtendedAt: user.trialExtendedAt?.toISOString() ?? null,
      aiInteractionsCount: usage.aiInteractionsCount,
      labUploadsCount: usage.labUploadsCount,
      emailVerified: user.emailVerifiedAt !== null,
      timeZone: user.timeZone,
      unitSystem: user.unitSystem,
      hasPassword: user.passwordHash !== null,
      createdAt: user.createdAt.toISOString(),
    };
  }

  private async sendVerificationMail(user: User): Promise<void> {
    await invalidateEmailTokens(this.deps.db, user.id, 'verify-email');
    const token = await this.issueEmailToken(user.id, 'verify-email', VERIFY_LINK_HOURS);
    await this.deps.mailer.send({
      to: user.email,
      subject: 'Confirm your StackLab e-mail address',
      text: [
        `Welcome to StackLab, ${user.username}!`,
        '',
        'Please confirm your e-mail address by opening this link within 24 hours:',
        '',
        `${this.deps.publicUrl}/verify-email?token=${token}`,
        '',
        'The link works once. If you did not create this account, you can ignore this e-mail.',
      ].join('\n'),
    });
  }

  private async issueEmailToken(userId: string, purpose: 'verify-email' | 'reset-password', hours: number): Promise<string> {
    const token = createToken();
    await insertEmailToken(this.deps.db, {
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + hours * HOUR_MS),
    });
    return token;
  }
}

/** A new account's sign-up time and trial end, which is recorded at once: the trial runs from sign-up (decision 030). */
export function trialFromSignUp(trialDays: number, now: Date = new Date()): { createdAt: Date; trialEndsAt: Date } {
  return { createdAt: now, trialEndsAt: new Date(now.getTime() + trialDays * 24 * HOUR_MS) };
}

/** Two sign-ups racing for one name: the unique index decides, and the loser gets the same answer as a taken name. */
async function insertUserOrConflict(db: Db, user: Parameters<typeof insertUser>[1]): Promise<User> {
  try {
    return await insertUser(db, user);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This username or email is already registered');
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}
