import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactEndpoints } from '#contract/auth.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import type { ContactService } from './contact.service.ts';

export async function contactRoutes(app: FastifyInstance, { contact }: { contact: ContactService }): Promise<void> {
  const { send } = contactEndpoints;
  app.withTypeProvider<ZodTypeProvider>().post(send.path, {
    config: { access: 'public' },
    schema: { tags: ['contact'], body: send.body, response: { 200: send.response, 400: errorResponseSchema, 429: errorResponseSchema } },
  }, async (request) => {
    await contact.submit(request.body, { userId: request.auth?.user.id ?? null, ipAddress: request.ip });
    return { ok: true as const, message: 'Thank you! Your message has been sent. We will reply by e-mail.' };
  });
}
