import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_MESSAGES,
  adminDashboardSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  adminUserUpdateBodySchema,
  referenceSupplementBodySchema,
  referenceSupplementListQuerySchema,
  referenceSupplementListSchema,
  referenceSupplementSchema,
  userGrowthSchema,
} from '#contract/admin.ts';
import { idParamsSchema, okMessageSchema } from '#contract/auth.ts';
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

  // ─── Reference supplements ─────────────────────────────────────────────────────────────────

  r.get('/api/admin/supplements', {
    config,
    schema: {
      tags,
      summary: 'A page of the reference supplement database, searched and sorted',
      querystring: referenceSupplementListQuerySchema,
      response: { 200: referenceSupplementListSchema, ...errors },
    },
  }, async (request) => supplements.list(request.query));

  r.post('/api/admin/supplements', {
    config,
    schema: { tags, body: referenceSupplementBodySchema, response: { 201: referenceSupplementSchema, ...errors, ...conflict } },
  }, async (request, reply) => reply.status(201).send(await supplements.create(actorOf(request), request.body)));

  r.put('/api/admin/supplements/:id', {
    config,
    schema: { tags, params: idParamsSchema, body: referenceSupplementBodySchema, response: { 200: referenceSupplementSchema, ...errors, ...conflict } },
  }, async (request) => supplements.update(actorOf(request), request.params.id, request.body));

  r.delete('/api/admin/supplements/:id', {
    config,
    schema: {
      tags,
      summary: "Delete a reference supplement; users' supplements that pointed to it keep their name and history",
      params: idParamsSchema,
      response: { 200: okMessageSchema, ...errors },
    },
  }, async (request) => {
    await supplements.remove(actorOf(request), request.params.id);
    return { ok: true as const, message: ADMIN_MESSAGES.supplementDeleted };
  });

  // ─── Users ─────────────────────────────────────────────────────────────────────────────────

  r.get('/api/admin/users', {
    config,
    schema: { tags, summary: 'A page of users, newest first, searched in name, username and e-mail', querystring: adminUserListQuerySchema, response: { 200: adminUserListSchema, ...errors } },
  }, async (request) => users.list(request.query));

  r.get('/api/admin/users/growth', {
    config,
    schema: { tags, summary: 'Total and active users; sign-ups per month (current last) and per year', response: { 200: userGrowthSchema, ...errors } },
  }, async () => users.growth());

  r.put('/api/admin/users/:id', {
    config,
    schema: { tags, params: idParamsSchema, body: adminUserUpdateBodySchema, response: { 200: adminUserSchema, ...errors, ...conflict } },
  }, async (request) => users.update(actorOf(request), request.params.id, request.body));

  r.delete('/api/admin/users/:id', {
    config,
    schema: {
      tags,
      summary: 'Delete a user who is not an admin, with all their data and files; their subscription is cancelled and their sessions end at once',
      params: idParamsSchema,
      response: { 200: okMessageSchema, ...errors, ...conflict, 503: errorResponseSchema },
    },
  }, async (request) => {
    await users.remove(actorOf(request), request.params.id);
    return { ok: true as const, message: ADMIN_MESSAGES.userDeleted };
  });

  r.get('/api/admin/dashboard', {
    config,
    schema: { tags, summary: 'Users, active users, sign-ups per month, uploads, AI usage and revenue by tier', response: { 200: adminDashboardSchema, ...errors } },
  }, async () => users.dashboard());
}
