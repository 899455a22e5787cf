import { hash, verify } from '@node-rs/argon2';
import type { LoginBody, RegisterBody, User } from '#contract/auth.ts';
import { MESSAGES } from '#contract/errors.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import { RATE_RULES, type RateLimiter } from '#server/features/rate-limits/rate-limits.service.ts';
import type { UsageService, UsageSummary } from '#server/features/usage/usage.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { createToken, hashToken } from '#server/lib/tokens.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import {
  type UserRow,
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
import type { SessionService, SessionUser } from './sessions.service.ts';

/** OWASP's argon2id baseline: 19 MiB, 2 passes. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const HOUR_MS = 60 * 60 * 1000;
const VERIFY_LINK_HOURS = 24;
const RESET_LINK_HOURS = 1;

export type ClientInfo = { ipAddress: string; userAgent?: string };
export type SignedIn = { user: UserRow; token: string; expiresAt: Date };

type Dependencies = {
  db: Db;
  sessions: SessionService;
  limiter: RateLimiter;
  audit: AuditLog;
  mailer: Mailer;
  usage: UsageService;
  publicUrl: string;
};

export class AuthService {
  // A hash to verify against when no account matches, so that a miss takes as long as a wrong password.
  private readonly decoyHash = hash('decoy-password-for-timing', ARGON2_OPTIONS);

  constructor(private readonly deps: Dependencies) {}

  get verificationRequired(): boolean {
    return this.deps.mailer.delivers;
  }

  async register(body: RegisterBody, client: ClientInfo): Promise<{ user: UserRow; signedIn?: SignedIn }> {
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
      username: body.username,
      email: body.email,
      passwordHash: await hash(body.password, ARGON2_OPTIONS),
      timeZone: body.timeZone ?? 'UTC',
    });
    await this.deps.audit.record({ action: 'auth.sign_up', actorId: user.id, ipAddress: client.ipAddress });
    if (this.verificationRequired) {
      await this.sendVerificationMail(user);
      return { user };
    }
    return { user, signedIn: await this.startSession(user, client) };
  }

  async login(body: LoginBody, client: ClientInfo): Promise<SignedIn> {
    const identifier = body.email.trim().toLowerCase();
    const { limiter } = this.deps;
    await limiter.check(RATE_RULES.signInPerAddress, client.ipAddress);
    await limiter.check(RATE_RULES.signInPerAccountAndAddress, `${identifier}|${client.ipAddress}`);
    await limiter.check(RATE_RULES.signInPerAccount, identifier);

    const user = identifier ? await findUserByLogin(this.deps.db, identifier) : undefined;
    const passwordOk = await verify(user?.passwordHash ?? (await this.decoyHash), body.password || ' ');
    if (!user || !user.passwordHash || !passwordOk) {
      await Promise.all([
        limiter.recordFailure(RATE_RULES.signInPerAddress, client.ipAddress),
        limiter.recordFailure(RATE_RULES.signInPerAccountAndAddress, `${identifier}|${client.ipAddress}`),
        limiter.recordFailure(RATE_RULES.signInPerAccount, identifier),
        this.deps.audit.record({
          action: 'auth.sign_in_failed',
          actorId: user?.id ?? null,
          ipAddress: client.ipAddress,
          details: { reason: user ? 'password' : 'unknown-account' },
        }),
      ]);
      throw new AppError('AUTH_FAILED', MESSAGES.invalidCredentials);
    }
    if (this.verificationRequired && !user.emailVerifiedAt) {
      throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email address first. We sent you a link when you signed up.');
    }
    await limiter.reset(RATE_RULES.signInPerAccountAndAddress, `${identifier}|${client.ipAddress}`);
    return this.startSession(user, client);
  }

  /** Every sign-in gets a fresh token, so a token planted before sign-in is worth nothing after it. */
  async startSession(user: UserRow, client: ClientInfo): Promise<SignedIn> {
    const { token, expiresAt } = await this.deps.sessions.start(user.id, client);
    await this.deps.audit.record({ action: 'auth.sign_in', actorId: user.id, ipAddress: client.ipAddress });
    return { user, token, expiresAt };
  }

  async logout(token: string, userId: string | undefined, client: ClientInfo): Promise<void> {
    await this.deps.sessions.end(token);
    if (userId) await this.deps.audit.record({ action: 'auth.sign_out', actorId: userId, ipAddress: client.ipAddress });
  }

  async verifyEmail(token: string, client: ClientInfo): Promise<UserRow> {
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
      passwordHash: await hash(password, ARGON2_OPTIONS),
      emailVerifiedAt: new Date(),
    });
    await this.deps.sessions.endAll(userId);
    await this.deps.audit.record({ action: 'auth.password_reset', actorId: userId, ipAddress: client.ipAddress });
  }

  async findUser(id: string): Promise<UserRow | undefined> {
    return findUserById(this.deps.db, id);
  }

  /** Who a request's session names, as `GET /api/session` and every page's document tell the web. */
  async sessionUser(session: SessionUser | null): Promise<User | null> {
    return session ? this.toUserDto(session.user, session.usage) : null;
  }

  /** `usage` when the caller already has the user's counts (read with the session). */
  async toUserDto(user: UserRow, usage?: UsageSummary): Promise<User> {
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

  private async sendVerificationMail(user: UserRow): Promise<void> {
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

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Two sign-ups racing for one name: the unique index decides, and the loser gets the same answer as a taken name. */
async function insertUserOrConflict(db: Db, user: Parameters<typeof insertUser>[1]): Promise<UserRow> {
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
