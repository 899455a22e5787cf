import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { insightsEndpoints } from '#contract/insights.ts';
import type { InsightsService } from './insights.service.ts';

const { insights: insightsEndpoint } = insightsEndpoints;

export async function insightsRoutes(app: FastifyInstance, { insights }: { insights: InsightsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(insightsEndpoint.path, {
    config: { access: 'user' },
    schema: {
      tags: ['insights'],
      summary: 'Ratings on days each supplement was taken against days it was not (Pro and trial: all; others: a preview)',
      response: { 200: insightsEndpoint.response, 401: errorResponseSchema },
    },
  }, async (request) => insights.insights(request.auth!.user));
}
