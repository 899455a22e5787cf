import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema, okMessageSchema } from '#contract/auth.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import {
  INTERACTION_TEXTS,
  adminInteractionListSchema,
  adminInteractionSchema,
  interactionBodySchema,
  interactionCheckBodySchema,
  interactionReportSchema,
  labInterferenceListSchema,
} from '#contract/interactions.ts';
import { actorOf } from '#server/features/admin/admin-actor.ts';
import type { AdminInteractionsService } from './admin-interactions.service.ts';
import type { InteractionsService } from './interactions.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const adminErrors = { 400: errorResponseSchema, 404: errorResponseSchema };
const tags = ['interactions'];

export async function interactionsRoutes(
  app: FastifyInstance,
  { interactions, admin }: { interactions: InteractionsService; admin: AdminInteractionsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/interactions', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Known interactions among the stack's supplements and medications, and allergy warnings",
      response: { 200: interactionReportSchema, ...errors },
    },
  }, async (request) => interactions.report(request.auth!.user.id));

  // POST so that the name of a medicine stays out of URLs and logs.
  r.post('/api/interactions/check', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'What adding a supplement or medication would bring up, before it is added; never refuses',
      body: interactionCheckBodySchema,
      response: { 200: interactionReportSchema, ...errors },
    },
  }, async (request) => interactions.check(request.auth!.user.id, request.body));

  r.get('/api/interactions/lab-notes', {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Lab results taken while a supplement known to distort that test was in the stack',
      response: { 200: labInterferenceListSchema, ...errors },
    },
  }, async (request) => interactions.labNotes(request.auth!.user.id));

  // ─── Admin (404 to everyone else) ──────────────────────────────────────────────────────────
  const config = { access: 'admin' as const };
  const adminTags = ['admin'];

  r.get('/api/admin/interactions', {
    config,
    schema: { tags: adminTags, summary: 'The interaction table and the agents its rows may name', response: { 200: adminInteractionListSchema, ...adminErrors } },
  }, async () => admin.list());

  r.post('/api/admin/interactions', {
    config,
    schema: { tags: adminTags, body: interactionBodySchema, response: { 201: adminInteractionSchema, ...adminErrors, 409: errorResponseSchema } },
  }, async (request, reply) => reply.status(201).send(await admin.create(actorOf(request), request.body)));

  r.put('/api/admin/interactions/:id', {
    config,
    schema: {
      tags: adminTags,
      params: idParamsSchema,
      body: interactionBodySchema,
      response: { 200: adminInteractionSchema, ...adminErrors, 409: errorResponseSchema },
    },
  }, async (request) => admin.update(actorOf(request), request.params.id, request.body));

  r.delete('/api/admin/interactions/:id', {
    config,
    schema: { tags: adminTags, params: idParamsSchema, response: { 200: okMessageSchema, ...adminErrors } },
  }, async (request) => {
    await admin.remove(actorOf(request), request.params.id);
    return { ok: true as const, message: INTERACTION_TEXTS.interactionDeleted };
  });
}
