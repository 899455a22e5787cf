import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import {
  dayIntakeBodySchema,
  dayParamsSchema,
  dayViewSchema,
  effectsBodySchema,
  effectsSchema,
  logEntryParamsSchema,
  monthDaysQuerySchema,
  monthDaysSchema,
  markTodayBodySchema,
  markTodayParamsSchema,
  markTodayResultSchema,
  savedLogListSchema,
  supplementLogsBodySchema,
} from '#contract/supplement-logs.ts';
import { deleteResultSchema } from '#contract/supplements.ts';
import type { SupplementLogsService } from './supplement-logs.service.ts';
import type { ZodRoutes } from '#server/http/zod-routes.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export async function supplementLogsRoutes(app: FastifyInstance, { logs }: { logs: SupplementLogsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/supplement-logs', {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Saves intake; each local day sent has its intake replaced (saving a day again edits it)",
      body: supplementLogsBodySchema,
      response: { 200: savedLogListSchema, 403: errorResponseSchema, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.saveLogs(request.auth!.user, request.body));

  r.put('/api/supplement-logs/today/:supplementId', {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Marks one supplement taken (or not) on the user's today, leaving the day's other intake as it is",
      params: markTodayParamsSchema,
      body: markTodayBodySchema,
      response: { 200: markTodayResultSchema, 403: errorResponseSchema, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.markToday(request.auth!.user, request.params.supplementId, request.body.taken));

  r.get('/api/supplement-logs/days', {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: 'The days of a month (in the user\'s time zone) that have logs or notes',
      querystring: monthDaysQuerySchema,
      response: { 200: monthDaysSchema, ...errors },
    },
  }, async (request) => logs.monthDays(request.auth!.user, request.query.month));

  r.get('/api/supplement-logs/:date', {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "One local day: intake, notes, the day's effects rating and intake warnings",
      params: dayParamsSchema,
      response: { 200: dayViewSchema, ...errors },
    },
  }, async (request) => logs.day(request.auth!.user, request.params.date));

  r.put('/api/supplement-logs/:date', {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Sets which supplements were taken on one local day, today or a past day (never a future one, in the user's time zone); answers the day",
      params: dayParamsSchema,
      body: dayIntakeBodySchema,
      response: { 200: dayViewSchema, 403: errorResponseSchema, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.saveDay(request.auth!.user, request.params.date, request.body));

  r.delete('/api/supplement-logs/:date', {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Deletes one local day's intake (its notes and rating stay)",
      params: dayParamsSchema,
      response: { 200: deleteResultSchema, ...errors },
    },
  }, async (request) => logs.deleteDay(request.auth!.user, request.params.date));

  r.delete('/api/supplement-logs/entries/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: 'Deletes one supplement from the day it was logged on; 404 for an entry that is not the user\'s',
      params: logEntryParamsSchema,
      response: { 200: deleteResultSchema, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.deleteEntry(request.auth!.user, request.params.id));

  effectsRoutes(r, logs);
}

/** The day's energy, mood and sleep rating. */
function effectsRoutes(r: ZodRoutes, logs: SupplementLogsService): void {
  r.delete('/api/effects/:date', {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Deletes one local day's energy, mood and sleep rating",
      params: dayParamsSchema,
      response: { 200: deleteResultSchema, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.deleteEffects(request.auth!.user, request.params.date));

  r.post('/api/effects', {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Records the day's energy, mood and sleep (1 to 5); one per local day, saving again replaces it",
      body: effectsBodySchema,
      response: { 200: effectsSchema, 403: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.saveEffects(request.auth!.user, request.body));
}
