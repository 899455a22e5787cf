import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { INTERACTION_TEXTS, medicationsEndpoints } from '#contract/interactions.ts';
import type { MedicationsService } from './medications.service.ts';

const { list, create, update, remove } = medicationsEndpoints;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const tags = ['medications'];

export async function medicationsRoutes(app: FastifyInstance, { medications }: { medications: MedicationsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(list.path, {
    config: { access: 'user' },
    schema: { tags, summary: "The medications in the user's stack", response: { 200: list.response, ...errors } },
  }, async (request) => medications.list(request.auth!.user.id));

  r.post(create.path, {
    config: { access: 'user' },
    schema: { tags, body: create.body, response: { 201: create.response, ...errors } },
  }, async (request, reply) => reply.status(201).send(await medications.create(request.auth!.user.id, request.body)));

  r.put(update.path, {
    config: { access: 'user' },
    schema: { tags, params: update.params, body: update.body, response: { 200: update.response, 404: errorResponseSchema, ...errors } },
  }, async (request) => medications.update(request.auth!.user.id, request.params.id, request.body));

  r.delete(remove.path, {
    config: { access: 'user' },
    schema: { tags, params: remove.params, response: { 200: remove.response, 404: errorResponseSchema, ...errors } },
  }, async (request) => {
    await medications.remove(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: INTERACTION_TEXTS.medicationDeleted };
  });
}
