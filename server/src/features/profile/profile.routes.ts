import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '#contract/errors.ts';
import { profileEndpoints } from '#contract/profile.ts';
import type { ProfileService } from './profile.service.ts';

const { save, completion } = profileEndpoints;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

export async function profileRoutes(app: FastifyInstance, { profile }: { profile: ProfileService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(save.path, {
    config: { access: 'user' },
    schema: {
      tags: ['profile'],
      summary: 'Saves e-mail, phone number, name, username, time zone and unit system; a new e-mail needs a recent sign-in',
      body: save.body,
      response: { 200: save.response, 403: errorResponseSchema, 409: errorResponseSchema, ...errors },
    },
  }, async (request) =>
    profile.update(request.auth!, request.body, { ipAddress: request.ip, userAgent: request.headers['user-agent'] }),
  );

  r.get(completion.path, {
    config: { access: 'user' },
    schema: { tags: ['profile'], summary: 'The five profile-completion steps and the percent done', response: { 200: completion.response, ...errors } },
  }, async (request) => profile.completion(request.auth!.user));
}
