import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import {
  dayParamsSchema,
  dayViewSchema,
  effectsBodySchema,
  effectsSchema,
  monthDaysQuerySchema,
  monthDaysSchema,
  savedLogListSchema,
  supplementLogsBodySchema,
} from '#contract/tracking.ts';
import type { SupplementLogsService } from './supplement-logs.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export async function supplementLogsRoutes(app: FastifyInstance, { logs }: { logs: SupplementLogsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/supplement-logs', {
    schema: {
      tags: ['supplement-logs'],
      summary: "Saves intake; each local day sent has its intake replaced (saving a day again edits it)",
      body: supplementLogsBodySchema,
      response: { 200: savedLogListSchema, 403: errorResponseSchema, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.saveLogs(request.auth!.user, request.body));

  r.get('/api/supplement-logs/days', {
    schema: {
      tags: ['supplement-logs'],
      summary: 'The days of a month (in the user\'s time zone) that have logs or notes',
      querystring: monthDaysQuerySchema,
      response: { 200: monthDaysSchema, ...errors },
    },
  }, async (request) => logs.monthDays(request.auth!.user, request.query.month));

  r.get('/api/supplement-logs/:date', {
    schema: {
      tags: ['supplement-logs'],
      summary: "One local day: intake, notes, the day's effects rating and intake warnings",
      params: dayParamsSchema,
      response: { 200: dayViewSchema, ...errors },
    },
  }, async (request) => logs.day(request.auth!.user, request.params.date));

  r.post('/api/effects', {
    schema: {
      tags: ['supplement-logs'],
      summary: "Records the day's energy, mood and sleep (1 to 5); one per local day, saving again replaces it",
      body: effectsBodySchema,
      response: { 200: effectsSchema, 403: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.saveEffects(request.auth!.user, request.body));
}
