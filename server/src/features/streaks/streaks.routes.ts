import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { streaksEndpoints } from '#contract/streaks.ts';
import type { StreakService } from './streaks.service.ts';

export async function streaksRoutes(app: FastifyInstance, { streaks }: { streaks: StreakService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { streak, supplementStreak } = streaksEndpoints;

  // Two paths for one job (product.md, Tracking): both answer the same object.
  r.get(streak.path, {
    config: { access: 'user' },
    schema: { tags: ['streaks'], summary: 'Logging streak (streakDays)', response: { 200: streak.response, 401: errorResponseSchema } },
  }, async (request) => streaks.streak(request.auth!.user));
  r.get(supplementStreak.path, {
    config: { access: 'user' },
    schema: { tags: ['streaks'], summary: 'Logging streak (currentStreak)', response: { 200: supplementStreak.response, 401: errorResponseSchema } },
  }, async (request) => streaks.streak(request.auth!.user));
}
