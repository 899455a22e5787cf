import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, accountEndpoints } from '#contract/data-ownership.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import type { SessionCookie } from '#server/http/session-cookie.ts';
import type { AccountService } from './account.service.ts';

export async function accountRoutes(app: FastifyInstance, { account, cookie }: { account: AccountService; cookie: SessionCookie }): Promise<void> {
  const { deleteAccount } = accountEndpoints;
  app.withTypeProvider<ZodTypeProvider>().delete(deleteAccount.path, {
    config: { access: 'user' },
    schema: {
      tags: ['data'],
      summary:
        'Delete your account and all your data: rows, stored files, sessions, share links; the subscription is cancelled at the provider. Needs the password, or for an account without one a Google sign-in in the last 10 minutes',
      body: deleteAccount.body,
      response: {
        200: deleteAccount.response,
        400: errorResponseSchema,
        401: errorResponseSchema,
        403: errorResponseSchema,
        409: errorResponseSchema,
        429: errorResponseSchema,
        503: errorResponseSchema,
      },
    },
  }, async (request, reply) => {
    await account.deleteAccount(request.auth!, request.body?.password, { ipAddress: request.ip, userAgent: request.headers['user-agent'] });
    cookie.clear(reply);
    return { ok: true as const, message: ACCOUNT_MESSAGES.deleted };
  });
}
