import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { INTERACTION_TEXTS, interactionsEndpoints } from '#contract/interactions.ts';
import { actorOf } from '#server/features/admin/admin-actor.ts';
import type { AdminInteractionsService } from './admin-interactions.service.ts';
import type { InteractionsService } from './interactions.service.ts';

const { report, check, labNotes, adminList, adminCreate, adminUpdate, adminRemove } = interactionsEndpoints;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const adminErrors = { 400: errorResponseSchema, 404: errorResponseSchema };
const tags = ['interactions'];

export async function interactionsRoutes(
  app: FastifyInstance,
  { interactions, admin }: { interactions: InteractionsService; admin: AdminInteractionsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(report.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: "Known interactions among the stack's supplements and medications, and allergy warnings",
      response: { 200: report.response, ...errors },
    },
  }, async (request) => interactions.report(request.auth!.user.id));

  // POST so that the name of a medicine stays out of URLs and logs.
  r.post(check.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'What adding a supplement or medication would bring up, before it is added; never refuses',
      body: check.body,
      response: { 200: check.response, ...errors },
    },
  }, async (request) => interactions.check(request.auth!.user.id, request.body));

  r.get(labNotes.path, {
    config: { access: 'user' },
    schema: {
      tags,
      summary: 'Lab results taken while a supplement known to distort that test was in the stack',
      response: { 200: labNotes.response, ...errors },
    },
  }, async (request) => interactions.labNotes(request.auth!.user.id));

  // ─── Admin (404 to everyone else) ──────────────────────────────────────────────────────────
  const config = { access: 'admin' as const };
  const adminTags = ['admin'];

  r.get(adminList.path, {
    config,
    schema: { tags: adminTags, summary: 'The interaction table and the agents its rows may name', response: { 200: adminList.response, ...adminErrors } },
  }, async () => admin.list());

  r.post(adminCreate.path, {
    config,
    schema: { tags: adminTags, body: adminCreate.body, response: { 201: adminCreate.response, ...adminErrors, 409: errorResponseSchema } },
  }, async (request, reply) => reply.status(201).send(await admin.create(actorOf(request), request.body)));

  r.put(adminUpdate.path, {
    config,
    schema: {
      tags: adminTags,
      params: adminUpdate.params,
      body: adminUpdate.body,
      response: { 200: adminUpdate.response, ...adminErrors, 409: errorResponseSchema },
    },
  }, async (request) => admin.update(actorOf(request), request.params.id, request.body));

  r.delete(adminRemove.path, {
    config,
    schema: { tags: adminTags, params: adminRemove.params, response: { 200: adminRemove.response, ...adminErrors } },
  }, async (request) => {
    await admin.remove(actorOf(request), request.params.id);
    return { ok: true as const, message: INTERACTION_TEXTS.interactionDeleted };
  });
}
