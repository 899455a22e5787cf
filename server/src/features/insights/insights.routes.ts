import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { insightsResponseSchema } from '#contract/insights.ts';
import type { InsightsService } from './insights.service.ts';

export async function insightsRoutes(app: FastifyInstance, { insights }: { insights: InsightsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/insights', {
    config: { access: 'user' },
    schema: {
      tags: ['insights'],
      summary: 'Ratings on days each supplement was taken against days it was not (Pro and trial: all; others: a preview)',
      response: { 200: insightsResponseSchema, 401: errorResponseSchema },
    },
  }, async (request) => insights.insights(request.auth!.user));
}
