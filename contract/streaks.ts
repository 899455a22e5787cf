import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/** The logging streak. product.md, Tracking. */

/** GET /api/supplements/streak and GET /api/supplement-streak answer the same object. */
export const streakSchema = z.object({
  streakDays: z.number().int(),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  goalDays: z.number().int(),
  loggedToday: z.boolean(),
  lastLogDate: z.string().nullable(),
});
export type Streak = z.infer<typeof streakSchema>;

export const streaksEndpoints = defineEndpoints({
  streak: { method: 'GET', path: '/api/supplements/streak', response: streakSchema },
  supplementStreak: { method: 'GET', path: '/api/supplement-streak', response: streakSchema },
});
