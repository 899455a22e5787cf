import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { healthEndpoints } from '#contract/health.ts';
import type { HealthService } from './health.service.ts';

const { stats, saveStats } = healthEndpoints;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(stats.path, {
    config: { access: 'user' },
    schema: { tags: ['health'], summary: "The user's health stats (nulls until set)", response: { 200: stats.response, ...errors } },
  }, async (request) => health.get(request.auth!.user.id));

  r.post(saveStats.path, {
    config: { access: 'user' },
    schema: {
      tags: ['health'],
      summary: 'Saves health stats: left-out fields keep their value, null clears one',
      body: saveStats.body,
      response: { 200: saveStats.response, ...errors },
    },
  }, async (request) => health.save(request.auth!.user, request.body));
}
