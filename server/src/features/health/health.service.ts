import { localDateOf } from '#contract/dates.ts';
import { type HealthStats, type HealthStatsInput } from '#contract/health.ts';
import { HEALTH_MESSAGES, MINIMUM_AGE_YEARS } from '#contract/health-texts.ts';
import type { Db } from '#server/db/client.ts';
import { AppError } from '#server/http/app-error.ts';
import { type HealthStatsChanges, type HealthStatsRow, findHealthStats, upsertHealthStats } from './health.repository.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = { db: Db; now?: () => Date };

const MAXIMUM_AGE_YEARS = 130;

/**
 * Health stats in the spec's units (pounds, inches, minutes). A save is partial: fields left out
 * keep their value and `null` clears one, so the form can omit empty weight, height and birth date.
 */
export class HealthService {
  private readonly now: () => Date;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  async get(userId: string): Promise<HealthStats> {
    return toDto(await findHealthStats(this.deps.db, userId));
  }

  async save(user: User, input: HealthStatsInput): Promise<HealthStats> {
    if (input.dateOfBirth) this.checkDateOfBirth(input.dateOfBirth, user.timeZone);
    const changes: HealthStatsChanges = {};
    if (input.weight !== undefined) changes.weightLbs = input.weight === null ? null : Math.round(input.weight * 10) / 10;
    if (input.height !== undefined) changes.heightInches = input.height === null ? null : Math.round(input.height * 10) / 10;
    if (input.gender !== undefined) changes.gender = input.gender;
    if (input.ethnicity !== undefined) changes.ethnicity = input.ethnicity;
    if (input.dateOfBirth !== undefined) changes.dateOfBirth = input.dateOfBirth;
    if (input.averageSleep !== undefined) changes.averageSleepMinutes = input.averageSleep;
    // An emptied field clears the answer; any text, "none" included, answers the allergies step.
    if (input.allergies !== undefined) changes.allergies = input.allergies ? input.allergies : null;
    return toDto(await upsertHealthStats(this.deps.db, user.id, changes));
  }

  /** Terms: users are 18 or older; a birth date over 130 years ago is a typo. */
  private checkDateOfBirth(dateOfBirth: string, timeZone: string): void {
    const today = localDateOf(this.now(), timeZone);
    if (dateOfBirth > today) throw AppError.validation('dateOfBirth', HEALTH_MESSAGES.dateOfBirthFuture);
    if (yearsBetween(dateOfBirth, today) < MINIMUM_AGE_YEARS) throw AppError.validation('dateOfBirth', HEALTH_MESSAGES.tooYoung);
    if (yearsBetween(dateOfBirth, today) > MAXIMUM_AGE_YEARS) throw AppError.validation('dateOfBirth', HEALTH_MESSAGES.tooOld);
  }
}

/** Whole years from one `yyyy-MM-dd` to another, as birthdays count them. */
export function yearsBetween(from: string, to: string): number {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) >= from.slice(5) ? years : years - 1;
}

function toDto(row: HealthStatsRow | undefined): HealthStats {
  return {
    weight: row?.weightLbs ?? null,
    height: row?.heightInches ?? null,
    gender: (row?.gender as HealthStats['gender']) ?? null,
    ethnicity: (row?.ethnicity as HealthStats['ethnicity']) ?? null,
    dateOfBirth: row?.dateOfBirth ?? null,
    averageSleep: row?.averageSleepMinutes ?? null,
    profilePhotoUrl: null,
    allergies: row?.allergies ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
