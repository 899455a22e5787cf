/** What other features read of the streak: one query key for every screen that shows it. */
export { streakQueryOptions, useStreak } from './api/streak.ts';
