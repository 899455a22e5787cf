import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { HEALTH_IMPORT_MESSAGES, healthDataEndpoints } from '#contract/health-data.ts';
import type { HealthDataService } from './health-data.service.ts';

const { upload, imports, healthImport, removeImport, sources, removeSource, summary, history } = healthDataEndpoints;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const notFound = { 404: errorResponseSchema };
const tags = ['health data'];

export async function healthDataRoutes(app: FastifyInstance, { healthImports }: { healthImports: HealthDataService }): Promise<void> {
  // Multipart only here; the upload streams to a temporary file and is capped as it arrives.
  await app.register(multipart, { limits: { fileSize: healthImports.maxBytes, files: 1, fields: 5, parts: 6 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(upload.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Upload an export from a phone or wearable (multipart/form-data, field "file"); it is read in the background',
      consumes: ['multipart/form-data'],
      response: { 202: upload.response, ...errors, 413: errorResponseSchema, 415: errorResponseSchema },
    },
  }, async (request, reply) => reply.status(202).send(await healthImports.upload(request.auth!.user, request)));

  r.get(imports.path, {
    config: { access: 'user' },
    schema: { tags, summary: "The user's imports, newest first, with progress", response: { 200: imports.response, ...errors } },
  }, async (request) => ({ imports: await healthImports.list(request.auth!.user.id) }));

  r.get(healthImport.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'One import with its progress', params: healthImport.params, response: { 200: healthImport.response, ...notFound, ...errors } },
  }, async (request) => healthImports.get(request.auth!.user.id, request.params.id));

  r.delete(removeImport.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Remove an import from the list (a waiting one is not read); its measurements stay',
      params: removeImport.params,
      response: { 200: removeImport.response, ...notFound, ...errors },
    },
  }, async (request) => {
    await healthImports.remove(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: HEALTH_IMPORT_MESSAGES.importDeleted, deleted: 0 };
  });

  r.get(sources.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Each source of imported measurements, with counts by kind and the days covered', response: { 200: sources.response, ...errors } },
  }, async (request) => ({ sources: await healthImports.sources(request.auth!.user.id) }));

  r.delete(removeSource.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Delete every measurement from one source (Apple Health, Fitbit, ...)",
      params: removeSource.params,
      response: { 200: removeSource.response, ...errors },
    },
  }, async (request) => {
    const deleted = await healthImports.deleteSource(request.auth!.user.id, request.params.source);
    return { ok: true as const, message: HEALTH_IMPORT_MESSAGES.sourceDeleted, deleted };
  });

  r.get(summary.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Sleep, resting heart rate, HRV and steps per day for the last `days` days of the user',
      querystring: summary.query,
      response: { 200: summary.response, ...errors },
    },
  }, async (request) => healthImports.summary(request.auth!.user, request.query.days));

  r.get(history.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Every reading of weight, body fat, blood pressure or blood glucose, oldest first',
      querystring: history.query,
      response: { 200: history.response, ...errors },
    },
  }, async (request) => healthImports.history(request.auth!.user.id, request.query.kind));
}
