import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SHARE_MESSAGES, sharesEndpoints } from '#contract/data-ownership.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import type { SharesService } from './shares.service.ts';

const { list, create, revoke, open } = sharesEndpoints;

const tags = ['data'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export async function sharesRoutes(app: FastifyInstance, { shares }: { shares: SharesService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(list.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Your share links, newest first, with their openings', response: { 200: list.response, ...errors } },
  }, async (request) => ({ links: await shares.list(request.auth!.user.id) }));

  r.post(create.path, {
    config: { access: 'user', recentAuth: true },
    schema: {
      tags,
      summary: 'Create a read-only link to chosen parts (labs, stack, logs, stats) that expires in 24 hours to 30 days; the link is shown once',
      body: create.body,
      response: { 201: create.response, ...errors, 403: errorResponseSchema, 409: errorResponseSchema },
    },
  }, async (request, reply) => reply.status(201).send(await shares.create(request.auth!.user, request.body, { ipAddress: request.ip })));

  r.delete(revoke.path, {
    config: { access: 'user' },
    schema: { tags, summary: 'Revoke a share link at once', params: revoke.params, response: { 200: revoke.response, ...errors, 404: errorResponseSchema } },
  }, async (request) => {
    await shares.revoke(request.auth!.user.id, request.params.id);
    return { ok: true as const, message: SHARE_MESSAGES.revoked };
  });

  // No sign-in: the token is the permission. Read-only; there is no other method on this path.
  r.get(open.path, {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'The parts of a user\'s data a share link names, until it expires or is revoked (404 after)',
      params: open.params,
      response: { 200: open.response, 404: errorResponseSchema },
    },
  }, async (request) => shares.open(request.params.token));
}
