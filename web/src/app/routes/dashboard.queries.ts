import type { User } from '#contract/auth.ts';
import { healthStatsQueryOptions } from '#web/features/health/api/health-stats.ts';
import { profileCompletionQueryOptions } from '#web/features/profile-completion/api/completion.ts';
import { stackWarningsQueryOptions, supplementsQueryOptions } from '#web/features/supplements/api/supplements.ts';
import { dayQueryOptions } from '#web/features/supplement-logs/api/supplement-logs.ts';
import { streakQueryOptions } from '#web/features/streaks/public.ts';
import { todayIn } from '#web/lib/local-day.ts';

/**
 * The dashboard's first data, which every card waits for (useFirstAnswers). A module of its own,
 * small, so that the app can start these requests as soon as the page's document names the user,
 * while the cards' code still loads (`startPage` in app-routes.tsx; the server preloads this
 * module as `<screen>.queries.ts`).
 */
export function dashboardQueries(today: string) {
  return [supplementsQueryOptions, stackWarningsQueryOptions, dayQueryOptions(today), streakQueryOptions, healthStatsQueryOptions, profileCompletionQueryOptions];
}

export function firstQueries(user: User) {
  return dashboardQueries(todayIn(user.timeZone));
}
