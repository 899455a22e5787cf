import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#contract/auth.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { INTERACTION_TEXTS, medicationBodySchema, medicationListSchema, medicationSchema } from '#contract/interactions.ts';
import { deleteResultSchema } from '#contract/supplements.ts';
import type { MedicationsService } from './medications.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const tags = ['medications'];

export async function medicationsRoutes(app: FastifyInstance, { medications }: { medications: MedicationsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/medications', {
    config: { access: 'user' },
    schema: { tags, summary: "The medications in the user's stack", response: { 200: medicationListSchema, ...errors } },
  }, async (request) => medications.list(request.auth!.user.id));

  r.post('/api/medications', {
    config: { access: 'user' },
    schema: { tags, body: medicationBodySchema, response: { 201: medicationSchema, ...errors } },
  }, async (request, reply) => reply.status(201).send(await medications.create(request.auth!.user.id, request.body)));

  r.put('/api/medications/:id', {
    config: { access: 'user' },
    schema: { tags, params: idParamsSchema, body: medicationBodySchema, response: { 200: medicationSchema, 404: errorResponseSchema, ...errors } },
  }, async (request) => medications.update(request.auth!.user.id, request.params.id, request.body));

  r.delete('/api/medications/:id', {
    config: { access: 'user' },
    schema: { tags, params: idParamsSchema, response: { 200: deleteResultSchema, 404: errorResponseSchema, ...errors } },
  }, async (request) => {
    await medications.remove(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: INTERACTION_TEXTS.medicationDeleted };
  });
}
