import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { supplementLogsEndpoints } from '#contract/supplement-logs.ts';
import type { SupplementLogsService } from './supplement-logs.service.ts';
import type { ZodRoutes } from '#server/http/zod-routes.ts';

const { saveLogs, markToday, monthDays, day, saveDay, deleteDay, deleteEntry, deleteEffects, saveEffects } = supplementLogsEndpoints;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export async function supplementLogsRoutes(app: FastifyInstance, { logs }: { logs: SupplementLogsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(saveLogs.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Saves intake; each local day sent has its intake replaced (saving a day again edits it)",
      body: saveLogs.body,
      response: { 200: saveLogs.response, 403: errorResponseSchema, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.saveLogs(request.auth!.user, request.body));

  r.put(markToday.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Marks one supplement taken (or not) on the user's today, leaving the day's other intake as it is",
      params: markToday.params,
      body: markToday.body,
      response: { 200: markToday.response, 403: errorResponseSchema, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.markToday(request.auth!.user, request.params.supplementId, request.body.taken));

  r.get(monthDays.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: 'The days of a month (in the user\'s time zone) that have logs or notes',
      querystring: monthDays.query,
      response: { 200: monthDays.response, ...errors },
    },
  }, async (request) => logs.monthDays(request.auth!.user, request.query.month));

  r.get(day.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "One local day: intake, notes, the day's effects rating and intake warnings",
      params: day.params,
      response: { 200: day.response, ...errors },
    },
  }, async (request) => logs.day(request.auth!.user, request.params.date));

  r.put(saveDay.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Sets which supplements were taken on one local day, today or a past day (never a future one, in the user's time zone); answers the day",
      params: saveDay.params,
      body: saveDay.body,
      response: { 200: saveDay.response, 403: errorResponseSchema, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.saveDay(request.auth!.user, request.params.date, request.body));

  r.delete(deleteDay.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Deletes one local day's intake (its notes and rating stay)",
      params: deleteDay.params,
      response: { 200: deleteDay.response, ...errors },
    },
  }, async (request) => logs.deleteDay(request.auth!.user, request.params.date));

  r.delete(deleteEntry.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: 'Deletes one supplement from the day it was logged on; 404 for an entry that is not the user\'s',
      params: deleteEntry.params,
      response: { 200: deleteEntry.response, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.deleteEntry(request.auth!.user, request.params.id));

  effectsRoutes(r, logs);
}

/** The day's energy, mood and sleep rating. */
function effectsRoutes(r: ZodRoutes, logs: SupplementLogsService): void {
  r.delete(deleteEffects.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Deletes one local day's energy, mood and sleep rating",
      params: deleteEffects.params,
      response: { 200: deleteEffects.response, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.deleteEffects(request.auth!.user, request.params.date));

  r.post(saveEffects.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplement-logs'],
      summary: "Records the day's energy, mood and sleep (1 to 5); one per local day, saving again replaces it",
      body: saveEffects.body,
      response: { 200: saveEffects.response, 403: errorResponseSchema, ...errors },
    },
  }, async (request) => logs.saveEffects(request.auth!.user, request.body));
}
