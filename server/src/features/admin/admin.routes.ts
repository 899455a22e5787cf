import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_MESSAGES, adminEndpoints } from '#contract/admin.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { actorOf } from './admin-actor.ts';
import type { AdminSupplementsService } from '#server/features/supplements/admin-supplements.service.ts';
import type { AdminUsersService } from './admin-users.service.ts';

type Dependencies = { supplements: AdminSupplementsService; users: AdminUsersService };

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };
const conflict = { 409: errorResponseSchema };
const tags = ['admin'];

/** product.md, Admin: every route is admin-only, and answers 404 to anyone else. */
export async function adminRoutes(app: FastifyInstance, { supplements, users }: Dependencies): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'admin' as const };
  const {
    listSupplements, createSupplement, updateSupplement, deleteSupplement, listUsers, userGrowth, updateUser, deleteUser, dashboard,
  } = adminEndpoints;

  // ─── Reference supplements ─────────────────────────────────────────────────────────────────

  r.get(listSupplements.path, {
    config,
    schema: {
      tags,
      summary: 'A page of the reference supplement database, searched and sorted',
      querystring: listSupplements.query,
      response: { 200: listSupplements.response, ...errors },
    },
  }, async (request) => supplements.list(request.query));

  r.post(createSupplement.path, {
    config,
    schema: { tags, body: createSupplement.body, response: { 201: createSupplement.response, ...errors, ...conflict } },
  }, async (request, reply) => reply.status(201).send(await supplements.create(actorOf(request), request.body)));

  r.put(updateSupplement.path, {
    config,
    schema: { tags, params: updateSupplement.params, body: updateSupplement.body, response: { 200: updateSupplement.response, ...errors, ...conflict } },
  }, async (request) => supplements.update(actorOf(request), request.params.id, request.body));

  r.delete(deleteSupplement.path, {
    config,
    schema: {
      tags,
      summary: "Delete a reference supplement; users' supplements that pointed to it keep their name and history",
      params: deleteSupplement.params,
      response: { 200: deleteSupplement.response, ...errors },
    },
  }, async (request) => {
    await supplements.remove(actorOf(request), request.params.id);
    return { ok: true as const, message: ADMIN_MESSAGES.supplementDeleted };
  });

  // ─── Users ─────────────────────────────────────────────────────────────────────────────────

  r.get(listUsers.path, {
    config,
    schema: { tags, summary: 'A page of users, newest first, searched in name, username and e-mail', querystring: listUsers.query, response: { 200: listUsers.response, ...errors } },
  }, async (request) => users.list(request.query));

  r.get(userGrowth.path, {
    config,
    schema: { tags, summary: 'Total and active users; sign-ups per month (current last) and per year', response: { 200: userGrowth.response, ...errors } },
  }, async () => users.growth());

  r.put(updateUser.path, {
    config,
    schema: { tags, params: updateUser.params, body: updateUser.body, response: { 200: updateUser.response, ...errors, ...conflict } },
  }, async (request) => users.update(actorOf(request), request.params.id, request.body));

  r.delete(deleteUser.path, {
    config,
    schema: {
      tags,
      summary: 'Delete a user who is not an admin, with all their data and files; their subscription is cancelled and their sessions end at once',
      params: deleteUser.params,
      response: { 200: deleteUser.response, ...errors, ...conflict, 503: errorResponseSchema },
    },
  }, async (request) => {
    await users.remove(actorOf(request), request.params.id);
    return { ok: true as const, message: ADMIN_MESSAGES.userDeleted };
  });

  r.get(dashboard.path, {
    config,
    schema: { tags, summary: 'Users, active users, sign-ups per month, uploads, AI usage and revenue by tier', response: { 200: dashboard.response, ...errors } },
  }, async () => users.dashboard());
}
