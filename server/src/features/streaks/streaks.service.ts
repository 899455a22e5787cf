import { type Streak, addDays, localDateOf } from '#contract/tracking.ts';
import type { UserRow } from '#server/features/auth/auth.repository.ts';
import type { SupplementLogsService } from '#server/features/supplement-logs/supplement-logs.service.ts';

type Dependencies = { logs: SupplementLogsService; goalDays: number; now?: () => Date };

/**
 * Decisions section 4: the streak is the number of consecutive local days, ending today or
 * yesterday, with at least one supplement log. Both streak calls answer from this one computation.
 */
export class StreakService {
  private readonly now: () => Date;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  async streak(user: UserRow): Promise<Streak> {
    const days = await this.deps.logs.loggedDays(user.id);
    const { current, longest } = computeStreak(days, localDateOf(this.now(), user.timeZone));
    return {
      streakDays: current,
      currentStreak: current,
      longestStreak: longest,
      goalDays: this.deps.goalDays,
      loggedToday: days[0] === localDateOf(this.now(), user.timeZone),
      lastLogDate: days[0] ?? null,
    };
  }
}

/** `days`: distinct `yyyy-MM-dd`, newest first. Days after `today` (a later time zone change) count as today. */
export function computeStreak(days: readonly string[], today: string): { current: number; longest: number } {
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of days) {
    run = previous !== undefined && addDays(previous, -1) === day ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  let current = 0;
  const past = days.filter((day) => day <= today);
  if (past[0] === today || past[0] === addDays(today, -1)) {
    let expected = past[0];
    for (const day of past) {
      if (day !== expected) break;
      current += 1;
      expected = addDays(day, -1);
    }
  }
  return { current, longest: Math.max(longest, current) };
}
