import { localDateOf } from '#contract/dates.ts';
import { type Streak } from '#contract/streaks.ts';
import type { SupplementLogsService } from '#server/features/supplement-logs/supplement-logs.service.ts';
import type { User } from '#server/domain/user.ts';

type Dependencies = { logs: SupplementLogsService; goalDays: number; now?: () => Date };

/**
 * product.md, Tracking: the streak is the number of consecutive local days, ending today or
 * yesterday, with at least one supplement log. Both streak calls answer from this one computation.
 */
export class StreakService {
  private readonly now: () => Date;

  constructor(private readonly deps: Dependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  async streak(user: User): Promise<Streak> {
    const today = localDateOf(this.now(), user.timeZone);
    const { current, longest, lastLogDate } = await this.deps.logs.loggedDays(user.id, today);
    return {
      streakDays: current,
      currentStreak: current,
      longestStreak: longest,
      goalDays: this.deps.goalDays,
      loggedToday: lastLogDate === today,
      lastLogDate,
    };
  }
}
