import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#contract/auth.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import {
  deleteResultSchema,
  intakeWarningsResponseSchema,
  supplementBodySchema,
  supplementCountSchema,
  supplementListSchema,
  supplementSchema,
  supplementSearchQuerySchema,
  supplementSuggestionListSchema,
  warningParamsSchema,
} from '#contract/supplements.ts';
import type { SupplementsService } from './supplements.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export async function supplementsRoutes(app: FastifyInstance, { supplements }: { supplements: SupplementsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Signed-in only: its one caller is the Add Supplement dialog, and keeping it behind a session
  // keeps an unauthenticated crawler from running trigram searches at will.
  r.get('/api/supplements/search', {
    config: { access: 'user' },
    schema: {
      tags: ['supplements'],
      summary: 'Reference supplements matching a name, best first (prefix, alternative names, typos)',
      querystring: supplementSearchQuerySchema,
      response: { 200: supplementSuggestionListSchema, ...errors },
    },
  }, async (request) => supplements.search(request.query.q, request.query.limit));

  r.get('/api/supplements', {
    config: { access: 'user' },
    schema: { tags: ['supplements'], summary: "The user's supplement stack", response: { 200: supplementListSchema, ...errors } },
  }, async (request) => supplements.list(request.auth!.user.id));

  r.get('/api/supplements/count', {
    config: { access: 'user' },
    schema: { tags: ['supplements'], summary: 'How many supplements the stack has', response: { 200: supplementCountSchema, ...errors } },
  }, async (request) => supplements.count(request.auth!.user.id));

  r.get('/api/supplements/warnings', {
    config: { access: 'user' },
    schema: {
      tags: ['supplements'],
      summary: "Nutrients whose daily total from the stack is above the adult upper limit",
      response: { 200: intakeWarningsResponseSchema, ...errors },
    },
  }, async (request) => supplements.warnings(request.auth!.user));

  r.post('/api/supplements/warnings/:nutrient/dismiss', {
    config: { access: 'user' },
    schema: {
      tags: ['supplements'],
      summary: 'Puts a nutrient\'s intake warning away until a dose behind it changes; answers the warnings',
      params: warningParamsSchema,
      response: { 200: intakeWarningsResponseSchema, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => supplements.dismissWarning(request.auth!.user, request.params.nutrient));

  r.post('/api/supplements', {
    config: { access: 'user' },
    schema: { tags: ['supplements'], body: supplementBodySchema, response: { 200: supplementSchema, ...errors } },
  }, async (request) => supplements.create(request.auth!.user, request.body));

  r.put('/api/supplements/:id', {
    config: { access: 'user' },
    schema: {
      tags: ['supplements'],
      params: idParamsSchema,
      body: supplementBodySchema,
      response: { 200: supplementSchema, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => supplements.update(request.auth!.user, request.params.id, request.body));

  r.delete('/api/supplements/:id', {
    config: { access: 'user' },
    schema: { tags: ['supplements'], params: idParamsSchema, response: { 200: deleteResultSchema, 404: errorResponseSchema, ...errors } },
  }, async (request) => {
    await supplements.remove(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: 'Supplement deleted successfully' };
  });
}
