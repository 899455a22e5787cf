import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { supplementsEndpoints } from '#contract/supplements.ts';
import type { SupplementsService } from './supplements.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export async function supplementsRoutes(app: FastifyInstance, { supplements }: { supplements: SupplementsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { search, list, count, warnings, dismissWarning, create, update, remove } = supplementsEndpoints;

  // Signed-in only: its one caller is the Add Supplement dialog, and keeping it behind a session
  // keeps an unauthenticated crawler from running trigram searches at will.
  r.get(search.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplements'],
      summary: 'Reference supplements matching a name, best first (prefix, alternative names, typos)',
      querystring: search.query,
      response: { 200: search.response, ...errors },
    },
  }, async (request) => supplements.search(request.query.q, request.query.limit));

  r.get(list.path, {
    config: { access: 'user' },
    schema: { tags: ['supplements'], summary: "The user's supplement stack", response: { 200: list.response, ...errors } },
  }, async (request) => supplements.list(request.auth!.user.id));

  r.get(count.path, {
    config: { access: 'user' },
    schema: { tags: ['supplements'], summary: 'How many supplements the stack has', response: { 200: count.response, ...errors } },
  }, async (request) => supplements.count(request.auth!.user.id));

  r.get(warnings.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplements'],
      summary: "Nutrients whose daily total from the stack is above the adult upper limit",
      response: { 200: warnings.response, ...errors },
    },
  }, async (request) => supplements.warnings(request.auth!.user));

  r.post(dismissWarning.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplements'],
      summary: 'Puts a nutrient\'s intake warning away until a dose behind it changes; answers the warnings',
      params: dismissWarning.params,
      response: { 200: dismissWarning.response, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => supplements.dismissWarning(request.auth!.user, request.params.nutrient));

  r.post(create.path, {
    config: { access: 'user' },
    schema: { tags: ['supplements'], body: create.body, response: { 200: create.response, ...errors } },
  }, async (request) => supplements.create(request.auth!.user, request.body));

  r.put(update.path, {
    config: { access: 'user' },
    schema: {
      tags: ['supplements'],
      params: update.params,
      body: update.body,
      response: { 200: update.response, 404: errorResponseSchema, ...errors },
    },
  }, async (request) => supplements.update(request.auth!.user, request.params.id, request.body));

  r.delete(remove.path, {
    config: { access: 'user' },
    schema: { tags: ['supplements'], params: remove.params, response: { 200: remove.response, 404: errorResponseSchema, ...errors } },
  }, async (request) => {
    await supplements.remove(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: 'Supplement deleted successfully' };
  });
}
