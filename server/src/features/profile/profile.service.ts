import { type ProfileCompletion, type ProfileInput, type ProfileResult } from '#contract/profile.ts';
import { COMPLETION_STEPS, COMPLETION_STEP_LABELS, type CompletionStep, PROFILE_MESSAGES } from '#contract/profile-texts.ts';
import type { Db } from '#server/db/client.ts';
import type { AuditLog } from '#server/features/audit/audit.service.ts';
import { type AuthService, type ClientInfo, isUniqueViolation } from '#server/features/auth/auth.service.ts';
import type { HealthService } from '#server/features/health/health.service.ts';
import type { SupplementLogsService } from '#server/features/supplement-logs/supplement-logs.service.ts';
import { AppError } from '#server/http/app-error.ts';
import { type ProfileChanges, findTakenIdentity, hasLabResults, updateProfile } from './profile.repository.ts';
import { type SessionUser, type User, requireRecentAuthentication } from '#server/domain/user.ts';

type Dependencies = { db: Db; auth: AuthService; audit: AuditLog; health: HealthService; logs: SupplementLogsService };

const USERNAME_TAKEN = 'This username is already taken';
const EMAIL_TAKEN = 'An account with this email already exists';

export class ProfileService {
  constructor(private readonly deps: Dependencies) {}

  /**
   * Saves the profile. Username and e-mail stay unique ignoring case (409 naming the field). When
   * e-mail verification is on, a changed address is unverified until its new link is opened.
   * Changing the address needs a recent proof of identity: it is where password resets go.
   */
  async update(auth: SessionUser, input: ProfileInput, client: ClientInfo): Promise<ProfileResult> {
    const { user } = auth;
    const taken = await findTakenIdentity(this.deps.db, user.id, input.username, input.email);
    if (taken.username) throw conflict('username', USERNAME_TAKEN);
    if (taken.email) throw conflict('email', EMAIL_TAKEN);

    const emailChanged = input.email.toLowerCase() !== user.email.toLowerCase();
    if (emailChanged) requireRecentAuthentication(auth);
    const mustVerify = emailChanged && this.deps.auth.verificationRequired;
    const changes: ProfileChanges = { username: input.username, email: input.email };
    if (input.name !== undefined) changes.name = input.name;
    if (input.phoneNumber !== undefined) changes.phoneNumber = input.phoneNumber;
    if (input.timeZone !== undefined) changes.timeZone = input.timeZone;
    if (input.unitSystem !== undefined) changes.unitSystem = input.unitSystem;
    if (mustVerify) changes.emailVerifiedAt = null;

    let updated: User | undefined;
    try {
      updated = await updateProfile(this.deps.db, user.id, changes);
    } catch (error) {
      // Two accounts racing for one name: the unique index decides.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'This username or email is already registered');
      throw error;
    }
    if (!updated) throw AppError.notFound();

    if (emailChanged) {
      await this.deps.audit.record({ action: 'auth.email_changed', actorId: user.id, ipAddress: client.ipAddress });
      await this.deps.auth.notifyEmailChanged(user.email, updated, 'user');
    }
    let emailVerificationSent = false;
    if (mustVerify) {
      try {
        await this.deps.auth.resendVerification(updated.email, client);
        emailVerificationSent = true;
      } catch (error) {
        // Rate limited: the address stays unverified and the user can ask for a new link later.
        if (!(error instanceof AppError)) throw error;
      }
    }
    return { ok: true, message: PROFILE_MESSAGES.saved, user: await this.deps.auth.toUserDto(updated), emailVerificationSent };
  }

  /** The five steps, from the user's real data (product.md, Profile and health stats, "Profile completion steps"). */
  async completion(user: User): Promise<ProfileCompletion> {
    const [stats, hasLogs, hasLabs] = await Promise.all([
      this.deps.health.get(user.id),
      this.deps.logs.hasAnyLog(user.id),
      hasLabResults(this.deps.db, user.id),
    ]);
    const done: Record<CompletionStep, boolean> = {
      'basic-info': Boolean(user.name?.trim()),
      'health-metrics': stats.weight !== null && stats.height !== null && stats.dateOfBirth !== null,
      allergies: stats.allergies !== null,
      'supplement-logs': hasLogs,
      'lab-results': hasLabs,
    };
    const steps = COMPLETION_STEPS.map((key) => ({
      key,
      label: COMPLETION_STEP_LABELS[key],
      status: done[key] ? ('completed' as const) : ('todo' as const),
    }));
    const completed = steps.filter((step) => step.status === 'completed').length;
    return { steps, completed, total: steps.length, percent: Math.round((completed / steps.length) * 100) };
  }
}

function conflict(field: string, message: string): AppError {
  return new AppError('CONFLICT', message, { details: [{ field, message }] });
}
