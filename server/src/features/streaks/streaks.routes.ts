import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { streakSchema } from '#contract/streaks.ts';
import type { StreakService } from './streaks.service.ts';

export async function streaksRoutes(app: FastifyInstance, { streaks }: { streaks: StreakService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['streaks'], response: { 200: streakSchema, 401: errorResponseSchema } };

  // Two paths for one job (product.md, Tracking): both answer the same object.
  r.get('/api/supplements/streak', { config: { access: 'user' }, schema: { ...schema, summary: 'Logging streak (streakDays)' } }, async (request) =>
    streaks.streak(request.auth!.user),
  );
  r.get('/api/supplement-streak', { config: { access: 'user' }, schema: { ...schema, summary: 'Logging streak (currentStreak)' } }, async (request) =>
    streaks.streak(request.auth!.user),
  );
}
